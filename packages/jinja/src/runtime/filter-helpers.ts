// Conversions and helpers behind the built-in filters (Python int()/float()/round(), attribute getters, sorting).
import { Fault, typeError } from "../errors.js";
import { getItem } from "./access.js";
import { pyFixed } from "./format.js";
import { checkSize, checkSplit } from "./limits.js";
import { pySort } from "./sort.js";
import { asciiDigits, pySplitlines } from "./strings.js";
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
  pyCompare,
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

export const lowerIfStr = (v: unknown): unknown =>
  typeof v === "string" ? v.toLowerCase() : v instanceof Markup ? v.s.toLowerCase() : v;

export function sortKeyFn(caseSensitive: unknown, attribute: unknown): (v: unknown) => unknown {
  const post = truthy(caseSensitive) ? undefined : lowerIfStr;
  if (attribute === null || attribute === undefined) return post ?? ((v) => v);
  const getters = String(attribute)
    .split(",")
    .map((a) => attrGetter(a.trim(), post));
  if (typeof attribute !== "string" || getters.length === 1) return attrGetter(attribute, post);
  return (v) => tuple(getters.map((g) => g(v)));
}

export function pySorted(items: unknown[], key: (v: unknown) => unknown, reverse: boolean): unknown[] {
  const keyed = items.map((v) => [key(v), v] as const);
  return pySort(keyed, (a, b) => pyCompare(a[0], b[0], "lt") < 0, reverse).map((x) => x[1]);
}

const BIGINT_PREFIX: Record<number, string> = { 2: "0b", 8: "0o", 16: "0x" };
/** The value of a lower-case digit character code in bases up to 36, or 99 when it is no digit. */
function digitOf(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 87;
  return 99;
}

const HEX = "0123456789abcdef";

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
  return new TextDecoder().decode(bytes);
}

/**
 * Python int(body, base) of lower-case digits, or null when a digit is invalid or (as CPython 3.11 does for bases
 * that are not powers of two) there are more than 4300 digits. Linear for the power-of-two bases, whose digits map
 * to bits; the other bases go through BigInt only after the digit count is checked.
 */
function parseDigits(body: string, base: number): bigint | null {
  for (let i = 0; i < body.length; i++) if (digitOf(body.charCodeAt(i)) >= base) return null;
  const prefix = BIGINT_PREFIX[base];
  if (prefix !== undefined) return BigInt(prefix + body);
  if (base === 4) return BigInt(hexLiteral(body, 2));
  if (base === 32) return BigInt(hexLiteral(body, 5));
  if (body.length > 4300) return null; // ValueError in Python: the caller falls back to float(), as Jinja2 does
  if (base === 10) return BigInt(body);
  let n = 0n;
  const B = BigInt(base);
  for (let i = 0; i < body.length; i++) n = n * B + BigInt(digitOf(body.charCodeAt(i)));
  return n;
}

export function toInt(value: unknown, dflt: unknown, base: number): unknown {
  if (value instanceof Undefined) value.fail();
  if (typeof value === "string" || value instanceof Markup) {
    const s = asciiDigits(toStr(value)).trim().replace(/_/g, "");
    const m = /^[+-]?(0[xob])?[0-9a-z]+$/i.exec(s);
    if (m) {
      let body = s;
      let b = base;
      const neg = body.startsWith("-");
      body = body.replace(/^[+-]/, "");
      if (
        b === 0 ||
        (b === 16 && /^0x/i.test(body)) ||
        (b === 8 && /^0o/i.test(body)) ||
        (b === 2 && /^0b/i.test(body))
      ) {
        if (/^0x/i.test(body)) b = 16;
        else if (/^0o/i.test(body)) b = 8;
        else if (/^0b/i.test(body)) b = 2;
        else b = 10;
        body = b === 10 ? body : body.slice(2);
      }
      const n = body && b >= 2 && b <= 36 ? parseDigits(body.toLowerCase(), b) : null;
      if (n !== null) {
        const r = neg ? -n : n;
        return r >= BigInt(Number.MIN_SAFE_INTEGER) && r <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r) : r;
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

/** Python float(value) (numbers and numeric strings); `dflt` when Python would raise. */
export function toFloat(value: unknown, dflt: unknown): unknown {
  if (value instanceof Undefined) value.fail();
  if (isNumber(value)) return mkFloat(numVal(value));
  if (typeof value === "string" || value instanceof Markup) {
    const t = asciiDigits(toStr(value)).trim();
    // a number has only these characters: any other one refuses a huge text at its first occurrence, before the
    // copies and scans below (`inf` / `nan` are at most 9 characters)
    if (t.length > 9 && /[^0-9_+\-.eE]/.test(t)) return dflt;
    const s = t.replace(/(\d)_(?=\d)/g, "$1");
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
  const lines = pySplitlines(text, false);
  checkSize(text.length + lines.length * indention.length);
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
