// Python's list.sort for the sizes templates use: CPython's run detection + binary insertion sort (the whole
// algorithm below 64 items), so the order of comparisons, stability and the TypeError of a mixed-type sort are
// the same as in Python. Larger lists use the (stable) JS sort with the same `<`.
import { active } from "./limits.js";

function pySortSmall<T>(a: T[], lt: (x: T, y: T) => boolean): void {
  const n = a.length;
  if (n < 2) return;
  let run = 2;
  if (lt(a[1], a[0])) {
    while (run < n && lt(a[run], a[run - 1])) run++;
    a.splice(0, run, ...a.slice(0, run).reverse());
  } else {
    while (run < n && !lt(a[run], a[run - 1])) run++;
  }
  for (let i = run; i < n; i++) {
    const pivot = a[i];
    let l = 0;
    let r = i;
    while (l < r) {
      const p = l + ((r - l) >> 1);
      if (lt(pivot, a[p])) r = p;
      else l = p + 1;
    }
    for (let k = i; k > l; k--) a[k] = a[k - 1];
    a[l] = pivot;
  }
}

/**
 * Steps per comparison a sort of n items may make (n·log2 n): a Python comparison of two keys costs 30-70 ns
 * (numbers, short strings, through `pyCompare`), so a shuffled 100,000-item list took ~100 ms, which the 2 steps an
 * item that `sort` and `dictsort` charged paid for at ~500 ns a step. Charged before sorting, whatever the order:
 * a sorted list is cheaper (about n comparisons), but nothing can stop a native sort once it runs. Longer keys
 * charge their scans as they compare (`compareCodePoints`, nested lists per node).
 */
const COMPARISON_STEPS = 0.75;

/** Charges the comparisons of sorting `n` items, at `perComparison` steps each. */
export function chargeSort(n: number, perComparison = COMPARISON_STEPS): void {
  if (n > 1) active.charge(n * Math.log2(n) * perComparison);
}

/**
 * sorted(items, key=…, reverse=…) with `lt` as Python's `<` on the keys; `cmp`, when given, is the same order as a
 * three-way comparison (one call per comparison of the native sort, where `lt` alone takes two when not less).
 */
export function pySort<T>(items: T[], lt: (x: T, y: T) => boolean, reverse = false, cmp?: (x: T, y: T) => number): T[] {
  chargeSort(items.length);
  const a = items.slice();
  if (reverse) a.reverse();
  if (a.length < 64) pySortSmall(a, lt);
  else a.sort(cmp ?? ((x, y) => (lt(x, y) ? -1 : lt(y, x) ? 1 : 0)));
  if (reverse) a.reverse();
  return a;
}
