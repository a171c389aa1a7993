// Engine values with Python semantics, mapped onto plain JS values wherever possible so that a context needs no
// conversion:  None = null · bool = boolean · int = integral number or bigint · float = non-integral number, or a
// PyFloat box for integral floats (2.0) · str = string (Markup for "safe" strings) · list = Array · tuple = Array
// tagged with TUPLE · dict = Map or plain object (own enumerable keys) · Undefined = Undefined instance.
import { Fault } from "../errors.js";
import { bitsOf, chargeToDecimal } from "./bigint-cost.js";
import { StringBuilder } from "./builder.js";
import { active, chargeNode, checkCap, checkItems } from "./limits.js";

export const TUPLE: unique symbol = Symbol("tuple");
type Tagged = unknown[] & { [TUPLE]?: true };

export function tuple(items: unknown[]): unknown[] {
  (items as Tagged)[TUPLE] = true;
  return items;
}
export const isTuple = (v: unknown[]): boolean => (v as Tagged)[TUPLE] === true;

const VIEW: unique symbol = Symbol("view");
/** Lists that stand for other Python sequence types: they print (and fail JSON) like the original. */
export type ListView =
  | { type: "range"; start: number; stop: number; step: number }
  | { type: "dict_keys" | "dict_values" | "dict_items" };
type Viewed = unknown[] & { [VIEW]?: ListView };
export const viewOf = (v: unknown[]): ListView | undefined => (v as Viewed)[VIEW];
export function asView<T extends unknown[]>(items: T, view: ListView): T {
  (items as Viewed)[VIEW] = view;
  return items;
}
/** The list `range()` returns, remembering its arguments so it prints as Python's `range(a, b)`. */
export function rangeList(items: number[], start: number, stop: number, step: number): number[] {
  return asView(items, { type: "range", start, stop, step });
}

const FIELDS: unique symbol = Symbol("fields");
/** A tuple whose items can also be read by name (groupby's `grouper` / `list`). */
export function namedTuple(items: unknown[], fields: string[]): unknown[] {
  (items as Tagged & { [FIELDS]?: string[] })[FIELDS] = fields;
  return tuple(items);
}
export function tupleField(v: unknown[], name: string): unknown {
  const fields = (v as { [FIELDS]?: string[] })[FIELDS];
  if (fields === undefined) return undefined;
  const i = fields.indexOf(name);
  return i === -1 ? undefined : v[i];
}

/** Base of every engine-made object, so one instanceof tells them from host dicts. */
export abstract class EngineValue {}

/** A float whose value is integral (2.0, -0.0): plain numbers that are integers are Python ints. */
export class PyFloat extends EngineValue {
  constructor(readonly v: number) {
    super();
  }
}
export const mkFloat = (n: number): number | PyFloat => (Number.isInteger(n) || Object.is(n, -0) ? new PyFloat(n) : n);

/** A string marked safe for HTML (Jinja2 Markup). */
export class Markup extends EngineValue {
  constructor(readonly s: string) {
    super();
  }
  override toString(): string {
    return this.s;
  }
}

/** Result of `namespace(...)`: the only object whose attributes a template may assign. */
export class Namespace extends EngineValue {
  constructor(readonly attrs: Map<string, unknown>) {
    super();
  }
}

export type Kwargs = Map<string, unknown> | null;

/** Anything the engine itself can call: macros, globals, bound methods, loop(), caller(). */
export abstract class PyCallable extends EngineValue {
  abstract readonly name: string;
  abstract call(args: unknown[], kwargs: Kwargs): unknown;
  /** Attributes of the callable itself (loop.index, macro.name); undefined when absent. */
  getAttr(_name: string): unknown {
    return undefined;
  }
}

export class Undefined extends EngineValue {
  constructor(
    /** The variable or attribute name that was missing (null when anonymous). */
    readonly name: string | number | null = null,
    /** The object the attribute was looked up on (NO_OBJ for a missing variable). */
    readonly obj: unknown = NO_OBJ,
    readonly hint: string | null = null,
    readonly security = false,
  ) {
    super();
  }

