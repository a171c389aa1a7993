// The hostile corpus: templates written to exhaust time or memory through every filter, test, method, global and
// operator. Each must end, within the time bound, in a clean TemplateError (kind `limit`, or the error Python would
// raise) or a harmless output. `expect` narrows that where the outcome is known: the reproductions of issue 14
// state exactly what Jinja2 does (a quick result) or that our limits must stop them.
import type { TemplateOptions } from "../../src/index.js";
import { BUDGET_CASES } from "./budget-cases.js";

export type Expectation =
  | "clean" // a TemplateError of any kind, or an output
  | "limit" // a TemplateError of kind `limit`
  | { output: string } // Jinja2's (quick) output
  | { kind: string; description?: string }; // Jinja2's error

export interface HostileCase {
  name: string;
  source: string;
  expect: Expectation;
  context?: () => Record<string, unknown>;
  options?: TemplateOptions;
}

const INT_STR_LIMIT =
  "Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit";

/** Cases with Jinja2's output run without the deadline: whether they finish must not depend on the load. */
const EXACT: TemplateOptions = { timeoutMs: 0 };

/** Reproductions from issue 14: each one froze, crashed or leaked a JavaScript message before the fix. */
const ISSUE: HostileCase[] = [
  {
    name: "issue: list repetition is linear",
    source: "{{ ([0] * 100000)|length }}",
    expect: { output: "100000" },
    options: EXACT,
  },
  {
    name: "issue: unique is linear",
    source: "{{ (range(40000)|list)|unique|list|length }}",
    expect: { output: "40000" },
    options: EXACT,
  },
  {
    name: "issue: wordwrap is linear",
    source: "{{ ('a ' * 200000)|wordwrap(10**9)|length }}",
    expect: { output: "399999" },
    options: EXACT,
  },
  {
    name: "issue: int(base=16) of 300,000 digits is linear",
    source: "{{ (('f' * 300000)|int(base=16)) > 0 }}",
    expect: { output: "True" },
    options: EXACT,
  },
  {
    name: "issue: int of 10**6 digits is refused before parsing",
    source: "{{ ('9' * 10**6)|int }}",
    expect: { output: "0" },
    options: EXACT,
  },
  { name: "issue: lipsum(10**9)", source: "{{ lipsum(10**9) }}", expect: "limit" },
  { name: "issue: %.1000000000f", source: "{{ '%.1000000000f'|format(1.5) }}", expect: "limit" },
  {
    name: "issue: map('upper') over 1000 strings of 30 M (V8 OOM)",
    source: "{{ ([('a' * 30000000)] * 1000)|map('upper')|list|length }}",
    expect: "limit",
  },
  { name: "issue: escape built 130 M", source: "{{ ('&' * 26000000)|escape|length }}", expect: "limit" },
  { name: "issue: lipsum built 38.5 M", source: "{{ lipsum(100000)|length }}", expect: "limit" },
  { name: "issue: strftime_now built 40 M", source: "{{ strftime_now('%Y' * 10**7)|length }}", expect: "limit" },
  {
    name: "issue: '{:,}'.format(10**290000) leaked a BigInt message",
    source: "{{ '{:,}'.format(10**290000) }}",
    expect: { kind: "type", description: INT_STR_LIMIT },
  },
  {
    name: "issue: a 10^4 x 10^4 loop",
    source: "{% for a in range(10000) %}{% for b in range(10000) %}{% endfor %}{% endfor %}",
    expect: "limit",
  },
];

/**
 * A string with the characters builtins treat specially, as big as the default cap allows (8.3 M of 8 Mi
 * characters), then a loop using it many times; the 30 M variants run the same with the old 32 Mi cap.
 */
const BIG_OF = (times: number) => `{% set S = 'ab< &\\'\\n' * ${times} %}`;
const BIG = BIG_OF(1_190_000);
const BIG_30M = BIG_OF(4_300_000);
const LOOP_OF = (big: string, expr: string) => `${big}{% for i in range(100000) %}{{ (${expr})|length }}{% endfor %}`;
const LOOP = (expr: string) => LOOP_OF(BIG, expr);
const LOOP_30M = (expr: string) => LOOP_OF(BIG_30M, expr);

