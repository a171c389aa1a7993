// JavaScript context values (jinja.md §7.1, §7.4) against Python Jinja2: each case gives the JS context handed to
// render() and the JSON text of the Python value it must behave as; both engines render the same template.
import { test } from "vitest";
import { describeWithOracle, expectSameAsOracle, renderOursWith } from "./oracle/compare.js";
import { runOracle } from "./oracle/oracle.js";

interface JsValueCase {
  name: string;
  template: string;
  js: Record<string, unknown> | Map<string, unknown>;
  /** What Python receives: JSON text, may use Python's NaN / Infinity literals. */
  python: string;
}

const PRINT_ALL =
  "{% for k in keys %}{{ k }}={{ v[k] }}|{{ v[k]|tojson }}|{{ v[k] is integer }}{{ v[k] is float }};{% endfor %}";

const withHidden: Record<string, unknown> = { shown: 1 };
Object.defineProperty(withHidden, "hidden", { value: 2, enumerable: false });
(withHidden as Record<symbol, unknown>)[Symbol("sym")] = 3;
const inheriting = Object.create({ inherited: 1 }) as Record<string, unknown>;
inheriting.own = 2;

const CASES: JsValueCase[] = [
  {
    name: "null, undefined properties and undefined array elements",
    template: "{{ a }}|{{ b is defined }}|{{ arr }}|{{ arr|tojson }}|{{ o }}|{{ o|length }}",
    js: { a: null, b: undefined, arr: [1, undefined, null], o: { x: undefined, y: null } },
    python: '{"a": null, "arr": [1, null, null], "o": {"y": null}}',
  },
  {
    name: "numbers: integral numbers are ints, others floats",
    template: PRINT_ALL,
    js: {
      keys: ["i", "f", "whole", "negzero", "nan", "inf", "ninf"],
      v: { i: 2, f: 2.5, whole: 2.0, negzero: -0, nan: Number.NaN, inf: Number.POSITIVE_INFINITY, ninf: -Infinity },
    },
    python:
      '{"keys": ["i", "f", "whole", "negzero", "nan", "inf", "ninf"], "v": {"i": 2, "f": 2.5, "whole": 2, "negzero": 0, "nan": NaN, "inf": Infinity, "ninf": -Infinity}}',
  },
  {
    name: "integral numbers beyond 2^53 print their exact value",
    template: "{{ a }} {{ b }} {{ c }} {{ c // 7 }} {{ a + 1 }} {{ b|tojson }}",
    js: { a: 2 ** 53 + 2, b: 1e21, c: 1e300 },
    python: `{"a": ${(2n ** 53n + 2n).toString()}, "b": ${BigInt(1e21).toString()}, "c": ${BigInt(1e300).toString()}}`,
  },
  {
    name: "bigint values are exact ints",
    template:
      "{{ big }} {{ big + 1 }} {{ big * big }} {{ neg // 3 }} {{ big + 0.5 }} {{ big is integer }} {{ [big]|tojson }}",
    js: { big: 12345678901234567890n, neg: -(2n ** 70n) },
    python: `{"big": 12345678901234567890, "neg": ${(-(2n ** 70n)).toString()}}`,
  },
  {
    name: "Maps keep their key order, including integer-like keys",
    template:
      "{{ m }}|{{ m|tojson }}|{% for k, v in m.items() %}{{ k }};{% endfor %}|{{ m.a['10'] }}|{{ m|length }}|{{ m is mapping }}|{{ m['1'][0].k }}",
    js: {
      m: new Map<string, unknown>([
        ["b", 1],
        [
          "a",
          new Map<string, unknown>([
            ["z", 1],
            ["10", 2],
          ]),
        ],
        ["1", [new Map([["k", "v"]])]],
      ]),
    },
    python: '{"m": {"b": 1, "a": {"z": 1, "10": 2}, "1": [{"k": "v"}]}}',
  },
  {
    name: "a Map as the whole context",
    template: "{{ x }} {{ y|tojson }}",
    js: new Map<string, unknown>([
      ["x", 1],
      ["y", { k: [true] }],
    ]),
    python: '{"x": 1, "y": {"k": [true]}}',
  },
  {
    name: "plain objects enumerate integer-like keys first (documented JS limitation)",
    template: "{{ o }} {{ o|tojson }} {{ o|list }}",
    js: { o: { b: 1, a: 2, "1": 3 } },
    python: '{"o": {"1": 3, "b": 1, "a": 2}}',
  },
  {
    name: "only own enumerable string keys of plain objects are seen",
    template: "{{ h }} {{ h.hidden is defined }} {{ i }} {{ i.inherited is defined }}",
    js: { h: withHidden, i: inheriting },
    python: '{"h": {"shown": 1}, "i": {"own": 2}}',
  },
  {
    name: "strings with astral characters and newlines from the context are kept",
    template: "{{ s|length }} {{ s[1] }} {{ s|tojson }} {{ [s] }} {{ s|reverse }}",
    js: { s: "a😀\r\nb\u00e9" },
    python: '{"s": "a\\ud83d\\ude00\\r\\nb\\u00e9"}',
  },
  {
    name: "booleans and nested containers",
    template: "{{ t }} {{ f }} {{ nested }} {{ nested|tojson(indent=1) }}",
    js: { t: true, f: false, nested: [{ a: [true, null, 1.5, "x"] }, []] },
    python: '{"t": true, "f": false, "nested": [{"a": [true, null, 1.5, "x"]}, []]}',
  },
];

describeWithOracle("JavaScript context values behave as their Python equivalents", () => {
  const oracle = runOracle(
    CASES.map((c) => ({ name: c.name, template: c.template, contextJson: c.python, pythonJson: true })),
  );
  for (const c of CASES) {
    test(c.name, () => {
      expectSameAsOracle(renderOursWith(c.template, c.js), oracle.get(c.name));
    });
  }
});