  message(): string {
    if (this.hint !== null) return this.hint;
    if (this.obj === NO_OBJ)
      return this.name === null ? "'undefined' is undefined" : `${pyRepr(this.name)} is undefined`;
    if (typeof this.name !== "string") return `${objectTypeRepr(this.obj)} has no element ${pyRepr(this.name)}`;
    return `${pyRepr(objectTypeRepr(this.obj))} has no attribute ${pyRepr(this.name)}`;
  }

  fail(): never {
    throw new Fault(this.security ? "security" : "undefined", this.message());
  }
}
const NO_OBJ: unique symbol = Symbol("no-object");
export const UNDEFINED = new Undefined();

/** A template variable read before the assignment that Jinja2's scoping ties it to. */
export class Unassigned extends Undefined {}

export const isDict = (v: unknown): v is Map<unknown, unknown> | Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && (v instanceof Map || !(v instanceof EngineValue));

/** Base class for other engine-internal objects (loop, cycler, joiner) so they are never taken for dicts. */
export abstract class EngineObject extends EngineValue {
  abstract readonly typeName: string;
  abstract getAttr(name: string): unknown;
}

export function typeName(v: unknown): string {
  switch (typeof v) {
    case "string":
      return "str";
    case "number":
      return Number.isInteger(v) ? "int" : "float";
    case "bigint":
      return "int";
    case "boolean":
      return "bool";
    case "function":
      return "function";
    case "undefined":
      return "Undefined";
  }
  if (v === null) return "NoneType";
  if (Array.isArray(v)) return isTuple(v) ? "tuple" : (viewOf(v)?.type ?? "list");
  if (v instanceof PyFloat) return "float";
  if (v instanceof Undefined) return "Undefined";
  if (v instanceof Markup) return "Markup";
  if (v instanceof Namespace) return "Namespace";
  if (v instanceof PyCallable) return v instanceof MacroLike ? "Macro" : "function";
  if (v instanceof EngineObject) return v.typeName;
  return "dict";
}

/** Marker base so typeName can say "Macro". */
export abstract class MacroLike extends PyCallable {}

function objectTypeRepr(obj: unknown): string {
  if (obj === null) return "None";
  const t = typeName(obj);
  return t === "Markup" ? "markupsafe.Markup object" : `${t} object`;
}

// ---------------------------------------------------------------- dict access

const propIsEnumerable = Object.prototype.propertyIsEnumerable;
/** Own enumerable data key of a plain object (never the prototype chain). */
export const isOwnEnumerable = (o: object, key: string): boolean => propIsEnumerable.call(o, key);

/** Python's dict key equality for numbers: 1 == 1.0 == True share one slot. */
const numericKey = (k: unknown): boolean =>
  typeof k === "number" || typeof k === "boolean" || k instanceof PyFloat || typeof k === "bigint";

export function findNumericKey(m: Map<unknown, unknown>, key: unknown): { found: boolean; key: unknown } {
  for (const k of m.keys()) if (numericKey(k) && pyEq(k, key)) return { found: true, key: k };
  return { found: false, key };
}

/** dict[key] = value with Python key identity (the first equal key is kept). */
export function dictSet(m: Map<unknown, unknown>, key: unknown, value: unknown): void {
  if ((Array.isArray(key) && !isTuple(key)) || isDict(key) || key instanceof Undefined) {
    throw new Fault("type", `unhashable type: '${typeName(key)}'`);
  }
  if (numericKey(key) && !m.has(key)) {
    const f = findNumericKey(m, key);
    m.set(f.key, value);
    return;
  }
  m.set(key, value);
}

export function dictGet(d: Map<unknown, unknown> | Record<string, unknown>, key: unknown): unknown {
  if (d instanceof Map) {
    const v = d.get(key);
    if (v === undefined && numericKey(key)) {
      const f = findNumericKey(d, key);
      return f.found ? d.get(f.key) : undefined;
    }
    return v;
  }
  if (typeof key !== "string") return undefined;
  return isOwnEnumerable(d, key) ? (d as Record<string, unknown>)[key] : undefined;
}

export function dictKeys(d: Map<unknown, unknown> | Record<string, unknown>): unknown[] {
  if (d instanceof Map) return Array.from(d.keys());
  const keys = Object.keys(d);
  for (const k of keys)
    if ((d as Record<string, unknown>)[k] === undefined) return keys.filter((x) => d[x] !== undefined);
  return keys;
}