const STRING_FILTERS = [
  "capitalize",
  "center(100)",
  "escape",
  "e",
  "forceescape",
  "first",
  "float",
  "indent(8, true, true)",
  "int",
  "last",
  "list",
  "lower",
  "pprint",
  "replace('a', 'xyz')",
  "reverse",
  "safe",
  "string",
  "striptags",
  "title",
  "tojson",
  "trim",
  "truncate(10**7)",
  "upper",
  "urlencode",
  "urlize",
  "wordcount",
  "wordwrap(5)",
  "batch(3)|list",
  "slice(3)|list",
  "unique|list",
  "sort",
  "min",
  "max",
  "random",
  "count",
  "format",
  "default('x')",
  "d('x')",
  "join('--')",
  "map('upper')|list",
  "select|list",
  "reject|list",
  "groupby('x')",
  "dictsort",
  "items",
  "xmlattr",
  "sum",
  "filesizeformat",
  "abs",
  "round",
  "attr('x')",
  "selectattr('x')|list",
  "rejectattr('x')|list",
];

const BIG_LIST = "{% set L = range(100000)|list %}";
const LIST_LOOP = (expr: string) => `${BIG_LIST}{% for i in range(100000) %}{{ (${expr})|length }}{% endfor %}`;
const LIST_FILTERS = [
  "sort",
  "sort(reverse=true)",
  "unique|list",
  "reverse|list",
  "map('string')|list",
  "map('string')|join(',')",
  "select('odd')|list",
  "reject('even')|list",
  "batch(7)|list",
  "slice(7)|list",
  "tojson",
  "pprint",
  "string",
  "join(',')",
  "sum|string",
  "max|string",
  "min|string",
  "groupby('real')|list",
  "dictsort",
  "list",
  "first|string",
  "last|string",
  "random|string",
  "length|string",
  "sort|unique|list",
];

const TESTS = [
  "S is string",
  "S is lower",
  "S is upper",
  "S is in S",
  "'zzz' is in S",
  "S is eq S ~ 'x'",
  "S is sameas S",
  "S is escaped",
  "S is sequence",
  "S is iterable",
  "S is defined",
  "S is number",
  "S is mapping",
  "S is callable",
  "S is ne S",
  "S is lt S ~ 'x'",
  "S is ge S",
  "L is in [L]",
  "99999 is in L",
  "-1 is in L",
  "L is eq L",
  "L is sequence",
  "i is divisibleby 3",
  "i is even",
  "S is equalto S",
];

const STR_METHODS = [
  "S.strip()",
  "S.lstrip('a')",
  "S.rstrip('x')",
  "S.split()",
  "S.split('a')",
  "S.rsplit('a', 5)",
  "S.splitlines()",
  "S.startswith('zz')",
  "S.endswith(S)",
  "S.replace('a', 'bbbb')",
  "S.replace('', '-')",
  "S.upper()",
  "S.lower()",
  "S.casefold()",
  "S.title()",
  "S.capitalize()",
  "S.swapcase()",
  "S.find('zz')",
  "S.rfind('zz')",
  "S.count('a')",
  "S.count('')",
  "'-'.join(S)",
  "S.join(['a', 'b', 'c'])",
  "S.isdigit()",
  "S.isalnum()",
  "S.isspace()",
  "S.istitle()",
  "S.zfill(10**7)",
  "S.center(33000000)",
  "S.ljust(33000000)",
  "S.rjust(33000000)",
  "S.partition('zz')",
  "S.rpartition('a')",
  "S.removeprefix('ab')",
  "S.removesuffix('x')",
  "S.encode()",
  "S.index('b')",
  "'{}{}'.format(S, S)",
  "'{:>30000000}'.format(S)",
];

