// Python's list.sort for the sizes templates use: CPython's run detection + binary insertion sort (the whole
// algorithm below 64 items), so the order of comparisons, stability and the TypeError of a mixed-type sort are
// the same as in Python. Larger lists use the (stable) JS sort with the same `<`.
import { active } from "./limits.js";
import { hasSurrogates, pyCompare } from "./values.js";

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
 * Steps per comparison a sort of n items may make (n·log2 n): a comparison of two keys costs 30-70 ns on a quiet
 * machine and twice that under CI load (numbers, short strings), so a shuffled 100,000-item list took ~100 ms, which
 * the 2 steps an item that `sort` and `dictsort` charged paid for at ~500 ns a step. Charged before sorting, whatever the order:
 * a sorted list is cheaper (about n comparisons), but nothing can stop a native sort once it runs. Longer keys
 * charge their scans as they compare (`compareCodePoints`, nested lists per node).
 */
const COMPARISON_STEPS = 1.5;

/** Charges the comparisons of sorting `n` items, at `perComparison` steps each. */
export function chargeSort(n: number, perComparison = COMPARISON_STEPS): void {
  if (n > 1) active.charge(n * Math.log2(n) * perComparison);
}

/**
 * sorted(items, key=…, reverse=…) with `lt` as Python's `<` on the keys; `cmp`, when given, is the same order as a
 * three-way comparison (one call per comparison of the native sort, where `lt` alone takes two when not less).
 */
export function pySort<T>(
  items: T[],
  lt: (x: T, y: T) => boolean,
  reverse = false,
  cmp?: (x: T, y: T) => number,
  /** True when the caller charged `chargeSort` already, before building what it sorts. */
  charged = false,
): T[] {
  if (!charged) chargeSort(items.length);
  const a = items.slice();
  if (reverse) a.reverse();
  if (a.length < 64) pySortSmall(a, lt);
  else a.sort(cmp ?? ((x, y) => (lt(x, y) ? -1 : lt(y, x) ? 1 : 0)));
  if (reverse) a.reverse();
  return a;
}

/** A [key, value] pair sorted by its key. */
export type Keyed = readonly [unknown, unknown];
const keyLess = (a: Keyed, b: Keyed): boolean => pyCompare(a[0], b[0], "lt") < 0;
/** The same order as `keyLess` in one comparison (Python's ordering is antisymmetric; NaN compares as equal). */
function keyOrder(a: Keyed, b: Keyed): number {
  const c = pyCompare(a[0], b[0], "lt");
  return c < 0 ? -1 : c > 0 ? 1 : 0;
}
/** Native `<` on keys that are all plain numbers, or all strings without surrogates (where UTF-16 order is Python's). */
function nativeOrder(a: Keyed, b: Keyed): number {
  const x = a[0] as number | string;
  const y = b[0] as number | string;
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The three-way comparison for a big sort: native when every key is a plain number or every key a string without
 * surrogates (Python's order exactly, and no mixed-type error possible), `pyCompare` otherwise. A shuffled 100,000
 * item list of numbers or short strings sorts in a third of the time.
 */
function orderOf(keyed: Keyed[]): (a: Keyed, b: Keyed) => number {
  if (keyed.length < 64) return keyOrder; // the small-list path uses `keyLess` (Python's own comparisons)
  const first = typeof keyed[0][0];
  if (first !== "number" && first !== "string") return keyOrder;
  for (const [k] of keyed) {
    if (typeof k !== first) return keyOrder;
    if (first === "string" && hasSurrogates(k as string)) return keyOrder;
  }
  return nativeOrder;
}

/**
 * Extra steps per comparison (n·log2 n of them) when the keys need `pyCompare` (mixed types, tuples, surrogates):
 * 100-600 ns each, where the native order costs 30-50.
 */
const GENERIC_COMPARISON_STEPS = 4;

/** sorted(pairs, key=first) with Python's `<` on the keys (`dictsort`, `sort` with its key, `tojson`'s sort_keys). */
export function pySortByKey<T extends Keyed>(pairs: T[], reverse = false, charged = false): T[] {
  const order = orderOf(pairs);
  if (order !== nativeOrder) chargeSort(pairs.length, GENERIC_COMPARISON_STEPS);
  return pySort(pairs, keyLess, reverse, order, charged);
}