export function dictEntries(d: Map<unknown, unknown> | Record<string, unknown>): [unknown, unknown][] {
  if (d instanceof Map) return Array.from(d.entries());
  const out: [unknown, unknown][] = [];
  for (const k of Object.keys(d)) {
    const v = (d as Record<string, unknown>)[k];
    if (v !== undefined) out.push([k, v]);
  }
  return out;
}

export function dictSize(d: Map<unknown, unknown> | Record<string, unknown>): number {
  return d instanceof Map ? d.size : dictKeys(d).length;
}

/**
 * At least `dictSize(d)`, without reading the values (keys holding `undefined` count): what charging a dict's
 * entries needs, where `dictSize` reads every value of a host object (~100 ns each in a 100,000-key object).
 */
export function dictSizeBound(d: Map<unknown, unknown> | Record<string, unknown>): number {
  return d instanceof Map ? d.size : Object.keys(d).length;
}

/** Normalises a JS value read from the context: `undefined` inside arrays is None. */
export const fromHost = (v: unknown): unknown => (v === undefined ? null : v);

// ---------------------------------------------------------------- numbers

export const isNumber = (v: unknown): boolean =>
  typeof v === "number" || typeof v === "boolean" || v instanceof PyFloat || typeof v === "bigint";
export const isFloat = (v: unknown): boolean => v instanceof PyFloat || (typeof v === "number" && !Number.isInteger(v));
export const isInt = (v: unknown): boolean =>
  (typeof v === "number" && Number.isInteger(v)) || typeof v === "bigint" || typeof v === "boolean";
export function numVal(v: unknown): number {
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof PyFloat) return v.v;
  if (typeof v === "bigint") return Number(v);
  return Number.NaN;
}

// ---------------------------------------------------------------- truthiness / length

export function truthy(v: unknown): boolean {
  switch (typeof v) {
    case "boolean":
      return v;
    case "string":
      return v.length > 0;
    case "number":
      return v !== 0;
    case "bigint":
      return v !== 0n;
    case "undefined":
      return false;
  }
  if (v === null || v instanceof Undefined) return false;
  if (Array.isArray(v)) return v.length > 0;
  if (v instanceof PyFloat) return v.v !== 0;
  if (v instanceof Markup) return v.s.length > 0;
  if (v instanceof Map) return v.size > 0;
  if (isDict(v)) return dictSize(v) > 0;
  return true;
}

const SURROGATE = /[\ud800-\udfff]/;
export const hasSurrogates = (s: string): boolean => SURROGATE.test(s);
/** Python len() of a string: code points. */
export const strLen = (s: string): number => (hasSurrogates(s) ? Array.from(s).length : s.length);
/** A string's code points as a list: sized before it is built (a 30 M string would make a 240 MB array). */
export function codePoints(s: string): string[] {
  if (s.length >= 64) checkItems(s.length);
  return hasSurrogates(s) ? Array.from(s) : s.split("");
}

// ---------------------------------------------------------------- printing

export function floatRepr(n: number): string {
  if (Number.isNaN(n)) return "nan";
  if (n === Number.POSITIVE_INFINITY) return "inf";
  if (n === Number.NEGATIVE_INFINITY) return "-inf";
  if (n === 0) return Object.is(n, -0) ? "-0.0" : "0.0";
  const exp = n.toExponential(); // shortest round-trip digits, e.g. "1.2345e+2"
  const eAt = exp.indexOf("e");
  let mant = exp.slice(0, eAt);
  const e = Number(exp.slice(eAt + 1));
  const neg = mant[0] === "-";
  if (neg) mant = mant.slice(1);
  const digits = mant.replace(".", "");
  let body: string;
  if (e >= -4 && e < 16) {
    if (e < 0) body = `0.${"0".repeat(-e - 1)}${digits}`;
    else if (digits.length <= e + 1) body = `${digits}${"0".repeat(e + 1 - digits.length)}.0`;
    else body = `${digits.slice(0, e + 1)}.${digits.slice(e + 1)}`;
  } else {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const ae = Math.abs(e);
    body = `${m}e${e < 0 ? "-" : "+"}${ae < 10 ? "0" : ""}${ae}`;
  }
  return neg ? `-${body}` : body;
}

