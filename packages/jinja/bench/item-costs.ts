// How many nanoseconds of CPU a step of each builtin stands for: the calibration of the step budget. A step is
// budgeted at ~125 ns (2 M steps ≈ 250 ms of work); a builtin far above that needs a bigger charge per item,
// character or node (src/runtime/charge.ts and the constants beside the builtins), or the hostile corpus's
// `no-deadline` pass finds a case that runs past its bound. CPU time of one call (mean of a few), and the steps it
// charges found by bisection on `maxSteps` (with `timeoutMs: 0`).
import { Template, type TemplateOptions } from "../src/index.js";
import { stepsOf } from "../test/steps-of.js";

const L = Array.from({ length: 100_000 }, (_, i) => i);
const S = "ab< &'\n".repeat(1_190_000);
const D = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
const SHARED = (depth: number, node: string) =>
  `{% set ns = namespace(x=${node === "list" ? "[1]" : "{}"}) %}{% for i in range(${depth}) %}` +
  `{% set ns.x = ${node === "list" ? "[ns.x, ns.x]" : "{'a': ns.x, 'b': ns.x}"} %}{% endfor %}`;

/** Issue 17's super-linear builtins: big ints, int parsing, sorts of shuffled lists, ranges. */
const X = 2n ** 475_000n - 1n;
const Y = 3n ** 300_000n;
const BIG = 2n ** 999_000n - 1n;
const X4300 = 7n ** 5000n;
const SHUF = Array.from({ length: 100_000 }, (_, i) => Number(String(i).split("").reverse().join("")));
const SHUF_S = SHUF.map(String);
const PAIRS = Array.from({ length: 15_000 }, (_, i) => [SHUF_S[2 * i], SHUF_S[2 * i + 1]]);
const DIGITS = "9".repeat(4300);
const UNDERSCORED = "1_000".repeat(1_000_000);

const CASES: [string, string][] = [
  ["X * X (475,000 bits)", "{% set z = X * X %}"],
  ["BIG // Y", "{% set z = BIG // Y %}"],
  ["BIG + BIG", "{% set z = BIG + BIG %}"],
  ["Y ** 3 (951,000 bits)", "{% set z = Y ** 3 %}"],
  ["'%d'|format(4300 digits)", "{{ ('%d'|format(X4300))|length }}"],
  ["4300 digits|int", "{{ (DIGITS|int) > 0 }}"],
  ["'1_000' * 10^6|int", "{{ UNDERSCORED|int }}"],
  ["range(-2**53, 2**53, 2**38)", "{{ range(-2**53, 2**53, 2**38)|length }}"],
  ["shuffled ints|sort", "{{ (SHUF|sort)|length }}"],
  ["shuffled strings|sort", "{{ (SHUF_S|sort)|length }}"],
  ["15,000 pairs|sort", "{{ (PAIRS|sort)|length }}"],
  ["D|dictsort", "{{ (D|dictsort)|length }}"],
  ["L|sort", "{{ (L|sort)|length }}"],
  ["L|unique|list", "{{ (L|unique|list)|length }}"],
  ["L|groupby('real')|list", "{{ (L|groupby('real')|list)|length }}"],
  ["L|string", "{{ (L|string)|length }}"],
  ["L|join(',')", "{{ (L|join(','))|length }}"],
  ["L|sum", "{{ (L|sum)|string|length }}"],
  ["L|max", "{{ (L|max)|string|length }}"],
  ["L|tojson", "{{ (L|tojson)|length }}"],
  ["L|pprint", "{{ (L|pprint)|length }}"],
  ["L|select('odd')|list", "{{ (L|select('odd')|list)|length }}"],
  ["L|map('string')|join", "{{ (L|map('string')|join(','))|length }}"],
  ["99999 in L", "{{ 99999 in L }}"],
  ["D.items()|list", "{{ D.items()|list|length }}"],
  ["D.keys()|list", "{{ D.keys()|list|length }}"],
  ["D.copy()", "{{ D.copy()|length }}"],
  ["S.title() (8 M)", "{{ S.title()|length }}"],
  ["S|upper (8 M)", "{{ S|upper|length }}"],
  ["S.capitalize() (8 M)", "{{ S.capitalize()|length }}"],
  ["S.split() (2.4 M words)", "{{ S.split()|length }}"],
  ["S.splitlines() (1.2 M)", "{{ S.splitlines()|length }}"],
  ["L|reverse|list", "{{ L|reverse|list|length }}"],
  ["shared list 2^18 |tojson", `${SHARED(18, "list")}{{ ns.x|tojson|length }}`],
  ["shared dict 2^18 |tojson", `${SHARED(18, "dict")}{{ ns.x|tojson|length }}`],
  ["shared list 2^18 |string", `${SHARED(18, "list")}{{ ns.x|string|length }}`],
  ["shared list 2^14 |pprint", `${SHARED(14, "list")}{{ ns.x|pprint|length }}`],
];

const UNBOUNDED: TemplateOptions = { timeoutMs: 0, maxSteps: 1e12, maxAllocation: 1e15 };
const context = { L, S, D, X, Y, BIG, X4300, SHUF, SHUF_S, PAIRS, DIGITS, UNDERSCORED };

function cpuMs(run: () => void, times: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
}

for (const [name, source] of CASES) {
  const template = new Template(source, UNBOUNDED);
  try {
    template.render(context); // warm up
  } catch (error) {
    // a case the size cap refuses costs nothing to price (`Y ** 3` since the power's result is sized up front)
    console.log(`${name.padEnd(26)} refused: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
    continue;
  }
  const ms = cpuMs(() => template.render(context), 5);
  const steps = stepsOf(source, context, UNBOUNDED, 0.02);
  console.log(
    `${name.padEnd(26)} ${ms.toFixed(1).padStart(7)} ms ${String(steps).padStart(9)} steps ${((ms * 1e6) / steps).toFixed(0).padStart(5)} ns/step`,
  );
}
