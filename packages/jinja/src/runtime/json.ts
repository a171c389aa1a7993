// Python json.dumps (the chat-template `tojson`) and parseJSON, which keeps what JSON.parse loses.
import { typeError } from "../errors.js";
import { active, chargeNode, checkCap, checkSize } from "./limits.js";
import { chargeSort, pySortByKey } from "./sort.js";
import {
  bigStr,
  dictEntries,
  dictSizeBound,
  floatRepr,
  fromHost,
  intStr,
  isDict,
  Markup,
  PyFloat,
  typeName,
  Undefined,
  viewOf,
} from "./values.js";

export interface DumpOptions {
  ensureAscii: boolean;
  indent: string | null;
  itemSep: string;
  keySep: string;
  sortKeys: boolean;
}

const ESC: Record<string, string> = {
  '"': '\\"',
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\b": "\\b",
  "\f": "\\f",
};

/** The length of `jsonString(s)`, to refuse a string whose escapes would exceed the size cap before building it. */
function escapedJsonLength(s: string, ensureAscii: boolean): number {
  let n = s.length + 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 34 || c === 92 || c === 8 || c === 9 || c === 10 || c === 12 || c === 13) n += 1;
    else if (c < 32 || (ensureAscii && c > 126)) n += 5;
  }
  return n;
}

export function jsonString(s: string, ensureAscii: boolean): string {
  if (s.length > 65_536) checkSize(escapedJsonLength(s, ensureAscii));
  const re = ensureAscii ? /["\\\x00-\x1f\u007f-\uffff]/g : /["\\\x00-\x1f]/g;
  return `"${s.replace(re, (c) => {
    const e = ESC[c];
    if (e !== undefined) return e;
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  })}"`;
}

function floatJson(n: number): string {
  if (Number.isNaN(n)) return "NaN";
  if (n === Number.POSITIVE_INFINITY) return "Infinity";
  if (n === Number.NEGATIVE_INFINITY) return "-Infinity";
  return floatRepr(n);
}

function keyString(k: unknown): string {
  if (typeof k === "string") return k;
  if (k instanceof Markup) return k.s;
  if (typeof k === "number") return Number.isInteger(k) ? intStr(k) : floatJson(k);
  if (k instanceof PyFloat) return floatJson(k.v);
  if (typeof k === "bigint") return bigStr(k);
  if (k === true) return "true";
  if (k === false) return "false";
  if (k === null) return "null";
  throw typeError(`keys must be str, int, float, bool or None, not ${typeName(k)}`);
}

const NEEDS_JSON_ESCAPE = /["\\\x00-\x1f]/;
const NEEDS_ASCII_ESCAPE = /["\\\x00-\x1f\u007f-\uffff]/;

function jsonStr(s: string, ensureAscii: boolean): string {
  if (s.length > 64) {
    return (ensureAscii ? NEEDS_ASCII_ESCAPE : NEEDS_JSON_ESCAPE).test(s) ? jsonString(s, ensureAscii) : `"${s}"`;
  }
  const max = ensureAscii ? 126 : 0xffff;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || c > max) return jsonString(s, ensureAscii);
  }
  return `"${s}"`;
}

/**
 * Steps per list item and per dict entry encoded, beyond the node's own step: an item costs about 150 ns and an
 * entry (a key string, its escapes, the separators) about 600 ns, where a step is budgeted at ~125 ns. A shared
 * structure of 2^40 dict nodes spent 2 s of CPU on its 2 M one-step nodes before this.
 */
const JSON_ITEM_STEPS = 1.25;
const JSON_ENTRY_STEPS = 5;

