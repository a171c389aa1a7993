// Charging builtins for their work: the callers of filters, tests and methods spend steps in proportion to the input
// and count the result as built, so no builtin is "free" however big the value it is given.
import { bitsOf, MAX_INT_BITS } from "./bigint-cost.js";
import { active, CHARS_PER_STEP, checkSize, ITEM_WEIGHT } from "./limits.js";
import { dictSizeBound, isDict, Markup, PyIterator } from "./values.js";

/**
 * The size of a builtin's input, in characters: a string's length, a list's items at their weight, a big int's
 * bytes (copying, negating or comparing it is linear: a 1,000,000-bit int is 125,000 bytes).
 */
export function workOf(v: unknown): number {
  if (typeof v === "string") return v.length;
  if (v instanceof Markup) return v.s.length;
  if (Array.isArray(v)) return v.length * ITEM_WEIGHT;
  if (typeof v === "bigint") return bigWork(v);
  return 0;
}

/** A big int's bytes; an int beyond the cap (from the host, or parsed from hex) counts as the cap. */
const bigWork = (v: bigint): number => Math.min(bitsOf(v), MAX_INT_BITS) / 8;

/** Charges the work of scanning `length` characters (no allocation). */
export function chargeScan(length: number): void {
  if (length >= CHARS_PER_STEP) active.charge(length / CHARS_PER_STEP);
}

/** Charges a value a builtin just produced: its characters or items count as built. */
export function chargeResult(v: unknown): void {
  if (typeof v === "string") {
    if (v.length >= CHARS_PER_STEP) active.alloc(v.length);
  } else if (v instanceof Markup) {
    if (v.s.length >= CHARS_PER_STEP) active.alloc(v.s.length);
  } else if (Array.isArray(v) && v.length >= CHARS_PER_STEP / ITEM_WEIGHT) active.alloc(v.length, ITEM_WEIGHT);
}

/** `parts.join(sep)` with the result's size checked before it is built. */
export function joinChecked(parts: string[], sep: string): string {
  let total = sep.length * Math.max(0, parts.length - 1);
  for (const p of parts) total += p.length;
  checkSize(total);
  return parts.join(sep);
}

/**
 * Charges `a == b` before it runs: two strings of the same length are compared character by character (V8 decides
 * different lengths at once), so two distinct 30 M strings cost a scan of 30 M.
 */
export function chargeEq(a: unknown, b: unknown): void {
  const x = a instanceof Markup ? a.s : a;
  const y = b instanceof Markup ? b.s : b;
  if (typeof x === "string" && typeof y === "string" && x.length === y.length) chargeScan(x.length);
  else if (typeof x === "bigint" && typeof y === "bigint") chargeScan(bigWork(x));
}

/**
 * Extra steps per input item of the filters that run engine code on every item (a Python comparison, a hash key, a
 * repr, an attribute lookup), on top of the generic 1/8 step per item that every builtin pays for its input. A step
 * is budgeted at about 125 ns (2 M steps make the ~250 ms of work a render may do); these filters spend 75-1,500 ns
 * per item (CPU time of a 100,000-item list on the 2-core CI machine under load, `npm run bench:costs`), so without
 * these weights `L|groupby(...)` in a loop spent 3 s before the step budget stopped it (`join` makes a new string of
 * each number, ~200 ns; `reverse` copies and reverses the list it will yield; `tojson` charges its
 * items and entries as it encodes them, nested ones too). Lazy filters are charged
 * when they are called, for the whole input: an upper bound of what consuming them costs.
 */
const FILTER_ITEM_STEPS: ReadonlyMap<string, number> = new Map([
  ["sort", 2],
  ["dictsort", 6],
  ["unique", 4.5],
  ["groupby", 12],
  ["join", 1.5],
  ["reverse", 0.25],
  ["sum", 0.75],
  ["max", 1.5],
  ["min", 1.5],
  ["map", 1],
  ["select", 1],
  ["reject", 1],
  ["selectattr", 1.5],
  ["rejectattr", 1.5],
  ["pprint", 3.5],
  ["string", 1.25],
]);

/** The per-item price of filter `name` (0: the generic charge alone). */
export function filterItemSteps(name: string): number {
  return FILTER_ITEM_STEPS.get(name) ?? 0;
}

/** Where a lazy input (the result of map, select, reverse …) stands before a builtin runs on it; -1 for any other. */
export function lazyMark(v: unknown): number {
  return v instanceof PyIterator ? v.taken : -1;
}

/**
 * Charges a builtin for the items it took from a lazy input, once it ran: their number is known only then. They pay
 * what the items of a list pay up front (the generic scan and the filter's own price): without it `L|map('string')
 * |join(',')` paid for the map but joined its 100,000 strings for free.
 */
export function chargeTaken(v: unknown, mark: number, perItem: number): void {
  if (mark < 0) return;
  const n = (v as PyIterator).taken - mark;
  if (n > 0) active.charge(n * (perItem + ITEM_WEIGHT / CHARS_PER_STEP));
}

/** Charges `perItem` steps for each item of a builtin's input whose size is known up front (list, tuple, dict). */
export function chargeItems(v: unknown, perItem: number): void {
  const n = Array.isArray(v) ? v.length : isDict(v) ? dictSizeBound(v) : 0;
  if (n > 0) active.charge(n * perItem);
}
