// Compile-time scopes. Jinja2's scoping is lexical, so every variable a frame assigns gets a fixed slot, and
// every name reference compiles to a short list of (frames up, slot) pairs, ending at the context/globals.
// At render time a scope is just an array of slots: no maps, no string hashing per lookup.
import type { Expr, Stmt, Target } from "./ast.js";

/**
 * How Jinja2 initialises a frame's variable when the frame starts (its idtracking): from the context
 * ("resolve", first used by a read), as undefined ("undefined", first used by an assignment), from the same
 * variable of an enclosing frame ("alias"), or as a parameter.
 */
export type InitKind = "resolve" | "undefined" | "alias" | "param";

export class Frame {
  readonly names = new Map<string, number>();
  /** Every name this frame has a Jinja2 reference for (assigned or read), with its initialisation. */
  readonly kinds = new Map<string, InitKind>();

  constructor(
    readonly parent: Frame | null,
    /** A non-scoped block: it reads enclosing template variables through the context. */
    readonly isBlock = false,
  ) {}

  /** Does an enclosing frame hold a reference for `name`? (Jinja2's parent.find_ref) */
  parentHas(name: string): boolean {
    if (this.isBlock) return false;
    for (let f = this.parent; f !== null; f = f.parent) {
      if (f.kinds.has(name)) return true;
      if (f.isBlock) return false;
    }
    return false;
  }

  /** Slots that start as "assigned later" (Jinja2's VAR_LOAD_UNDEFINED). */
  unassignedSlots(): [number, string][] {
    const out: [number, string][] = [];
    for (const [name, kind] of this.kinds) {
      const slot = this.names.get(name);
      if (kind === "undefined" && slot !== undefined) out.push([slot, name]);
    }
    return out;
  }

  declare(name: string): number {
    let i = this.names.get(name);
    if (i === undefined) {
      i = this.names.size;
      this.names.set(name, i);
    }
    return i;
  }

  slot(name: string): number {
    const i = this.names.get(name);
    if (i === undefined) throw new Error(`internal: '${name}' is not declared in this frame`);
    return i;
  }

  get size(): number {
    return this.names.size;
  }

  /**
   * The frames (counted outward) that may hold `name`, innermost first; `viaBlock` marks slots read from outside
   * a block, where a not-yet-assigned template variable falls back to the context.
   */
  resolve(name: string): [hops: number, slot: number, viaBlock: boolean][] {
    const out: [number, number, boolean][] = [];
    let hops = 0;
    let viaBlock = false;
    for (let f: Frame | null = this; f !== null; f = f.parent, hops++) {
      const i = f.names.get(name);
      if (i !== undefined) out.push([hops, i, viaBlock]);
      if (f.isBlock) viaBlock = true;
    }
    return out;
  }
}

export function targetNames(t: Target, out: Set<string>): void {
  if (t.type === "Name") out.add(t.name);
  else if (t.type === "Tuple") for (const x of t.items) targetNames(x, out);
}

/** Names assigned directly in this frame's body (`if` and `generation` bodies share the frame). */
export function declaredNames(stmts: Stmt[], out: Set<string> = new Set()): Set<string> {
  for (const st of stmts) {
    switch (st.type) {
      case "Set":
      case "SetBlock":
        targetNames(st.target, out);
        break;
      case "Macro":
        out.add(st.name);
        break;
      case "If":
        declaredNames(st.body, out);
        declaredNames(st.else, out);
        break;
      case "Scope":
        declaredNames(st.body, out);
        break;
    }
  }
  return out;
}

// ---------------------------------------------------------------- Jinja2's symbol analysis, per frame

type Kinds = Map<string, InitKind>;

/** Walks one frame's statements in order, like Jinja2's FrameSymbolVisitor (child scopes are not entered). */
class SymbolWalker {
  constructor(
    public kinds: Kinds,
    public stores: Set<string>,
    private readonly parentHas: (name: string) => boolean,
  ) {}

  copy(): SymbolWalker {
    return new SymbolWalker(new Map(this.kinds), new Set(this.stores), this.parentHas);
  }

  load(name: string): void {
    if (!this.kinds.has(name) && !this.parentHas(name)) this.kinds.set(name, "resolve");
  }

