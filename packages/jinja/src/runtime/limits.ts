// Security limits: step budget, wall-clock deadline, size cap, allocation budget, call depth and the sandbox's range
// cap. A `Budget` holds the running counters of one render (or of one compilation's constant folding); the render
// installs it as `active` so that builtins deep in the runtime (filters, methods, `*`, `~`, format) can charge their
// work and check sizes *before* they build anything, without threading the runtime through every helper.
import { Fault } from "../errors.js";

export const MAX_RANGE = 100_000;

export interface Limits {
  maxSteps: number;
  maxOutputLength: number;
  maxCallDepth: number;
  /** Total characters and items the render may build (strings, lists, results of builtins). */
  maxAllocation: number;
  /** Wall-clock deadline of one render in milliseconds (0: none). */
  timeoutMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxSteps: 2_000_000,
  // 8 Mi characters (about 2 M tokens of prompt): one native operation on a value of that size (a case mapping,
  // a comparison, a regex scan) takes 5-20 ms, which a 250 ms budget can afford even though nothing can interrupt
  // it; at 32 Mi a single call took up to 80 ms and a few copies of one value (16-64 MB each) filled a 256 MB heap
  maxOutputLength: 8_388_608,
  maxCallDepth: 200,
  maxAllocation: 67_108_864,
  // A safety net, not the bound: the step budget is calibrated so that 2 M steps of any builtin are about 250 ms
  // of CPU on the CI machine, and it decides the same way whatever the load. A wall-clock deadline close to that
  // would let a GC pause or a descheduled process (a load of 20 on 2 cores) fail a legitimate render; at 1 s it
  // only catches what the calibration misses (a machine several times slower, a builtin charged too little).
  timeoutMs: 1000,
};

/**
 * How many steps pass between two looks at the clock: a step costs tens of nanoseconds, so the deadline is seen
 * within well under a millisecond while `performance.now()` stays off the hot path.
 */
const CLOCK_EVERY = 2048;
/** Characters a builtin may build or scan for the price of one step. */
export const CHARS_PER_STEP = 64;
/**
 * A list item weighs this many characters in the size accounting: it is at least a pointer (8 bytes) where a
 * character is one or two bytes, and a list of single characters is what iterating a string builds.
 */
export const ITEM_WEIGHT = 8;

/**
 * Steps per list item built. A step is budgeted at about 125 ns (2 M of them make ~250 ms of work); a big array
 * is allocated, filled and collected at about 30 ns an item, so an item costs half a step, of which the allocation
 * charge (the item weight at `CHARS_PER_STEP`) already pays 1/8: `[x] * 8000000` is refused before it is built.
 */
const ITEM_STEPS = 0.5;
/**
 * Steps per new string made as a list item (split pieces, lines): a heap object of its own. A list of a million short
 * ones costs 200-400 ns a string on the 2-core AMD EPYC CI machine (`'ab\n' * 10**6` split: most of it is the young
 * generation's collector copying every piece that the list keeps alive), so a piece is charged three steps (375 ns).
 */
const STRING_STEPS = 3;

/** Accounts for a list of `n` items about to be built (size cap in items, allocation at the item weight, steps). */
export function checkItems(n: number): void {
  active.alloc(n, ITEM_WEIGHT);
  active.charge(n * (ITEM_STEPS - ITEM_WEIGHT / CHARS_PER_STEP));
}

/**
 * Steps per dict entry read or copied by `items()`, `values()`, `copy()`, `dict(d)` and `namespace(d)`: a host
 * object with 100,000 keys costs 250-1,100 ns an entry on the AMD EPYC CI machine (a property lookup in a
 * dictionary-mode object, a new tuple or Map entry: `items()` ~650 ns, `copy()` ~1,100), against half a step for a
 * list item.
 */
const ENTRY_STEPS = 6;

/** Accounts for `n` dict entries about to be read into a new list, tuple or dict. */
export function checkEntries(n: number): void {
  checkItems(n);
  active.charge(n * (ENTRY_STEPS - ITEM_STEPS));
}

/** Accounts for `n` new strings about to be built as the items of a list (allocation, size cap and their steps). */
export function checkStrings(n: number): void {
  checkItems(n);
  active.charge(n * (STRING_STEPS - ITEM_STEPS));
}

