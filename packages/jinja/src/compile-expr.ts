// Expressions → closures `(scope) => value`, built once per template. Filters and tests are resolved at
// compile time (unknown names are syntax errors except where Jinja2 defers them to run time).
import type { CallArgs, Expr } from "./ast.js";
import { Fault } from "./errors.js";
import { CONTEXT_FILTERS, foldable, isSafeConstant, notConstant } from "./fold.js";
import type { Frame } from "./frames.js";
import { callMethod, callValue, getAttr, getItem } from "./runtime/access.js";
import {
  chargeEq,
  chargeItems,
  chargeResult,
  chargeScan,
  chargeTaken,
  filterItemSteps,
  lazyMark,
  workOf,
} from "./runtime/charge.js";
import { FILTER_TABLE, type FilterFn } from "./runtime/filters.js";
import { Budget, checkItems, DEFAULT_LIMITS, installBudget } from "./runtime/limits.js";
import {
  add,
  concat,
  contains,
  div,
  floordiv,
  iterate,
  markupJoin,
  mod,
  mul,
  negate,
  plus,
  pow,
  slice,
  sub,
} from "./runtime/ops.js";
import { EMPTY_LAYOUT, Runtime, Scope } from "./runtime/state.js";
import { addMetaTests, TEST_TABLE, type TestFn } from "./runtime/tests.js";
import {
  dictEntries,
  dictSet,
  isDict,
  type Kwargs,
  pyCompare,
  pyEq,
  truthy,
  tuple,
  typeName,
  Unassigned,
  Undefined,
} from "./runtime/values.js";

export type Ev = (s: Scope) => unknown;

addMetaTests(new Set(FILTER_TABLE.keys()));

/** Gives a Fault raised below this node the node's position, unless a deeper node already did. */
export function mark(err: unknown, offset: number): unknown {
  if (err instanceof Fault && err.offset < 0) err.offset = offset;
  return err;
}

const BINARY: Record<string, (a: unknown, b: unknown) => unknown> = {
  "+": add,
  "-": sub,
  "*": mul,
  "/": div,
  "//": floordiv,
  "%": mod,
  "**": pow,
};

interface ArgsEv {
  positional: (s: Scope) => unknown[];
  keywords: (s: Scope) => Kwargs;
}

export class ExprCompiler {
  /** True while compiling inside an `if` statement or a conditional expression (unknown filters deferred). */
  lenient = false;
  /** Jinja2's compile-time eval context: the autoescape setting constants are folded with… */
  autoescape = false;
  /** …and whether an `{% autoescape <variable> %}` made it unknown ("volatile": no expression folding). */
  volatile = false;
  /** True while evaluating a constant expression at compile time (see `expr`). */
  private folding = false;
  private foldBudget: Budget | null = null;
  /** The compile-time frame names resolve against (the statement compiler moves it in and out). */
  frame: Frame;

  constructor(
    private readonly lineOf: (offset: number) => number,
    root: Frame,
  ) {
    this.frame = root;
  }

  /** A reader for variable `name` as seen from the current frame. */
  name(name: string): Ev {
    const chain = this.frame.resolve(name);
    if (chain.length === 0) return (s) => s.rt.resolve(name);
    if (chain.length === 1 && !chain[0][2]) {
      const [hops, i] = chain[0];
      if (hops === 0) {
        return (s) => {
          const v = s.slots[i];
          return v !== undefined ? v : s.rt.resolve(name);
        };
      }
      if (hops === 1) {
        return (s) => {
          const v = (s.parent as Scope).slots[i];
          return v !== undefined ? v : s.rt.resolve(name);
        };
      }
    }
    return (s) => {
      let sc = s;
      let h = 0;
      for (let k = 0; k < chain.length; k++) {
        const [hops, i, viaBlock] = chain[k];
        while (h < hops) {
          sc = sc.parent as Scope;
          h++;
        }
        const v = sc.slots[i];
        // a block reads enclosing template variables through the context: not yet assigned means the context's
        if (v !== undefined && !(viaBlock && v instanceof Unassigned)) return v;
      }
      return s.rt.resolve(name);
    };
  }