  store(name: string): void {
    this.stores.add(name);
    if (!this.kinds.has(name)) this.kinds.set(name, this.parentHas(name) ? "alias" : "undefined");
  }

  param(name: string): void {
    this.stores.add(name);
    this.kinds.set(name, "param");
  }

  expr(e: unknown): void {
    if (Array.isArray(e)) {
      for (const x of e) this.expr(x);
      return;
    }
    if (e === null || typeof e !== "object") return;
    const n = e as { type?: string; name?: string };
    if (n.type === "Name" && typeof n.name === "string") {
      this.load(n.name);
      return;
    }
    for (const v of Object.values(e)) if (typeof v === "object" && v !== null) this.expr(v);
  }

  target(t: Target): void {
    if (t.type === "Name") this.store(t.name);
    else if (t.type === "Tuple") for (const x of t.items) this.target(x);
    else this.load(t.name);
  }

  stmts(list: Stmt[]): void {
    for (const st of list) this.stmt(st);
  }

  private stmt(st: Stmt): void {
    switch (st.type) {
      case "Output":
        this.expr(st.expr);
        break;
      case "If":
        this.ifStmt(st);
        break;
      case "For":
        this.expr(st.iter);
        break;
      case "Set":
        this.expr(st.value);
        this.target(st.target);
        break;
      case "SetBlock":
        this.target(st.target);
        break;
      case "Macro":
        this.store(st.name);
        break;
      case "CallBlock":
        this.expr(st.call);
        break;
      case "FilterBlock":
        this.expr(st.filter);
        break;
      case "With":
        this.expr(st.values);
        break;
      case "Scope":
        this.stmts(st.body);
        break;
    }
  }

  /** Branches are analysed separately; a name assigned in only some of them is initialised from outside. */
  private ifStmt(st: Stmt & { type: "If" }): void {
    this.expr(st.test);
    const elifs: (Stmt & { type: "If" })[] = [];
    let last: Stmt & { type: "If" } = st;
    while (!st.elif && last.else.length === 1 && last.else[0].type === "If" && last.else[0].elif) {
      last = last.else[0];
      elifs.push(last);
    }
    const branch = (visit: (w: SymbolWalker) => void): SymbolWalker => {
      const w = this.copy();
      visit(w);
      return w;
    };
    const body = branch((w) => w.stmts(st.body));
    const elifBranch = branch((w) => {
      elifs.forEach((e, i) => {
        w.elifStmt(e, i === elifs.length - 1);
      });
    });
    // as in Jinja2's parser, a final `else` belongs to the last `elif`
    const other = branch((w) => w.stmts(elifs.length ? [] : st.else));
    this.branchUpdate([body, elifBranch, other]);
  }

  /** One `elif` of the chain, analysed as Jinja2 sees it: an If with no elifs and, if last, the else. */
  private elifStmt(st: Stmt & { type: "If" }, isLast: boolean): void {
    this.expr(st.test);
    const body = this.copy();
    body.stmts(st.body);
    const other = this.copy();
    if (isLast) other.stmts(st.else);
    this.branchUpdate([body, this.copy(), other]);
  }

  private branchUpdate(branches: SymbolWalker[]): void {
    const counts = new Map<string, number>();
    for (const b of branches) {
      for (const name of b.stores) {
        if (this.stores.has(name)) continue;
        counts.set(name, (counts.get(name) ?? 0) + 1);
      }
    }
    for (const b of branches) {
      for (const [k, v] of b.kinds) this.kinds.set(k, v);
      for (const name of b.stores) this.stores.add(name);
    }
    for (const [name, count] of counts) {
      if (count === branches.length) continue;
      this.kinds.set(name, this.parentHas(name) ? "alias" : "resolve");
    }
  }
}

/** Computes the frame's Jinja2 references: parameters first, then the reads of `preLoads`, then `body`. */
export function analyzeFrame(frame: Frame, params: Iterable<string>, preLoads: unknown, body: Stmt[]): void {
  const w = new SymbolWalker(new Map(), new Set(), (name) => frame.parentHas(name));
  for (const p of params) w.param(p);
  w.expr(preLoads);
  w.stmts(body);
  for (const [k, v] of w.kinds) frame.kinds.set(k, v);
}

export type { Expr };
