// The built-in filters of Jinja2 (with the chat-template `tojson`), as a name → function table.
import { typeError } from "../errors.js";
import { getAttr } from "./access.js";
import { bind, REQUIRED } from "./args.js";
import { joinChecked } from "./charge.js";
import {
  attrGetter,
  doIndent,
  doTitle,
  doTruncate,
  keepMarkup,
  lowerIfStr,
  pyLen,
  pyRound,
  pySorted,
  softStr,
  sortKeyFn,
  toFloat,
  toInt,
} from "./filter-helpers.js";
import { EXTRA_FILTERS } from "./filters-extra.js";
import { printfFormat } from "./format.js";
import { dumps } from "./json.js";
import { chargeNode, checkEntries, checkItems, checkSize } from "./limits.js";
import { replaceStr } from "./methods.js";
import { add, escapeValue, iterate } from "./ops.js";
import { chargeSort } from "./sort.js";
import { pyCapitalize, pyStrip } from "./strings.js";
import {
  codePoints,
  dictEntries,
  dictSizeBound,
  fromHost,
  isDict,
  isNumber,
  isTuple,
  type Kwargs,
  Markup,
  namedTuple,
  numVal,
  PyFloat,
  PyIterator,
  pyCompare,
  pyEq,
  strLen,
  toStr,
  truthy,
  tuple,
  typeName,
  Undefined,
} from "./values.js";

export interface FilterEnv {
  autoescape: boolean;
  random: () => number;
  callFilter(name: string, value: unknown, args: unknown[], kw: Kwargs): unknown;
  callTest(name: string, value: unknown, args: unknown[], kw: Kwargs): boolean;
}
export type FilterFn = (value: unknown, args: unknown[], kw: Kwargs, env: FilterEnv) => unknown;

const gen = (items: unknown[]): PyIterator => new PyIterator(() => items, "generator");

/** Jinja2 implements these filters as generators: nothing runs (and nothing fails) until the result is used. */
function lazy(fn: FilterFn): FilterFn {
  return (v, a, k, env) =>
    new PyIterator(() => {
      const r = fn(v, a, k, env);
      return r instanceof PyIterator ? r.take() : (r as unknown[]);
    }, "generator");
}
const LAZY = new Set(["batch", "items", "map", "select", "reject", "selectattr", "rejectattr", "slice", "unique"]);
/** Jinja2's soft_str: Markup stays Markup, everything else becomes a str. */
function selectOrReject(
  value: unknown,
  args: unknown[],
  kw: Kwargs,
  env: FilterEnv,
  lookupAttr: boolean,
  modfunc: boolean,
): PyIterator {
  // Jinja2's select_or_reject starts with `if value:`, so None or an empty value selects nothing
  if (!truthy(value)) return gen([]);
  const items = iterate(value).map(fromHost);
  let rest = args;
  let transform = (v: unknown): unknown => v;
  if (lookupAttr) {
    if (!rest.length) throw typeError("Missing parameter for attribute name");
    transform = attrGetter(rest[0]);
    rest = rest.slice(1);
  }
  let test: (v: unknown) => boolean;
  if (rest.length) {
    const name = toStr(rest[0]);
    const targs = rest.slice(1);
    test = (v) => env.callTest(name, v, targs, kw);
  } else test = truthy;
  return gen(items.filter((x) => test(transform(x)) === modfunc));
}

function minMax(value: unknown, args: unknown[], kw: Kwargs, name: string, wantMax: boolean): unknown {
  const [caseSensitive, attribute] = bind(name, args, kw, ["case_sensitive", "attribute"], [false, null]);
  const items = iterate(value).map(fromHost);
  if (!items.length) return new Undefined(null, undefined, "No aggregated item, sequence was empty.");
  const key = sortKeyFn(caseSensitive, attribute);
  let best = items[0];
  let bestKey = key(best);
  for (let i = 1; i < items.length; i++) {
    const k = key(items[i]);
    const c = pyCompare(k, bestKey, wantMax ? "gt" : "lt");
    if (wantMax ? c > 0 : c < 0) {
      best = items[i];
      bestKey = k;
    }
  }
  return best;
}

