// How long the default limits take to stop hostile templates (issue 14: within 250 ms), and the reproductions that
// now finish as fast as in Jinja2. Median of 5 runs each, compile + render, in this process (run it on a quiet
// machine; the hostile corpus test checks the same bound with a load factor in CI).
import { Template, TemplateError, type TemplateOptions } from "../src/index.js";

const CASES: [string, string][] = [
  ["10^4 x 10^4 loop", "{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}"],
  ["10^5 x 10^5 loop writing", "{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}"],
  ["map('upper') over 1000 x 30 M", "{{ ([('a' * 30000000)] * 1000)|map('upper')|list|length }}"],
  ["lipsum(10**9)", "{{ lipsum(10**9) }}"],
  ["'%.1000000000f'|format", "{{ '%.1000000000f'|format(1.5) }}"],
  ["escape of 26 M '&'", "{{ ('&' * 26000000)|escape|length }}"],
  ["strftime_now('%Y' * 10**7)", "{{ strftime_now('%Y' * 10**7)|length }}"],
  [
    "string doubling",
    "{% set ns = namespace(s='x') %}{% for i in range(100) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}",
  ],
  ["macro fan-out 2^40", "{% macro m(n) %}{% if n %}{{ m(n - 1) }}{{ m(n - 1) }}{% endif %}{% endmacro %}{{ m(40) }}"],
  ["([0] * 100000)|length", "{{ ([0] * 100000)|length }}"],
  ["(range(40000)|list)|unique", "{{ (range(40000)|list)|unique|list|length }}"],
  ["('a ' * 200000)|wordwrap(10**9)", "{{ ('a ' * 200000)|wordwrap(10**9)|length }}"],
  ["('f' * 300000)|int(base=16)", "{{ (('f' * 300000)|int(base=16)) > 0 }}"],
];

/** The former gaps of the hostile corpus, run with the old 32 Mi size cap (the default 8 Mi refuses S up front). */
const S30 = "{% set S = 'ab< &\\'\\n' * 4300000 %}";
const LOOP30 = (expr: string) => `${S30}{% for i in range(100000) %}{{ (${expr})|length }}{% endfor %}`;
const OLD_CAP: [string, string][] = [
  ["S|pprint (30 M)", LOOP30("S|pprint")],
  ["S|filesizeformat (30 M)", LOOP30("S|filesizeformat")],
  ["S is lower (30 M)", `${S30}{% for i in range(100000) %}{{ S is lower }}{% endfor %}`],
  ["S.split('a') (30 M)", LOOP30("S.split('a')")],
  ["S.rsplit('a', 5) (30 M)", LOOP30("S.rsplit('a', 5)")],
  ["S.count('a') (30 M)", LOOP30("S.count('a')")],
  ["'{:>30000000}'.format(S)", LOOP30("'{:>30000000}'.format(S)")],
  [
    "pprint of a 2^40-node shared list",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ ns.x|pprint|length }}",
  ],
  [
    "S == T, two distinct 30 M strings",
    "{% set S = 'a' * 30000000 %}{% set T = 'a' * 30000000 %}{% for i in range(100000) %}{{ S == T }}{% endfor %}",
  ],
  ["cycler(*(['x'] * 8000000))", "{% set c = cycler(*(['x'] * 8000000)) %}{{ c.next() }}"],
];

function once(source: string, options?: TemplateOptions): { ms: number; outcome: string } {
  const start = performance.now();
  let outcome: string;
  try {
    outcome = `output ${new Template(source, options).render().slice(0, 20)}`;
  } catch (e) {
    outcome = e instanceof TemplateError ? `${e.kind}: ${e.description.split(":")[0]}` : `HOST ${String(e)}`;
  }
  return { ms: performance.now() - start, outcome };
}

function report(cases: [string, string][], options?: TemplateOptions): void {
  for (const [name, source] of cases) {
    const runs = Array.from({ length: 5 }, () => once(source, options));
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[2];
    console.log(`${name}: ${ms.toFixed(1)} ms (${runs[0].outcome})`);
  }
}

report(CASES);
console.log("-- with the old 32 Mi size cap (maxOutputLength: 33554432):");
report(OLD_CAP, { maxOutputLength: 33_554_432 });
