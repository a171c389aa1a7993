// Python methods of built-in values (str, dict, list/tuple), looked up by type on demand: values never carry
// method tables. The ImmutableSandbox's mutating methods are listed so that using them is a security error.
import { typeError } from "../errors.js";
import { bind, positional } from "./args.js";
import { joinChecked } from "./charge.js";
import { strFormat } from "./format.js";
import { checkEntries, checkSize } from "./limits.js";
import {
  cpIndex,
  occurrences,
  pyCapitalize,
  pyIsAlnum,
  pyIsAlpha,
  pyIsDigit,
  pyIsLower,
  pyIsNumeric,
  pyIsSpace,
  pyIsTitle,
  pyIsUpper,
  pySplit,
  pySplitlines,
  pyStrip,
  pyTitle,
} from "./strings.js";
import {
  asView,
  codePoints,
  dictEntries,
  dictGet,
  dictKeys,
  fromHost,
  isTuple,
  type Kwargs,
  Markup,
  numVal,
  pyEq,
  pyRepr,
  strLen,
  toStr,
  tuple,
  typeName,
} from "./values.js";

export type Method = (self: never, args: unknown[], kw: Kwargs) => unknown;
type StrMethod = (self: string, args: unknown[], kw: Kwargs) => unknown;

const optStr = (v: unknown, fname: string): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v === "string" || v instanceof Markup) return toStr(v);
  throw typeError(`${fname} arg must be None or str`);
};

const needStr = (v: unknown, what: string): string => {
  if (typeof v === "string" || v instanceof Markup) return toStr(v);
  throw typeError(`${what} must be str, not ${typeName(v)}`);
};

function affixTest(self: string, args: unknown[], kw: Kwargs, name: string, ends: boolean): boolean {
  positional(name, args, kw, 1, 3);
  const cps = args.length > 1 ? codePoints(self) : null;
  let s = self;
  if (cps) {
    const start = args[1] === null ? 0 : numVal(args[1]);
    const end = args.length > 2 && args[2] !== null ? numVal(args[2]) : cps.length;
    const norm = (i: number) => (i < 0 ? Math.max(0, i + cps.length) : Math.min(i, cps.length));
    s = cps.slice(norm(start), norm(end)).join("");
  }
  const test = (p: unknown) => {
    if (typeof p !== "string" && !(p instanceof Markup)) {
      throw typeError(`${name} first arg must be str or a tuple of str, not ${typeName(p)}`);
    }
    return ends ? s.endsWith(toStr(p)) : s.startsWith(toStr(p));
  };
  const p = args[0];
  if (Array.isArray(p) && isTuple(p)) return p.some(test);
  return test(p);
}

function findIn(self: string, args: unknown[], kw: Kwargs, name: string, fromRight: boolean): number {
  positional(name, args, kw, 1, 3);
  const sub = needStr(args[0], "must be str, not");
  const cps = codePoints(self);
  const norm = (v: unknown, dflt: number) => {
    if (v === null || v === undefined) return dflt;
    const i = numVal(v);
    return i < 0 ? Math.max(0, i + cps.length) : Math.min(i, cps.length);
  };
  const start = norm(args[1], 0);
  const end = norm(args[2], cps.length);
  if (end < start) return -1;
  const hay = cps.slice(start, end).join("");
  const idx = fromRight ? hay.lastIndexOf(sub) : hay.indexOf(sub);
  return idx === -1 ? -1 : start + cpIndex(hay, idx);
}

function justify(self: string, args: unknown[], kw: Kwargs, name: string, how: "l" | "r" | "c"): string {
  positional(name, args, kw, 1, 2);
  const width = numVal(args[0]);
  const fill = args.length > 1 ? toStr(args[1]) : " ";
  if (strLen(fill) !== 1) throw typeError("The fill character must be exactly one character long");
  const len = strLen(self);
  if (width <= len) return self;
  checkSize(width);
  const total = width - len;
  if (how === "l") return self + fill.repeat(total);
  if (how === "r") return fill.repeat(total) + self;
  // CPython centers with the extra padding on the left when the width is odd and the length even, etc.
  const left = Math.floor(total / 2) + (total & width & 1);
  return fill.repeat(left) + self + fill.repeat(total - left);
}

