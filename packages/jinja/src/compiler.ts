// Statements → closures `(scope) => signal` (0 = go on, 1 = break, 2 = continue), compiled once per template.
// Rendering runs these closures directly: there is no per-node dispatch at render time.
import type { Expr, Param, Program, Stmt, Target } from "./ast.js";
import { type Ev, ExprCompiler, mark } from "./compile-expr.js";
import { Fault, typeError } from "./errors.js";
import { foldable } from "./fold.js";
import { analyzeFrame, declaredNames, Frame, targetNames } from "./frames.js";
import { type CompiledParam, Macro, type MacroShape, mentions } from "./macro.js";
import { callValue } from "./runtime/access.js";
import { LoopContext } from "./runtime/loop.js";
import { escapeValue, iterate } from "./runtime/ops.js";
import { initUnassigned, type Layout, Scope } from "./runtime/state.js";
import { fromHost, Markup, Namespace, toStr, truthy, typeName } from "./runtime/values.js";

export type Ex = (s: Scope) => number;

const NOOP: Ex = () => 0;

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

/** An assignment target compiled against its frame: writes slots, or a namespace attribute. */
type Assign = (s: Scope, value: unknown) => void;

export interface CompiledProgram {
  body: Ex;
  /** Layout of the top-level scope. */
  layout: Layout;
}

const layoutOf = (frame: Frame): Layout => ({ size: frame.size, unassigned: frame.unassignedSlots() });

export class Compiler {
  private readonly ex: ExprCompiler;
  private readonly root = new Frame(null);

  constructor(lineOf: (offset: number) => number) {
    this.ex = new ExprCompiler(lineOf, this.root);
  }

