// Statements → closures `(scope) => signal` (0 = go on, 1 = break, 2 = continue), compiled once per template.
// Rendering runs these closures directly: there is no per-node dispatch at render time.
import type { Expr, Param, Program, Stmt, Target } from "./ast.js";
import { type Ev, ExprCompiler, mark } from "./compile-expr.js";
import { Fault, typeError } from "./errors.js";
import { callValue } from "./runtime/access.js";
import { LoopContext } from "./runtime/loop.js";
import { escapeValue, iterate } from "./runtime/ops.js";
import { Scope } from "./runtime/state.js";
import {
  fromHost,
  isDict,
  type Kwargs,
  MacroLike,
  Markup,
  Namespace,
  toStr,
  truthy,
  tuple,
  typeName,
  Undefined,
} from "./runtime/values.js";

export type Ex = (s: Scope) => number;

const NOOP: Ex = () => 0;

/** Does any Name node under `node` use one of `names`? (Jinja2's find_undeclared, blocks excluded.) */
function mentions(node: unknown, name: string): boolean {
  if (Array.isArray(node)) return node.some((x) => mentions(x, name));
  if (node === null || typeof node !== "object") return false;
  const n = node as { type?: string; name?: string };
  if (n.type === "Block") return false;
  if (n.type === "Name" && n.name === name) return true;
  for (const v of Object.values(node)) if (typeof v === "object" && v !== null && mentions(v, name)) return true;
  return false;
}

function unpack(value: unknown, n: number): unknown[] {
  let items: unknown[];
  try {
    items = iterate(value);
  } catch {
    throw typeError(`cannot unpack non-iterable ${typeName(value)} object`);
  }
  if (items.length < n) throw typeError(`not enough values to unpack (expected ${n}, got ${items.length})`);
  if (items.length > n) throw typeError(`too many values to unpack (expected ${n})`);
  return items;
}

function assign(target: Target, value: unknown, s: Scope): void {
  if (target.type === "Name") s.set(target.name, value);
  else if (target.type === "Tuple") {
    const items = unpack(value, target.items.length);
    for (let i = 0; i < items.length; i++) assign(target.items[i], fromHost(items[i]), s);
  } else {
    const ns = s.lookup(target.name);
    if (!(ns instanceof Namespace)) throw typeError("cannot assign attribute on non-namespace object");
    ns.attrs.set(target.attr, value);
  }
}

interface CompiledParam {
  name: string;
  default: Ev | null;
}

/** A macro (or the `caller` of a call block) bound to the scope it was defined in. */
class Macro extends MacroLike {
  constructor(
    readonly name: string,
    private readonly params: CompiledParam[],
    private readonly body: Ex,
    private readonly defScope: Scope,
    private readonly flags: { varargs: boolean; kwargs: boolean; caller: boolean; explicitCaller: boolean },
  ) {
    super();
  }

  override getAttr(name: string): unknown {
    if (name === "name") return this.name;
    if (name === "arguments") return tuple(this.params.map((p) => p.name));
    if (name === "catch_kwargs") return this.flags.kwargs;
    if (name === "catch_varargs") return this.flags.varargs;
    if (name === "caller") return this.flags.caller;
    return undefined;
  }

  call(args: unknown[], kwargs: Kwargs): unknown {
    const rt = this.defScope.rt;
    const s = new Scope(this.defScope, rt);
    const params = this.params;
    const n = params.length;
    const kw = kwargs !== null && kwargs.size ? new Map(kwargs) : null;
    const missing: number[] = [];
    let foundCaller = this.flags.explicitCaller;
    for (let i = 0; i < n; i++) {
      const p = params[i];
      if (i < args.length) s.set(p.name, args[i]);
      else if (kw?.has(p.name)) {
        s.set(p.name, kw.get(p.name));
        kw.delete(p.name);
        if (p.name === "caller") foundCaller = true;
      } else {
        if (p.name === "caller") foundCaller = true;
        missing.push(i);
      }
    }
    if (args.length < n && !params.some((p) => p.name === "caller")) foundCaller = false;
    if (this.flags.caller && !foundCaller) {
      const c = kw?.get("caller");
      kw?.delete("caller");
      s.set("caller", c === undefined || c === null ? new Undefined("caller", undefined, "No caller defined") : c);
    }
    if (this.flags.kwargs) s.set("kwargs", kw ?? new Map());
    else if (kw?.size) {
      if (kw.has("caller")) {
        throw typeError(
          `macro '${this.name}' was invoked with two values for the special caller argument. This is most likely a bug.`,
        );
      }
      throw typeError(`macro '${this.name}' takes no keyword argument '${[...kw.keys()][0]}'`);
    }
    if (this.flags.varargs) s.set("varargs", tuple(args.slice(n)));
    else if (args.length > n) throw typeError(`macro '${this.name}' takes not more than ${n} argument(s)`);
    rt.enterCall();
    try {
      for (const i of missing) {
        const p = params[i];
        s.set(
          p.name,
          p.default ? p.default(s) : new Undefined(p.name, undefined, `parameter '${p.name}' was not provided`),
        );
      }
      const out = rt.capture(() => void this.body(s));
      return rt.autoescape ? new Markup(out) : out;
    } finally {
      rt.depth--;
    }
  }
}

