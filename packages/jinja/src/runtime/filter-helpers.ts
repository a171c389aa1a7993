// Conversions and helpers behind the built-in filters (Python int()/float()/round(), attribute getters, sorting).
import { Fault, typeError } from "../errors.js";
import { getItem } from "./access.js";
import { chargeFromDecimal, chargeGenericBase, chargePow2Base } from "./bigint-cost.js";
import { pyFixed } from "./format.js";
import { active, checkSize, checkSplit } from "./limits.js";
import { chargeSort, pySortByKey } from "./sort.js";
import { asciiDigits, lineCount, pySplitlines } from "./strings.js";
import {
  codePoints,
  dictEntries,
  isDict,
  isFloat,
  isNumber,
  Markup,
  mkFloat,
  numVal,
  PyIterator,
  strLen,
  toStr,
  truthy,
  tuple,
  typeName,
  Undefined,
} from "./values.js";

export const softStr = (v: unknown): string => toStr(v);
export const keepMarkup = (v: unknown, s: string): string | Markup => (v instanceof Markup ? new Markup(s) : s);

export function pyLen(v: unknown): number {
  if (typeof v === "string") return strLen(v);
  if (Array.isArray(v)) return v.length;
  if (v instanceof Undefined) return 0;
  if (v instanceof Markup) return strLen(v.s);
  if (v instanceof Map) return v.size;
  if (isDict(v)) return dictEntries(v).length;
  if (v instanceof PyIterator) throw typeError(`object of type '${v.typeName}' has no len()`);
  throw typeError(`object of type '${typeName(v)}' has no len()`);
}

/** make_attrgetter: dotted paths and integer parts, item lookup first (environment.getitem). */
export function attrGetter(attribute: unknown, postprocess?: (v: unknown) => unknown, dflt?: unknown) {
  const parts: (string | number)[] =
    typeof attribute === "string"
      ? attribute.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p))
      : [attribute as number];
  return (item: unknown): unknown => {
    let v = item;
    for (const p of parts) {
      v = getItem(v, p);
      if (dflt !== undefined && dflt !== null && v instanceof Undefined) v = dflt;
    }
    return postprocess ? postprocess(v) : v;
  };
}

/**
 * The case-insensitive key of sort, dictsort, unique, groupby, min and max: a new string per item, charged by its
 * length (1-5 ns a character), which the per-item price of those filters does not see.
 */
export function lowerIfStr(v: unknown): unknown {
  const s = typeof v === "string" ? v : v instanceof Markup ? v.s : null;
  if (s === null) return v;
  if (s.length >= LOWERED_PER_STEP) active.charge(s.length / LOWERED_PER_STEP);
  return s.toLowerCase();
}
const LOWERED_PER_STEP = 8;

export function sortKeyFn(caseSensitive: unknown, attribute: unknown): (v: unknown) => unknown {
  const post = truthy(caseSensitive) ? undefined : lowerIfStr;
  if (attribute === null || attribute === undefined) return post ?? ((v) => v);
  const getters = String(attribute)
    .split(",")
    .map((a) => attrGetter(a.trim(), post));
  if (typeof attribute !== "string" || getters.length === 1) return attrGetter(attribute, post);
  return (v) => tuple(getters.map((g) => g(v)));
}

/**
 * sorted(items, key=key, reverse=reverse); the comparisons are charged before the keys are computed (or by the
 * caller, before it built `items`).
 */
export function pySorted(items: unknown[], key: (v: unknown) => unknown, reverse: boolean, charged = false): unknown[] {
  if (!charged) chargeSort(items.length);
  const keyed = items.map((v) => [key(v), v] as const);
  return pySortByKey(keyed, reverse, true).map((x) => x[1]);
}

const BIGINT_PREFIX: Record<number, string> = { 2: "0b", 8: "0o", 16: "0x" };
/** The value of a lower-case digit character code in bases up to 36, or 99 when it is no digit. */
function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 87;
  return 99;
}
/** A character code in lower case (ASCII letters only). */
const lower = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

const HEX = "0123456789abcdef";
const DECODER = new TextDecoder();