/** Methods and operators that build a huge value out of a tiny template (no loop needed). */
const AMPLIFIERS: [string, string][] = [
  ["center", "{{ 'x'.center(10**9) }}"],
  ["ljust", "{{ 'x'.ljust(10**9) }}"],
  ["rjust", "{{ 'x'.rjust(2**40) }}"],
  ["zfill", "{{ '1'.zfill(10**9) }}"],
  ["replace amplifies", "{% set s = 'a' * 100000 %}{{ s.replace('a', s)|length }}"],
  ["replace empty amplifies", "{% set s = 'a' * 100000 %}{{ s.replace('', s)|length }}"],
  ["str.join of a big separator", "{{ ('x' * 1000000).join(range(100000)|map('string'))|length }}"],
  ["format width", "{{ '{:>1000000000}'.format(1) }}"],
  ["format precision e", "{{ '{:.1000000000e}'.format(1.5) }}"],
  ["format precision g", "{{ '%.1000000000g'|format(1.5) }}"],
  ["format precision %", "{{ '{:.1000000000%}'.format(1.5) }}"],
  ["printf width", "{{ '%1000000000d'|format(1) }}"],
  ["printf star width", "{{ '%*d'|format(10**9, 1) }}"],
  ["center filter", "{{ 'x'|center(10**9) }}"],
  ["indent filter", "{{ ('\\n' * 1000000)|indent(10000, true, true)|length }}"],
  ["indent string", "{{ ('a\\n' * 1000000)|indent('x' * 1000)|length }}"],
  ["truncate end", "{{ ('a' * 100)|truncate(10, end='x' * 10**8) }}"],
  ["wordwrap wrapstring", "{{ ('a ' * 100000)|wordwrap(1, wrapstring='x' * 100000)|length }}"],
  ["wordwrap break long", "{{ ('a' * 30000000)|wordwrap(1)|length }}"],
  ["join separator", "{{ range(100000)|join('x' * 100000) }}"],
  ["lipsum huge words", "{{ lipsum(1, min=10**9, max=10**9 + 1)|length }}"],
  ["lipsum many paragraphs no html", "{{ lipsum(10**6, html=false)|length }}"],
  ["strftime %c", "{{ strftime_now('%c' * 10**6)|length }}"],
  ["string repetition", "{{ ('x' * 30000000 * 2)|length }}"],
  ["list repetition", "{{ ([1, 2, 3] * 20000000)|length }}"],
  ["tuple repetition", "{{ ((1, 2) * 20000000)|length }}"],
  ["power", "{{ (10 ** 10 ** 7) > 0 }}"],
  ["power chain", "{{ 2 ** 2 ** 2 ** 2 ** 2 }}"],
  ["huge int to string", "{{ 7 ** 100000 }}"],
  ["huge int hex", "{{ '{:x}'.format(7 ** 300000)|length }}"],
  ["huge int printf", "{{ '%d'|format(7 ** 100000) }}"],
  ["huge int printf hex", "{{ ('%x'|format(7 ** 300000))|length }}"],
  ["huge int tojson", "{{ (7 ** 100000)|tojson|length }}"],
  ["huge int filesizeformat", "{{ (7 ** 100000)|filesizeformat }}"],
  ["huge int float", "{{ (7 ** 100000)|float }}"],
  ["huge int round", "{{ (7 ** 100000)|round }}"],
  ["big multiplication", "{% set x = 7 ** 150000 %}{{ (x * x * x * x) > 0 }}"],
  ["big floor division", "{% set x = 7 ** 300000 %}{{ (x // 3) > 0 }}"],
  ["big modulo", "{% set x = 7 ** 300000 %}{{ x % 1000 }}"],
  ["int of a float string", "{{ ('9' * 10**6 ~ '.5')|int }}"],
  ["float of digits", "{{ ('9' * 10**7)|float }}"],
  ["int base 36", "{{ ('z' * 100000)|int(base=36) }}"],
  ["int base 32", "{{ (('v' * 1000000)|int(base=32)) > 0 }}"],
  ["int base 2", "{{ (('1' * 3000000)|int(base=2)) > 0 }}"],
  ["int base 0 hex", "{{ (('0x' ~ 'f' * 1000000)|int(base=0)) > 0 }}"],
  [
    "tojson nesting",
    "{% set ns = namespace(x=[]) %}{% for i in range(100000) %}{% set ns.x = [ns.x] %}{% endfor %}{{ ns.x|tojson|length }}",
  ],
  [
    "pprint nesting",
    "{% set ns = namespace(x=[]) %}{% for i in range(100000) %}{% set ns.x = [ns.x] %}{% endfor %}{{ ns.x|pprint|length }}",
  ],
  [
    "string of nesting",
    "{% set ns = namespace(x=[]) %}{% for i in range(100000) %}{% set ns.x = [ns.x] %}{% endfor %}{{ ns.x|string|length }}",
  ],
  [
    "equality of nesting",
    "{% set ns = namespace(x=[], y=[]) %}{% for i in range(100000) %}{% set ns.x = [ns.x] %}{% set ns.y = [ns.y] %}{% endfor %}{{ ns.x == ns.y }}",
  ],
  [
    "sort of nesting",
    "{% set ns = namespace(x=[]) %}{% for i in range(50000) %}{% set ns.x = [ns.x] %}{% endfor %}{{ [ns.x, ns.x]|sort|length }}",
  ],
  [
    "shared structure tojson",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ ns.x|tojson|length }}",
  ],
  [
    "shared structure string",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ ns.x|string|length }}",
  ],
  [
    "shared structure pprint",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ ns.x|pprint|length }}",
  ],
  [
    "shared structure equality",
    "{% set ns = namespace(x=[1], y=[1]) %}{% for i in range(60) %}{% set ns.x = [ns.x, ns.x] %}{% set ns.y = [ns.y, ns.y] %}{% endfor %}{{ ns.x == ns.y }}",
  ],
  [
    "shared structure in",
    "{% set ns = namespace(x=[1]) %}{% for i in range(60) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ [0] in ns.x }}",
  ],
  [
    "shared structure dict",
    "{% set ns = namespace(x={}) %}{% for i in range(40) %}{% set ns.x = {'a': ns.x, 'b': ns.x} %}{% endfor %}{{ ns.x|tojson|length }}",
  ],
  [
    "shared structure dictsort",
    "{% set ns = namespace(x=[1]) %}{% for i in range(60) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ {'a': ns.x, 'b': ns.x}|dictsort|length }}",
  ],
  [
    "shared structure unique",
    "{% set ns = namespace(x=(1,)) %}{% for i in range(60) %}{% set ns.x = (ns.x, ns.x) %}{% endfor %}{{ [ns.x, ns.x]|unique|list|length }}",
  ],
  [
    "shared structure format",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ '{}'.format(ns.x)|length }}",
  ],
  [
    "shared structure printf",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ ('%s'|format(ns.x))|length }}",
  ],
  [
    "shared structure concat",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ (ns.x ~ '')|length }}",
  ],
  [
    "shared structure output",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ ns.x }}",
  ],
];