export class Compiler {
  private readonly ex: ExprCompiler;

  constructor(lineOf: (offset: number) => number) {
    this.ex = new ExprCompiler(lineOf);
  }

  compileProgram(program: Program): Ex {
    return this.body(program.body);
  }

  private strict<T>(fn: () => T): T {
    const saved = this.ex.lenient;
    this.ex.lenient = false;
    try {
      return fn();
    } finally {
      this.ex.lenient = saved;
    }
  }

  body(stmts: Stmt[]): Ex {
    // merge adjacent text so the common "text, output, text" shape costs fewer calls
    const parts: Ex[] = [];
    for (const st of stmts) parts.push(this.stmt(st));
    const n = parts.length;
    if (n === 0) return NOOP;
    if (n === 1) return parts[0];
    if (n === 2) {
      const [a, b] = parts;
      return (s) => a(s) || b(s);
    }
    return (s) => {
      for (let i = 0; i < n; i++) {
        const r = parts[i](s);
        if (r !== 0) return r;
      }
      return 0;
    };
  }

  private located(o: number, fn: Ex): Ex {
    return (s) => {
      try {
        return fn(s);
      } catch (e) {
        throw mark(e, o);
      }
    };
  }

  private stmt(node: Stmt): Ex {
    switch (node.type) {
      case "Text": {
        const text = node.text;
        return (s) => {
          s.rt.write(text);
          return 0;
        };
      }
      case "Output": {
        const e = this.ex.expr(node.expr);
        return this.located(node.o, (s) => {
          const v = e(s);
          const rt = s.rt;
          rt.write(rt.autoescape ? escapeValue(v) : typeof v === "string" ? v : toStr(v));
          return 0;
        });
      }
      case "If": {
        const saved = this.ex.lenient;
        this.ex.lenient = true;
        const test = this.ex.expr(node.test);
        const body = this.body(node.body);
        const other = this.body(node.else);
        this.ex.lenient = saved;
        return this.located(node.o, (s) => {
          s.rt.tick();
          return truthy(test(s)) ? body(s) : other(s);
        });
      }
      case "For":
        return this.strict(() => this.forLoop(node));
      case "Break":
        return () => 1;
      case "Continue":
        return () => 2;
      case "Set": {
        const value = this.ex.expr(node.value);
        const target = node.target;
        return this.located(node.o, (s) => {
          s.rt.tick();
          assign(target, value(s), s);
          return 0;
        });
      }
      case "SetBlock":
        return this.strict(() => {
          const body = this.body(node.body);
          const target = node.target;
          const filter = node.filter ? this.filterChain(node.filter) : null;
          return this.located(node.o, (s) => {
            const rt = s.rt;
            rt.tick();
            const inner = new Scope(s, rt);
            const text = rt.capture(() => void body(inner));
            let v: unknown = rt.autoescape ? new Markup(text) : text;
            if (filter) v = filter(v, s);
            assign(target, v, s);
            return 0;
          });
        });
      case "Macro":
        return this.strict(() => {
          const make = this.macroFactory(node.name, node.params, node.body);
          const name = node.name;
          return (s) => {
            s.set(name, make(s));
            return 0;
          };
        });
      case "CallBlock":
        return this.strict(() => this.callBlock(node));
      case "FilterBlock":
        return this.strict(() => {
          const body = this.body(node.body);
          const filter = this.filterChain(node.filter);
          return this.located(node.o, (s) => {
            const rt = s.rt;
            rt.tick();
            const text = rt.capture(() => void body(new Scope(s, rt)));
            const v = filter(rt.autoescape ? new Markup(text) : text, s);
            rt.write(rt.autoescape ? escapeValue(v) : toStr(v));
            return 0;
          });
        });
      case "With":
        return this.strict(() => {
          const values = node.values.map((v) => this.ex.expr(v));
          const targets = node.targets;
          const body = this.body(node.body);
          return this.located(node.o, (s) => {
            const inner = new Scope(s, s.rt);
            const vals = values.map((v) => v(s));
            for (let i = 0; i < targets.length; i++) assign(targets[i], vals[i], inner);
            return body(inner);
          });
        });
      case "Block": {
        const body = this.strict(() => this.body(node.body));
        const scoped = node.scoped;
        return (s) => {
          body(new Scope(scoped ? s : (s.rt.root ?? s), s.rt));
          return 0;
        };
      }
      case "Scope":
        return this.body(node.body);
      case "Autoescape": {
        const expr = this.ex.expr(node.expr);
        const body = this.body(node.body);
        return this.located(node.o, (s) => {
          const rt = s.rt;
          const saved = rt.autoescape;
          rt.autoescape = truthy(expr(s));
          try {
            return body(new Scope(s, rt));
          } finally {
            rt.autoescape = saved;
          }
        });
      }
      case "Unsupported": {
        const o = node.o;
        return () => {
          throw new Fault("unsupported", "no loader for this environment specified", o);
        };
      }
    }
  }