/**
 * The hexadecimal literal of lower-case digits of base 4 or 32, written straight into bytes: the digits are a
 * stream of bits (2 or 5 per digit) read out 4 at a time. Joining a bit-group string per digit made a million
 * strings and a 5-million-character binary literal for `int(s, 32)`, which cost more in the collector than the
 * parse itself; this allocates one byte per 4 bits and nothing per digit.
 */
function hexLiteral(body: string, bitsPerDigit: number): string {
  const bits = body.length * bitsPerDigit;
  const pad = (4 - (bits % 4)) % 4;
  const bytes = new Uint8Array(2 + (bits + pad) / 4);
  bytes[0] = 48; // "0"
  bytes[1] = 120; // "x"
  let at = 2;
  let acc = 0;
  let accBits = pad; // leading zero bits, so that the stream splits into whole hex digits
  for (let i = 0; i < body.length; i++) {
    acc = (acc << bitsPerDigit) | digitOf(body.charCodeAt(i));
    accBits += bitsPerDigit;
    while (accBits >= 4) {
      accBits -= 4;
      bytes[at++] = HEX.charCodeAt((acc >> accBits) & 15);
    }
    acc &= (1 << accBits) - 1;
  }
  return DECODER.decode(bytes);
}

/** Digits of a base that is neither 10 nor a power of two that fit a double exactly, read as one number at a time. */
const CHUNK: number[] = Array.from({ length: 37 }, (_, b) => (b < 2 ? 1 : Math.floor(53 / Math.log2(b))));

/**
 * Python int(digits, base) of validated lower-case digits, or null where CPython 3.11 refuses more than 4300 digits
 * (bases that are not powers of two). Charged before the conversion: linear for the power-of-two bases, whose
 * digits map to bits; sub-quadratic for decimal; chunked multiply-adds for the other bases.
 */
function parseDigits(body: string, base: number): bigint | null {
  const prefix = BIGINT_PREFIX[base];
  if (prefix !== undefined) {
    chargePow2Base(body.length * Math.log2(base), Math.log2(base));
    return BigInt(prefix + body);
  }
  if (base === 4 || base === 32) {
    chargePow2Base(body.length * Math.log2(base), Math.log2(base));
    return BigInt(hexLiteral(body, base === 4 ? 2 : 5));
  }
  if (body.length > 4300) return null; // ValueError in Python: the caller falls back to float(), as Jinja2 does
  if (base === 10) {
    chargeFromDecimal(body.length);
    return BigInt(body);
  }
  const k = CHUNK[base];
  chargeGenericBase(body.length, base, Math.ceil(body.length / k));
  const scale = BigInt(base) ** BigInt(k);
  let n = 0n;
  for (let i = 0; i < body.length; i += k) {
    let chunk = 0;
    const end = Math.min(body.length, i + k);
    for (let j = i; j < end; j++) chunk = chunk * base + digitOf(body.charCodeAt(j));
    n = (end - i === k ? n * scale : n * BigInt(base) ** BigInt(end - i)) + BigInt(chunk);
  }
  return n;
}

interface IntLiteral {
  neg: boolean;
  base: number;
  /** Lower-case digits without underscores. */
  digits: string;
}

const PREFIX_BASE: Record<number, number> = { 120: 16, 111: 8, 98: 2 };

/**
 * The digits of Python's int(text, base) for a stripped text: a sign, the base's prefix (with base 0 or the
 * matching base), then digits with single underscores between them (one may follow a prefix); with base 0 and no
 * prefix, a leading zero only in a zero. Null where int() raises ValueError. One pass over the characters, and a
 * second one into bytes only when underscores or capitals have to go: `('1_000' * 1000000)|int` took 200 ms in a
 * regex replace of its million underscores, and accepted the `1__0` or `_1` that Python refuses.
 */