const now: () => number =
  typeof performance !== "undefined" && typeof performance.now === "function"
    ? () => performance.now()
    : () => Date.now();

export function outputLimit(max: number): Fault {
  return new Fault("limit", `Output limit exceeded: more than ${max} characters`);
}

export function stepLimit(max: number): Fault {
  return new Fault("limit", `Step budget exhausted: the template executed more than ${max} steps`);
}

export function depthLimit(max: number): Fault {
  return new Fault("limit", `Maximum call depth of ${max} exceeded`);
}

export function timeLimit(ms: number): Fault {
  return new Fault("limit", `Time limit exceeded: the render took more than ${ms} ms`);
}

export function allocationLimit(max: number): Fault {
  return new Fault("limit", `Allocation limit exceeded: the template built more than ${max} characters and items`);
}

export class Budget {
  steps = 0;
  allocated = 0;
  /** The step count at which `checkpoint` runs next (the step cap, or the next look at the clock). */
  checkAt: number;
  private readonly deadline: number;

  constructor(readonly limits: Limits) {
    this.deadline = limits.timeoutMs > 0 ? now() + limits.timeoutMs : Number.POSITIVE_INFINITY;
    this.checkAt = Math.min(limits.maxSteps, CLOCK_EVERY);
  }

  /** Called when `steps` passed `checkAt`: enforce the step cap and the deadline, then schedule the next check. */
  checkpoint(): void {
    if (this.steps > this.limits.maxSteps) throw stepLimit(this.limits.maxSteps);
    if (now() > this.deadline) throw timeLimit(this.limits.timeoutMs);
    this.checkAt = Math.min(this.limits.maxSteps, this.steps + CLOCK_EVERY);
  }

  /** Spends `units` steps (a builtin's work in proportion to its input). */
  charge(units: number): void {
    this.steps += units;
    if (this.steps > this.checkAt) this.checkpoint();
  }

  /** Accounts for a value of `size` characters or items about to be built (call it before building). */
  alloc(size: number, weight = 1): void {
    if (size > this.limits.maxOutputLength) throw outputLimit(this.limits.maxOutputLength);
    const units = size * weight;
    this.allocated += units;
    if (this.allocated > this.limits.maxAllocation) throw allocationLimit(this.limits.maxAllocation);
    this.charge(units / CHARS_PER_STEP);
  }
}

/**
 * The budget of the render (or compilation) running now. Outside of one, only the size cap applies: nothing
 * accumulates across calls there.
 */
export let active: Budget = new Budget({
  ...DEFAULT_LIMITS,
  maxSteps: Number.POSITIVE_INFINITY,
  maxAllocation: Number.POSITIVE_INFINITY,
  timeoutMs: 0,
});

export function installBudget(b: Budget): Budget {
  const prev = active;
  active = b;
  return prev;
}

/** Throws when a string or list of `length` about to be built exceeds the size cap or the allocation budget. */
export function checkSize(length: number): void {
  active.alloc(length);
}

/**
 * Checks a concatenation of `total` characters whose new part is `added`: V8 concatenates into a rope that shares
 * its operands, so only the smaller side is new memory (charging the whole result would make the common
 * `ns.text = ns.text ~ message` accumulation quadratic in the budget, while its memory is linear).
 */
export function checkConcat(total: number, added: number): void {
  checkCap(total);
  active.alloc(added);
}

/** One node of a recursive walk (repr, ==, ordering, tojson, pprint): a shared structure can have 2^40 of them. */
export function chargeNode(): void {
  const b = active;
  if (++b.steps > b.checkAt) b.checkpoint();
}

/** The size cap alone, for a value growing in a loop (its allocation is counted once, when it is complete). */
export function checkCap(length: number): void {
  if (length > active.limits.maxOutputLength) throw outputLimit(active.limits.maxOutputLength);
}

/** Before splitting a text into words or pieces: up to one item per character (small texts are free). */
export function checkSplit(length: number): void {
  if (length > 4096) checkItems(length);
}

/** Inside a long builtin loop, every few thousand iterations: the size built so far, the steps, the deadline. */
export function checkProgress(built: number, iterations: number): void {
  checkCap(built);
  active.charge(iterations / CHARS_PER_STEP);
}
