// Macros (and the `caller` of call blocks): argument binding with Jinja2's rules, in their own scope.
import type { Ev } from "./compile-expr.js";
import type { Ex } from "./compiler.js";
import { typeError } from "./errors.js";
import { type Layout, Scope } from "./runtime/state.js";
import { type Kwargs, MacroLike, Markup, tuple, Undefined } from "./runtime/values.js";

/** Does any Name node under `node` use one of `names`? (Jinja2's find_undeclared, blocks excluded.) */
export function mentions(node: unknown, name: string): boolean {
  if (Array.isArray(node)) return node.some((x) => mentions(x, name));
  if (node === null || typeof node !== "object") return false;
  const n = node as { type?: string; name?: string };
  if (n.type === "Block") return false;
  if (n.type === "Name" && n.name === name) return true;
  for (const v of Object.values(node)) if (typeof v === "object" && v !== null && mentions(v, name)) return true;
  return false;
}

export interface CompiledParam {
  slot: number;
  name: string;
  default: Ev | null;
}

export interface MacroShape {
  params: CompiledParam[];
  body: Ex;
  size: Layout;
  varargs: number;
  kwargs: number;
  caller: number;
  explicitCaller: boolean;
}

/** A macro (or the `caller` of a call block) bound to the scope it was defined in. */
export class Macro extends MacroLike {
  constructor(
    readonly name: string,
    private readonly shape: MacroShape,
    private readonly defScope: Scope,
  ) {
    super();
  }

  /** How Jinja2's messages show the macro: its quoted name, or None for a call block's caller. */
  private get shown(): string {
    return this.name === "caller" ? "None" : `'${this.name}'`;
  }

  override getAttr(name: string): unknown {
    const sh = this.shape;
    if (name === "name") return this.name;
    if (name === "arguments") return tuple(sh.params.map((p) => p.name));
    if (name === "catch_kwargs") return sh.kwargs >= 0;
    if (name === "catch_varargs") return sh.varargs >= 0;
    if (name === "caller") return sh.caller >= 0;
    return undefined;
  }

  call(args: unknown[], kwargs: Kwargs): unknown {
    const rt = this.defScope.rt;
    const sh = this.shape;
    const s = new Scope(this.defScope, rt, sh.size);
    const slots = s.slots;
    const params = sh.params;
    const n = params.length;
    const kw = kwargs?.size ? new Map(kwargs) : null;
    const missing: number[] = [];
    let foundCaller = args.length >= n ? sh.explicitCaller : false;
    for (let i = 0; i < n; i++) {
      const p = params[i];
      if (i < args.length) slots[p.slot] = args[i];
      else if (kw?.has(p.name)) {
        slots[p.slot] = kw.get(p.name);
        kw.delete(p.name);
        if (p.name === "caller") foundCaller = true;
      } else {
        if (p.name === "caller") foundCaller = true;
        missing.push(i);
      }
    }
    if (sh.caller >= 0 && !foundCaller) {
      const c = kw?.get("caller");
      kw?.delete("caller");
      slots[sh.caller] = c === undefined || c === null ? new Undefined("caller", undefined, "No caller defined") : c;
    }
    if (sh.kwargs >= 0) slots[sh.kwargs] = kw ?? new Map();
    else if (kw?.size) {
      if (kw.has("caller")) {
        throw typeError(
          `macro ${this.shown} was invoked with two values for the special caller argument. This is most likely a bug.`,
        );
      }
      throw typeError(`macro ${this.shown} takes no keyword argument '${[...kw.keys()][0]}'`);
    }
    if (sh.varargs >= 0) slots[sh.varargs] = tuple(args.slice(n));
    else if (args.length > n) throw typeError(`macro ${this.shown} takes not more than ${n} argument(s)`);
    rt.enterCall();
    try {
      for (const i of missing) {
        const p = params[i];
        slots[p.slot] = p.default
          ? p.default(s)
          : new Undefined(p.name, undefined, `parameter '${p.name}' was not provided`);
      }
      const out = rt.capture(() => void sh.body(s));
      return rt.autoescape ? new Markup(out) : out;
    } finally {
      rt.depth--;
    }
  }
}