function intLiteral(s: string, base: number): IntLiteral | null {
  if (base !== 0 && (base < 2 || base > 36)) return null;
  let i = 0;
  const neg = s.charCodeAt(0) === 45;
  if (neg || s.charCodeAt(0) === 43) i = 1;
  let b = base;
  let afterPrefix = false;
  if (s.charCodeAt(i) === 48) {
    const p = PREFIX_BASE[lower(s.charCodeAt(i + 1))];
    if (p !== undefined && (b === 0 || b === p)) {
      b = p;
      i += 2;
      afterPrefix = true;
    }
  }
  const octalLike = b === 0; // base 0 without a prefix: decimal, where "010" is an error
  if (b === 0) b = 10;
  const start = i;
  let prevDigit = afterPrefix;
  let count = 0;
  let clean = true;
  let nonZero = false;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 95) {
      if (!prevDigit) return null;
      prevDigit = false;
      clean = false;
      continue;
    }
    const lc = lower(c);
    const d = digitOf(lc);
    if (d >= b) return null;
    if (lc !== c) clean = false;
    if (d !== 0) nonZero = true;
    prevDigit = true;
    count++;
  }
  if (!prevDigit || count === 0) return null;
  if (octalLike && nonZero && s.charCodeAt(start) === 48) return null;
  if (clean) return { neg, base: b, digits: s.slice(start) };
  const bytes = new Uint8Array(count);
  let at = 0;
  for (let j = start; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c !== 95) bytes[at++] = lower(c);
  }
  return { neg, base: b, digits: DECODER.decode(bytes) };
}

/**
 * Steps per character of text `int()` and `float()` read before they can decide (a digit test, a strip, a scan for
 * underscores, the syntax check, the copy without underscores: ~10 ns a character together, twice that under load).
 */
const PARSE_STEPS_PER_CHAR = 1 / 3;

/** Charges the scans of a text about to be parsed as a number (short texts are free: one step covers them). */
function chargeParse(length: number): void {
  if (length > 64) active.charge(length * PARSE_STEPS_PER_CHAR);
}

export function toInt(value: unknown, dflt: unknown, base: number): unknown {
  if (value instanceof Undefined) value.fail();
  if (typeof value === "string" || value instanceof Markup) {
    const text = toStr(value);
    chargeParse(text.length);
    const lit = intLiteral(asciiDigits(text).trim(), base);
    if (lit !== null) {
      // up to 15 decimal digits are exact in a double: the common `'42'|int` needs no BigInt
      if (lit.base === 10 && lit.digits.length <= 15) {
        const n = Number(lit.digits);
        return lit.neg ? (n === 0 ? 0 : -n) : n;
      }
      const n = parseDigits(lit.digits, lit.base);
      if (n !== null) {
        const r = lit.neg ? -n : n;
        return r >= BigInt(Number.MIN_SAFE_INTEGER) && r <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r) : r;
      }
      if (lit.base === 10) {
        // more than 4300 decimal digits: Jinja2 falls back to int(float(value)), and float() reads the same
        // literal (digits, single underscores between them) as this double, without a second scan of the text
        const x = Number(lit.digits);
        return Number.isFinite(x) ? Math.trunc(lit.neg ? -x : x) : dflt;
      }
    }
    const f = toFloat(value, null);
    if (f === null) return dflt;
    const x = numVal(f);
    return Number.isFinite(x) ? Math.trunc(x) : dflt;
  }
  if (isNumber(value)) {
    const x = numVal(value);
    if (typeof value === "bigint") return value;
    if (!Number.isFinite(x)) return dflt;
    return Math.trunc(x) === 0 ? 0 : Math.trunc(x);
  }
  return dflt;
}

/**
 * Python's float() drops an underscore between two digits (`(\d)_(?=\d)` replaced by the digit): one scan into
 * bytes instead of a regex replace per underscore. `t` holds only number characters (ASCII).
 */
function dropDigitUnderscores(t: string): string {
  const isDigit = (c: number) => c >= 48 && c <= 57;
  const bytes = new Uint8Array(t.length);
  let at = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c === 95 && i > 0 && isDigit(t.charCodeAt(i - 1)) && isDigit(t.charCodeAt(i + 1))) continue;
    bytes[at++] = c;
  }
  return DECODER.decode(bytes.subarray(0, at));
}