  /** A chain of filters applied to a value (filter blocks, block set). */
  private filterChain(node: Expr): (v: unknown, s: Scope) => unknown {
    const chain: (Expr & { type: "Filter" })[] = [];
    let cur: Expr | null = node;
    while (cur && cur.type === "Filter") {
      chain.unshift(cur);
      cur = cur.value;
    }
    let input: unknown;
    const source: Ev = () => input;
    let ev: Ev = source;
    for (const f of chain) ev = this.ex.filter(f, ev);
    const final = ev;
    return (v, s) => {
      input = v;
      return final(s);
    };
  }

  private macroFactory(name: string, params: Param[], bodyNodes: Stmt[]): (s: Scope) => Macro {
    const compiled: CompiledParam[] = params.map((p) => ({ name: p.name, default: p.default ? this.ex.expr(p.default) : null }));
    const body = this.body(bodyNodes);
    const flags = {
      varargs: mentions(bodyNodes, "varargs"),
      kwargs: mentions(bodyNodes, "kwargs"),
      caller: mentions(bodyNodes, "caller"),
      explicitCaller: params.some((p) => p.name === "caller"),
    };
    return (s) => new Macro(name, compiled, body, s, flags);
  }

  private callBlock(node: Stmt & { type: "CallBlock" }): Ex {
    const call = node.call as Expr & { type: "Call" };
    const makeCaller = this.macroFactory("caller", node.params, node.body);
    const callee = this.ex.expr(call.callee);
    const argsOf = this.ex.args(call);
    return this.located(node.o, (s) => {
      const rt = s.rt;
      rt.tick();
      const fn = callee(s);
      const { args, kw } = argsOf(s);
      const kwargs = new Map(kw ?? []);
      kwargs.set("caller", makeCaller(s));
      const v = callValue(fn, args, kwargs);
      rt.write(rt.autoescape ? escapeValue(v) : toStr(v));
      return 0;
    });
  }

  private forLoop(node: Stmt & { type: "For" }): Ex {
    const iterFn = this.ex.expr(node.iter);
    const target = node.target;
    const simpleName = target.type === "Name" ? target.name : null;
    const filter = node.filter ? this.ex.expr(node.filter) : null;
    const body = this.body(node.body);
    const elseBody = this.body(node.else);
    const recursive = node.recursive;
    const o = node.o;

    const bind = (inner: Scope, item: unknown): void => {
      if (simpleName !== null) inner.set(simpleName, item);
      else assign(target, item, inner);
    };

    /** Returns whether some iteration reached the end of the body (Jinja2 runs `else` otherwise). */
    const run = (s: Scope, iterable: unknown, depth0: number): boolean => {
      const rt = s.rt;
      let items: unknown[];
      try {
        items = iterate(iterable);
      } catch (e) {
        throw mark(e, o);
      }
      if (filter !== null) {
        const probe = new Scope(s, rt);
        const kept: unknown[] = [];
        for (const raw of items) {
          const item = fromHost(raw);
          probe.vars?.clear();
          bind(probe, item);
          if (truthy(filter(probe))) kept.push(item);
        }
        items = kept;
      }
      const n = items.length;
      if (n === 0) return false;

      const loop = new LoopContext(
        items,
        depth0,
        recursive
          ? (it, d) => {
              rt.enterCall();
              try {
                return rt.capture(() => void run(s, it, d));
              } finally {
                rt.depth--;
              }
            }
          : null,
      );
      const inner = new Scope(s, rt);
      const vars = new Map<string, unknown>();
      inner.vars = vars;
      let completed = false;
      for (let i = 0; i < n; i++) {
        rt.tick();
        loop.index0 = i;
        vars.clear();
        const raw = items[i];
        const item = raw === undefined ? null : raw;
        if (simpleName !== null) vars.set(simpleName, item);
        else assign(target, item, inner);
        vars.set("loop", loop);
        const r = body(inner);
        if (r === 1) break;
        if (r === 0) completed = true;
      }
      return completed;
    };

    return (s) => {
      const iterable = iterFn(s);
      if (!run(s, iterable, 0)) return elseBody(s);
      return 0;
    };
  }
}

export { isDict };