const FILTERS: [string, FilterFn][] = [
  [
    "abs",
    (v) => {
      if (typeof v === "number") return Math.abs(v);
      if (v instanceof PyFloat) return new PyFloat(Math.abs(v.v));
      if (typeof v === "boolean") return v ? 1 : 0;
      if (typeof v === "bigint") return v < 0n ? -v : v;
      throw typeError(`bad operand type for abs(): '${typeName(v)}'`);
    },
  ],
  [
    "attr",
    (v, a, k) => {
      const [name] = bind("do_attr", a, k, ["name"], [REQUIRED]);
      if (isDict(v)) {
        const got = getAttr(new Map(), toStr(name));
        return got instanceof Undefined ? new Undefined(toStr(name), v) : getAttr(v, toStr(name));
      }
      return getAttr(v, toStr(name));
    },
  ],
  [
    "batch",
    (v, a, k) => {
      const [count, fill] = bind("do_batch", a, k, ["linecount", "fill_with"], [REQUIRED, null]);
      const n = numVal(count);
      const items = iterate(v).map(fromHost);
      const out: unknown[][] = [];
      checkItems(items.length);
      for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
      const last = out[out.length - 1];
      if (last && fill !== null && last.length < n) {
        checkItems(n - last.length); // the fill of `batch(10**9, fill)` is sized before it is built
        while (last.length < n) last.push(fill);
      }
      return gen(out);
    },
  ],
  ["capitalize", (v) => keepMarkup(v, pyCapitalize(softStr(v)))],
  [
    "center",
    (v, a, k) => {
      const [width] = bind("do_center", a, k, ["width"], [80]);
      const s = softStr(v);
      const w = numVal(width);
      const len = strLen(s);
      if (w <= len) return s;
      checkSize(w);
      const total = w - len;
      const left = Math.floor(total / 2) + (total & w & 1);
      return " ".repeat(left) + s + " ".repeat(total - left);
    },
  ],
  ["count", (v) => pyLen(v)],
  [
    "default",
    (v, a, k) => {
      const [dflt, boolean] = bind("do_default", a, k, ["default_value", "boolean"], ["", false]);
      return v instanceof Undefined || (truthy(boolean) && !truthy(v)) ? dflt : v;
    },
  ],
  [
    "dictsort",
    (v, a, k) => {
      const [cs, by, reverse] = bind("do_dictsort", a, k, ["case_sensitive", "by", "reverse"], [false, "key", false]);
      if (v instanceof Undefined) v.fail();
      if (!isDict(v)) throw typeError(`'${typeName(v)}' object has no attribute 'items'`);
      const pos = by === "key" ? 0 : by === "value" ? 1 : -1;
      if (pos < 0) throw typeError("You can only sort by either 'key' or 'value'");
      // every entry is read into a new tuple (a host object with 100,000 keys: ~500 ns an entry) before the sort
      const n = dictSizeBound(v);
      checkEntries(n);
      chargeSort(n); // before the entries are read: a sort too big for the budget costs nothing
      const entries = dictEntries(v).map((e) => tuple([e[0], e[1]]));
      const post = truthy(cs) ? (x: unknown) => x : lowerIfStr;
      return pySorted(entries, (e) => post((e as unknown[])[pos]), truthy(reverse), true);
    },
  ],
  ["escape", (v) => (v instanceof Markup ? v : new Markup(escapeValue(v)))],
  [
    "first",
    (v) => {
      if (v instanceof PyIterator) {
        const x = v.next();
        return x !== undefined ? x : new Undefined(null, undefined, "No first item, sequence was empty.");
      }
      const items = iterate(v);
      return items.length ? fromHost(items[0]) : new Undefined(null, undefined, "No first item, sequence was empty.");
    },
  ],
  [
    "float",
    (v, a, k) => {
      const [dflt] = bind("do_float", a, k, ["default"], [new PyFloat(0)]);
      return toFloat(v, dflt);
    },
  ],
  ["forceescape", (v) => new Markup(escapeValue(toStr(v)))],
  [
    "format",
    (v, a, k) => {
      if (a.length && k?.size) throw typeError("can't handle positional and keyword arguments at the same time");
      return printfFormat(softStr(v), k?.size ? k : tuple(a));
    },
  ],
  [
    "groupby",
    (v, a, k) => {
      const [attribute, dflt, cs] = bind(
        "do_groupby",
        a,
        k,
        ["attribute", "default", "case_sensitive"],
        [REQUIRED, null, false],
      );
      const getter = attrGetter(attribute, truthy(cs) ? undefined : lowerIfStr, dflt);
      const items = pySorted(iterate(v).map(fromHost), getter, false);
      const groups: [unknown, unknown[]][] = [];
      for (const item of items) {
        const key = getter(item);
        const last = groups[groups.length - 1];
        if (last && pyEq(last[0], key)) last[1].push(item);
        else groups.push([key, [item]]);
      }
      const raw = attrGetter(attribute, undefined, dflt);
      return groups.map(([key, list]) => namedTuple([truthy(cs) ? key : raw(list[0]), list], ["grouper", "list"]));
    },
  ],
  [
    "indent",
    (v, a, k) => {
      const [width, first, blank] = bind("do_indent", a, k, ["width", "first", "blank"], [4, false, false]);
      return doIndent(v, width, first, blank);
    },
  ],
  [
    "int",
    (v, a, k) => {
      const [dflt, base] = bind("do_int", a, k, ["default", "base"], [0, 10]);
      return toInt(v, dflt, numVal(base));
    },
  ],
  [
    "items",
    (v) => {
      if (v instanceof Undefined) return gen([]);
      if (!isDict(v)) throw typeError("Can only get item pairs from a mapping.");
      return gen(dictEntries(v).map((e) => tuple([e[0], e[1]])));
    },
  ],
  [
    "join",
    (v, a, k, env) => {
      const [d, attribute] = bind("do_join", a, k, ["d", "attribute"], ["", null]);
      let items = iterate(v).map(fromHost);
      if (attribute !== null) items = items.map(attrGetter(attribute));
      if (env.autoescape) {
        // under autoescape, join escapes what is not already Markup and returns Markup
        return new Markup(joinChecked(items.map(escapeValue), escapeValue(d)));
      }
      return joinChecked(items.map(softStr), softStr(d));
    },
  ],
  [
    "last",
    (v) => {
      if (v instanceof PyIterator) throw typeError(`'${v.typeName}' object is not reversible`);
      const items = iterate(v);
      return items.length
        ? fromHost(items[items.length - 1])
        : new Undefined(null, undefined, "No last item, sequence was empty.");
    },
  ],
  ["length", (v) => pyLen(v)],
  ["list", (v) => iterate(v).map(fromHost)],
  ["lower", (v) => keepMarkup(v, softStr(v).toLowerCase())],
  [
    "map",
    (v, a, k, env) => {
      if (!truthy(v)) return gen([]); // sync_do_map starts with `if value:`
      const items = iterate(v).map(fromHost);
      if (!a.length && k !== null && k.has("attribute")) {
        const rest = new Map(k);
        const attribute = rest.get("attribute");
        rest.delete("attribute");
        const dflt = rest.get("default");
        rest.delete("default");
        if (rest.size) throw typeError(`Unexpected keyword argument '${[...rest.keys()][0]}'`);
        return gen(items.map(attrGetter(attribute, undefined, dflt)));
      }
      if (!a.length) throw typeError("map requires a filter argument");
      const name = toStr(a[0]);
      const fargs = a.slice(1);
      return gen(items.map((x) => env.callFilter(name, x, fargs, k)));
    },
  ],
  ["max", (v, a, k) => minMax(v, a, k, "do_max", true)],
  ["min", (v, a, k) => minMax(v, a, k, "do_min", false)],
  [
    "random",
    (v, _a, _k, env) => {
      const items = iterate(v);
      if (!items.length) return new Undefined(null, undefined, "No random item, sequence was empty.");
      return fromHost(items[Math.floor(env.random() * items.length)]);
    },
  ],
  ["reject", (v, a, k, env) => selectOrReject(v, a, k, env, false, false)],
  ["rejectattr", (v, a, k, env) => selectOrReject(v, a, k, env, true, false)],
  [
    "replace",
    (v, a, k) => {
      const [old, rep, count] = bind("do_replace", a, k, ["old", "new", "count"], [REQUIRED, REQUIRED, null]);
      return keepMarkup(v, replaceStr(softStr(v), toStr(old), toStr(rep), count === null ? -1 : numVal(count)));
    },
  ],
  [
    "reverse",
    (v) => {
      if (typeof v === "string" || v instanceof Markup) return keepMarkup(v, codePoints(softStr(v)).reverse().join(""));
      if (Array.isArray(v))
        return new PyIterator(() => v.map(fromHost).reverse(), isTuple(v) ? "reversed" : "list_reverseiterator");
      if (v instanceof Map || isDict(v)) return new PyIterator(() => iterate(v).reverse(), "dict_reversekeyiterator");
      return iterate(v).map(fromHost).reverse();
    },
  ],
  [
    "round",
    (v, a, k) => {
      const [precision, method] = bind("do_round", a, k, ["precision", "method"], [0, "common"]);
      if (!isNumber(v)) throw typeError(`type ${typeName(v)} doesn't define __round__ method`);
      return pyRound(v, numVal(precision), toStr(method));
    },
  ],
  ["safe", (v) => (v instanceof Markup ? v : new Markup(toStr(v)))],
  ["select", (v, a, k, env) => selectOrReject(v, a, k, env, false, true)],
  ["selectattr", (v, a, k, env) => selectOrReject(v, a, k, env, true, true)],
  [
    "slice",
    (v, a, k) => {
      const [slices, fill] = bind("do_slice", a, k, ["slices", "fill_with"], [REQUIRED, null]);
      const seq = iterate(v).map(fromHost);
      const n = numVal(slices);
      checkItems(n + seq.length); // `slice(10**9)` makes that many lists
      const per = Math.floor(seq.length / n);
      const extra = seq.length % n;
      let offset = 0;
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const start = offset + i * per;
        if (i < extra) offset++;
        const end = offset + (i + 1) * per;
        const part = seq.slice(start, end);
        if (fill !== null && i >= extra) part.push(fill);
        out.push(part);
      }
      return gen(out);
    },
  ],
  [
    "sort",
    (v, a, k) => {
      const [reverse, cs, attribute] = bind(
        "do_sort",
        a,
        k,
        ["reverse", "case_sensitive", "attribute"],
        [false, false, null],
      );
      return pySorted(iterate(v).map(fromHost), sortKeyFn(cs, attribute), truthy(reverse));
    },
  ],
  ["string", (v) => (v instanceof Markup ? v : toStr(v))],
  [
    "sum",
    (v, a, k) => {
      const [attribute, start] = bind("do_sum", a, k, ["attribute", "start"], [null, 0]);
      let items = iterate(v).map(fromHost);
      if (attribute !== null) items = items.map(attrGetter(attribute));
      let total: unknown = start;
      for (const x of items) total = addForSum(total, x);
      return total;
    },
  ],
  ["title", (v) => keepMarkup(v, doTitle(softStr(v)))],
  [
    "tojson",
    (v, a, k) => {
      const [ensureAscii, indent, separators, sortKeys] = bind(
        "tojson",
        a,
        k,
        ["ensure_ascii", "indent", "separators", "sort_keys"],
        [false, null, null, false],
      );
      const ind =
        indent === null || indent === undefined
          ? null
          : typeof indent === "string"
            ? indent
            : " ".repeat(Math.max(0, numVal(indent)));
      let itemSep = ind === null ? ", " : ",";
      let keySep = ": ";
      if (separators !== null) {
        const seps = iterate(separators);
        if (seps.length !== 2) throw typeError(`not enough values to unpack (expected 2, got ${seps.length})`);
        itemSep = toStr(seps[0]);
        keySep = toStr(seps[1]);
      }
      return dumps(v, { ensureAscii: truthy(ensureAscii), indent: ind, itemSep, keySep, sortKeys: truthy(sortKeys) });
    },
  ],
  [
    "trim",
    (v, a, k) => {
      const [chars] = bind("do_trim", a, k, ["chars"], [null]);
      return keepMarkup(v, pyStrip(softStr(v), chars === null ? null : toStr(chars), true, true));
    },
  ],
  [
    "truncate",
    (v, a, k) => {
      const [length, killwords, end, leeway] = bind(
        "do_truncate",
        a,
        k,
        ["length", "killwords", "end", "leeway"],
        [255, false, "...", null],
      );
      return doTruncate(v, numVal(length), truthy(killwords), toStr(end), leeway === null ? 5 : numVal(leeway));
    },
  ],
  [
    "unique",
    (v, a, k) => {
      const [cs, attribute] = bind("do_unique", a, k, ["case_sensitive", "attribute"], [false, null]);
      const key = sortKeyFn(cs, attribute);
      // a set of hash keys, as CPython's `seen` set: linear, where a search of the items seen so far was quadratic
      const seen = new Set<string>();
      const others: unknown[] = []; // keys without a hash string (NaN, engine objects): compared one by one
      const out: unknown[] = [];
      const memo = new Map<unknown[], string | null>();
      for (const x of iterate(v).map(fromHost)) {
        const kx = key(x);
        if ((Array.isArray(kx) && !isTuple(kx)) || isDict(kx)) throw typeError(`unhashable type: '${typeName(kx)}'`);
        const h = hashKey(kx, memo);
        if (h === null ? others.some((s) => pyEq(s, kx)) : seen.has(h)) continue;
        if (h === null) others.push(kx);
        else seen.add(h);
        out.push(x);
      }
      return gen(out);
    },
  ],
  ["upper", (v) => keepMarkup(v, softStr(v).toUpperCase())],
  [
    "wordcount",
    (v) => {
      // count matches without building the list of words (a 30 M text would make a list of millions)
      const re = /[\p{L}\p{N}_]+/gu;
      const s = softStr(v);
      let n = 0;
      while (re.exec(s) !== null) n++;
      return n;
    },
  ],
];

