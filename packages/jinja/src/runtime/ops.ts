// Python operators on engine values: arithmetic, membership, iteration, slicing.
import { Fault, typeError } from "../errors.js";
import { bitsOf, chargeBigDiv, chargeBigLinear, chargeBigMul, chargeBigPow, MAX_INT_BITS } from "./bigint-cost.js";
import { chargeItems, chargeScan, workOf } from "./charge.js";
import { printfFormat } from "./format.js";
import { checkConcat, checkItems, checkSize } from "./limits.js";
import {
  codePoints,
  dictEntries,
  dictGet,
  dictKeys,
  fromHost,
  hasSurrogates,
  isDict,
  isFloat,
  isNumber,
  isTuple,
  Markup,
  mkFloat,
  numVal,
  PyFloat,
  PyIterator,
  pyEq,
  rangeList,
  toStr,
  tuple,
  typeName,
  Undefined,
  viewOf,
} from "./values.js";

export function htmlEscape(s: string): string {
  // escaping can make a string five times longer: a big one is measured before it is built
  if (s.length > 65_536) checkSize(escapedLength(s));
  return s.replace(/[&<>"']/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&#34;" : "&#39;",
  );
}
function escapedLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 38 || c === 34 || c === 39) n += 4;
    else if (c === 60 || c === 62) n += 3;
  }
  return n;
}
/** Markup-aware escaping: safe strings pass unchanged. */
export const escapeValue = (v: unknown): string => (v instanceof Markup ? v.s : htmlEscape(toStr(v)));

function failUndefined(a: unknown, b: unknown): void {
  if (a instanceof Undefined) a.fail();
  if (b instanceof Undefined) b.fail();
}

function unsupported(op: string, a: unknown, b: unknown): Fault {
  return typeError(`unsupported operand type(s) for ${op}: '${typeName(a)}' and '${typeName(b)}'`);
}

const isIntLike = (v: unknown): boolean => typeof v === "boolean" || typeof v === "bigint" || Number.isInteger(v);

/** Integer result: stays a number while exact, else continues as bigint. */
function intResult(r: number, a: unknown, b: unknown, op: (x: bigint, y: bigint) => bigint): number | bigint {
  if (Number.isSafeInteger(r)) return r;
  const big = op(toBig(a), toBig(b));
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}
const toBig = (v: unknown): bigint => (typeof v === "bigint" ? v : BigInt(numVal(v)));
/** A bigint result as Python's int: back to a number when it fits exactly. */
const fromBig = (r: bigint): number | bigint =>
  r >= BigInt(Number.MIN_SAFE_INTEGER) && r <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r) : r;
/** Huge ints make every operation slow: results beyond MAX_INT_BITS count as exceeding the size cap. */
function checkBig(r: bigint): bigint {
  if (bitsOf(r) > MAX_INT_BITS) checkSize(Number.POSITIVE_INFINITY);
  return r;
}
/** An int that needs exact (bigint) arithmetic: a bigint, or an integral number beyond 2^53. */
const needsBig = (v: unknown): boolean => typeof v === "bigint" || (typeof v === "number" && !Number.isSafeInteger(v));

function arith(
  op: string,
  a: unknown,
  b: unknown,
  f: (x: number, y: number) => number,
  big: (x: bigint, y: bigint) => bigint,
): unknown {
  if (isFloat(a) || isFloat(b)) return mkFloat(f(numVal(a), numVal(b)));
  if (needsBig(a) || needsBig(b)) {
    const x = toBig(a);
    const y = toBig(b);
    // V8 multiplies and adds big ints natively, in one uninterruptible call: charged by size before it runs
    if (op === "*") chargeBigMul(x, y);
    else chargeBigLinear(x, y);
    return fromBig(checkBig(big(x, y)));
  }
  return intResult(f(numVal(a), numVal(b)), a, b, big);
}

export function add(a: unknown, b: unknown): unknown {
  if (typeof a === "number" && typeof b === "number") {
    const r = a + b;
    if (Number.isInteger(r))
      return Number.isInteger(a) && Number.isInteger(b) ? intResult(r, a, b, (x, y) => x + y) : mkFloat(r);
    return r;
  }
  if (typeof a === "string" && typeof b === "string") {
    checkConcat(a.length + b.length, Math.min(a.length, b.length));
    return a + b;
  }
  failUndefined(a, b);
  if (isNumber(a) && isNumber(b))
    return arith(
      "+",
      a,
      b,
      (x, y) => x + y,
      (x, y) => x + y,
    );
  if (a instanceof Markup || b instanceof Markup) {
    if ((typeof a === "string" || a instanceof Markup) && (typeof b === "string" || b instanceof Markup)) {
      return new Markup(escapeValue(a) + escapeValue(b));
    }
  }
  if (typeof a === "string" || a instanceof Markup) {
    throw typeError(`can only concatenate str (not "${typeName(b)}") to str`);
  }
  if (Array.isArray(a) && viewOf(a) === undefined) {
    if (Array.isArray(b) && isTuple(a) === isTuple(b) && viewOf(b) === undefined) {
      checkItems(a.length + b.length);
      const r = a.concat(b);
      return isTuple(a) ? tuple(r) : r;
    }
    const t = isTuple(a) ? "tuple" : "list";
    throw typeError(`can only concatenate ${t} (not "${typeName(b)}") to ${t}`);
  }
  throw unsupported("+", a, b);
}

