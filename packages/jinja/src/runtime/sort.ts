// Python's list.sort for the sizes templates use: CPython's run detection + binary insertion sort (the whole
// algorithm below 64 items), so the order of comparisons, stability and the TypeError of a mixed-type sort are
// the same as in Python. Larger lists use the (stable) JS sort with the same `<`.

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

/** sorted(items, key=…, reverse=…) with `lt` as Python's `<` on the keys. */
export function pySort<T>(items: T[], lt: (x: T, y: T) => boolean, reverse = false): T[] {
  const a = items.slice();
  if (reverse) a.reverse();
  if (a.length < 64) pySortSmall(a, lt);
  else a.sort((x, y) => (lt(x, y) ? -1 : lt(y, x) ? 1 : 0));
  if (reverse) a.reverse();
  return a;
}
