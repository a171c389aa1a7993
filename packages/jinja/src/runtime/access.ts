// Sandboxed attribute / item lookup and calls. Only engine values are read: own data keys of dicts and the
// per-type method tables. Prototype members (`constructor`, `__proto__`, `toString`, …) are never reachable.

import { Fault, typeError } from "../errors.js";
import { chargeScan } from "./charge.js";
import {
  DICT_METHODS,
  injectMethodHelpers,
  LIST_METHODS,
  OTHER_DICT_ATTRS,
  STR_METHODS,
  UNSAFE_DICT_METHODS,
  UNSAFE_LIST_METHODS,
} from "./methods.js";
import { htmlEscape, iterate } from "./ops.js";
import {
  codePoints,
  dictGet,
  EngineObject,
  EngineValue,
  fromHost,
  hasSurrogates,
  isDict,
  isFloat,
  isNumber,
  isOwnEnumerable,
  isTuple,
  type Kwargs,
  Markup,
  Namespace,
  PyCallable,
  PyFloat,
  PyIterator,
  tuple,
  tupleField,
  typeName,
  Undefined,
  viewOf,
} from "./values.js";

type AnyMethod = (self: never, args: unknown[], kw: Kwargs) => unknown;

class BoundMethod extends PyCallable {
  constructor(
    readonly self: unknown,
    readonly fn: AnyMethod,
    readonly name: string,
  ) {
    super();
  }
  call(args: unknown[], kwargs: Kwargs): unknown {
    return this.fn(this.self as never, args, kwargs);
  }
}

const unsafe = (obj: unknown, name: string): Undefined =>
  new Undefined(name, obj, `access to attribute '${name}' of '${typeName(obj)}' object is unsafe.`, true);

// Dunder attributes that Python's built-in objects really have: reading them is the sandbox's "unsafe"
// case. Other `_` names (including JS-only ones such as `__proto__`) are not attributes in Python, so on a
// dict they fall through to ordinary data keys.
const PY_DUNDERS = new Set(
  (
    "class delattr dir doc eq format ge getattribute gt hash init init_subclass le lt ne new reduce reduce_ex repr " +
    "setattr sizeof str subclasshook len getitem contains iter add mul rmul mod rmod iadd imul setitem delitem " +
    "reversed class_getitem getnewargs or ror ior globals dict module code builtins mro subclasses base bases " +
    "name qualname self func closure defaults kwdefaults annotations call get"
  )
    .split(" ")
    .map((n) => `__${n}__`),
);
const isDunder = (name: string): boolean => PY_DUNDERS.has(name);
/** Every name that is a Python attribute of a dict (looked up before the dict's keys). */
const DICT_ATTR_NAMES = new Set([...PY_DUNDERS, ...DICT_METHODS.keys(), ...UNSAFE_DICT_METHODS, ...OTHER_DICT_ATTRS]);

/** The Python attribute `name` of `obj` if it has one (a method), else undefined. */
function pyAttribute(obj: unknown, name: string): unknown {
  if (isDunder(name)) return unsafe(obj, name);
  if (typeof obj === "string") {
    const m = STR_METHODS.get(name);
    return m ? new BoundMethod(obj, m, name) : undefined;
  }
  if (Array.isArray(obj)) {
    const field = tupleField(obj, name);
    if (field !== undefined) return field;
    const m = LIST_METHODS.get(name);
    if (m) return new BoundMethod(obj, m, name);
    if (!isTuple(obj) && UNSAFE_LIST_METHODS.has(name)) return unsafe(obj, name);
    return undefined;
  }
  if (obj instanceof Markup) {
    const m = STR_METHODS.get(name);
    if (!m) return undefined;
    return new BoundMethod(obj.s, MARKUP_ESCAPING.has(name) ? markupMethod(m) : m, name);
  }
  if (isNumber(obj)) {
    // numbers.Number attributes
    if (name === "real") return typeof obj === "boolean" ? (obj ? 1 : 0) : obj;
    if (name === "imag") return isFloat(obj) ? new PyFloat(0) : 0;
  }
  return undefined;
}

