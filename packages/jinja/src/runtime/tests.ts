// The 39 built-in tests of Jinja2 (`x is defined`, `x is divisibleby 3`, …).
import { typeError } from "../errors.js";
import { bind, REQUIRED } from "./args.js";
import { contains, mod } from "./ops.js";
import { pyIsLower, pyIsUpper } from "./strings.js";
import {
  EngineObject,
  isDict,
  isFloat,
  isInt,
  isNumber,
  type Kwargs,
  Markup,
  PyCallable,
  PyFloat,
  PyIterator,
  pyCompare,
  pyEq,
  toStr,
  Undefined,
} from "./values.js";

export type TestFn = (value: unknown, args: unknown[], kw: Kwargs) => boolean;

const one = (name: string, a: unknown[], k: Kwargs): unknown => bind(name, a, k, ["other"], [REQUIRED])[0];
const cmp =
  (name: string, op: string, ok: (c: number) => boolean): TestFn =>
  (v, a, k) =>
    ok(pyCompare(v, one(name, a, k), op));

const isString = (v: unknown): boolean => typeof v === "string" || v instanceof Markup;

const TESTS: [string, TestFn][] = [
  ["boolean", (v) => typeof v === "boolean"],
  [
    "callable",
    (v) =>
      typeof v === "function" ||
      v instanceof PyCallable ||
      v instanceof Undefined ||
      (v instanceof EngineObject && (v.typeName === "LoopContext" || v.typeName === "Joiner")),
  ],
  ["defined", (v) => !(v instanceof Undefined)],
  ["undefined", (v) => v instanceof Undefined],
  [
    "divisibleby",
    (v, a, k) => {
      const [n] = bind("test_divisibleby", a, k, ["num"], [REQUIRED]);
      return pyEq(mod(v, n), 0);
    },
  ],
  ["eq", (v, a, k) => pyEq(v, one("test_eq", a, k))],
  ["ne", (v, a, k) => !pyEq(v, one("test_ne", a, k))],
  ["lt", cmp("test_lt", "lt", (c) => c < 0)],
  ["le", cmp("test_le", "lteq", (c) => c <= 0)],
  ["gt", cmp("test_gt", "gt", (c) => c > 0)],
  ["ge", cmp("test_ge", "gteq", (c) => c >= 0)],
  ["escaped", (v) => v instanceof Markup],
  ["even", (v) => pyEq(mod(v, 2), 0)],
  ["odd", (v) => pyEq(mod(v, 2), 1)],
  ["false", (v) => v === false],
  ["true", (v) => v === true],
  ["float", (v) => isFloat(v) || v instanceof PyFloat],
  ["integer", (v) => isInt(v) && typeof v !== "boolean"],
  ["number", (v) => isNumber(v)],
  [
    "in",
    (v, a, k) => {
      const [seq] = bind("test_in", a, k, ["seq"], [REQUIRED]);
      return contains(seq, v);
    },
  ],
  [
    "iterable",
    (v) => Array.isArray(v) || isString(v) || v instanceof Undefined || v instanceof PyIterator || isDict(v),
  ],
  ["lower", (v) => pyIsLower(toStr(v))],
  ["upper", (v) => pyIsUpper(toStr(v))],
  ["mapping", (v) => isDict(v)],
  ["none", (v) => v === null],
  [
    "sameas",
    (v, a, k) => {
      const other = bind("test_sameas", a, k, ["other"], [REQUIRED])[0];
      if (typeof v === "number" && typeof other === "number") return v === other && Number.isInteger(v);
      return v === other;
    },
  ],
  ["sequence", (v) => Array.isArray(v) || isString(v) || isDict(v) || v instanceof Undefined],
  ["string", (v) => isString(v)],
];

// Tests that take only the value: extra arguments are a TypeError, as in Python.
const VALUE_ONLY = new Set(
  "boolean callable defined undefined escaped even odd false true float integer number iterable lower upper mapping none sequence string".split(
    " ",
  ),
);
const valueOnly =
  (name: string, fn: TestFn): TestFn =>
  (v, a, k) => {
    if (a.length || k?.size) {
      if (name === "callable") throw typeError(`callable() takes exactly one argument (${a.length + 1} given)`);
      throw typeError(`test_${name}() takes 1 positional argument but ${a.length + 1} were given`);
    }
    return fn(v, a, k);
  };

export const TEST_TABLE: Map<string, TestFn> = new Map(
  TESTS.map(([name, fn]) => [name, VALUE_ONLY.has(name) ? valueOnly(name, fn) : fn]),
);
for (const [alias, name] of [
  ["equalto", "eq"],
  ["==", "eq"],
  ["!=", "ne"],
  ["lessthan", "lt"],
  ["<", "lt"],
  ["<=", "le"],
  ["greaterthan", "gt"],
  [">", "gt"],
  [">=", "ge"],
] as const) {
  TEST_TABLE.set(alias, TEST_TABLE.get(name) as TestFn);
}

/** `filter` and `test` tests need the tables themselves. */
export function addMetaTests(filterNames: Set<string>): void {
  TEST_TABLE.set("filter", (v) => typeof v === "string" && filterNames.has(v));
  TEST_TABLE.set("test", (v) => typeof v === "string" && TEST_TABLE.has(v));
}

export function unknownTest(name: string): never {
  throw typeError(`No test named '${name}'.`);
}