type DictLike = Map<unknown, unknown> | Record<string, unknown>;
const noArgs =
  (name: string, fn: (s: string) => unknown): StrMethod =>
  (s, a, k) => {
    positional(name, a, k, 0, 0);
    return fn(s);
  };
const noArgsDict =
  (name: string, fn: (d: DictLike) => unknown): DictMethod =>
  (d, a, k) => {
    positional(name, a, k, 0, 0);
    return fn(d);
  };
const noArgsList =
  (name: string, fn: (l: unknown[]) => unknown): ListMethod =>
  (l, a, k) => {
    positional(name, a, k, 0, 0);
    return fn(l);
  };

const STR: [string, StrMethod][] = [
  ["strip", (s, a, k) => pyStrip(s, optStr(positional("str.strip", a, k, 0, 1)[0], "strip"), true, true)],
  ["lstrip", (s, a, k) => pyStrip(s, optStr(positional("str.lstrip", a, k, 0, 1)[0], "lstrip"), true, false)],
  ["rstrip", (s, a, k) => pyStrip(s, optStr(positional("str.rstrip", a, k, 0, 1)[0], "rstrip"), false, true)],
  [
    "split",
    (s, a, k) => {
      const [sep, max] = bind("split", a, k, ["sep", "maxsplit"], [null, -1]);
      const sp = optStr(sep, "split");
      if (sp === "") throw typeError("empty separator");
      return pySplit(s, sp, numVal(max), false);
    },
  ],
  [
    "rsplit",
    (s, a, k) => {
      const [sep, max] = bind("rsplit", a, k, ["sep", "maxsplit"], [null, -1]);
      const sp = optStr(sep, "rsplit");
      if (sp === "") throw typeError("empty separator");
      return pySplit(s, sp, numVal(max), true);
    },
  ],
  ["splitlines", (s, a, k) => pySplitlines(s, !!bind("splitlines", a, k, ["keepends"], [false])[0])],
  ["startswith", (s, a, k) => affixTest(s, a, k, "startswith", false)],
  ["endswith", (s, a, k) => affixTest(s, a, k, "endswith", true)],
  [
    "replace",
    (s, a, k) => {
      positional("str.replace", a, k, 2, 3);
      const old = needStr(a[0], "replace() argument 1");
      const rep = needStr(a[1], "replace() argument 2");
      return replaceStr(s, old, rep, a.length > 2 ? numVal(a[2]) : -1);
    },
  ],
  ["upper", noArgs("str.upper", (s) => s.toUpperCase())],
  ["lower", noArgs("str.lower", (s) => s.toLowerCase())],
  ["casefold", noArgs("str.casefold", (s) => s.toLowerCase())],
  ["title", noArgs("str.title", (s) => pyTitle(s))],
  ["capitalize", noArgs("str.capitalize", (s) => pyCapitalize(s))],
  [
    "swapcase",
    noArgs("str.swapcase", (s) =>
      codePoints(s)
        .map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()))
        .join(""),
    ),
  ],
  ["find", (s, a, k) => findIn(s, a, k, "find", false)],
  ["rfind", (s, a, k) => findIn(s, a, k, "rfind", true)],
  [
    "index",
    (s, a, k) => {
      const i = findIn(s, a, k, "index", false);
      if (i < 0) throw typeError("substring not found");
      return i;
    },
  ],
  [
    "rindex",
    (s, a, k) => {
      const i = findIn(s, a, k, "rindex", true);
      if (i < 0) throw typeError("substring not found");
      return i;
    },
  ],
  [
    "count",
    (s, a, k) => {
      positional("str.count", a, k, 1, 3);
      const sub = needStr(a[0], "must be str, not");
      let hay = s;
      if (a.length > 1) {
        const cps = codePoints(s);
        const norm = (v: unknown, dflt: number) => {
          if (v === null || v === undefined) return dflt;
          const i = numVal(v);
          return i < 0 ? Math.max(0, i + cps.length) : Math.min(i, cps.length);
        };
        const start = norm(a[1], 0);
        const end = norm(a[2], cps.length);
        if (end < start) return 0;
        hay = cps.slice(start, end).join("");
      }
      if (sub === "") return strLen(hay) + 1;
      // counted in place: splitting would build one string per occurrence (4 M of them for `S.count('a')`)
      return occurrences(hay, sub);
    },
  ],
  [
    "join",
    (s, a, k) => {
      positional("str.join", a, k, 1, 1);
      const items = iterForJoin(a[0]);
      const parts = items.map((x, i) => {
        if (typeof x !== "string" && !(x instanceof Markup)) {
          throw typeError(`sequence item ${i}: expected str instance, ${typeName(x)} found`);
        }
        return toStr(x);
      });
      return joinChecked(parts, s);
    },
  ],
  ["format", (s, a, k) => strFormat(s, a, k, formatField)],
  ["isdigit", (s) => pyIsDigit(s)],
  ["isdecimal", (s) => pyIsDigit(s)],
  ["isnumeric", (s) => pyIsNumeric(s)],
  ["isalpha", (s) => pyIsAlpha(s)],
  ["isalnum", (s) => pyIsAlnum(s)],
  ["isspace", (s) => pyIsSpace(s)],
  ["islower", (s) => pyIsLower(s)],
  ["isupper", (s) => pyIsUpper(s)],
  ["istitle", (s) => pyIsTitle(s)],
  [
    "zfill",
    (s, a, k) => {
      const w = numVal(positional("str.zfill", a, k, 1, 1)[0]);
      const len = strLen(s);
      if (w <= len) return s;
      checkSize(w);
      const sign = s[0] === "+" || s[0] === "-" ? s[0] : "";
      return sign + "0".repeat(w - len) + s.slice(sign.length);
    },
  ],
  ["center", (s, a, k) => justify(s, a, k, "center", "c")],
  ["ljust", (s, a, k) => justify(s, a, k, "ljust", "l")],
  ["rjust", (s, a, k) => justify(s, a, k, "rjust", "r")],
  [
    "partition",
    (s, a, k) => {
      const sep = needStr(positional("str.partition", a, k, 1, 1)[0], "must be str, not");
      const i = s.indexOf(sep);
      return i === -1 ? tuple([s, "", ""]) : tuple([s.slice(0, i), sep, s.slice(i + sep.length)]);
    },
  ],
  [
    "rpartition",
    (s, a, k) => {
      const sep = needStr(positional("str.rpartition", a, k, 1, 1)[0], "must be str, not");
      const i = s.lastIndexOf(sep);
      return i === -1 ? tuple(["", "", s]) : tuple([s.slice(0, i), sep, s.slice(i + sep.length)]);
    },
  ],
  [
    "removeprefix",
    (s, a, k) => {
      const p = needStr(positional("str.removeprefix", a, k, 1, 1)[0], "removeprefix() argument");
      return p && s.startsWith(p) ? s.slice(p.length) : s;
    },
  ],
  [
    "removesuffix",
    (s, a, k) => {
      const p = needStr(positional("str.removesuffix", a, k, 1, 1)[0], "removesuffix() argument");
      return p && s.endsWith(p) ? s.slice(0, -p.length) : s;
    },
  ],
  ["encode", (s) => s],
];