function dictAttribute(obj: Map<unknown, unknown> | Record<string, unknown>, name: string): unknown {
  if (isDunder(name)) return unsafe(obj, name);
  const m = DICT_METHODS.get(name);
  if (m) return new BoundMethod(obj, m, name);
  if (UNSAFE_DICT_METHODS.has(name) || OTHER_DICT_ATTRS.has(name)) return unsafe(obj, name);
  return undefined;
}

// markupsafe's Markup methods that escape their arguments and return Markup.
const MARKUP_ESCAPING = new Set(
  (
    "capitalize title lower upper replace ljust rjust lstrip rstrip center strip swapcase zfill casefold " +
    "removeprefix removesuffix join split rsplit splitlines partition rpartition format"
  ).split(" "),
);

const escapeArg = (v: unknown): unknown =>
  typeof v === "string"
    ? htmlEscape(v)
    : v instanceof Markup
      ? v.s
      : Array.isArray(v)
        ? v.map((x) => escapeArg(fromHost(x)))
        : v;

const toMarkup = (v: unknown): unknown =>
  typeof v === "string"
    ? new Markup(v)
    : Array.isArray(v)
      ? isTuple(v)
        ? tuple(v.map(toMarkup))
        : v.map(toMarkup)
      : v;

function markupMethod(m: AnyMethod): AnyMethod {
  return (self, args, kw) => {
    let escapedKw: Kwargs = null;
    if (kw !== null) {
      escapedKw = new Map();
      for (const [k, v] of kw) escapedKw.set(k, escapeArg(v));
    }
    return toMarkup(m(self, args.map(escapeArg), escapedKw));
  };
}

/** `obj.name` (Jinja2 getattr: the attribute first, then the item). */
export function getAttr(obj: unknown, name: string): unknown {
  if (typeof obj === "object" && obj !== null) {
    if (!(obj instanceof EngineValue) && !Array.isArray(obj)) {
      // a dict: its Python attributes (methods) win over keys
      if (DICT_ATTR_NAMES.has(name)) {
        const a = dictAttribute(obj as Record<string, unknown>, name);
        if (a !== undefined) return a;
      }
      let v: unknown;
      if (obj instanceof Map) v = obj.get(name);
      else if (isOwnEnumerable(obj, name)) v = (obj as Record<string, unknown>)[name];
      return v === undefined ? new Undefined(name, obj) : v;
    }
    if (obj instanceof Undefined) obj.fail();
    if (obj instanceof Namespace) {
      const v = obj.attrs.get(name);
      if (name[0] === "_" && (v !== undefined || isDunder(name))) return unsafe(obj, name);
      return v === undefined ? new Undefined(name, obj) : v;
    }
    if (obj instanceof EngineObject || obj instanceof PyCallable) {
      if (name[0] === "_") return isDunder(name) ? unsafe(obj, name) : new Undefined(name, obj);
      const v = obj.getAttr(name);
      return v === undefined ? new Undefined(name, obj) : v;
    }
  }
  const a = pyAttribute(obj, name);
  return a === undefined ? new Undefined(name, obj) : a;
}

const intKey = (key: unknown): number | null =>
  typeof key === "number" && Number.isInteger(key) ? key : typeof key === "boolean" ? (key ? 1 : 0) : null;