/** str() of a bigint, with Python 3.11's limit on int → str conversions (4300 digits). */
export function bigStr(b: bigint): string {
  // 4300 decimal digits need at most 14,285 bits: a bigger int is refused before the (superlinear) conversion,
  // which is charged by its length first (~150 µs at 4300 digits, where the rest of `{{ x }}` is one step)
  const bits = bitsOf(b);
  if (bits > 14_300 * Math.SQRT2 || (bits > 14_300 && (b < 0n ? -b : b) >> 14_300n !== 0n)) throw intStrLimit();
  chargeToDecimal(bits);
  const s = b.toString();
  if (s.length - (b < 0n ? 1 : 0) > 4300) throw intStrLimit();
  return s;
}

/** Python 3.11's ValueError for int <-> str conversions beyond 4300 digits. */
export function intStrLimit(): Fault {
  return new Fault(
    "type",
    "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit",
  );
}

/** str() of an integral double: exact digits beyond 2^53 too (Python prints int(1.2345678901234567e19) in full). */
export function intStr(n: number): string {
  return Number.isSafeInteger(n) ? String(n) : BigInt(n).toString();
}

/** Python str(). */
export function toStr(v: unknown): string {
  switch (typeof v) {
    case "string":
      return v;
    case "number":
      return Number.isInteger(v) ? intStr(v) : floatRepr(v);
    case "boolean":
      return v ? "True" : "False";
    case "bigint":
      return bigStr(v);
    case "undefined":
      return "";
  }
  if (v === null) return "None";
  if (v instanceof Undefined) return "";
  if (v instanceof Markup) return v.s;
  if (v instanceof PyFloat) return floatRepr(v.v);
  return pyRepr(v);
}

/**
 * The characters repr() may escape: backslash, both quotes (only the one delimiting the literal is escaped) and
 * Python's non-printables (categories C*, Zl, Zp and every Zs but the ASCII space, which is printable).
 */
const ESCAPABLE = /[\\'"\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/gu;

function escapeOf(ch: string, quote: string): string | null {
  if (ch === "\\") return "\\\\";
  if (ch === quote) return `\\${quote}`;
  if (ch === "'" || ch === '"') return null;
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  if (ch === "\t") return "\\t";
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x100) return `\\x${cp.toString(16).padStart(2, "0")}`;
  if (cp < 0x10000) return `\\u${cp.toString(16).padStart(4, "0")}`;
  return `\\U${cp.toString(16).padStart(8, "0")}`;
}

/**
 * Python repr() of a str: the runs between escapes are copied as slices (one native scan finds the escapes), so a
 * 30 M text costs a few pieces per escape, not a piece per character.
 */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  // the one shared regex, rewound: nothing below runs another repr before the scan ends, and a copy per call
  // (new RegExp) cost more than a short text's whole repr
  const re = ESCAPABLE;
  re.lastIndex = 0;
  let m = re.exec(s);
  if (m === null) return quote + s + quote;
  const out = new StringBuilder();
  out.add(quote);
  let from = 0;
  while (m !== null) {
    const esc = escapeOf(m[0], quote);
    if (esc !== null) {
      chargeNode(); // a match, a slice and an escape (~60 ns): a text dense with quotes or newlines is many of them
      if (m.index > from) out.add(s.slice(from, m.index));
      out.add(esc);
      from = m.index + m[0].length;
    }
    m = re.exec(s);
  }
  if (from < s.length) out.add(s.slice(from));
  out.add(quote);
  return out.toString();
}

/**
 * Steps of one list, tuple or dict in a repr: a recursive call, a few concatenations and a size check spend about
 * 150-200 ns a node.
 */
const REPR_NODE_STEPS = 2;

/** Python repr(). */
export function pyRepr(v: unknown): string {
  return reprOf(v, null);
}

/**
 * repr() with the text of each list, tuple and dict already written in this call: a structure that holds the same
 * list twice at every level (2^40 leaves from 40 objects) is written once per object as a rope that shares its
 * parts, so the size cap stops it after 40 nodes where a walk of every leaf spent the whole step budget.
 */
