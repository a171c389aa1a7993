// Deterministic random statement programs for scoping (jinja.md §9): a few variables assigned and printed inside
// nested for / if / with / macro / call / filter / block-set bodies, namespaces, loop variables, break and continue,
// so that shadowing, leaking and late assignment are exercised in every combination.
import type { FuzzCase } from "./expressions.js";
import { prng } from "./prng.js";

const NAMES = ["a", "b", "c"];

export function generateStatementCases(seed: number, count: number): FuzzCase[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  function value(inLoop: boolean): string {
    const r = random();
    if (r < 0.3) return `${pick(NAMES)} ~ '${pick(["x", "y"])}'`;
    if (r < 0.45) return `${random() < 0.5 ? "ns." : ""}${pick(NAMES)}|default(0)`;
    if (r < 0.6 && inLoop) return pick(["loop.index", "loop.index0 ~ loop.last", "i", "loop.length"]);
    if (r < 0.75) return `${pick(NAMES)} is defined`;
    return `'${pick(["p", "q", "r"])}${Math.floor(random() * 10)}'`;
  }

  /**
   * Conditions always read a variable: Jinja2's optimiser folds a constant `if` away before its scope analysis,
   * which would make the outcome depend on an optimiser artefact rather than on the language.
   */
  function condition(inLoop: boolean): string {
    const r = random();
    if (r < 0.3) return `${pick(NAMES)} is defined`;
    if (r < 0.5) return `${random() < 0.5 ? "ns." : ""}${pick(NAMES)}|default(0)`;
    if (r < 0.7 && inLoop) return pick(["loop.first", "loop.last", "i > 1", "loop.index is even"]);
    return `${pick(NAMES)} ~ '${pick(["x", "y"])}'`;
  }

  function print(): string {
    return `[{{ ${pick(NAMES)} }}]`;
  }

  function body(depth: number, inLoop: boolean, inMacro: boolean): string {
    let out = "";
    const items = 1 + Math.floor(random() * 4);
    for (let k = 0; k < items; k++) {
      const r = random();
      if (r < 0.22) out += `{% set ${pick(NAMES)} = ${value(inLoop)} %}`;
      else if (r < 0.38) out += print();
      else if (r < 0.45) out += `{% set ns.${pick(NAMES)} = ${value(inLoop)} %}{{ ns.${pick(NAMES)}|default('-') }}`;
      else if (r < 0.55 && depth > 0) {
        const filter = random() < 0.3 ? ` if i != ${1 + Math.floor(random() * 3)}` : "";
        out += `{% for i in [1, 2, 3]${filter} %}${body(depth - 1, true, inMacro)}{% endfor %}`;
      } else if (r < 0.63 && depth > 0) {
        out += `{% if ${condition(inLoop)} %}${body(depth - 1, inLoop, inMacro)}{% else %}${body(depth - 1, inLoop, inMacro)}{% endif %}`;
      } else if (r < 0.69 && depth > 0) {
        out += `{% with ${pick(NAMES)} = ${value(inLoop)} %}${body(depth - 1, inLoop, inMacro)}{% endwith %}`;
      } else if (r < 0.75 && depth > 0 && !inMacro) {
        const name = `m${Math.floor(random() * 1000)}`;
        const param = pick(NAMES);
        out += `{% macro ${name}(${param}) %}${body(depth - 1, false, true)}{% endmacro %}{{ ${name}(${value(inLoop)}) }}`;
      } else if (r < 0.79 && depth > 0 && !inMacro) {
        out += `{% macro w() %}<{{ caller() }}>{% endmacro %}{% call w() %}${body(depth - 1, inLoop, true)}{% endcall %}`;
      } else if (r < 0.84 && depth > 0) {
        out += `{% set ${pick(NAMES)} %}${body(depth - 1, inLoop, inMacro)}{% endset %}`;
      } else if (r < 0.88 && depth > 0) {
        out += `{% filter upper %}${body(depth - 1, inLoop, inMacro)}{% endfilter %}`;
      } else if (r < 0.93 && inLoop) {
        out += `{% if ${condition(true)} %}{% ${pick(["break", "continue"])} %}{% endif %}`;
      } else out += print();
    }
    return out;
  }

  const cases: FuzzCase[] = [];
  for (let index = 0; index < count; index++) {
    const prelude = random() < 0.5 ? `{% set ${pick(NAMES)} = 'top' %}` : "";
    const template = `{% set ns = namespace(a=0) %}${prelude}${body(3, false, false)}|{{ a }}|{{ b }}|{{ c }}|{{ ns.a }}`;
    cases.push({ name: `statements ${index}: ${template}`, template });
  }
  return cases;
}