/** Python float(value) (numbers and numeric strings); `dflt` when Python would raise. */
export function toFloat(value: unknown, dflt: unknown): unknown {
  if (value instanceof Undefined) value.fail();
  if (isNumber(value)) return mkFloat(numVal(value));
  if (typeof value === "string" || value instanceof Markup) {
    const text = toStr(value);
    chargeParse(text.length);
    const t = asciiDigits(text).trim();
    // a number has only these characters: any other one refuses a huge text at its first occurrence, before the
    // copies and scans below (`inf` / `nan` are at most 9 characters)
    if (t.length > 9 && /[^0-9_+\-.eE]/.test(t)) return dflt;
    const s = !t.includes("_") ? t : t.length > 9 ? dropDigitUnderscores(t) : t.replace(/(\d)_(?=\d)/g, "$1");
    if (/^[+-]?(\d+(\.\d*)?([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)$/.test(s)) return mkFloat(Number(s));
    const low = s.toLowerCase();
    if (/^[+-]?(inf|infinity)$/.test(low)) return low.startsWith("-") ? -Infinity : Infinity;
    if (/^[+-]?nan$/.test(low)) return Number.NaN;
  }
  return dflt;
}

export function pyRound(value: unknown, precision: number, method: string): unknown {
  if (!["common", "ceil", "floor"].includes(method)) throw typeError("method must be common, ceil or floor");
  const x = numVal(value);
  if (method === "common") {
    if (!isFloat(value) && isNumber(value)) {
      if (precision >= 0) return typeof value === "boolean" ? (value ? 1 : 0) : value;
      const p = 10 ** -precision;
      const q = x / p;
      const r = Math.round(q);
      const even = Math.abs(q % 1) === 0.5 ? (r % 2 === 0 ? r : r - 1) : r;
      return even * p;
    }
    if (!Number.isFinite(x)) return mkFloat(x);
    if (precision >= 0) return mkFloat(Number(pyFixed(x, Math.min(precision, 100))));
    const p = 10 ** -precision;
    return mkFloat(Number(pyFixed(x / p, 0)) * p);
  }
  const p = 10 ** precision;
  // math.ceil/floor return ints (no negative zero), then the division makes a float
  return mkFloat(((method === "ceil" ? Math.ceil(x * p) : Math.floor(x * p)) + 0) / p);
}

export function doTitle(s: string): string {
  checkSplit(s.length);
  return s
    .split(/([-\s({[<]+)/u)
    .filter((x) => x)
    .map((item) => {
      const cps = codePoints(item);
      return cps[0].toUpperCase() + cps.slice(1).join("").toLowerCase();
    })
    .join("");
}

export function doIndent(s: unknown, width: unknown, first: unknown, blank: unknown): unknown {
  if (s instanceof Undefined) s.fail(); // `s += "\n"` on Undefined raises in Jinja2
  if (typeof s !== "string" && !(s instanceof Markup)) {
    throw typeError(`unsupported operand type(s) for +=: '${typeName(s)}' and 'str'`);
  }
  const indention = typeof width === "string" ? width : " ".repeat(numVal(width));
  let text = softStr(s) + "\n";
  // the result's bound is checked before the lines are made: a text of a million lines that cannot be indented
  // under the size cap is refused without building them
  const count = lineCount(text);
  checkSize(text.length + count * indention.length);
  const lines = pySplitlines(text, false, count);
  let rv: string;
  if (truthy(blank)) rv = lines.join(`\n${indention}`);
  else {
    rv = lines.shift() ?? "";
    if (lines.length) rv += `\n${lines.map((l) => (l ? indention + l : l)).join("\n")}`;
  }
  if (truthy(first)) rv = indention + rv;
  text = rv;
  checkSize(text.length);
  return keepMarkup(s, text);
}

export function doTruncate(s: unknown, length: number, killwords: boolean, end: string, leeway: number): unknown {
  if (typeof s !== "string" && !(s instanceof Markup)) {
    // Jinja2 measures the value itself: numbers have no len(), short sequences come back unchanged
    const n = pyLen(s);
    if (n <= length + leeway) return s;
    throw typeError(`unsupported operand type(s) for +: '${typeName(s)}' and 'str'`);
  }
  const str = softStr(s);
  const cps = codePoints(str);
  const endLen = strLen(end);
  if (length < endLen) throw new Fault("type", `expected length >= ${endLen}, got ${length}`);
  if (leeway < 0) throw new Fault("type", `expected leeway >= 0, got ${leeway}`);
  if (cps.length <= length + leeway) return str;
  const head = cps.slice(0, Math.max(0, length - endLen)).join("");
  if (killwords) return head + end;
  const sp = head.lastIndexOf(" ");
  return (sp === -1 ? head : head.slice(0, sp)) + end;
}