function reprOf(v: unknown, memo: Map<object, string> | null): string {
  if (typeof v === "string") return strRepr(v);
  if (v instanceof Undefined) return "Undefined";
  if (Array.isArray(v)) {
    const view = viewOf(v);
    if (view !== undefined) {
      if (view.type !== "range") return `${view.type}([${v.map((x) => pyRepr(x)).join(", ")}])`;
      return `range(${view.start}, ${view.stop}${view.step === 1 ? "" : `, ${view.step}`})`;
    }
    return containerRepr(v, memo ?? new Map());
  }
  if (v instanceof Markup) return `Markup(${strRepr(v.s)})`;
  if (v instanceof Namespace) return `<Namespace ${pyRepr(v.attrs)}>`;
  if (v instanceof PyCallable) return `<function ${v.name}>`;
  if (typeof v === "function") return `<function ${v.name || "anonymous"}>`;
  if (v instanceof EngineObject) return `<${v.typeName} object>`;
  if (isDict(v)) return containerRepr(v, memo ?? new Map());
  return toStr(v);
}

/** repr() of a list, tuple or dict, built with `+=` (a rope: no level copies the text of the levels below it). */
function containerRepr(
  v: unknown[] | Map<unknown, unknown> | Record<string, unknown>,
  memo: Map<object, string>,
): string {
  const known = memo.get(v);
  if (known !== undefined) return known;
  active.charge(REPR_NODE_STEPS);
  let out: string;
  if (Array.isArray(v)) {
    const tuple = isTuple(v);
    if (v.length === 0) out = tuple ? "()" : "[]";
    else {
      out = (tuple ? "(" : "[") + reprOf(fromHost(v[0]), memo);
      for (let i = 1; i < v.length; i++) {
        out += ", " + reprOf(fromHost(v[i]), memo);
        checkCap(out.length);
      }
      out += !tuple ? "]" : v.length === 1 ? ",)" : ")";
    }
  } else {
    out = "";
    for (const [k, x] of dictEntries(v)) {
      out += (out === "" ? "{" : ", ") + reprOf(k, memo) + ": " + reprOf(fromHost(x), memo);
      checkCap(out.length);
    }
    out = out === "" ? "{}" : out + "}";
  }
  memo.set(v, out);
  return out;
}

// ---------------------------------------------------------------- equality and ordering

export function pyEq(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== "number" || !Number.isNaN(a);
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  const ta = typeof a;
  const tb = typeof b;
  if (ta === "string" || tb === "string") {
    const sa = a instanceof Markup ? a.s : a;
    const sb = b instanceof Markup ? b.s : b;
    return sa === sb;
  }
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "bigint" || typeof b === "bigint") {
      const x = typeof a === "bigint" ? a : numVal(a);
      const y = typeof b === "bigint" ? b : numVal(b);
      if (typeof x === "number" && !Number.isInteger(x)) return false;
      if (typeof y === "number" && !Number.isInteger(y)) return false;
      return BigInt(x) === BigInt(y);
    }
    return numVal(a) === numVal(b);
  }
  if (a === null || b === null) return false;
  if (a instanceof Undefined || b instanceof Undefined) return a instanceof Undefined && b instanceof Undefined;
  if (a instanceof Markup || b instanceof Markup)
    return (a instanceof Markup ? a.s : a) === (b instanceof Markup ? b.s : b);
  if (Array.isArray(a) && Array.isArray(b)) {
    chargeNode();
    if (isTuple(a) !== isTuple(b) || a.length !== b.length) return false;
    if (viewOf(a)?.type !== viewOf(b)?.type) return false;
    for (let i = 0; i < a.length; i++) if (!pyEq(fromHost(a[i]), fromHost(b[i]))) return false;
    return true;
  }
  if (isDict(a) && isDict(b)) {
    chargeNode();
    const ea = dictEntries(a);
    if (ea.length !== dictSize(b)) return false;
    for (const [k, v] of ea) {
      const w = dictGet(b, k);
      if (w === undefined || !pyEq(v, w)) return false;
    }
    return true;
  }
  if (a instanceof Namespace && b instanceof Namespace) return a === b;
  return false;
}