/**
 * A string equal for exactly the values Python's == (and hash) equates: 1, 1.0 and True share one; null if none.
 * A tuple's parts are length-prefixed rather than escaped: escaping again at every level made a key grow with the
 * nesting depth (each level doubled the backslashes), so the work was not the size of the key the charge saw.
 * Each key is sized before it is joined: the walk costs what it builds, and a shared structure (2^60 nodes behind
 * 60 pairs) stops at the size cap after a few levels instead of building keys of millions of characters.
 * `memo` holds the key of each tuple already seen in this `unique` call, so a shared tuple is walked once.
 */
function hashKey(v: unknown, memo: Map<unknown[], string | null>): string | null {
  if (typeof v === "string") return `s${v}`;
  if (v instanceof Markup) return `s${v.s}`;
  if (v === null || v === undefined) return "none";
  if (typeof v === "bigint") return `n${v}`;
  if (isNumber(v)) {
    const x = numVal(v);
    if (Number.isNaN(x)) return null;
    return Number.isInteger(x) ? `n${Number.isSafeInteger(x) ? String(x) : BigInt(x).toString()}` : `n${x}`;
  }
  if (Array.isArray(v) && isTuple(v)) {
    const known = memo.get(v);
    if (known !== undefined) return known;
    chargeNode();
    const parts: string[] = [];
    let total = 2;
    for (const item of v) {
      const h = hashKey(item, memo);
      if (h === null) {
        memo.set(v, null);
        return null;
      }
      const prefix = `${h.length}:`;
      total += prefix.length + h.length;
      parts.push(prefix, h);
    }
    checkSize(total);
    const key = `t(${parts.join("")})`;
    memo.set(v, key);
    return key;
  }
  return null;
}

