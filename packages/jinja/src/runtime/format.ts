// Python string formatting: printf-style `%`, `str.format` and the float formatting both rely on.

import { typeError } from "../errors.js";
import { bitsOf, chargePow2Base } from "./bigint-cost.js";
import { StringBuilder } from "./builder.js";
import { expDigits, fixedDigits, significantDigits } from "./decimal.js";
import { chargeNode, checkCap, checkSize } from "./limits.js";
import {
  bigStr,
  dictGet,
  floatRepr,
  fromHost,
  hasSurrogates,
  intStr,
  isDict,
  isFloat,
  isNumber,
  isTuple,
  Markup,
  numVal,
  PyFloat,
  pyRepr,
  strLen,
  toStr,
  typeName,
  Undefined,
} from "./values.js";

/** Fixed-point with `digits` decimals, rounding exact ties half-to-even like Python (JS rounds them up). */
export function pyFixed(x: number, digits: number): string {
  if (!Number.isFinite(x)) return x > 0 ? "inf" : x < 0 ? "-inf" : "nan";
  return fixedDigits(x, digits);
}

function expForm(x: number, precision: number, upper: boolean): string {
  if (!Number.isFinite(x)) return floatSpecial(x, upper);
  return expDigits(x, precision, upper);
}

function generalForm(x: number, precision: number, alt: boolean, upper: boolean): string {
  if (!Number.isFinite(x)) return floatSpecial(x, upper);
  const p = precision === 0 ? 1 : precision;
  const e = x === 0 ? 0 : significantDigits(x, p - 1).exponent;
  let s = e >= -4 && e < p ? fixedDigits(x, p - 1 - e) : expDigits(x, p - 1, upper);
  if (!alt) {
    if (/[eE]/.test(s)) s = s.replace(/\.?0+(?=[eE])/, "");
    else if (s.includes(".")) s = s.replace(/\.?0+$/, "");
  } else if (!s.includes(".") && !/[eE]/.test(s)) s += ".";
  return s;
}

const floatSpecial = (x: number, upper: boolean): string => {
  const s = Number.isNaN(x) ? "nan" : x > 0 ? "inf" : "-inf";
  return upper ? s.toUpperCase() : s;
};

function toIntForFormat(v: unknown, conv: string): number | bigint {
  if (v instanceof Undefined) v.fail();
  if (typeof v === "bigint") return v;
  if (isNumber(v)) return Math.trunc(numVal(v));
  throw typeError(`%${conv} format: a real number is required, not ${typeName(v)}`);
}

function toFloatForFormat(v: unknown, conv: string): number {
  if (v instanceof Undefined) v.fail();
  if (isNumber(v)) return numVal(v);
  void conv;
  throw typeError(`must be real number, not ${typeName(v)}`);
}

function pad(body: string, width: number, left: boolean, zero: boolean): string {
  if (body.length >= width) return body;
  checkSize(width);
  if (left) return body + " ".repeat(width - body.length);
  if (zero) {
    const sign = /^[+\- ]/.test(body) ? body[0] : "";
    const rest = sign ? body.slice(1) : body;
    const prefix = /^0[xXob]/.test(rest) ? rest.slice(0, 2) : "";
    return sign + prefix + "0".repeat(width - body.length) + rest.slice(prefix.length);
  }
  return " ".repeat(width - body.length) + body;
}