export function sub(a: unknown, b: unknown): unknown {
  if (typeof a === "number" && typeof b === "number" && Number.isInteger(a) && Number.isInteger(b)) {
    return intResult(a - b, a, b, (x, y) => x - y);
  }
  failUndefined(a, b);
  if (isNumber(a) && isNumber(b))
    return arith(
      "-",
      a,
      b,
      (x, y) => x - y,
      (x, y) => x - y,
    );
  throw unsupported("-", a, b);
}

function repeat(seq: unknown, n: unknown): unknown {
  const raw = typeof n === "bigint" ? n : BigInt(numVal(n));
  if (raw > 9223372036854775807n || raw < -9223372036854775808n) {
    throw new Fault("limit", "cannot fit 'int' into an index-sized integer");
  }
  const count = Math.max(0, numVal(n));
  if (typeof seq === "string" || seq instanceof Markup) {
    const s = toStr(seq);
    checkSize(s.length * count);
    return seq instanceof Markup ? new Markup(s.repeat(count)) : s.repeat(count);
  }
  const arr = seq as unknown[];
  const total = arr.length * count;
  checkItems(total);
  // one preallocated list filled in place: linear, as in CPython (concatenating in a loop was quadratic)
  const out: unknown[] = new Array(total);
  for (let i = 0, n = arr.length; i < total; i++) out[i] = arr[i % n];
  return isTuple(arr) ? tuple(out) : out;
}

export function mul(a: unknown, b: unknown): unknown {
  failUndefined(a, b);
  if (isNumber(a) && isNumber(b))
    return arith(
      "*",
      a,
      b,
      (x, y) => x * y,
      (x, y) => x * y,
    );
  const isSeq = (v: unknown) =>
    typeof v === "string" || v instanceof Markup || (Array.isArray(v) && viewOf(v) === undefined);
  if (isSeq(a) && isIntLike(b)) return repeat(a, b);
  if (isSeq(b) && isIntLike(a)) return repeat(b, a);
  if (isSeq(a) && isNumber(b)) throw typeError(`can't multiply sequence by non-int of type '${typeName(b)}'`);
  if (isSeq(b) && isNumber(a)) throw typeError(`can't multiply sequence by non-int of type '${typeName(a)}'`);
  throw unsupported("*", a, b);
}

export function div(a: unknown, b: unknown): unknown {
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported("/", a, b);
  const y = numVal(b);
  if (y === 0) throw typeError(isFloat(a) || isFloat(b) ? "float division by zero" : "division by zero");
  return mkFloat(numVal(a) / y);
}

export function floordiv(a: unknown, b: unknown): unknown {
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported("//", a, b);
  const y = numVal(b);
  const fl = isFloat(a) || isFloat(b);
  if (y === 0) throw typeError(fl ? "float floor division by zero" : "integer division or modulo by zero");
  if (!fl && (needsBig(a) || needsBig(b))) {
    const x = toBig(a);
    const yy = toBig(b);
    const signs = x < 0n !== yy < 0n;
    // the quotient, and with opposite signs the remainder that decides the rounding toward -infinity
    chargeBigDiv(x, yy, signs ? 2 : 1);
    let q = x / yy;
    if (signs && x % yy !== 0n) q -= 1n;
    return fromBig(q);
  }
  const r = Math.floor(numVal(a) / y);
  return fl ? mkFloat(r) : r;
}