function addForSum(a: unknown, b: unknown): unknown {
  if (typeof a === "string" || a instanceof Markup)
    throw typeError("sum() can't sum strings [use ''.join(seq) instead]");
  return add(a, b);
}

// Filters that take only the value: extra arguments are a TypeError, as in Python.
const VALUE_ONLY: Record<string, string> = {
  abs: "do_abs",
  capitalize: "do_capitalize",
  count: "do_count",
  escape: "escape",
  first: "do_first",
  forceescape: "do_forceescape",
  last: "do_last",
  length: "len",
  list: "do_list",
  lower: "do_lower",
  pprint: "do_pprint",
  reverse: "do_reverse",
  safe: "do_mark_safe",
  string: "soft_str",
  striptags: "do_striptags",
  title: "do_title",
  upper: "do_upper",
  wordcount: "do_wordcount",
  random: "do_random",
};

function valueOnly(name: string, fn: FilterFn): FilterFn {
  return (v, a, k, env) => {
    if (k?.size) throw typeError(`${name}() got an unexpected keyword argument '${[...k.keys()][0]}'`);
    if (a.length) throw typeError(`${name}() takes 1 positional argument but ${a.length + 1} were given`);
    return fn(v, a, k, env);
  };
}

export const FILTER_TABLE: Map<string, FilterFn> = new Map(
  [...FILTERS, ...EXTRA_FILTERS].map(([name, fn]) => [
    name,
    VALUE_ONLY[name] ? valueOnly(VALUE_ONLY[name], fn) : LAZY.has(name) ? lazy(fn) : fn,
  ]),
);
FILTER_TABLE.set("d", FILTER_TABLE.get("default") as FilterFn);
FILTER_TABLE.set("e", FILTER_TABLE.get("escape") as FilterFn);