/** `fmt % args` for strings. */
export function printfFormat(fmt: string, args: unknown): string {
  const mapping = isDict(args) ? args : null;
  const list: unknown[] = Array.isArray(args) && isTuple(args) ? args.map(fromHost) : [args];
  let ai = 0;
  let usedMapping = false;
  const nextArg = (): unknown => {
    if (ai >= list.length) throw typeError("not enough arguments for format string");
    return list[ai++];
  };
  const out = new StringBuilder();
  for (let i = 0; i < fmt.length; i++) {
    // the text up to the next conversion goes in as one piece (a piece per character made `'x' * 10**6 % ()` a
    // million builder entries)
    const next = fmt.indexOf("%", i);
    if (next !== i) {
      out.add(next === -1 ? fmt.slice(i) : fmt.slice(i, next));
      if (next === -1) break;
      i = next;
    }
    i++;
    // a conversion is a step of its own: `('%s' * 10**6) % ((1,) * 10**6)` is a million of them
    chargeNode();
    if (fmt[i] === "s") {
      // the common bare `%s`: no key, flags, width or precision to parse
      const value = nextArg();
      const body = toStr(value); // first, as below: a strict undefined fails here
      out.add(value instanceof Undefined ? "" : body);
      checkCap(out.length);
      continue;
    }
    let key: string | null = null;
    if (fmt[i] === "(") {
      const end = fmt.indexOf(")", i);
      if (end === -1) throw typeError("incomplete format key");
      key = fmt.slice(i + 1, end);
      i = end + 1;
    }
    let flags = "";
    while ("#0- +".includes(fmt[i]) && i < fmt.length) flags += fmt[i++];
    let width = 0;
    if (fmt[i] === "*") {
      width = numVal(nextArg());
      i++;
    } else while (fmt[i] >= "0" && fmt[i] <= "9") width = width * 10 + Number(fmt[i++]);
    let precision: number | null = null;
    if (fmt[i] === ".") {
      i++;
      precision = 0;
      if (fmt[i] === "*") {
        precision = numVal(nextArg());
        i++;
      } else while (fmt[i] >= "0" && fmt[i] <= "9") precision = precision * 10 + Number(fmt[i++]);
    }
    while ("hlL".includes(fmt[i]) && i < fmt.length) i++;
    const conv = fmt[i];
    if (conv === undefined) throw typeError("incomplete format");
    if (conv === "%") {
      out.add("%");
      continue;
    }
    let value: unknown;
    if (key !== null) {
      if (!mapping) throw typeError("format requires a mapping");
      usedMapping = true;
      value = dictGet(mapping, key);
      if (value === undefined) throw typeError(`KeyError: '${key}'`);
    } else value = nextArg();
    const left = flags.includes("-");
    const zero = flags.includes("0") && !left;
    const sign = flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
    let body: string;
    switch (conv) {
      case "s":
      case "r":
      case "a": {
        body = conv === "s" ? toStr(value) : pyRepr(value);
        if (value instanceof Undefined && conv === "s") body = "";
        if (precision !== null) body = Array.from(body).slice(0, precision).join("");
        out.add(pad(body, width, left, false));
        continue;
      }
      case "d":
      case "i":
      case "u": {
        const n = toIntForFormat(value, conv);
        body = (n < 0 ? "-" : sign) + (typeof n === "bigint" ? bigStr(n < 0n ? -n : n) : intStr(Math.abs(n)));
        break;
      }
      case "x":
      case "X":
      case "o": {
        if (isFloat(value)) throw typeError(`%${conv} format: an integer is required, not float`);
        const n = toIntForFormat(value, conv);
        const neg = n < 0;
        if (typeof n === "bigint") chargePow2Base(bitsOf(n), conv === "o" ? 3 : 4);
        let digits = (neg ? -BigInt(n) : BigInt(n)).toString(conv === "o" ? 8 : 16);
        if (conv === "X") digits = digits.toUpperCase();
        if (flags.includes("#")) digits = (conv === "o" ? "0o" : conv === "x" ? "0x" : "0X") + digits;
        body = (neg ? "-" : sign) + digits;
        break;
      }
      case "f":
      case "F":
      case "e":
      case "E":
      case "g":
      case "G": {
        const x = toFloatForFormat(value, conv);
        const p = precision ?? 6;
        const upper = conv === "F" || conv === "E" || conv === "G";
        let s: string;
        if (!Number.isFinite(x)) s = floatSpecial(x, upper);
        else if (conv === "f" || conv === "F") s = pyFixed(x, p);
        else if (conv === "e" || conv === "E") s = expForm(x, p, upper);
        else s = generalForm(x, p, flags.includes("#"), upper);
        body = s.startsWith("-") ? s : sign + s;
        break;
      }
      case "c":
        body = typeof value === "string" ? value : String.fromCodePoint(numVal(value));
        out.add(pad(body, width, left, false));
        continue;
      default:
        throw typeError(`unsupported format character '${conv}' (0x${conv.charCodeAt(0).toString(16)}) at index ${i}`);
    }
    out.add(pad(body, width, left, zero));
    checkCap(out.length);
  }
  // like CPython, any argument with __getitem__ (list, dict, Undefined; not tuple or str) counts as a mapping here
  const subscriptable = mapping !== null || (Array.isArray(args) && !isTuple(args)) || args instanceof Undefined;
  if (!subscriptable && ai < list.length) throw typeError("not all arguments converted during string formatting");
  void usedMapping;
  return out.toString();
}

