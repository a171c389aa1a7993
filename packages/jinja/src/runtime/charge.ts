// Charging builtins for their work: the callers of filters, tests and methods spend steps in proportion to the input
// and count the result as built, so no builtin is "free" however big the value it is given.
import { active, CHARS_PER_STEP, checkSize, ITEM_WEIGHT } from "./limits.js";
import { Markup } from "./values.js";

/** The size of a builtin's input, in characters: a string's length, a list's items at their weight. */
export function workOf(v: unknown): number {
  if (typeof v === "string") return v.length;
  if (v instanceof Markup) return v.s.length;
  if (Array.isArray(v)) return v.length * ITEM_WEIGHT;
  return 0;
}

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
}
