// Per-render state (output buffer, counters, context) and the variable scopes compiled closures run against.
import { Fault } from "../errors.js";
import { chargeItems, chargeResult, chargeScan, chargeTaken, filterItemSteps, lazyMark, workOf } from "./charge.js";
import { FILTER_TABLE, type FilterEnv } from "./filters.js";
import { type Budget, depthLimit, type Limits, outputLimit } from "./limits.js";
import { TEST_TABLE } from "./tests.js";
import { dictGet, type Kwargs, Unassigned, Undefined } from "./values.js";

/** Writes between two flattenings of the output (see `Runtime.seal`). */
const SEAL_EVERY = 4096;

export type HostContext = Map<unknown, unknown> | Record<string, unknown>;

export class Runtime implements FilterEnv {
  /** The template's top-level scope (blocks render against it). */
  root: Scope | null = null;
  /** The output since the last seal (see `write`); captures (macros, block set) swap it temporarily. */
  private buf = "";
  /** The output before it, as a few flat chunks. */
  private sealed = "";
  /** Writes since the last seal. */
  private pieces = 0;
  depth = 0;
  autoescape = false;

  constructor(
    readonly limits: Limits,
    /** Steps, allocation and deadline of this render (shared with the builtins through `active`). */
    readonly budget: Budget,
    readonly context: HostContext,
    readonly globals: Map<string, unknown>,
    readonly random: () => number = Math.random,
  ) {}

  /** A filter named by a string at run time (`map('upper')`). */
  callFilter(name: string, value: unknown, args: unknown[], kw: Kwargs): unknown {
    const f = FILTER_TABLE.get(name);
    if (!f) throw new Fault("syntax", `No filter named '${name}'.`);
    this.tick();
    chargeScan(workOf(value));
    const perItem = filterItemSteps(name);
    if (perItem) chargeItems(value, perItem);
    const mark = lazyMark(value);
    const r = f(value, args, kw, this);
    chargeTaken(value, mark, perItem);
    chargeResult(r);
    return r;
  }

  callTest(name: string, value: unknown, args: unknown[], kw: Kwargs): boolean {
    const t = TEST_TABLE.get(name);
    if (!t) throw new Fault("syntax", `No test named '${name}'.`);
    this.tick();
    return t(value, args, kw);
  }

  tick(): void {
    const b = this.budget;
    if (++b.steps > b.checkAt) b.checkpoint();
  }

  write(s: string): void {
    const budget = this.budget;
    if (++budget.steps > budget.checkAt) budget.checkpoint();
    const b = this.buf + s;
    if (this.sealed.length + b.length > this.limits.maxOutputLength) throw outputLimit(this.limits.maxOutputLength);
    this.buf = b;
    if (++this.pieces === SEAL_EVERY) this.seal();
  }

  /**
   * Appending to a string makes a rope, one node per write: the fastest way to build a prompt, but a render of a
   * million small writes kept two million small objects alive to its end, copied by the collector at every pass
   * (a third of such a render's time). Every few thousand writes the recent rope is flattened into one string,
   * which its nodes do not outlive.
   */
  private seal(): void {
    this.buf.charCodeAt(0); // reading a character flattens a rope in place
    this.sealed += this.buf;
    this.buf = "";
    this.pieces = 0;
  }

  /** What the render wrote so far. */
  output(): string {
    return this.sealed + this.buf;
  }

  enterCall(): void {
    if (++this.depth > this.limits.maxCallDepth) throw depthLimit(this.limits.maxCallDepth);
  }

  /** Context first (it may shadow globals), then globals, else Undefined. */
  resolve(name: string): unknown {
    const v = dictGet(this.context, name);
    if (v !== undefined) return v;
    const g = this.globals.get(name);
    return g === undefined ? new Undefined(name) : g;
  }

  /** Runs `fn` with a fresh output buffer and returns what it wrote. */
  capture(fn: () => void): string {
    const { buf, sealed, pieces } = this;
    this.buf = "";
    this.sealed = "";
    this.pieces = 0;
    try {
      fn();
      const text = this.output();
      // a captured body becomes a value of its own (macro result, block set): it counts as built
      chargeResult(text);
      return text;
    } finally {
      this.buf = buf;
      this.sealed = sealed;
      this.pieces = pieces;
    }
  }
}

/** The runtime shape of a compile-time Frame: slot count and the slots that start as "assigned later". */
export interface Layout {
  size: number;
  unassigned: [slot: number, name: string][];
}
export const EMPTY_LAYOUT: Layout = { size: 0, unassigned: [] };

/** A runtime scope: the slots of one compile-time Frame (unset slots are `undefined`: read from outside). */
export class Scope {
  readonly slots: unknown[];

  constructor(
    readonly parent: Scope | null,
    readonly rt: Runtime,
    layout: Layout,
  ) {
    this.slots = layout.size === 0 ? EMPTY : new Array(layout.size).fill(undefined);
    if (layout.unassigned.length) initUnassigned(this.slots, layout);
  }
}

/** Jinja2 starts a variable that a frame assigns before reading as undefined, not as the outer value. */
export function initUnassigned(slots: unknown[], layout: Layout): void {
  for (const [slot, name] of layout.unassigned) slots[slot] = new Unassigned(name);
}
const EMPTY: unknown[] = [];