export function replaceStr(s: string, old: string, rep: string, count: number): string {
  if (count === 0) return s;
  if (old === "") {
    // an insertion before every code point (and at the end), up to `count`: sized before anything is built
    const len = strLen(s);
    const n = count < 0 ? len + 1 : Math.min(count, len + 1);
    checkSize(s.length + n * rep.length);
    const cps = codePoints(s);
    // 'abc'.replace('', '-', 2) == '-a-bc': joined, not appended piece by piece (a rope node per character)
    if (n > cps.length) return rep + cps.join(rep) + rep;
    return rep + cps.slice(0, n).join(rep) + cps.slice(n).join("");
  }
  // count the replacements first, so that the result's size is known (and refused) before it is built
  const max = count < 0 ? Number.POSITIVE_INFINITY : count;
  let k = 0;
  for (let i = s.indexOf(old); i !== -1 && k < max; i = s.indexOf(old, i + old.length)) k++;
  checkSize(s.length + k * (rep.length - old.length));
  if (count < 0) return s.replaceAll(old, () => rep);
  let out = "";
  let from = 0;
  for (let done = 0; done < k; done++) {
    const i = s.indexOf(old, from);
    out += s.slice(from, i) + rep;
    from = i + old.length;
  }
  return out + s.slice(from);
}