  /**
   * Jinja2's optimizer evaluates constant sub-expressions at compile time (through the sandbox) and keeps the
   * result when it is a plain constant. We do the same, which also reproduces its quirks (a constant slice of an
   * unsliceable value folds to Undefined instead of raising).
   */
  expr(node: Expr): Ev {
    if (!this.folding && !this.volatile && node.type !== "Const" && foldable(node)) {
      const folded = this.fold(node);
      if (folded.ok && isSafeConstant(folded.value)) {
        const v = folded.value;
        return () => v;
      }
    }
    return this.compileNode(node);
  }

  /** Evaluates a constant expression now; `ok` is false when that raises (it then fails at render time). */
  fold(node: Expr): { ok: true; value: unknown } | { ok: false } {
    this.folding = true;
    // all folds of one compilation share one budget: a template full of expensive constants cannot multiply it
    this.foldBudget ??= new Budget(DEFAULT_LIMITS);
    const prev = installBudget(this.foldBudget);
    try {
      const ev = this.compileNode(node);
      const rt = new Runtime(DEFAULT_LIMITS, this.foldBudget, {}, new Map(), () => 0);
      rt.autoescape = this.autoescape;
      return { ok: true, value: ev(new Scope(null, rt, EMPTY_LAYOUT)) };
    } catch {
      return { ok: false };
    } finally {
      installBudget(prev);
      this.folding = false;
    }
  }

  private compileNode(node: Expr): Ev {
    switch (node.type) {
      case "Const": {
        const v = node.value;
        return () => v;
      }
      case "Name":
        if (this.folding) return notConstant;
        return this.name(node.name);
      case "List": {
        const items = node.items.map((x) => this.expr(x));
        return (s) => {
          const out = new Array(items.length);
          for (let i = 0; i < items.length; i++) out[i] = items[i](s);
          return out;
        };
      }
      case "Tuple": {
        const items = node.items.map((x) => this.expr(x));
        return (s) => {
          const out = new Array(items.length);
          for (let i = 0; i < items.length; i++) out[i] = items[i](s);
          return tuple(out);
        };
      }
      case "Dict": {
        const pairs = node.pairs.map(([k, v]) => [this.expr(k), this.expr(v)] as const);
        return (s) => {
          const m = new Map<unknown, unknown>();
          for (const [k, v] of pairs) dictSet(m, k(s), v(s));
          return m;
        };
      }
      case "GetAttr": {
        const obj = this.expr(node.obj);
        const name = node.name;
        const o = node.o;
        return (s) => {
          const v = obj(s);
          try {
            return getAttr(v, name);
          } catch (e) {
            throw mark(e, o);
          }
        };
      }
      case "GetItem": {
        const obj = this.expr(node.obj);
        const key = this.expr(node.key);
        const o = node.o;
        return (s) => {
          const v = obj(s);
          const k = key(s);
          try {
            return getItem(v, k);
          } catch (e) {
            throw mark(e, o);
          }
        };
      }
      case "Slice": {
        const obj = this.expr(node.obj);
        const none: Ev = () => null;
        const a = node.start ? this.expr(node.start) : none;
        const b = node.stop ? this.expr(node.stop) : none;
        const c = node.step ? this.expr(node.step) : none;
        const o = node.o;
        const constant = this.folding;
        return (s) => {
          try {
            return slice(obj(s), a(s), b(s), c(s), constant);
          } catch (e) {
            throw mark(e, o);
          }
        };
      }
      case "Call":
        return this.call(node);
      case "Filter": {
        if (!node.value) throw new Fault("syntax", "filter without a value", node.o);
        return this.filter(node, this.expr(node.value));
      }
      case "Test":
        return this.test(node);
      case "Unary": {
        const operand = this.expr(node.operand);
        const o = node.o;
        if (node.op === "not") return (s) => !truthy(operand(s));
        const f = node.op === "-" ? negate : plus;
        return (s) => {
          try {
            return f(operand(s));
          } catch (e) {
            throw mark(e, o);
          }
        };
      }
      case "Binary": {
        const l = this.expr(node.left);
        const r = this.expr(node.right);
        const f = BINARY[node.op];
        const o = node.o;
        return (s) => {
          const a = l(s);
          const b = r(s);
          try {
            return f(a, b);
          } catch (e) {
            throw mark(e, o);
          }
        };
      }
      case "Concat": {
        const items = node.items.map((x) => this.expr(x));
        const o = node.o;
        // markup_join only where autoescape is known on at compile time (a volatile block uses str_join)
        const join = this.autoescape && !this.volatile && !this.folding ? markupJoin : concat;
        return (s) => {
          const vals = items.map((f) => f(s));
          try {
            return join(vals);
          } catch (e) {
            throw mark(e, o);
          }
        };
      }
      case "And": {
        const l = this.expr(node.left);
        const r = this.expr(node.right);
        return (s) => {
          const a = l(s);
          return truthy(a) ? r(s) : a;
        };
      }
      case "Or": {
        const l = this.expr(node.left);
        const r = this.expr(node.right);
        return (s) => {
          const a = l(s);
          return truthy(a) ? a : r(s);
        };
      }
      case "Compare":
        return this.compare(node);
      case "CondExpr": {
        const saved = this.lenient;
        this.lenient = true;
        const test = this.expr(node.test);
        const then = this.expr(node.ifTrue);
        const line = this.lineOf(node.o);
        const other: Ev = node.ifFalse
          ? this.expr(node.ifFalse)
          : () =>
              new Undefined(
                null,
                undefined,
                `the inline if-expression on line ${line} evaluated to false and no else section was defined.`,
              );
        this.lenient = saved;
        return (s) => (truthy(test(s)) ? then(s) : other(s));
      }
    }
  }

