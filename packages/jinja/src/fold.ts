// Jinja2's constant folding: which expressions its optimizer may evaluate at compile time, and which results it inlines.
import type { CallArgs, Expr } from "./ast.js";
import type { Ev } from "./compile-expr.js";
import { Fault } from "./errors.js";
import { FILTER_TABLE } from "./runtime/filters.js";
import { TEST_TABLE } from "./runtime/tests.js";
import { Markup, PyFloat } from "./runtime/values.js";

// Built-in filters Jinja2 marks pass_context: its optimizer never evaluates them at compile time.
export const CONTEXT_FILTERS = new Set(["random", "map", "select", "reject", "selectattr", "rejectattr"]);

/** Can Jinja2's optimizer evaluate this at compile time? (no variables, no context filters, no dynamic args) */
export function foldable(e: Expr | null): boolean {
  if (e === null) return true;
  switch (e.type) {
    case "Const":
      return true;
    case "Name":
      return false;
    case "List":
    case "Tuple":
    case "Concat":
      return e.items.every(foldable);
    case "Dict":
      return e.pairs.every(([k, v]) => foldable(k) && foldable(v));
    case "GetAttr":
      return foldable(e.obj);
    case "GetItem":
      return foldable(e.obj) && foldable(e.key);
    case "Slice":
      return foldable(e.obj) && foldable(e.start) && foldable(e.stop) && foldable(e.step);
    case "Unary":
      return foldable(e.operand);
    case "Binary":
      return foldable(e.left) && foldable(e.right);
    case "And":
    case "Or":
      return foldable(e.left); // the right side may be skipped; evaluating a variable aborts the fold

    case "Compare":
      return foldable(e.first) && e.ops.every(([, x]) => foldable(x));
    case "CondExpr":
      return foldable(e.test); // only the chosen branch is evaluated
    case "Filter":
      return !CONTEXT_FILTERS.has(e.name) && FILTER_TABLE.has(e.name) && foldable(e.value) && constantArgs(e);
    case "Test":
      return TEST_TABLE.has(e.name) && foldable(e.value) && constantArgs(e);
    case "Call":
      return false; // Jinja2 3.x never folds calls
  }
}

const constantArgs = (c: CallArgs): boolean =>
  c.starArgs === null && c.starKwargs === null && c.args.every(foldable) && c.kwargs.every(([, v]) => foldable(v));

/** Evaluating a variable while folding: the expression is not constant after all. */
export const notConstant: Ev = () => {
  throw new Fault("syntax", "not a constant");
};

/** Jinja2's has_safe_repr: the values its optimizer may inline. */
export function isSafeConstant(v: unknown): boolean {
  if (v === null || typeof v === "boolean" || typeof v === "number" || typeof v === "bigint" || typeof v === "string") {
    return true;
  }
  if (v instanceof PyFloat || v instanceof Markup) return true;
  if (Array.isArray(v)) return v.every(isSafeConstant);
  if (v instanceof Map) {
    for (const [k, x] of v) if (!isSafeConstant(k) || !isSafeConstant(x)) return false;
    return true;
  }
  return false;
}