/** Loops, recursion and accumulation patterns. */
const CONTROL: [string, string][] = [
  [
    "nested loops three deep",
    "{% for a in range(1000) %}{% for b in range(1000) %}{% for c in range(1000) %}{% endfor %}{% endfor %}{% endfor %}",
  ],
  ["loop of writes", "{% for a in range(100000) %}{% for b in range(100000) %}x{% endfor %}{% endfor %}"],
  [
    "string doubling",
    "{% set ns = namespace(s='x') %}{% for i in range(100) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}",
  ],
  [
    "list doubling",
    "{% set ns = namespace(l=[1]) %}{% for i in range(100) %}{% set ns.l = ns.l + ns.l %}{% endfor %}{{ ns.l|length }}",
  ],
  [
    "list accumulation",
    "{% set ns = namespace(l=[]) %}{% for i in range(100000) %}{% set ns.l = ns.l + [i] %}{% endfor %}{{ ns.l|length }}",
  ],
  [
    "big string accumulation",
    "{% set ns = namespace(s='') %}{% for i in range(100000) %}{% set ns.s = ns.s ~ ('x' * 10000) %}{% endfor %}{{ ns.s|length }}",
  ],
  [
    "flattening a rope in a loop",
    "{% set s = 'x' * 30000000 %}{% for i in range(100000) %}{{ (s ~ i)[5] }}{% endfor %}",
  ],
  [
    "many distinct big strings",
    "{% set s = 'x' * 30000000 %}{{ range(1000)|map('string')|map('center', 30000000)|list|length }}",
  ],
  [
    "macro recursion wide",
    "{% macro m(n) %}{% if n %}{{ m(n - 1) }}{{ m(n - 1) }}{% endif %}{% endmacro %}{{ m(40) }}",
  ],
  ["macro recursion deep", "{% macro m(n) %}{{ m(n + 1) }}{% endmacro %}{{ m(0) }}"],
  [
    "caller recursion",
    "{% macro m() %}{% call m() %}{{ caller() }}{% endcall %}{% endmacro %}{% call m() %}x{% endcall %}",
  ],
  ["recursive loop", "{% for x in [1] recursive %}{{ loop([x, x]) }}{% endfor %}"],
  ["recursive loop wide", "{% for x in range(2) recursive %}{{ loop(range(2)) }}{% endfor %}"],
  ["set block accumulation", "{% for i in range(100000) %}{% set x %}{{ 'y' * 1000000 }}{% endset %}{% endfor %}"],
  ["filter block", "{% for i in range(100000) %}{% filter upper %}{{ 'y' * 1000000 }}{% endfilter %}{% endfor %}"],
  [
    "macro returns big",
    "{% macro m() %}{{ 'y' * 30000000 }}{% endmacro %}{% for i in range(1000) %}{{ m()|length }}{% endfor %}",
  ],
  [
    "cycler in loop",
    "{% set c = cycler(*range(100000)) %}{% for i in range(100000) %}{% for j in range(100000) %}{{ c.next() }}{% endfor %}{% endfor %}",
  ],
  [
    "joiner in loop",
    "{% set j = joiner('x' * 1000) %}{% for i in range(100000) %}{% for k in range(100) %}{{ j() }}{% endfor %}{% endfor %}",
  ],
  ["namespace growth", "{% set ns = namespace() %}{% for i in range(100000) %}{% set ns.x = [ns.x] * 2 %}{% endfor %}"],
  [
    "dict growth",
    "{% set ns = namespace(d={}) %}{% for i in range(100000) %}{% set ns.d = dict(ns.d, **{i|string: i}) %}{% endfor %}{{ ns.d|length }}",
  ],
  [
    "dict() copies in loop",
    "{% set d = dict(range(100000)|map('string')|zip) if false else {} %}{% for i in range(100000) %}{{ dict(d)|length }}{% endfor %}",
  ],
  ["range in loop", "{% for i in range(100000) %}{{ range(100000)|list|length }}{% endfor %}"],
  ["items in loop", "{% set d = {} %}{% for i in range(100000) %}{{ d.items()|list|length }}{% endfor %}"],
  [
    "raise in loop",
    "{% for i in range(100000) %}{% if i == 99999 %}{{ raise_exception('x' * 1000) }}{% endif %}{% endfor %}",
  ],
  [
    "loop.cycle",
    "{% for i in range(100000) %}{% for j in range(1000) %}{{ loop.cycle('a', 'b') }}{% endfor %}{% endfor %}",
  ],
  ["groupby of a big list", "{{ (range(100000)|list * 100)|groupby('real')|list|length }}"],
  ["sort of a big list", "{{ (range(100000)|list * 80)|sort|length }}"],
  ["dictsort of a big dict", "{% set ns = namespace(d={}) %}{{ range(100000)|map('string')|list|sort|length }}"],
  ["slice huge", "{{ [1, 2, 3]|slice(10**9)|list|length }}"],
  ["batch huge fill", "{{ [1]|batch(10**9, fill_with=0)|list|length }}"],
  ["sum of strings", "{{ (['a' * 1000000] * 1000)|sum(start='') }}"],
  ["in operator in loop", "{% set S = 'a' * 30000000 %}{% for i in range(100000) %}{{ 'b' in S }}{% endfor %}"],
  [
    "comparison of big strings",
    "{% set S = 'a' * 30000000 %}{% set T = 'a' * 30000000 %}{% for i in range(100000) %}{{ S == T }}{% endfor %}",
  ],
  ["slicing big string", "{% set S = 'a' * 30000000 %}{% for i in range(1000) %}{{ S[::-1]|length }}{% endfor %}"],
  ["slicing big list", "{% set L = [0] * 8000000 %}{% for i in range(1000) %}{{ L[::-1]|length }}{% endfor %}"],
  ["negative index big string", "{% set S = 'é' * 20000000 %}{% for i in range(100000) %}{{ S[-1] }}{% endfor %}"],
  ["iterating a big string", "{% for c in 'ab' * 15000000 %}{% endfor %}"],
  ["list of a big string", "{{ ('ab' * 15000000)|list|length }}"],
  ["string % tuple", "{{ ('%s' * 1000000) % ((1,) * 1000000) }}"],
  ["Markup join", "{% autoescape true %}{{ range(100000)|join('<' * 1000) }}{% endautoescape %}"],
  ["autoescape big output", "{% autoescape true %}{% set s = '<' * 30000000 %}{{ s }}{% endautoescape %}"],
];