export function mod(a: unknown, b: unknown): unknown {
  if (typeof a === "string") return printfFormat(a, b);
  if (a instanceof Markup) {
    // Markup % args escapes the arguments (markupsafe)
    const esc = (v: unknown): unknown => (typeof v === "string" ? htmlEscape(v) : v instanceof Markup ? v.s : v);
    let args: unknown = esc(b);
    if (Array.isArray(b) && isTuple(b)) args = tuple(b.map((x) => esc(fromHost(x))));
    else if (isDict(b)) args = new Map(dictEntries(b).map(([k, v]) => [k, esc(v)]));
    return new Markup(printfFormat(a.s, args));
  }
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported("%", a, b);
  const y = numVal(b);
  const fl = isFloat(a) || isFloat(b);
  if (y === 0) throw typeError(fl ? "float modulo" : "integer modulo by zero");
  if (!fl && (needsBig(a) || needsBig(b))) {
    const x = toBig(a);
    const yy = toBig(b);
    chargeBigDiv(x, yy);
    let r = x % yy;
    if (r !== 0n && r < 0n !== yy < 0n) r += yy;
    return fromBig(r);
  }
  const x = numVal(a);
  let r = x % y;
  if (r !== 0 && r < 0 !== y < 0) r += y;
  // a zero result takes the sign of the divisor in Python
  return fl ? mkFloat(r === 0 ? (y < 0 ? -0 : 0) : r) : r;
}

export function pow(a: unknown, b: unknown): unknown {
  failUndefined(a, b);
  if (!isNumber(a) || !isNumber(b)) throw unsupported("** or pow()", a, b);
  const x = numVal(a);
  const y = numVal(b);
  if (isFloat(a) || isFloat(b) || y < 0) {
    if (x === 0 && y < 0) throw typeError("0.0 cannot be raised to a negative power");
    return mkFloat(x ** y);
  }
  const r = x ** y;
  if (Number.isSafeInteger(r)) return r;
  const base = toBig(a);
  // the result's length from the base's bit length (a bigint base is Infinity as a double), refused or charged
  // before V8 squares its way there
  const baseBits = base === 0n || base === 1n || base === -1n ? 0 : Math.max(1, log2Abs(base));
  let resultBits = y * baseBits;
  // the bit length of a base beyond 2^1000 is known within a factor √2: measured exactly (a linear conversion,
  // small beside the power) only when that decides whether the result fits the cap
  if (resultBits > MAX_INT_BITS && resultBits / Math.SQRT2 <= MAX_INT_BITS + y) {
    resultBits = y * ((base < 0n ? -base : base).toString(16).length * 4);
  }
  if (resultBits > MAX_INT_BITS) checkSize(Number.POSITIVE_INFINITY);
  chargeBigPow(resultBits);
  return fromBig(base ** toBig(b));
}

/** log2 |x| of a bigint: exact enough from the double below 2^1000, the bit length's upper bound above. */
function log2Abs(x: bigint): number {
  const n = Number(x);
  return Math.abs(n) < 2 ** 1000 ? Math.log2(Math.abs(n)) : bitsOf(x);
}

export function negate(a: unknown): unknown {
  if (typeof a === "number") return Number.isInteger(a) ? (a === 0 ? 0 : -a) : -a;
  if (a instanceof PyFloat) return new PyFloat(-a.v);
  if (typeof a === "boolean") return a ? -1 : 0;
  if (typeof a === "bigint") {
    chargeBigLinear(a);
    return -a;
  }
  if (a instanceof Undefined) a.fail();
  throw typeError(`bad operand type for unary -: '${typeName(a)}'`);
}

export function plus(a: unknown): unknown {
  if (isNumber(a)) return typeof a === "boolean" ? (a ? 1 : 0) : a;
  if (a instanceof Undefined) a.fail();
  throw typeError(`bad operand type for unary +: '${typeName(a)}'`);
}

/** Jinja2's markup_join (`~` under autoescape): Markup as soon as one operand is Markup, escaping the others. */
export function markupJoin(values: unknown[]): unknown {
  if (!values.some((v) => v instanceof Markup)) return concat(values);
  const s = values.map(escapeValue).join("");
  checkSize(s.length);
  return new Markup(s);
}

export function concat(values: unknown[]): string {
  let s = "";
  let longest = 0;
  for (const v of values) {
    const part = toStr(v);
    if (part.length > longest) longest = part.length;
    s += part;
  }
  checkConcat(s.length, s.length - longest);
  return s;
}

// ---------------------------------------------------------------- iteration and membership

/** Python iter(): the items a `for` loop (or list()) sees. */
export function iterate(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return codePoints(v);
  if (v instanceof Undefined) return [];
  if (v instanceof PyIterator) return v.take();
  if (v instanceof Markup) return codePoints(v.s);
  if (isDict(v)) return dictKeys(v);
  throw typeError(`'${typeName(v)}' object is not iterable`);
}

const EQ_STEPS_PER_ITEM = 0.25;