// `join` and str.format need a little of the generic machinery; injected to avoid an import cycle.
let iterForJoin: (v: unknown) => unknown[] = () => [];
let formatField: (obj: unknown, key: string | number, isAttr: boolean) => unknown = () => undefined;
export function injectMethodHelpers(
  iter: (v: unknown) => unknown[],
  field: (obj: unknown, key: string | number, isAttr: boolean) => unknown,
): void {
  iterForJoin = iter;
  formatField = field;
}

type DictMethod = (self: DictLike, args: unknown[], kw: Kwargs) => unknown;
const DICT: [string, DictMethod][] = [
  [
    "items",
    noArgsDict("items", (d) => {
      const entries = dictEntries(d);
      checkEntries(entries.length);
      return asView(
        entries.map((e) => tuple(e)),
        { type: "dict_items" },
      );
    }),
  ],
  [
    "keys",
    noArgsDict("keys", (d) => {
      const keys = dictKeys(d);
      checkEntries(keys.length);
      return asView(keys.slice(), { type: "dict_keys" });
    }),
  ],
  [
    "values",
    noArgsDict("values", (d) => {
      const entries = dictEntries(d);
      checkEntries(entries.length);
      return asView(
        entries.map((e) => e[1]),
        { type: "dict_values" },
      );
    }),
  ],
  [
    "get",
    (d, a, k) => {
      positional("get", a, k, 1, 2);
      const v = dictGet(d, a[0]);
      return v === undefined ? (a.length > 1 ? a[1] : null) : v;
    },
  ],
  [
    "copy",
    noArgsDict("copy", (d) => {
      const entries = dictEntries(d);
      checkEntries(entries.length);
      return new Map(entries);
    }),
  ],
];

type ListMethod = (self: unknown[], args: unknown[], kw: Kwargs) => unknown;
const LIST: [string, ListMethod][] = [
  [
    "index",
    (l, a, k) => {
      positional("list.index", a, k, 1, 3);
      const start = a.length > 1 ? numVal(a[1]) : 0;
      for (let i = Math.max(0, start < 0 ? start + l.length : start); i < l.length; i++) {
        if (pyEq(fromHost(l[i]), a[0])) return i;
      }
      throw typeError(isTuple(l) ? "tuple.index(x): x not in tuple" : `${pyRepr(a[0])} is not in list`);
    },
  ],
  [
    "count",
    (l, a, k) => {
      positional("list.count", a, k, 1, 1);
      let n = 0;
      for (const x of l) if (pyEq(fromHost(x), a[0])) n++;
      return n;
    },
  ],
  ["copy", noArgsList("copy", (l) => l.slice())],
];

const toMap = <T>(entries: [string, T][]): Map<string, T> => new Map(entries);
export const STR_METHODS = toMap(STR) as Map<string, StrMethod>;
export const DICT_METHODS = toMap(DICT);
export const LIST_METHODS = toMap(LIST);

/** Methods the ImmutableSandbox refuses (reading gives an unsafe Undefined, calling raises). */
export const UNSAFE_LIST_METHODS = new Set(["append", "clear", "extend", "insert", "pop", "remove", "reverse", "sort"]);
export const UNSAFE_DICT_METHODS = new Set(["clear", "pop", "popitem", "setdefault", "update"]);
/** Attributes that exist on Python dicts but that we do not model; they are never data lookups. */
export const OTHER_DICT_ATTRS = new Set(["fromkeys"]);