/** Python json.dumps; writes into one string (no intermediate arrays) since chat templates call it a lot. */
/** Python json.dumps; a class (not closures) so a call allocates nothing but its output. */
class JsonEncoder {
  private readonly stack: unknown[] = [];
  private readonly indents: string[] = [];
  /**
   * The text of each list and dict already encoded at each nesting level (with an indent the text depends on the
   * level): a structure holding the same list twice at every level (2^40 leaves from 40 objects) is encoded once
   * per object, as a rope sharing its parts, and the size cap stops it, where a walk of every leaf spent the whole
   * step budget.
   */
  private readonly done: Map<object, string>[] = [];

  constructor(private readonly o: DumpOptions) {}

  private nl(level: number): string {
    let s = this.indents[level];
    if (s === undefined) {
      s = `\n${(this.o.indent as string).repeat(level)}`;
      this.indents[level] = s;
    }
    return s;
  }

  enc(v: unknown, level: number): string {
    const o = this.o;
    switch (typeof v) {
      case "string":
        return jsonStr(v, o.ensureAscii);
      case "number":
        return Number.isInteger(v) ? intStr(v) : floatJson(v);
      case "boolean":
        return v ? "true" : "false";
      case "bigint":
        return bigStr(v);
    }
    if (v === null || v === undefined) return "null";
    if (v instanceof PyFloat) return floatJson(v.v);
    if (v instanceof Markup) return jsonStr(v.s, o.ensureAscii);
    const isArr = Array.isArray(v);
    if (isArr && viewOf(v) !== undefined) throw typeError(`Object of type ${typeName(v)} is not JSON serializable`);
    if (!isArr && !isDict(v)) {
      throw typeError(`Object of type ${v instanceof Undefined ? "Undefined" : typeName(v)} is not JSON serializable`);
    }
    this.done[level] ??= new Map();
    const done = this.done[level];
    const known = done.get(v);
    if (known !== undefined) return known;
    chargeNode();
    // Only deep structures can be cyclic in practice; look for a cycle once the nesting gets suspicious.
    const stack = this.stack;
    if (stack.length > 64 && stack.includes(v)) throw typeError("Circular reference detected");
    stack.push(v);
    const ind = o.indent;
    const inner = ind === null ? "" : this.nl(level + 1);
    let out: string;
    if (isArr) {
      const arr = v as unknown[];
      active.charge(arr.length * JSON_ITEM_STEPS);
      if (arr.length === 0) out = "[]";
      else {
        out = `[${inner}`;
        for (let i = 0; i < arr.length; i++) {
          if (i > 0) out += o.itemSep + inner;
          out += this.enc(fromHost(arr[i]), level + 1);
        }
        out += ind === null ? "]" : `${this.nl(level)}]`;
      }
    } else if (!(v instanceof Map) && !o.sortKeys) {
      // plain object: walk its keys directly (the common case for host contexts)
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj);
      active.charge(keys.length * JSON_ENTRY_STEPS);
      out = "";
      for (let i = 0; i < keys.length; i++) {
        const x = obj[keys[i]];
        if (x === undefined) continue;
        out +=
          (out === "" ? `{${inner}` : o.itemSep + inner) +
          jsonStr(keys[i], o.ensureAscii) +
          o.keySep +
          this.enc(x, level + 1);
      }
      out = out === "" ? "{}" : out + (ind === null ? "}" : `${this.nl(level)}}`);
    } else {
      // the entries and their sort are charged before a host object's 100,000 entries are read
      const n = dictSizeBound(v as Map<unknown, unknown>);
      active.charge(n * JSON_ENTRY_STEPS);
      if (o.sortKeys) chargeSort(n);
      let entries = dictEntries(v as Map<unknown, unknown>);
      if (o.sortKeys) entries = sortEntries(entries);
      if (entries.length === 0) out = "{}";
      else {
        out = `{${inner}`;
        for (let i = 0; i < entries.length; i++) {
          if (i > 0) out += o.itemSep + inner;
          const [k, x] = entries[i];
          out += jsonStr(keyString(k), o.ensureAscii) + o.keySep + this.enc(x, level + 1);
        }
        out += ind === null ? "}" : `${this.nl(level)}}`;
      }
    }
    stack.pop();
    if (out.length > 4096) checkCap(out.length);
    done.set(v, out);
    return out;
  }
}