const OP_NAMES: Record<string, string> = { lt: "<", lteq: "<=", gt: ">", gteq: ">=" };
/** Steps of ordering two lists or tuples (one node of the walk). */
const ORDER_NODE_STEPS = 4;

/** Python ordering: returns <0, 0, >0; throws the TypeError for unorderable mixes. */
export function pyCompare(a: unknown, b: unknown, op: string): number {
  if (a instanceof Undefined) a.fail();
  if (b instanceof Undefined) b.fail();
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === "bigint" || typeof b === "bigint") return compareBig(a, b);
    const x = numVal(a);
    const y = numVal(b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  }
  const sa = typeof a === "string" ? a : a instanceof Markup ? a.s : null;
  const sb = typeof b === "string" ? b : b instanceof Markup ? b.s : null;
  if (sa !== null && sb !== null) return compareCodePoints(sa, sb);
  if (Array.isArray(a) && Array.isArray(b) && isTuple(a) === isTuple(b)) {
    // an equality test per item until one differs, then its ordering: ~300 ns for two short tuples, so that a
    // sort of tuples pays for its comparisons beyond the per-comparison charge of the sort
    active.charge(ORDER_NODE_STEPS);
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const x = fromHost(a[i]);
      const y = fromHost(b[i]);
      if (!pyEq(x, y)) return pyCompare(x, y, op);
    }
    return a.length - b.length;
  }
  throw new Fault(
    "type",
    `'${OP_NAMES[op] ?? op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`,
  );
}

/** Exact ordering when a bigint is involved (Python compares int and float exactly). */
function compareBig(a: unknown, b: unknown): number {
  if (typeof a !== "bigint") return -compareBig(b, a);
  const f = typeof b === "bigint" ? b : numVal(b);
  if (typeof f === "bigint") return a < f ? -1 : a > f ? 1 : 0;
  if (Number.isNaN(f)) return Number.NaN;
  if (!Number.isFinite(f)) return f > 0 ? -1 : 1;
  const fl = Math.floor(f);
  const big = BigInt(fl);
  if (a !== big) return a < big ? -1 : 1;
  return f > fl ? -1 : 0;
}

export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i) ?? 0;
    const y = b.codePointAt(i) ?? 0;
    if (x !== y) {
      if (i >= COMPARED_PER_STEP) chargeCompared(i);
      return x - y;
    }
    if (x > 0xffff) i++;
  }
  if (n >= COMPARED_PER_STEP) chargeCompared(n);
  return a.length - b.length;
}

/**
 * Characters `compareCodePoints` walks for a step (~3 ns each): keys with long common prefixes make every
 * comparison of a sort a scan, which the sort's per-comparison charge does not cover. Charged once the scan is
 * done (a single one is bounded by the size cap).
 */
const COMPARED_PER_STEP = 16;
function chargeCompared(chars: number): void {
  active.charge(chars / COMPARED_PER_STEP);
}

/**
 * A lazy iterator of Jinja2 (generator, list_reverseiterator, …): computed on first use (so errors surface where
 * Python's would), consumed by iteration like a Python iterator, and without len().
 */
export class PyIterator extends EngineObject {
  private pos = 0;
  private cache: unknown[] | null = null;

  constructor(
    private readonly produce: () => unknown[],
    readonly typeName: string,
  ) {
    super();
  }

  private all(): unknown[] {
    if (this.cache === null) this.cache = this.produce();
    return this.cache;
  }

  /** How many items were taken so far (a builtin consuming this iterator is charged for what it took). */
  get taken(): number {
    return this.pos;
  }

  /** Python iteration: the remaining items; the iterator is exhausted afterwards. */
  take(): unknown[] {
    const all = this.all();
    const rest = this.pos === 0 ? all : all.slice(this.pos);
    this.pos = all.length;
    return rest;
  }

  /** next(it): the next item, or undefined when exhausted. */
  next(): unknown {
    const all = this.all();
    return this.pos < all.length ? all[this.pos++] : undefined;
  }

  getAttr(): unknown {
    return undefined;
  }
}
