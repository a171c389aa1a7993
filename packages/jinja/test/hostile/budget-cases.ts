// Builtins whose work grows faster than their input (issue 17): big-int arithmetic and conversions, int parsing,
// sorts and range. With the deadline off (`timeoutMs: 0`) each must end on the step budget — or, where Jinja2
// itself finishes quickly, with Jinja2's output — well inside the 250 ms of CPU the budget stands for. Before the
// fix these ran past a second of CPU: squaring a 475,000-bit int 1,000 times 2.8 s, `('1_000' * 1000000)|int`
// 1.2 s, `d|dictsort` of a 100,000-key dict 300 times 1.3 s, 100,000 ranges of 65,536 items 1.0 s.
import type { TemplateOptions } from "../../src/index.js";
import type { HostileCase } from "./corpus.js";

const NO_DEADLINE: TemplateOptions = { timeoutMs: 0 };
export const STEP_LIMIT = "Step budget exhausted: the template executed more than 2000000 steps";
const steps = { kind: "limit", description: STEP_LIMIT } as const;

/** A loop of 100,000 iterations around `body`, after `setup`: only the step budget can end it early. */
const LOOP = (setup: string, body: string) => `${setup}{% for i in range(100000) %}${body}{% endfor %}`;
const BIG_DICT = () => ({ d: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])) });
/** 100,000 ints in no order (0..99999 with their digits reversed), their strings, pairs of them, long strings. */
const SHUFFLED = () => {
  const L = Array.from({ length: 100_000 }, (_, i) => Number(String(i).split("").reverse().join("")));
  const S = L.map(String);
  const pairs = Array.from({ length: 15_000 }, (_, i) => [S[2 * i], S[2 * i + 1]]);
  // 20,000 strings of 400 characters that differ only after 200 spaces
  const long = S.slice(0, 20_000).map((s) => s.padStart(200 + s.length, " ").padEnd(400, " "));
  return { L, S, pairs, long };
};