  compileProgram(program: Program): CompiledProgram {
    for (const name of declaredNames(program.body)) this.root.declare(name);
    analyzeFrame(this.root, [], null, program.body);
    const body = this.body(program.body);
    return { body, layout: layoutOf(this.root) };
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

  /**
   * Compiles `fn` inside a new frame (child of `parent`) that declares `params` plus what the body assigns, with
   * Jinja2's initialisation of each variable (`preLoads` are expressions evaluated in the frame before the body).
   */
  private inFrame<T>(
    parent: Frame,
    params: Iterable<string>,
    bodyStmts: Stmt[],
    fn: (frame: Frame) => T,
    opts: { preLoads?: unknown; isBlock?: boolean } = {},
  ): T {
    const frame = new Frame(parent, opts.isBlock ?? false);
    const paramList = [...params];
    for (const n of paramList) frame.declare(n);
    for (const n of declaredNames(bodyStmts)) frame.declare(n);
    analyzeFrame(frame, paramList, opts.preLoads ?? null, bodyStmts);
    const saved = this.ex.frame;
    this.ex.frame = frame;
    try {
      return fn(frame);
    } finally {
      this.ex.frame = saved;
    }
  }

  /** A body in its own scope: returns the body and the runtime layout of its frame. */
  private scoped(stmts: Stmt[], parent: Frame = this.ex.frame, isBlock = false): { body: Ex; size: Layout } {
    return this.inFrame(parent, [], stmts, (frame) => ({ body: this.body(stmts), size: layoutOf(frame) }), {
      isBlock,
    });
  }

  body(stmts: Stmt[]): Ex {
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

  /** Compiles an assignment target against the current frame. */
  private assignTo(target: Target): Assign {
    if (target.type === "Name") {
      const i = this.ex.frame.slot(target.name);
      return (s, v) => {
        s.slots[i] = v;
      };
    }
    if (target.type === "Tuple") {
      const parts = target.items.map((t) => this.assignTo(t));
      const n = parts.length;
      return (s, v) => {
        const items = unpack(v, n);
        for (let i = 0; i < n; i++) parts[i](s, fromHost(items[i]));
      };
    }
    const read = this.ex.name(target.name);
    const attr = target.attr;
    return (s, v) => {
      const ns = read(s);
      if (!(ns instanceof Namespace)) throw typeError("cannot assign attribute on non-namespace object");
      ns.attrs.set(attr, v);
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
        if (foldable(node.expr)) {
          // Jinja2 renders constant output at compile time (str() of the value, even an Undefined)
          const folded = this.ex.fold(node.expr);
          if (folded.ok) {
            const text = this.ex.autoescape ? escapeValue(folded.value) : toStr(folded.value);
            return (s) => {
              s.rt.write(text);
              return 0;
            };
          }
        }
        const e = this.ex.expr(node.expr);
        const o = node.o;
        return (s) => {
          const rt = s.rt;
          try {
            const v = e(s);
            rt.write(rt.autoescape ? escapeValue(v) : typeof v === "string" ? v : toStr(v));
          } catch (err) {
            throw mark(err, o);
          }
          return 0;
        };
      }
      case "If": {
        const saved = this.ex.lenient;
        this.ex.lenient = true;
        const test = this.ex.expr(node.test);
        const body = this.body(node.body);
        const other = this.body(node.else);
        this.ex.lenient = saved;
        const o = node.o;
        return (s) => {
          let t: boolean;
          try {
            s.rt.tick();
            t = truthy(test(s));
          } catch (err) {
            throw mark(err, o);
          }
          return t ? body(s) : other(s);
        };
      }
      case "For":
        return this.strict(() => this.forLoop(node));
      case "Break":
        return () => 1;
      case "Continue":
        return () => 2;
      case "Set": {
        const value = this.ex.expr(node.value);
        const target = this.assignTo(node.target);
        return this.located(node.o, (s) => {
          s.rt.tick();
          target(s, value(s));
          return 0;
        });
      }
      case "SetBlock":
        return this.strict(() => {
          const { body, size } = this.scoped(node.body);
          const target = this.assignTo(node.target);
          const filter = node.filter ? this.filterChain(node.filter) : null;
          return this.located(node.o, (s) => {
            const rt = s.rt;
            rt.tick();
            const inner = new Scope(s, rt, size);
            let signal = 0;
            const text = rt.capture(() => {
              signal = body(inner);
            });
            // the body is rendered inline in Jinja2: a break/continue in it leaves the enclosing loop
            if (signal !== 0) return signal;
            let v: unknown = rt.autoescape ? new Markup(text) : text;
            if (filter) v = filter(v, s);
            target(s, v);
            return 0;
          });
        });
      case "Macro":
        return this.strict(() => {
          const shape = this.macroShape(node.params, node.body);
          const name = node.name;
          const slot = this.ex.frame.slot(name);
          return (s) => {
            s.slots[slot] = new Macro(name, shape, s);
            return 0;
          };
        });
      case "CallBlock":
        return this.strict(() => this.callBlock(node));
      case "FilterBlock":
        return this.strict(() => {
          const { body, size } = this.scoped(node.body);
          const filter = this.filterChain(node.filter);
          return this.located(node.o, (s) => {
            const rt = s.rt;
            rt.tick();
            let signal = 0;
            const text = rt.capture(() => {
              signal = body(new Scope(s, rt, size));
            });
            if (signal !== 0) return signal;
            const v = filter(rt.autoescape ? new Markup(text) : text, s);
            rt.write(rt.autoescape ? escapeValue(v) : toStr(v));
            return 0;
          });
        });
      case "With":
        return this.strict(() => {
          const values = node.values.map((v) => this.ex.expr(v));
          const names = new Set<string>();
          for (const t of node.targets) targetNames(t, names);
          return this.inFrame(this.ex.frame, names, node.body, (frame) => {
            const targets = node.targets.map((t) => this.assignTo(t));
            const body = this.body(node.body);
            const size = layoutOf(frame);
            return this.located(node.o, (s) => {
              const inner = new Scope(s, s.rt, size);
              const vals = values.map((v) => v(s));
              for (let i = 0; i < targets.length; i++) targets[i](inner, vals[i]);
              return body(inner);
            });
          });
        });
      case "Block": {
        const scopedBlock = node.scoped;
        const { body, size } = this.strict(() =>
          this.scoped(node.body, scopedBlock ? this.ex.frame : this.root, !scopedBlock),
        );
        return (s) => {
          const rt = s.rt;
          body(new Scope(scopedBlock ? s : (rt.root ?? s), rt, size));
          return 0;
        };
      }
      case "Scope":
        return this.body(node.body);
      case "Autoescape": {
        const expr = this.ex.expr(node.expr);
        const outer = { autoescape: this.ex.autoescape, volatile: this.ex.volatile };
        const folded = !this.ex.volatile && foldable(node.expr) ? this.ex.fold(node.expr) : { ok: false as const };
        if (folded.ok) this.ex.autoescape = truthy(folded.value);
        else this.ex.volatile = true;
        const { body, size } = this.scoped(node.body);
        this.ex.autoescape = outer.autoescape;
        this.ex.volatile = outer.volatile;
        return this.located(node.o, (s) => {
          const rt = s.rt;
          const saved = rt.autoescape;
          rt.autoescape = truthy(expr(s));
          try {
            return body(new Scope(s, rt, size));
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

  /** Compiles a macro (or caller) body in its own frame; the Macro object is made when the statement runs. */
  private macroShape(params: Param[], bodyNodes: Stmt[]): MacroShape {
    const special = ["varargs", "kwargs", "caller"].filter((n) => mentions(bodyNodes, n));
    const names = [...params.map((p) => p.name), ...special];
    const defaults = params.map((p) => p.default);
    return this.inFrame(
      this.ex.frame,
      names,
      bodyNodes,
      (frame) => {
        const compiled: CompiledParam[] = params.map((p) => ({
          slot: frame.slot(p.name),
          name: p.name,
          default: p.default ? this.ex.expr(p.default) : null,
        }));
        const body = this.body(bodyNodes);
        return {
          params: compiled,
          body,
          size: layoutOf(frame),
          varargs: special.includes("varargs") ? frame.slot("varargs") : -1,
          kwargs: special.includes("kwargs") ? frame.slot("kwargs") : -1,
          caller: special.includes("caller") ? frame.slot("caller") : -1,
          explicitCaller: params.some((p) => p.name === "caller"),
        };
      },
      { preLoads: defaults },
    );
  }

  private callBlock(node: Stmt & { type: "CallBlock" }): Ex {
    const call = node.call as Expr & { type: "Call" };
    const shape = this.macroShape(node.params, node.body);
    const callee = this.ex.expr(call.callee);
    const { positional, keywords } = this.ex.args(call);
    return this.located(node.o, (s) => {
      const rt = s.rt;
      rt.tick();
      const fn = callee(s);
      const args = positional(s);
      const kw = keywords(s);
      const kwargs = new Map(kw ?? []);
      kwargs.set("caller", new Macro("caller", shape, s));
      const v = callValue(fn, args, kwargs);
      rt.write(rt.autoescape ? escapeValue(v) : toStr(v));
      return 0;
    });
  }

  private forLoop(node: Stmt & { type: "For" }): Ex {
    const iterFn = this.ex.expr(node.iter);
    const elseBody = this.scoped(node.else);
    const names = new Set<string>();
    targetNames(node.target, names);
    names.add("loop");
    return this.inFrame(this.ex.frame, names, node.body, (frame) => {
      const target = node.target;
      const simpleSlot = target.type === "Name" ? frame.slot(target.name) : -1;
      const assign = this.assignTo(target);
      const loopSlot = frame.slot("loop");
      const filter = node.filter ? this.ex.expr(node.filter) : null;
      const body = this.body(node.body);
      const layout = layoutOf(frame);
      const size = layout.size;
      const recursive = node.recursive;
      const o = node.o;

      /** Returns whether some iteration reached the end of the body (Jinja2 runs `else` otherwise). */
      const run = (s: Scope, iterable: unknown, depth0: number): boolean => {
        const rt = s.rt;
        let items: unknown[];
        try {
          items = iterate(iterable);
        } catch (e) {
          throw mark(e, o);
        }
        const inner = new Scope(s, rt, layout);
        const slots = inner.slots;
        const reinit = layout.unassigned.length > 0;
        if (filter !== null) {
          const kept: unknown[] = [];
          for (const raw of items) {
            const item = fromHost(raw);
            slots.fill(undefined);
            if (reinit) initUnassigned(slots, layout);
            assign(inner, item);
            if (truthy(filter(inner))) kept.push(item);
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
                  return rt.capture(() => void runWithElse(s, it, d));
                } finally {
                  rt.depth--;
                }
              }
            : null,
        );
        let completed = false;
        for (let i = 0; i < n; i++) {
          rt.tick();
          loop.index0 = i;
          if (size > 2 || simpleSlot < 0) slots.fill(undefined);
          if (reinit) initUnassigned(slots, layout);
          const raw = items[i];
          const item = raw === undefined ? null : raw;
          if (simpleSlot >= 0) slots[simpleSlot] = item;
          else assign(inner, item);
          slots[loopSlot] = loop;
          const r = body(inner);
          if (r === 1) break;
          if (r === 0) completed = true;
        }
        return completed;
      };

      // `else` belongs to every run of the loop, including the recursive `loop(...)` calls
      const runWithElse = (s: Scope, iterable: unknown, depth0: number): void => {
        if (!run(s, iterable, depth0)) elseBody.body(new Scope(s, s.rt, elseBody.size));
      };

      return (s: Scope) => {
        runWithElse(s, iterFn(s), 0);
        return 0;
      };
    });
  }
}