  private compare(node: Expr & { type: "Compare" }): Ev {
    const first = this.expr(node.first);
    const ops = node.ops.map(([op, e]) => [op, this.expr(e)] as const);
    const o = node.o;
    const check = (op: string, a: unknown, b: unknown): boolean => {
      // comparing or searching big strings and lists is linear work: charged like a builtin's
      if (typeof b !== "number") chargeScan(workOf(a) + workOf(b));
      switch (op) {
        case "eq":
          return pyEq(a, b);
        case "ne":
          return !pyEq(a, b);
        case "in":
          return contains(b, a);
        case "notin":
          return !contains(b, a);
        case "lt":
          return pyCompare(a, b, op) < 0;
        case "lteq":
          return pyCompare(a, b, op) <= 0;
        case "gt":
          return pyCompare(a, b, op) > 0;
        default:
          return pyCompare(a, b, op) >= 0;
      }
    };
    if (ops.length === 1) {
      const [op, rhs] = ops[0];
      if (op === "eq" || op === "ne") {
        const eq = op === "eq";
        return (s) => {
          const a = first(s);
          const b = rhs(s);
          chargeEq(a, b);
          return pyEq(a, b) === eq;
        };
      }
      return (s) => {
        const a = first(s);
        const b = rhs(s);
        try {
          return check(op, a, b);
        } catch (e) {
          throw mark(e, o);
        }
      };
    }
    return (s) => {
      let a = first(s);
      for (const [op, rhs] of ops) {
        const b = rhs(s);
        try {
          if (!check(op, a, b)) return false;
        } catch (e) {
          throw mark(e, o);
        }
        a = b;
      }
      return true;
    };
  }

