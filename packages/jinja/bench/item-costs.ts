// How many nanoseconds of CPU a step of each builtin stands for: the calibration of the step budget. A step is
// budgeted at ~125 ns (2 M steps ≈ 250 ms of work); a builtin far above that needs a bigger charge per item,
// character or node (src/runtime/charge.ts and the constants beside the builtins), or the hostile corpus's
// `no-deadline` pass finds a case that runs past its bound. CPU time of one call (mean of a few), and the steps it
// charges found by bisection on `maxSteps` (with `timeoutMs: 0`).
import { Template, type TemplateOptions } from "../src/index.js";

const L = Array.from({ length: 100_000 }, (_, i) => i);
const S = "ab< &'\n".repeat(1_190_000);
const D = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i]));
const SHARED = (depth: number, node: string) =>
  `{% set ns = namespace(x=${node === "list" ? "[1]" : "{}"}) %}{% for i in range(${depth}) %}` +
  `{% set ns.x = ${node === "list" ? "[ns.x, ns.x]" : "{'a': ns.x, 'b': ns.x}"} %}{% endfor %}`;

const CASES: [string, string][] = [
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
  ["shared list 2^18 |tojson", `${SHARED(18, "list")}{{ ns.x|tojson|length }}`],
  ["shared dict 2^18 |tojson", `${SHARED(18, "dict")}{{ ns.x|tojson|length }}`],
  ["shared list 2^18 |string", `${SHARED(18, "list")}{{ ns.x|string|length }}`],
  ["shared list 2^14 |pprint", `${SHARED(14, "list")}{{ ns.x|pprint|length }}`],
];

const UNBOUNDED: TemplateOptions = { timeoutMs: 0, maxSteps: 1e12, maxAllocation: 1e15 };
const context = { L, S, D };

function cpuMs(run: () => void, times: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < times; i++) run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / times;
}

/** The smallest `maxSteps` the render passes with, within 2 %. */
function stepsOf(source: string): number {
  let lo = 1;
  let hi = 1e9;
  while (hi - lo > hi * 0.02) {
    const mid = Math.floor((lo + hi) / 2);
    try {
      new Template(source, { ...UNBOUNDED, maxSteps: mid }).render(context);
      hi = mid;
    } catch {
      lo = mid;
    }
  }
  return hi;
}

for (const [name, source] of CASES) {
  const template = new Template(source, UNBOUNDED);
  template.render(context); // warm up
  const ms = cpuMs(() => template.render(context), 5);
  const steps = stepsOf(source);
  console.log(
    `${name.padEnd(26)} ${ms.toFixed(1).padStart(7)} ms ${String(steps).padStart(9)} steps ${((ms * 1e6) / steps).toFixed(0).padStart(5)} ns/step`,
  );
}
