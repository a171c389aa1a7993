// Error positions (jinja.md §11): syntax errors carry the line Jinja2 reports (asked from the Python oracle), the
// column of the offending token (1-based, in code points: Jinja2 has no columns, so these are stated here) and a
// message made of the description, the position and a two-line caret excerpt.
import { describe, expect, test } from "vitest";
import { Template, TemplateError } from "../src/index.js";
import { describeWithOracle } from "./oracle/compare.js";
import { oracleNow, runOracle } from "./oracle/oracle.js";

interface PositionCase {
  name: string;
  source: string;
  /** Column of the offending token; omitted where the token is the end of the template (no single right answer). */
  column?: number;
}

const SYNTAX_CASES: PositionCase[] = [
  {
    name: "unknown filter inside a for block (the jinja.md §11 example line)",
    source: "{% for message in messages %}\n{{ '<' }}\n{{ message.role|upperr }}\n{% endfor %}",
    column: 17,
  },
  { name: "unknown filter on line 1", source: "{{ x|nofilter }}", column: 6 },
  { name: "unknown filter after astral characters (code points)", source: "{{ '😀😀' | nofilter }}", column: 11 },
  { name: "unknown filter after a tab", source: "\t{{ x|nofilter }}", column: 7 },
  { name: "unknown filter after CRLF lines", source: "a\r\nb\r\n{{ x|nofilter }}", column: 6 },
  { name: "unknown test on line 2", source: "{{ 1 }}\n{{ x is nosuch }}", column: 9 },
  {
    name: "unexpected end of print statement",
    source: "line one\n{% for x in y %}\n  {{ x + }}\n{% endfor %}",
    column: 10,
  },
  { name: "expected an expression in an if tag", source: "\n\n{% if %}x{% endif %}", column: 7 },
  {
    name: "unknown tag on its own line (lstrip_blocks does not move the column)",
    source: "a\n\n  {% frob %}",
    column: 6,
  },
  { name: "unknown tag inside an if block", source: "{% if x %}\n  {% frob %}\n{% endif %}", column: 6 },
  { name: "endif without if", source: "text\ntext {% endif %}", column: 9 },
  { name: "unexpected closing parenthesis", source: "{{ (1 + 2)) }}", column: 11 },
  { name: "unexpected character", source: "ok\n{{ 1 $ 2 }}", column: 6 },
  { name: "unclosed string literal", source: "x\n{{ 'abc }}", column: 4 },
  { name: "block defined twice", source: "{% block a %}1{% endblock %}\n{% block a %}2{% endblock %}" },
  { name: "unclosed for block", source: "{% for x in y %}\n{{ x }}\n" },
  { name: "unclosed expression", source: "abc\n{{ x" },
  { name: "unclosed comment", source: "a\n{# open\n\n" },
];

function catchError(source: string, context: Record<string, unknown> = {}): unknown {
  try {
    new Template(source, { now: oracleNow }).render(context);
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Checks `message` = description + position + excerpt, and the excerpt's caret sits under `column` of `line`. */
function expectWellFormed(error: TemplateError, source: string): void {
  expect(error.name).toBe("TemplateError");
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toBe(`${error.description} (line ${error.line}, column ${error.column})\n${error.excerpt}`);
  const sourceLine = source.split(/\r\n|\r|\n/)[error.line - 1] ?? "";
  const excerptLines = error.excerpt.split("\n");
  expect(excerptLines).toHaveLength(2);
  const [textLine, caretLine] = excerptLines as [string, string];
  const gutter = /^( *)(\d+) \| /.exec(textLine);
  expect(gutter, `excerpt line ${JSON.stringify(textLine)}`).not.toBeNull();
  expect(Number(gutter?.[2])).toBe(error.line);
  expect(textLine.slice(gutter?.[0].length)).toBe(sourceLine);
  const gutterWidth = gutter?.[0].length ?? 0;
  expect(caretLine).toBe(`${" ".repeat(gutterWidth - 2)}| ${" ".repeat(error.column - 1)}^`);
}

describeWithOracle("syntax error positions (line from Python Jinja2)", () => {
  const oracle = runOracle(SYNTAX_CASES.map((c) => ({ name: c.name, template: c.source })));
  for (const c of SYNTAX_CASES) {
    test(c.name, () => {
      const python = oracle.get(c.name);
      if (!python || !("error" in python) || python.error.line === null) {
        throw new Error(`case must be a Python syntax error, got ${JSON.stringify(python)}`);
      }
      const error = catchError(c.source);
      expect(error, `Python: ${python.error.message}`).toBeInstanceOf(TemplateError);
      const templateError = error as TemplateError;
      expect(templateError.kind).toBe("syntax");
      expect(templateError.line, `Python: ${python.error.message}`).toBe(python.error.line);
      if (c.column !== undefined) expect(templateError.column).toBe(c.column);
      expectWellFormed(templateError, c.source);
    });
  }
});

describe("error message format", () => {
  test("the jinja.md §11 example renders exactly", () => {
    const source = "{% for message in messages %}\n{{ '<' }}\n{{ message.role|upperr }}\n{% endfor %}";
    const error = catchError(source);
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).message).toBe(
      "No filter named 'upperr'. (line 3, column 17)\n  3 | {{ message.role|upperr }}\n    |                 ^",
    );
  });

  test("syntax errors are thrown by the constructor, before any render", () => {
    expect(() => new Template("{{ x|nofilter }}")).toThrow(TemplateError);
    expect(() => new Template("{% if %}")).toThrow(TemplateError);
  });
});

describe("runtime error positions", () => {
  const cases: { name: string; source: string; context?: Record<string, unknown>; kind: string; line: number }[] = [
    { name: "undefined attribute", source: "a\n\n{{ nope.x }}", kind: "undefined", line: 3 },
    { name: "str + int", source: "{% for i in [1] %}\n{{ 'a' + i }}\n{% endfor %}", kind: "type", line: 2 },
    {
      name: "raise_exception in a macro body",
      source: "{% macro m() %}\nx\n{{ raise_exception('boom') }}\n{% endmacro %}\n{{ m() }}",
      kind: "raised",
      line: 3,
    },
    {
      name: "blocked list method",
      source: "{{ 1 }}\n{{ xs.append(1) }}",
      context: { xs: [] },
      kind: "security",
      line: 2,
    },
    { name: "division by zero", source: "\n\n\n{{ 1 // 0 }}", kind: "type", line: 4 },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const error = catchError(c.source, c.context);
      expect(error).toBeInstanceOf(TemplateError);
      const templateError = error as TemplateError;
      expect(templateError.kind).toBe(c.kind);
      expect(templateError.line).toBe(c.line);
      expectWellFormed(templateError, c.source);
    });
  }

  test("raise_exception keeps its message as the description", () => {
    const error = catchError("{{ raise_exception('Roles must alternate') }}");
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).description).toBe("Roles must alternate");
  });

  test("an exception thrown by a context function is wrapped as a type error with its cause", () => {
    const boom = new RangeError("host failure");
    const error = catchError("{{ f() }}", {
      f: () => {
        throw boom;
      },
    });
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).kind).toBe("type");
    expect((error as TemplateError).cause).toBe(boom);
  });
});