// ---------------------------------------------------------------- str.format

interface Spec {
  fill: string;
  align: string;
  sign: string;
  alt: boolean;
  zero: boolean;
  width: number;
  grouping: string;
  precision: number | null;
  type: string;
}

function parseSpec(spec: string): Spec {
  const m = /^(?:(.)?([<>=^]))?([+\- ])?(z)?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/su.exec(spec);
  if (!m) throw typeError(`Invalid format specifier '${spec}'`);
  return {
    fill: m[1] ?? (m[6] && !m[2] ? "0" : " "),
    align: m[2] ?? (m[6] ? "=" : ""),
    sign: m[3] ?? "-",
    alt: !!m[5],
    zero: !!m[6],
    width: m[7] ? Number(m[7]) : 0,
    grouping: m[8] ?? "",
    precision: m[9] !== undefined ? Number(m[9]) : null,
    type: m[10] ?? "",
  };
}

function group(intPart: string, sep: string): string {
  return sep ? intPart.replace(/\B(?=(\d{3})+(?!\d))/g, sep) : intPart;
}

/** The first `n` code points of `s` (a UTF-16 slice unless astral characters make them differ). */
function cpPrefix(s: string, n: number): string {
  if (!hasSurrogates(s)) return s.slice(0, n);
  let i = 0;
  for (let k = 0; k < n && i < s.length; k++) {
    const c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    i += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
  }
  return s.slice(0, i);
}

/** Python format(value, spec). */
export function formatValue(value: unknown, spec: string): string {
  if (spec === "") return toStr(value);
  const s = parseSpec(spec);
  let body: string;
  let numeric = false;
  if (typeof value === "string" || value instanceof Markup || value === null || value instanceof Undefined) {
    if (s.type && s.type !== "s") throw typeError(`Unknown format code '${s.type}' for object of type 'str'`);
    body = toStr(value);
    if (s.precision !== null) body = cpPrefix(body, s.precision);
  } else if (isNumber(value)) {
    numeric = true;
    const x = numVal(value);
    const t = s.type || (isFloat(value) || value instanceof PyFloat ? "r" : "d");
    const neg = x < 0 || Object.is(x, -0);
    const ax = Math.abs(x);
    // a bigint keeps its exact digits (as a double it would round, or be Infinity beyond 1e308)
    const big = typeof value === "bigint" ? (value < 0n ? -value : value) : null;
    let digits: string;
    switch (t) {
      case "d":
      case "n":
        if (isFloat(value)) throw typeError("Unknown format code 'd' for object of type 'float'");
        digits = group(big === null ? intStr(ax) : bigStr(big), s.grouping);
        break;
      case "x":
      case "X":
      case "o":
      case "b":
        if (big !== null) chargePow2Base(bitsOf(big), t === "o" ? 3 : t === "b" ? 1 : 4);
        digits = (big ?? Math.trunc(ax)).toString(t === "o" ? 8 : t === "b" ? 2 : 16);
        if (t === "X") digits = digits.toUpperCase();
        if (s.alt) digits = `0${t === "X" ? "X" : t}${digits}`;
        break;
      case "c":
        digits = String.fromCodePoint(ax);
        break;
      case "f":
      case "F": {
        const f = pyFixed(ax, s.precision ?? 6);
        const [ip, fp] = f.split(".");
        digits = group(ip, s.grouping) + (fp !== undefined ? `.${fp}` : s.alt ? "." : "");
        break;
      }
      case "e":
      case "E":
        digits = expForm(ax, s.precision ?? 6, t === "E");
        break;
      case "g":
      case "G":
        digits = generalForm(ax, s.precision ?? 6, s.alt, t === "G");
        break;
      case "%": {
        digits = `${pyFixed(ax * 100, s.precision ?? 6)}%`;
        break;
      }
      default: {
        // no type: str() for ints, repr-like for floats (with precision: like 'g' but keeps one decimal)
        if (s.precision !== null) {
          digits = generalForm(ax, s.precision, s.alt, false);
          if (!/[.e]/.test(digits) && Number.isFinite(ax)) digits += ".0";
        } else digits = isFloat(value) ? floatRepr(ax) : big === null ? intStr(ax) : bigStr(big);
        if (s.grouping) {
          const [ip, fp] = digits.split(".");
          digits = group(ip, s.grouping) + (fp !== undefined ? `.${fp}` : "");
        }
      }
    }
    body = (neg && !(x === 0 && !isFloat(value)) ? "-" : s.sign === "-" ? "" : s.sign) + digits;
  } else {
    if (s.type) throw typeError(`Unsupported format string passed to ${typeName(value)}.__format__`);
    body = toStr(value);
  }
  // measured in place (a list of the code points of a 30 M string would be 240 MB), and the padded size is
  // checked before the fill is built
  const len = strLen(body);
  if (len >= s.width) return body;
  const fillN = s.width - len;
  checkSize(body.length + fillN * s.fill.length);
  const align = s.align || (numeric ? ">" : "<");
  if (align === "<") return body + s.fill.repeat(fillN);
  if (align === ">") return s.fill.repeat(fillN) + body;
  if (align === "^") return s.fill.repeat(Math.floor(fillN / 2)) + body + s.fill.repeat(Math.ceil(fillN / 2));
  const signCh = /^[+\- ]/.test(body) ? body[0] : "";
  return signCh + s.fill.repeat(fillN) + body.slice(signCh.length);
}