export function contains(container: unknown, item: unknown): boolean {
  if (typeof container === "string" || container instanceof Markup) {
    if (typeof item !== "string" && !(item instanceof Markup)) {
      throw typeError(`'in <string>' requires string as left operand, not ${typeName(item)}`);
    }
    return toStr(container).includes(toStr(item));
  }
  if (Array.isArray(container)) {
    // a Python equality per item (~40 ns): 3/8 of a step with the 1/8 the caller charged for the list
    chargeItems(container, EQ_STEPS_PER_ITEM);
    for (const x of container) if (pyEq(fromHost(x), item)) return true;
    return false;
  }
  if (container instanceof Undefined) return false;
  if (container instanceof PyIterator) {
    // like Python, membership consumes the iterator up to the match
    for (let x = container.next(); x !== undefined; x = container.next()) if (pyEq(x, item)) return true;
    return false;
  }
  if (isDict(container)) {
    if ((Array.isArray(item) && !isTuple(item)) || isDict(item))
      throw typeError(`unhashable type: '${typeName(item)}'`);
    if (dictGet(container, item) !== undefined) return true;
    if (container instanceof Map && isNumber(item)) for (const k of container.keys()) if (pyEq(k, item)) return true;
    return false;
  }
  throw typeError(`argument of type '${typeName(container)}' is not iterable`);
}

// ---------------------------------------------------------------- slicing

function sliceIndex(v: unknown, name: string): number | null {
  if (v === null || v === undefined || v instanceof Undefined) return null;
  if (isIntLike(v)) return numVal(v);
  void name;
  throw typeError("slice indices must be integers or None or have an __index__ method");
}

/** Python's slice.indices(len): normalised (start, stop, step). */
function pySliceIndices(len: number, start: unknown, stop: unknown, step: unknown): [number, number, number] {
  const st = sliceIndex(step, "step") ?? 1;
  const clamp = (v: number | null, dflt: number, lo: number, hi: number) =>
    v === null ? dflt : v < 0 ? Math.max(lo, v + len) : Math.min(v, hi);
  if (st > 0) return [clamp(sliceIndex(start, ""), 0, 0, len), clamp(sliceIndex(stop, ""), len, 0, len), st];
  return [clamp(sliceIndex(start, ""), len - 1, -1, len - 1), clamp(sliceIndex(stop, ""), -1, -1, len - 1), st];
}

export function sliceIndices(len: number, start: unknown, stop: unknown, step: unknown): number[] {
  const st = sliceIndex(step, "step") ?? 1;
  if (st === 0) throw typeError("slice step cannot be zero");
  let a = sliceIndex(start, "start");
  let b = sliceIndex(stop, "stop");
  const out: number[] = [];
  if (st > 0) {
    a = a === null ? 0 : a < 0 ? Math.max(0, a + len) : Math.min(a, len);
    b = b === null ? len : b < 0 ? Math.max(0, b + len) : Math.min(b, len);
    for (let i = a; i < b; i += st) out.push(i);
  } else {
    a = a === null ? len - 1 : a < 0 ? Math.max(-1, a + len) : Math.min(a, len - 1);
    b = b === null ? -1 : b < 0 ? Math.max(-1, b + len) : Math.min(b, len - 1);
    for (let i = a; i > b; i += st) out.push(i);
  }
  return out;
}

/**
 * `obj[a:b:c]`. Jinja2 compiles slices to a plain Python subscript, so an unsliceable value raises; only when the
 * whole expression is constant does its optimizer fold it through the sandbox, which yields Undefined instead.
 */
export function slice(obj: unknown, start: unknown, stop: unknown, step: unknown, constant = false): unknown {
  chargeScan(workOf(obj));
  if (obj instanceof Undefined) obj.fail();
  if (typeof obj === "string" || obj instanceof Markup) {
    const s = toStr(obj);
    if (!hasSurrogates(s) && (step === null || step === 1)) {
      const len = s.length;
      const idx = sliceIndices(len, start, stop, 1);
      return idx.length ? s.slice(idx[0], idx[idx.length - 1] + 1) : "";
    }
    const cps = codePoints(s);
    return sliceIndices(cps.length, start, stop, step)
      .map((i) => cps[i])
      .join("");
  }
  if (Array.isArray(obj)) {
    const view = viewOf(obj);
    if (view !== undefined && view.type !== "range") {
      if (constant) return new Undefined(null, obj, `${view.type} object has no element slice`);
      throw typeError(`'${view.type}' object is not subscriptable`);
    }
    const r = sliceIndices(obj.length, start, stop, step).map((i) => fromHost(obj[i]));
    if (view?.type === "range") {
      const [a, b, st] = pySliceIndices(obj.length, start, stop, step);
      return rangeList(r as number[], view.start + a * view.step, view.start + b * view.step, view.step * st);
    }
    return isTuple(obj) ? tuple(r) : r;
  }
  if (constant) return new Undefined(null, obj, `${typeName(obj)} object has no element slice`);
  if (isDict(obj)) throw typeError("unhashable type: 'slice'");
  throw typeError(`'${typeName(obj)}' object is not subscriptable`);
}