/** `obj[key]` (Jinja2 getitem: the item first, then the attribute for string keys). */
export function getItem(obj: unknown, key: unknown): unknown {
  if (typeof obj === "string" && obj.length > 4096) chargeScan(obj.length); // indexing by code point scans
  if (Array.isArray(obj)) {
    const i = intKey(key);
    const view = viewOf(obj);
    // dict views are not subscriptable: the sandbox turns that TypeError into Undefined
    if (view !== undefined && view.type !== "range") return new Undefined(typeof key === "number" ? key : null, obj);
    if (i !== null) {
      const j = i < 0 ? i + obj.length : i;
      return j >= 0 && j < obj.length ? fromHost(obj[j]) : new Undefined(i, obj);
    }
  } else if (obj instanceof Map) {
    const v = dictGet(obj, key);
    if (v !== undefined) return v;
  } else if (typeof obj === "string" || obj instanceof Markup) {
    const i = intKey(key);
    if (i !== null) {
      const s = typeof obj === "string" ? obj : obj.s;
      if (!hasSurrogates(s)) {
        const j = i < 0 ? i + s.length : i;
        return j >= 0 && j < s.length ? s[j] : new Undefined(i, obj);
      }
      const cps = codePoints(s);
      const j = i < 0 ? i + cps.length : i;
      return j >= 0 && j < cps.length ? cps[j] : new Undefined(i, obj);
    }
  } else if (obj instanceof Undefined) {
    obj.fail();
  } else if (isDict(obj)) {
    const v = dictGet(obj, key);
    if (v !== undefined) return v;
  } else if (obj instanceof PyIterator) {
    // generators are not subscriptable: fall through to Undefined
  }
  if (typeof key === "string") {
    if (obj instanceof Namespace || obj instanceof EngineObject || obj instanceof PyCallable) return getAttr(obj, key);
    const a = isDict(obj) ? dictAttribute(obj, key) : pyAttribute(obj, key);
    if (a !== undefined) return a;
  }
  return new Undefined(typeof key === "string" || typeof key === "number" ? key : null, obj);
}

// ---------------------------------------------------------------- calls

/** Converts an engine value into a plain JS value for a host function. */
export function toHost(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (v instanceof PyFloat) return v.v;
  if (v instanceof Undefined) return undefined;
  if (v instanceof Markup) return v.s;
  if (Array.isArray(v)) return v.map(toHost);
  if (v instanceof PyIterator) return v.take().map(toHost);
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v)
      Object.defineProperty(o, String(k), { value: toHost(x), enumerable: true, writable: true, configurable: true });
    return o;
  }
  if (v instanceof Namespace) return toHost(new Map(v.attrs));
  return v;
}

/** Converts a host function's result back into an engine value. */
export function fromHostResult(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === "number" && !Number.isInteger(v)) return v;
  return v;
}

export function callValue(fn: unknown, args: unknown[], kwargs: Kwargs): unknown {
  if (fn instanceof PyCallable) return fn.call(args, kwargs);
  if (typeof fn === "function") {
    const hostArgs = args.map(toHost);
    if (kwargs !== null && kwargs.size > 0) hostArgs.push(toHost(kwargs));
    let result: unknown;
    try {
      result = (fn as (...a: unknown[]) => unknown)(...hostArgs);
    } catch (err) {
      if (err instanceof Fault) throw err;
      throw new Fault("type", err instanceof Error ? err.message : String(err), -1, err);
    }
    return fromHostResult(result);
  }
  if (fn instanceof Undefined) fn.fail();
  throw typeError(`'${typeName(fn)}' object is not callable`);
}

/** `obj.name(args)` without allocating a bound method for the common built-in cases. */
export function callMethod(obj: unknown, name: string, args: unknown[], kwargs: Kwargs): unknown {
  if (typeof obj === "string") {
    const m = STR_METHODS.get(name);
    if (m !== undefined) return m(obj, args, kwargs);
  } else if (obj instanceof Map || (isDict(obj) && !Array.isArray(obj))) {
    const m = isDunder(name) ? undefined : DICT_METHODS.get(name);
    if (m !== undefined) return m(obj as Map<unknown, unknown>, args, kwargs);
  } else if (Array.isArray(obj)) {
    const m = LIST_METHODS.get(name);
    if (m !== undefined) return m(obj, args, kwargs);
  }
  return callValue(getAttr(obj, name), args, kwargs);
}

// str.format fields go through the sandbox like `.attr` / `[key]` in a template (a miss formats as empty).
injectMethodHelpers(iterate, (obj, key, isAttr) => (isAttr ? getAttr(obj, String(key)) : getItem(obj, key)));