/** Python str.format(*args, **kwargs); `getField` resolves `.attr` / `[key]` through the sandbox. */
export function strFormat(
  fmt: string,
  args: unknown[],
  kwargs: Map<string, unknown> | null,
  getField: (obj: unknown, key: string | number, isAttr: boolean) => unknown,
): string {
  const out = new StringBuilder();
  let auto = 0;
  for (let i = 0; i < fmt.length; i++) {
    const ch = fmt[i];
    if (ch === "}") {
      if (fmt[i + 1] === "}") {
        out.add("}");
        i++;
        continue;
      }
      throw typeError("Single '}' encountered in format string");
    }
    if (ch !== "{") {
      out.add(ch);
      continue;
    }
    if (fmt[i + 1] === "{") {
      out.add("{");
      i++;
      continue;
    }
    let depth = 1;
    let j = i + 1;
    while (j < fmt.length && depth > 0) {
      if (fmt[j] === "{") depth++;
      else if (fmt[j] === "}") depth--;
      if (depth > 0) j++;
    }
    if (depth > 0) throw typeError("expected '}' before end of string");
    const field = fmt.slice(i + 1, j);
    i = j;
    let rest = field;
    let specPart = "";
    let conv = "";
    const colon = rest.indexOf(":");
    if (colon !== -1) {
      specPart = rest.slice(colon + 1);
      rest = rest.slice(0, colon);
    }
    const bang = rest.indexOf("!");
    if (bang !== -1) {
      conv = rest.slice(bang + 1);
      rest = rest.slice(0, bang);
    }
    const m = /^([^.[]*)(.*)$/s.exec(rest) ?? ["", rest, ""];
    let value: unknown;
    if (m[1] === "") {
      if (auto >= args.length) throw typeError(`Replacement index ${auto} out of range for positional args tuple`);
      value = args[auto++];
    } else if (/^\d+$/.test(m[1])) {
      const idx = Number(m[1]);
      if (idx >= args.length) throw typeError(`Replacement index ${idx} out of range for positional args tuple`);
      value = args[idx];
    } else {
      value = kwargs?.get(m[1]);
      if (value === undefined) throw typeError(`KeyError: '${m[1]}'`);
    }
    const re = /\.([^.[]+)|\[([^\]]*)\]/gy;
    re.lastIndex = 0;
    let mm: RegExpExecArray | null = re.exec(m[2]);
    while (mm !== null) {
      if (mm[1] !== undefined) value = getField(value, mm[1], true);
      else value = getField(value, /^\d+$/.test(mm[2]) ? Number(mm[2]) : mm[2], false);
      mm = re.exec(m[2]);
    }
    if (conv === "r") value = pyRepr(value);
    else if (conv === "s") value = toStr(value);
    else if (conv === "a") value = pyRepr(value);
    const spec = specPart.includes("{") ? strFormat(specPart, args.slice(auto), kwargs, getField) : specPart;
    out.add(formatValue(value, spec));
    checkCap(out.length);
  }
  return out.toString();
}
