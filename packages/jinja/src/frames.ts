// Compile-time scopes. Jinja2's scoping is lexical, so every variable a frame assigns gets a fixed slot, and
// every name reference compiles to a short list of (frames up, slot) pairs, ending at the context/globals.
// At render time a scope is just an array of slots: no maps, no string hashing per lookup.
import type { Stmt, Target } from "./ast.js";

export class Frame {
  readonly names = new Map<string, number>();

  constructor(readonly parent: Frame | null) {}

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

  /** The frames (counted outward) that may hold `name`, innermost first. */
  resolve(name: string): [hops: number, slot: number][] {
    const out: [number, number][] = [];
    let hops = 0;
    for (let f: Frame | null = this; f !== null; f = f.parent, hops++) {
      const i = f.names.get(name);
      if (i !== undefined) out.push([hops, i]);
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