const GLOBALS: [string, string][] = [
  ["range step 0", "{{ range(0, 10, 0) }}"],
  ["range huge", "{{ range(10 ** 9)|length }}"],
  ["range negative huge", "{{ range(0, -10 ** 12, -1)|list }}"],
  ["dict kwargs", "{{ dict(**{'a': 'x' * 1000000})|length }}"],
  ["namespace big", "{{ namespace(a='x' * 1000000).a|length }}"],
  ["lipsum negative", "{{ lipsum(-1, min=-5, max=-10) }}"],
  ["lipsum bigint", "{{ lipsum(10 ** 30) }}"],
  ["strftime_now huge directive run", "{{ strftime_now('%-d' * 10**7)|length }}"],
  ["raise_exception big", "{{ raise_exception('x' * 30000000) }}"],
  ["joiner big", "{% set j = joiner('x' * 30000000) %}{{ j() }}{{ j()|length }}"],
  ["cycler big", "{% set c = cycler(*(['x'] * 8000000)) %}{{ c.next() }}"],
];

/**
 * The gaps left by the first pass (too slow, or out of memory in a 256 MB child, with the values of up to 32 Mi
 * characters the old default allowed): the default cap of 8 Mi now refuses their 30 M string up front, so each
 * also runs with the old cap, where the builtins themselves must stay bounded (charged before they scan,
 * sizes checked before building, shared structures charged per node).
 */