const CASES: [name: string, source: string, expect: HostileCase["expect"], context?: () => Record<string, unknown>][] =
  [
    // the four cases of the issue
    [
      "squaring a 475,000-bit int 1,000 times",
      "{% set x = 2 ** 475000 - 1 %}{% for i in range(1000) %}{% set y = x * x %}{% endfor %}",
      steps,
    ],
    ["('1_000' * 1000000)|int (Jinja2: 0)", "{{ ('1_000' * 1000000)|int }}", { output: "0" }],
    ["('1_000' * 1000000)|int in a loop", LOOP("{% set s = '1_000' * 1000000 %}", "{{ s|int }}"), steps],
    [
      "d|dictsort of a 100,000-key dict, 300 times",
      "{% for i in range(300) %}{{ (d|dictsort)|length }}{% endfor %}",
      steps,
      BIG_DICT,
    ],
    ["range(-2**53, 2**53, 2**38)|length 100,000 times", LOOP("", "{{ range(-2**53, 2**53, 2**38)|length }}"), steps],
    [
      "iterating range(-2**53, 2**53, 2**38) 100,000 times",
      LOOP("", "{% for j in range(-2**53, 2**53, 2**38) %}{% endfor %}"),
      steps,
    ],
    // their relatives
    [
      "** of a big result in a loop",
      "{% set b = 7 %}{% for i in range(1000) %}{% set x = b ** 300000 %}{% endfor %}",
      steps,
    ],
    ["** of a big base in a loop", LOOP("{% set x = 3 ** 200000 %}", "{% set y = x ** 3 %}"), steps],
    [
      "a 1,000,000-digit hex literal (compiled without a decimal conversion)",
      `{{ (0x${"f".repeat(1_000_000)}) > 0 }}`,
      { output: "True" },
    ],
    ["<< is no Jinja operator", "{{ (2 ** 475000) << 1000 }}", { kind: "syntax" }],
    ["* of a big int by a small one", LOOP("{% set x = 2 ** 990000 %}", "{% set y = x * 12345 %}"), steps],
    [
      "* of two different big ints",
      LOOP("{% set x = 3 ** 300000 %}{% set y = 7 ** 150000 %}", "{% set z = x * y %}"),
      steps,
    ],
    ["+ of big ints", LOOP("{% set x = 2 ** 999000 %}", "{% set y = x + x %}"), steps],
    ["- and unary - of big ints", LOOP("{% set x = 2 ** 999000 %}", "{% set y = -x - x %}"), steps],
    ["// of big ints", LOOP("{% set x = 2 ** 999000 - 1 %}{% set y = 3 ** 300000 %}", "{% set q = x // y %}"), steps],
    ["% of big ints", LOOP("{% set x = 2 ** 999000 - 1 %}{% set y = 3 ** 300000 %}", "{% set q = x % y %}"), steps],
    ["% of a big int by a small one", LOOP("{% set x = 2 ** 999000 - 1 %}", "{% set q = x % 1000 %}"), steps],
    [
      "== of two big ints that differ last",
      LOOP("{% set x = 2 ** 999000 - 1 %}{% set y = x - 1 %}", "{{ x == y }}"),
      steps,
    ],
    ["|abs of a big int", LOOP("{% set x = -(2 ** 999000) %}", "{{ (x|abs) > 0 }}"), steps],
    ["int() of 4,300 digits", LOOP("{% set s = '9' * 4300 %}", "{{ s|int % 7 }}"), steps],
    ["|int(base=36) of 4,300 digits", LOOP("{% set s = 'z' * 4300 %}", "{{ s|int(base=36) % 7 }}"), steps],
    ["|int(base=7) of 4,300 digits", LOOP("{% set s = '6' * 4300 %}", "{{ s|int(base=7) % 7 }}"), steps],
    ["|int(base=16) of 1,000,000 digits", LOOP("{% set s = 'f' * 1000000 %}", "{{ (s|int(base=16)) > 0 }}"), steps],
    ["|int of 5,000 digits with underscores", LOOP("{% set s = '9_' * 4999 ~ '9' %}", "{{ s|int }}"), steps],
    ["|float of 5,000,000 characters", LOOP("{% set s = '1_000' * 1000000 %}", "{{ s|float }}"), steps],
    ["'%d' of a 4,300-digit int", LOOP("{% set x = 7 ** 5000 %}", "{{ '%d'|format(x)|length }}"), steps],
    ["'{:d}' of a 4,300-digit int", LOOP("{% set x = 7 ** 5000 %}", "{{ '{:d}'.format(x)|length }}"), steps],
    ["'%x' of a 990,000-bit int", LOOP("{% set x = 2 ** 990000 - 1 %}", "{{ '%x'|format(x)|length }}"), steps],
    ["'{:b}' of a 990,000-bit int", LOOP("{% set x = 2 ** 990000 - 1 %}", "{{ '{:b}'.format(x)|length }}"), steps],
    ["|string of a 4,300-digit int", LOOP("{% set x = 7 ** 5000 %}", "{{ x|string|length }}"), steps],
    ["output of a 4,300-digit int", LOOP("{% set x = 7 ** 5000 %}", "{{ x }}"), steps],
    ["|tojson of a 4,300-digit int", LOOP("{% set x = 7 ** 5000 %}", "{{ x|tojson|length }}"), steps],
    ["|sort of 100,000 shuffled ints", LOOP("", "{{ (L|sort)|length }}"), steps, SHUFFLED],
    ["|sort of 100,000 strings", LOOP("", "{{ (S|sort)|length }}"), steps, SHUFFLED],
    [
      "|sort of 100,000 one-item lists",
      LOOP("{% set T = L|batch(1)|list %}", "{{ (T|sort)|length }}"),
      steps,
      SHUFFLED,
    ],
    ["|sort of 15,000 pairs of strings", LOOP("", "{{ (pairs|sort)|length }}"), steps, SHUFFLED],
    [
      "|sort of 20,000 strings with a 200-character common prefix",
      LOOP("", "{{ (long|sort)|length }}"),
      steps,
      SHUFFLED,
    ],
    [
      "|dictsort(by='value')",
      "{% for i in range(300) %}{{ (d|dictsort(by='value'))|length }}{% endfor %}",
      steps,
      BIG_DICT,
    ],
    [
      "|tojson(sort_keys=true) of a 100,000-key dict",
      "{% for i in range(300) %}{{ (d|tojson(sort_keys=true))|length }}{% endfor %}",
      steps,
      BIG_DICT,
    ],
    ["|max of 100,000 ints", LOOP("", "{{ L|max }}"), steps, SHUFFLED],
  ];

export const BUDGET_CASES: HostileCase[] = CASES.map(([name, source, expect, context]) => ({
  name: `budget: ${name}`,
  source,
  expect,
  context,
  options: NO_DEADLINE,
}));
