// Global functions: range, namespace, dict, cycler, joiner, lipsum, raise_exception, strftime_now.
import { Fault, typeError } from "../errors.js";
import { bind, REQUIRED } from "./args.js";
import { checkConcat, checkEntries, checkItems, MAX_RANGE } from "./limits.js";
import { strftime } from "./strftime.js";
import {
  dictEntries,
  dictSize,
  EngineObject,
  isDict,
  isFloat,
  isInt,
  type Kwargs,
  Namespace,
  numVal,
  PyCallable,
  rangeList,
  toStr,
  typeName,
} from "./values.js";

class Builtin extends PyCallable {
  constructor(
    readonly name: string,
    readonly fn: (args: unknown[], kw: Kwargs) => unknown,
  ) {
    super();
  }
  call(args: unknown[], kwargs: Kwargs): unknown {
    return this.fn(args, kwargs);
  }
}

function rangeInt(v: unknown): number {
  if (!isInt(v) || isFloat(v)) throw typeError(`'${typeName(v)}' object cannot be interpreted as an integer`);
  return numVal(v);
}

export function pyRange(args: unknown[], kw: Kwargs): number[] {
  if (kw?.size) throw typeError("range() takes no keyword arguments");
  if (args.length < 1 || args.length > 3) {
    throw typeError(
      args.length
        ? `range expected at most 3 arguments, got ${args.length}`
        : "range expected at least 1 argument, got 0",
    );
  }
  let start = 0;
  let stop: number;
  let step = 1;
  if (args.length === 1) stop = rangeInt(args[0]);
  else {
    start = rangeInt(args[0]);
    stop = rangeInt(args[1]);
    if (args.length === 3) step = rangeInt(args[2]);
  }
  if (step === 0) throw typeError("range() arg 3 must not be zero");
  const len = step > 0 ? Math.ceil((stop - start) / step) : Math.ceil((start - stop) / -step);
  if (len > MAX_RANGE) {
    throw new Fault("limit", `Range too big. The sandbox blocks ranges larger than MAX_RANGE (${MAX_RANGE}).`);
  }
  // the whole list is built now (Python's range is lazy, but `len()`, iteration and printing are what templates
  // do with it): its items are charged before they are made, at a list item's price
  const n = Math.max(0, len);
  checkItems(n);
  const out: number[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = start + i * step;
  return rangeList(out, start, stop, step);
}

class Cycler extends EngineObject {
  readonly typeName = "Cycler";
  pos = 0;
  // made once per cycler, not per `c.next()` (an object per call in a long loop kept the collector busy)
  private readonly next = new Builtin("next", () => {
    const v = this.items[this.pos];
    this.pos = (this.pos + 1) % this.items.length;
    return v;
  });
  private readonly reset = new Builtin("reset", () => {
    this.pos = 0;
    return null;
  });
  constructor(readonly items: unknown[]) {
    super();
  }
  getAttr(name: string): unknown {
    if (name === "current") return this.items[this.pos];
    if (name === "next") return this.next;
    if (name === "reset") return this.reset;
    return undefined;
  }
}

class Joiner extends PyCallable {
  readonly name = "joiner";
  used = false;
  constructor(readonly sep: string) {
    super();
  }
  call(): unknown {
    if (!this.used) {
      this.used = true;
      return "";
    }
    return this.sep;
  }
}

const LOREM =
  "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua".split(
    " ",
  );

function lipsum(args: unknown[], kw: Kwargs): string {
  const [n, html, min, max] = bind("generate_lorem_ipsum", args, kw, ["n", "html", "min", "max"], [5, true, 20, 100]);
  const paras: string[] = [];
  let seed = 7;
  let total = 0;
  for (let p = 0; p < numVal(n); p++) {
    const len = numVal(min) + (seed % Math.max(1, numVal(max) - numVal(min)));
    seed = (seed * 31 + 11) % 997;
    checkItems(Math.max(0, len)); // min/max come from the template: sized before the words are made
    const words = Array.from({ length: len }, (_, i) => LOREM[(i + p) % LOREM.length]);
    const text = `${words.join(" ").replace(/^./, (c) => c.toUpperCase())}.`;
    const para = html ? `<p>${text}</p>` : text;
    total += para.length + 2;
    checkConcat(total, para.length); // each paragraph counts; the whole text stays under the size cap
    paras.push(para);
  }
  return paras.join(html ? "\n" : "\n\n");
}

export function makeGlobals(now: () => Date): Map<string, unknown> {
  const g = new Map<string, unknown>();
  const add = (name: string, fn: (args: unknown[], kw: Kwargs) => unknown) => g.set(name, new Builtin(name, fn));
  add("range", pyRange);
  add("dict", (args, kw) => {
    const m = new Map<unknown, unknown>();
    if (args.length > 1) throw typeError(`dict expected at most 1 argument, got ${args.length}`);
    if (args.length === 1) {
      if (!isDict(args[0])) throw typeError(`'${typeName(args[0])}' object is not iterable`);
      // a copy of every entry: `set d = dict(d, **x)` in a loop is quadratic, the budget has to see each copy
      checkEntries(dictSize(args[0]));
      for (const [k, v] of dictEntries(args[0])) m.set(k, v);
    }
    if (kw !== null) for (const [k, v] of kw) m.set(k, v);
    return m;
  });
  add("namespace", (args, kw) => {
    const attrs = new Map<string, unknown>();
    for (const a of args) {
      if (!isDict(a)) throw typeError(`cannot convert '${typeName(a)}' object to a namespace`);
      checkEntries(dictSize(a));
      for (const [k, v] of dictEntries(a)) attrs.set(toStr(k), v);
    }
    if (kw !== null) for (const [k, v] of kw) attrs.set(k, v);
    return new Namespace(attrs);
  });
  add("cycler", (args) => new Cycler(args));
  add("joiner", (args, kw) => new Joiner(toStr(bind("joiner", args, kw, ["sep"], [", "])[0])));
  add("lipsum", lipsum);
  add("raise_exception", (args, kw) => {
    const [message] = bind("raise_exception", args, kw, ["message"], [REQUIRED]);
    throw new Fault("raised", toStr(message));
  });
  add("strftime_now", (args, kw) => {
    const [fmt] = bind("strftime_now", args, kw, ["format"], [""]);
    return strftime(now(), toStr(fmt));
  });
  return g;
}