export function dumps(value: unknown, o: DumpOptions): string {
  const result = new JsonEncoder(o).enc(value, 0);
  checkSize(result.length);
  return result;
}

function sortEntries(entries: [unknown, unknown][]): [unknown, unknown][] {
  // json.dumps sorts the items by key with Python's `<`
  return pySortByKey(entries, false, true);
}

// ---------------------------------------------------------------- parseJSON

const LITERALS: [string, unknown][] = [
  ["true", true],
  ["false", false],
  ["null", null],
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["-Infinity", Number.NEGATIVE_INFINITY],
];

class JsonParser {
  i = 0;
  constructor(readonly s: string) {}

  fail(msg: string): never {
    throw new SyntaxError(`${msg} at position ${this.i}`);
  }
  ws(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 10 || c === 13) this.i++;
      else break;
    }
  }
  value(depth: number): unknown {
    if (depth > 10000) this.fail("JSON nested too deeply");
    this.ws();
    const s = this.s;
    const c = s[this.i];
    if (c === "{") {
      this.i++;
      const m = new Map<string, unknown>();
      this.ws();
      if (s[this.i] === "}") {
        this.i++;
        return m;
      }
      for (;;) {
        this.ws();
        if (s[this.i] !== '"') this.fail("Expected property name");
        const k = this.string();
        this.ws();
        if (s[this.i] !== ":") this.fail("Expected ':'");
        this.i++;
        m.set(k, this.value(depth + 1));
        this.ws();
        if (s[this.i] === ",") {
          this.i++;
          continue;
        }
        if (s[this.i] === "}") {
          this.i++;
          return m;
        }
        this.fail("Expected ',' or '}'");
      }
    }
    if (c === "[") {
      this.i++;
      const a: unknown[] = [];
      this.ws();
      if (s[this.i] === "]") {
        this.i++;
        return a;
      }
      for (;;) {
        a.push(this.value(depth + 1));
        this.ws();
        if (s[this.i] === ",") {
          this.i++;
          continue;
        }
        if (s[this.i] === "]") {
          this.i++;
          return a;
        }
        this.fail("Expected ',' or ']'");
      }
    }
    if (c === '"') return this.string();
    for (const [word, value] of LITERALS) {
      if (s.startsWith(word, this.i)) {
        this.i += word.length;
        return value;
      }
    }
    const m = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    m.lastIndex = this.i;
    const r = m.exec(s);
    if (!r) this.fail("Unexpected token");
    this.i += r[0].length;
    if (r[1] !== undefined || r[2] !== undefined) {
      const n = Number(r[0]);
      return Number.isInteger(n) ? new PyFloat(n) : n;
    }
    const n = Number(r[0]);
    return Number.isSafeInteger(n) ? (Object.is(n, -0) ? 0 : n) : BigInt(r[0]);
  }
  string(): string {
    const s = this.s;
    const start = ++this.i;
    let end = start;
    while (end < s.length && s[end] !== '"' && s[end] !== "\\") end++;
    if (s[end] === '"') {
      this.i = end + 1;
      return s.slice(start, end);
    }
    // slow path with escapes
    let j = start;
    while (j < s.length && s[j] !== '"') j += s[j] === "\\" ? 2 : 1;
    if (j >= s.length) this.fail("Unterminated string");
    this.i = j + 1;
    return JSON.parse(s.slice(start - 1, j + 1)) as string;
  }
}

/** Parses JSON into engine values: objects become insertion-ordered Maps, `2.0` stays a float. */
export function parseJSON(text: string): unknown {
  if (typeof text !== "string") throw new TypeError("parseJSON expects a string");
  const p = new JsonParser(text);
  const v = p.value(0);
  p.ws();
  if (p.i !== text.length) p.fail("Unexpected data after JSON value");
  return v;
}