  /** Positional + keyword arguments (with `*args` / `**kwargs` expansion), as two closures (no per-call object). */
  args(node: CallArgs): ArgsEv {
    const pos = node.args.map((a) => this.expr(a));
    const kws = node.kwargs.map(([k, v]) => [k, this.expr(v)] as const);
    const star = node.starArgs ? this.expr(node.starArgs) : null;
    const starKw = node.starKwargs ? this.expr(node.starKwargs) : null;
    let positional: (s: Scope) => unknown[];
    if (star) {
      positional = (s) => {
        const args = pos.map((f) => f(s));
        // `f(*big)` copies every item into the argument list: sized as it goes, like any list built
        for (const x of iterate(star(s))) if ((args.push(x) & 4095) === 0) checkItems(4096);
        return args;
      };
    } else if (pos.length === 0) positional = () => [];
    else if (pos.length === 1) {
      const p0 = pos[0];
      positional = (s) => [p0(s)];
    } else {
      positional = (s) => {
        const args = new Array(pos.length);
        for (let i = 0; i < pos.length; i++) args[i] = pos[i](s);
        return args;
      };
    }
    let keywords: (s: Scope) => Kwargs;
    if (kws.length === 0 && !starKw) keywords = () => null;
    else {
      keywords = (s) => {
        const kw = new Map<string, unknown>();
        for (const [k, f] of kws) kw.set(k, f(s));
        if (starKw) {
          const d = starKw(s);
          if (!isDict(d)) throw new Fault("type", `argument after ** must be a mapping, not ${typeName(d)}`);
          for (const [k, v] of dictEntries(d)) kw.set(String(k), v);
        }
        return kw;
      };
    }
    return { positional, keywords };
  }

  private call(node: Expr & { type: "Call" }): Ev {
    if (this.folding) return notConstant;
    const { positional, keywords } = this.args(node);
    const o = node.o;
    if (node.callee.type === "GetAttr") {
      const obj = this.expr(node.callee.obj);
      const name = node.callee.name;
      return (s) => {
        const target = obj(s);
        const args = positional(s);
        const kw = keywords(s);
        s.rt.tick();
        try {
          chargeScan(workOf(target));
          const r = callMethod(target, name, args, kw);
          chargeResult(r);
          return r;
        } catch (e) {
          throw mark(e, o);
        }
      };
    }
    const callee = this.expr(node.callee);
    return (s) => {
      const fn = callee(s);
      const args = positional(s);
      const kw = keywords(s);
      s.rt.tick();
      try {
        const r = callValue(fn, args, kw);
        chargeResult(r);
        return r;
      } catch (e) {
        throw mark(e, o);
      }
    };
  }

  /** A filter applied to `input` (also used by filter blocks and `set … | filter` blocks). */
  filter(node: Expr & { type: "Filter" }, input: Ev): Ev {
    if (this.folding && (this.volatile || CONTEXT_FILTERS.has(node.name))) return notConstant;
    const fn = FILTER_TABLE.get(node.name);
    const o = node.o;
    if (!fn) {
      if (!this.lenient) throw new Fault("syntax", `No filter named '${node.name}'.`, o);
      const msg = `No filter named '${node.name}' found.`;
      return () => {
        throw new Fault("syntax", msg, o);
      };
    }
    const { positional, keywords } = this.args(node);
    const f: FilterFn = fn;
    const perItem = filterItemSteps(node.name);
    return (s) => {
      const v = input(s);
      const args = positional(s);
      const kw = keywords(s);
      try {
        // a builtin's work is proportional to its input and its result: both are charged, so that a loop over a
        // cheap-looking filter of a huge value spends the budget (and sees the deadline) like the work it does
        const rt = s.rt;
        rt.tick();
        chargeScan(workOf(v));
        if (perItem) chargeItems(v, perItem);
        const mark = lazyMark(v);
        const r = f(v, args, kw, rt);
        chargeTaken(v, mark, perItem);
        chargeResult(r);
        return r;
      } catch (e) {
        throw mark(e, o);
      }
    };
  }

  private test(node: Expr & { type: "Test" }): Ev {
    if (this.folding && this.volatile) return notConstant;
    const fn = TEST_TABLE.get(node.name);
    const o = node.o;
    const value = this.expr(node.value);
    if (!fn) {
      if (!this.lenient) throw new Fault("syntax", `No test named '${node.name}'.`, o);
      const msg = `No test named '${node.name}' found.`;
      return () => {
        throw new Fault("syntax", msg, o);
      };
    }
    const { positional, keywords } = this.args(node);
    const t: TestFn = fn;
    const neg = node.negated;
    return (s) => {
      const v = value(s);
      const args = positional(s);
      const kw = keywords(s);
      try {
        s.rt.tick();
        chargeScan(workOf(v) + (args.length ? workOf(args[0]) : 0));
        return t(v, args, kw) !== neg;
      } catch (e) {
        throw mark(e, o);
      }
    };
  }
}