const OLD_CAP: TemplateOptions = { maxOutputLength: 33_554_432 };
const FORMER_GAPS: [string, string][] = [
  ["pprint of a 30 M text", LOOP_30M("S|pprint")],
  ["filesizeformat of a 30 M text", LOOP_30M("S|filesizeformat")],
  [
    "is lower over a 30 M text",
    `${BIG_30M}{% for i in range(100000) %}{% for j in range(100) %}{{ S is lower }}{% endfor %}{% endfor %}`,
  ],
  ["split of a 30 M text", LOOP_30M("S.split('a')")],
  ["rsplit(sep, 5) of a 30 M text", LOOP_30M("S.rsplit('a', 5)")],
  ["count of a 30 M text", LOOP_30M("S.count('a')")],
  ["format width of a 30 M text", LOOP_30M("'{:>30000000}'.format(S)")],
  [
    "pprint of a 2^40-node shared structure",
    "{% set ns = namespace(x=[1]) %}{% for i in range(40) %}{% set ns.x = [ns.x, ns.x] %}{% endfor %}{{ ns.x|pprint|length }}",
  ],
  [
    "comparison of two distinct 30 M strings",
    "{% set S = 'a' * 30000000 %}{% set T = 'a' * 30000000 %}{% for i in range(100000) %}{{ S == T }}{% endfor %}",
  ],
  ["cycler of 8 M items", "{% set c = cycler(*(['x'] * 8000000)) %}{{ c.next() }}"],
];

