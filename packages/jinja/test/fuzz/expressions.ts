import { prng } from "./prng.js";
// Deterministic random expression templates for the fuzz differential test: operators, filters, tests, methods,
// subscripts and conditionals over a fixed context, mixed at random (seeded, so every run checks the same cases).
// Numbers stay small where Python would otherwise hang or run out of memory (`**` only with small literal
// exponents, filter arguments are literals), so a difference is a real semantic difference.

/** The context every fuzz template sees (JSON text: parsed by parseJSON on our side, json.loads on Python's). */
export const FUZZ_CONTEXT = `{"i": 3, "n": -7, "z": 0, "f": 2.5, "w": 2.0, "big": 12345678901234567890, "s": "Hello World",
 "e": "", "u": "é😀x", "q": "it's \\"q\\"", "l": [3, 1, 2], "ls": ["b", "A", "c"], "lm": [1, "a", null], "t": [],
 "d": {"b": 1, "a": [1, 2], "c": null}, "dn": {"x": {"y": 1}}, "users": [{"name": "x", "age": 3}, {"name": "Y", "age": 1}],
 "b": true, "nn": null}`;

const VARIABLES = [
  "i",
  "n",
  "z",
  "f",
  "w",
  "big",
  "s",
  "e",
  "u",
  "q",
  "l",
  "ls",
  "lm",
  "t",
  "d",
  "dn",
  "users",
  "b",
  "nn",
];
const LITERALS = [
  "0",
  "1",
  "2",
  "-3",
  "10",
  "0.5",
  "2.0",
  "-1.5",
  "1e16",
  "0.1",
  "''",
  "'a'",
  "'ab'",
  "'A b'",
  "'x,y'",
];
const CONSTANTS = ["none", "true", "false", "nope"];
const BINARY = ["+", "-", "*", "/", "//", "%", "~", "==", "!=", "<", "<=", ">", ">=", "in", "not in", "and", "or"];
const FILTERS = [
  "length",
  "string",
  "upper",
  "lower",
  "title",
  "capitalize",
  "trim",
  "list",
  "first",
  "last",
  "reverse|list",
  "sort",
  "unique|list",
  "join",
  "join('-')",
  "tojson",
  "int",
  "float",
  "abs",
  "round",
  "round(1)",
  "default('D')",
  "default('D', true)",
  "count",
  "sum",
  "min",
  "max",
  "dictsort",
  "items|list",
  "center(5)",
  "indent(2)",
  "replace('a', 'b')",
  "truncate(5, true)",
  "wordcount",
  "e",
  "batch(2)|list",
  "select|list",
  "reject|list",
  "map('string')|list",
  "map(attribute='name')|list",
  "selectattr('age', 'gt', 1)|list",
  "first|string",
  "format(1)",
];
const TESTS = [
  "defined",
  "undefined",
  "none",
  "string",
  "number",
  "integer",
  "float",
  "mapping",
  "iterable",
  "sequence",
  "even",
  "odd",
  "divisibleby 2",
  "lower",
  "upper",
  "true",
  "false",
  "boolean",
  "in [1, 'a']",
  "eq 1",
  "gt 0",
];
const METHODS = [
  ".upper()",
  ".split()",
  ".split(',')",
  ".strip()",
  ".strip('H')",
  ".startswith('H')",
  ".endswith(('d', 'x'))",
  ".items()|list",
  ".keys()|list",
  ".get('a')",
  ".get('zz', 0)",
  ".count(1)",
  ".index(1)",
  ".replace('l', 'L', 1)",
  ".find('o')",
  ".title()",
  ".zfill(4)",
  ".format(1)",
];
const SUBSCRIPTS = ["[0]", "[-1]", "['a']", ".a", ".x", ".0"];
const SLICES = ["[1:]", "[::-1]", "[:2]"];
const VARIABLE_RE = new RegExp(`\\b(${[...VARIABLES, "nope"].join("|")})\\b`);

/**
 * Jinja2 folds expressions made only of literals at compile time, with other rules than at run time (a slice of a
 * constant goes through environment.getitem and becomes Undefined instead of raising; `true or X` never compiles
 * X). Those are optimiser artefacts, not semantics, so constant operands get no slices.
 */
function isConstant(expression: string): boolean {
  return !VARIABLE_RE.test(expression.replace(/'[^']*'/g, "''"));
}

export interface FuzzCase {
  name: string;
  template: string;
}

export function generateFuzzCases(seed: number, count: number): FuzzCase[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  function atom(): string {
    const r = random();
    if (r < 0.45) return pick(VARIABLES);
    if (r < 0.75) return pick(LITERALS);
    if (r < 0.85) return pick(CONSTANTS);
    if (r < 0.93) return `[${pick(LITERALS)}, ${pick(VARIABLES)}]`;
    return `{'a': ${pick(LITERALS)}, 'k': ${pick(VARIABLES)}}`;
  }

  function operand(depth: number): string {
    const inner = expr(depth - 1);
    return random() < 0.5 || !/[ |]/.test(inner) ? inner : `(${inner})`;
  }

  /** Postfix operations bind to a parenthesised operand unless it is a plain atom. */
  function postfixOperand(depth: number): string {
    const inner = expr(depth - 1);
    return /[ |]/.test(inner) ? `(${inner})` : inner;
  }

  function subscript(depth: number): string {
    const target = postfixOperand(depth);
    const choices = isConstant(target) ? SUBSCRIPTS : [...SUBSCRIPTS, ...SLICES];
    return `${target}${pick(choices)}`;
  }

  function expr(depth: number): string {
    if (depth <= 0) return atom();
    const r = random();
    if (r < 0.3) return `${operand(depth)} ${pick(BINARY)} ${operand(depth)}`;
    if (r < 0.45) return `${operand(depth)}|${pick(FILTERS)}`;
    if (r < 0.55) return `${operand(depth)} is ${random() < 0.2 ? "not " : ""}${pick(TESTS)}`;
    if (r < 0.65) return `${postfixOperand(depth)}${pick(METHODS)}`;
    if (r < 0.75) return subscript(depth);
    if (r < 0.8) return `${operand(depth)} ** ${pick(["0", "1", "2", "3", "-1"])}`;
    if (r < 0.87) return `${random() < 0.5 ? "-" : "not "}${operand(depth)}`;
    if (r < 0.95) return `${operand(depth)} if ${operand(depth)} else ${operand(depth)}`;
    return atom();
  }

  const cases: FuzzCase[] = [];
  for (let index = 0; cases.length < count; index++) {
    const body = expr(1 + Math.floor(random() * 3));
    const shape = random();
    const template =
      shape < 0.7
        ? `{{ ${body} }}`
        : shape < 0.85
          ? `{% for x in ${body} %}{{ x }},{% else %}none{% endfor %}`
          : `{% if ${body} %}T{% else %}F{% endif %}`;
    cases.push({ name: `fuzz ${index}: ${template}`, template });
  }
  return cases;
}