function named(prefix: string, sources: [string, string][], expect: Expectation): HostileCase[] {
  return sources.map(([name, source]) => ({ name: `${prefix}: ${name}`, source, expect }));
}

const ALL: HostileCase[] = [
  ...ISSUE,
  ...STRING_FILTERS.map((f) => ({ name: `string filter ${f}`, source: LOOP(`S|${f}`), expect: "clean" as const })),
  ...LIST_FILTERS.map((f) => ({ name: `list filter ${f}`, source: LIST_LOOP(`L|${f}`), expect: "clean" as const })),
  ...TESTS.map((t) => ({
    name: `test ${t}`,
    source: `${BIG}${BIG_LIST}{% for i in range(100000) %}{% for j in range(100) %}{{ ${t} }}{% endfor %}{% endfor %}`,
    expect: "clean" as const,
  })),
  ...STR_METHODS.map((m) => ({ name: `method ${m}`, source: LOOP(m), expect: "clean" as const })),
  ...named("amplifier", AMPLIFIERS, "clean"),
  ...named("control", CONTROL, "clean"),
  ...named("global", GLOBALS, "clean"),
  ...FORMER_GAPS.map(([name, source]) => ({
    name: `former gap (32 Mi cap): ${name}`,
    source,
    expect: "clean" as const,
    options: OLD_CAP,
  })),
  {
    name: "context: a huge list from the host",
    source: "{% for m in messages %}{{ m.content|upper }}{% endfor %}",
    context: () => ({ messages: Array.from({ length: 1000 }, () => ({ content: "a".repeat(1_000_000) })) }),
    expect: "clean",
  },
  {
    name: "context: dict methods on a big dict",
    source:
      "{% for i in range(100000) %}{{ d.items()|list|length }}{{ d.keys()|list|length }}{{ d.copy()|length }}{% endfor %}",
    context: () => ({ d: Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, i])) }),
    expect: "clean",
  },
  {
    name: "context: list methods on a big list",
    source: "{% for i in range(100000) %}{{ l.index(99999) }}{{ l.count(5) }}{{ l.copy()|length }}{% endfor %}",
    context: () => ({ l: Array.from({ length: 100_000 }, (_, i) => i) }),
    expect: "clean",
  },
  {
    name: "context: a host function returning a huge string",
    source: "{% for i in range(1000) %}{{ f()|length }}{% endfor %}",
    context: () => {
      const big = "z".repeat(30_000_000);
      return { f: () => `${big}!` };
    },
    expect: "limit",
  },
  {
    name: "options: a tight timeout stops a long loop",
    source: "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
    options: { timeoutMs: 20, maxSteps: 10 ** 12 },
    expect: { kind: "limit", description: "Time limit exceeded: the render took more than 20 ms" },
  },
  {
    name: "options: a tight allocation budget",
    source: "{% for i in range(100) %}{{ ('x' * 100000 ~ i)|upper|length }}{% endfor %}",
    options: { maxAllocation: 1_000_000 },
    expect: {
      kind: "limit",
      description: "Allocation limit exceeded: the template built more than 1000000 characters and items",
    },
  },
];

export const CORPUS: HostileCase[] = [...ALL, ...BUDGET_CASES];
