// Unit tests of the public API surface (jinja.md §2, §11): shapes, options and error format.
import { describe, expect, test } from "vitest";
import { Environment, Interpreter, parse, parseJSON, Template, TemplateError, tokenize } from "../../src/index.js";

function errorOf(fn: () => unknown): TemplateError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TemplateError) return e;
    throw e;
  }
  throw new Error("expected a TemplateError");
}

describe("Template", () => {
  test("compiles once and renders many times with different contexts", () => {
    const t = new Template("{% for m in messages %}{{ m.role }}:{{ m.content }};{% endfor %}");
    expect(t.render({ messages: [{ role: "user", content: "hi" }] })).toBe("user:hi;");
    expect(t.render(new Map([["messages", []]]))).toBe("");
    expect(t.render()).toBe("");
  });

  test("renders Python values", () => {
    const t = new Template("{{ a }} {{ b }} {{ c }} {{ d }} {{ 7 / 2 }} {{ 4 / 2 }} {{ -7 % 3 }}");
    expect(t.render({ a: true, b: null, c: [1, "x", null], d: { k: 1.5 } })).toBe(
      "True None [1, 'x', None] {'k': 1.5} 3.5 2.0 2",
    );
  });

  test("syntax errors are thrown by the constructor with position and caret excerpt", () => {
    const e = errorOf(() => new Template("{{ 1 }}\n{{ message.role|upperr }}"));
    expect(e.kind).toBe("syntax");
    expect(e.description).toBe("No filter named 'upperr'.");
    expect(e.line).toBe(2);
    expect(e.column).toBe(17);
    expect(e.message).toBe(
      "No filter named 'upperr'. (line 2, column 17)\n  2 | {{ message.role|upperr }}\n    |                 ^",
    );
    expect(e.name).toBe("TemplateError");
  });

  test("raise_exception gives kind raised with the exact message", () => {
    const e = errorOf(() => new Template("{{ raise_exception('Only user and assistant roles') }}").render());
    expect(e.kind).toBe("raised");
    expect(e.description).toBe("Only user and assistant roles");
  });

  test("host errors are wrapped with kind type and keep their cause", () => {
    const boom = new Error("boom");
    const e = errorOf(() =>
      new Template("{{ f() }}").render({
        f: () => {
          throw boom;
        },
      }),
    );
    expect(e.kind).toBe("type");
    expect(e.cause).toBe(boom);
  });

  test("context functions get plain JS arguments and a trailing kwargs object", () => {
    const seen: unknown[][] = [];
    const f = (...args: unknown[]) => {
      seen.push(args);
      return 2.5;
    };
    expect(new Template("{{ f(1, 'a', [2.0], k={'x': none}) }}").render({ f })).toBe("2.5");
    expect(seen).toEqual([[1, "a", [2], { k: { x: null } }]]);
  });

  test("limits end in TemplateErrors of kind limit", () => {
    const loop = "{% for i in range(100) %}{% for j in range(100) %}x{% endfor %}{% endfor %}";
    const steps = errorOf(() => new Template(loop, { maxSteps: 1000 }).render());
    expect(steps.kind).toBe("limit");
    expect(steps.description).toBe("Step budget exhausted: the template executed more than 1000 steps");
    const size = errorOf(() => new Template("{{ 'ab' * 100 }}", { maxOutputLength: 50 }).render());
    expect(size.description).toBe("Output limit exceeded: more than 50 characters");
    const depth = errorOf(() =>
      new Template("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}", { maxCallDepth: 10 }).render(),
    );
    expect(depth.description).toBe("Maximum call depth of 10 exceeded");
    const nesting = errorOf(() => new Template(`{{ ${"(".repeat(30)}1${")".repeat(30)} }}`, { maxNestingDepth: 20 }));
    expect(nesting.kind).toBe("syntax");
    expect(nesting.description).toBe("Maximum nesting depth of 20 exceeded");
  });

  test("strftime_now uses the injected clock", () => {
    const now = () => new Date(2024, 6, 26, 9, 5, 3);
    expect(new Template("{{ strftime_now('%d %b %Y %H:%M:%S %A %-d %e') }}", { now }).render()).toBe(
      "26 Jul 2024 09:05:03 Friday 26 26",
    );
  });

  test("trimBlocks and lstripBlocks can be turned off", () => {
    const src = "  {% if true %}\nx\n  {% endif %}\n";
    expect(new Template(src).render()).toBe("x\n");
    expect(new Template(src, { trimBlocks: false, lstripBlocks: false }).render()).toBe("  \nx\n  ");
  });

  test("invalid arguments are rejected with TypeErrors", () => {
    expect(() => new Template(42 as unknown as string)).toThrow(TypeError);
    expect(() => new Template("x", { maxSteps: -1 })).toThrow(TypeError);
    expect(() => new Template("x").render([] as unknown as Record<string, unknown>)).toThrow(TypeError);
  });

  test("the caller's context is never mutated", () => {
    const ctx = { xs: [1, 2], d: { a: 1 } };
    const snapshot = JSON.stringify(ctx);
    const e = errorOf(() => new Template("{{ xs.append(3) }}").render(ctx));
    expect(e.kind).toBe("security");
    new Template("{% set xs = xs + [3] %}{% set d = {'b': 2} %}{{ xs }}").render(ctx);
    expect(JSON.stringify(ctx)).toBe(snapshot);
  });
});

describe("parseJSON", () => {
  test("keeps floats and key order", () => {
    const v = parseJSON('{"b": 2.0, "a": [1, 1.5, 1e2], "1": {"z": null, "10": true}}');
    expect(new Template("{{ v }} {{ v|tojson }}").render({ v })).toBe(
      "{'b': 2.0, 'a': [1, 1.5, 100.0], '1': {'z': None, '10': True}} " +
        '{"b": 2.0, "a": [1, 1.5, 100.0], "1": {"z": null, "10": true}}',
    );
  });

  test("keeps big integers exact and rejects bad JSON", () => {
    expect(new Template("{{ n + 1 }}").render(parseJSON('{"n": 123456789012345678901}') as Map<string, unknown>)).toBe(
      "123456789012345678902",
    );
    expect(() => parseJSON("{")).toThrow(SyntaxError);
    expect(() => parseJSON("[1] x")).toThrow(SyntaxError);
  });
});

describe("compatibility exports", () => {
  test("tokenize / parse / Interpreter", () => {
    const tokens = tokenize("Hi {{ name }}!");
    expect(tokens.map((t) => [t.type, t.value])).toEqual([
      ["text", "Hi "],
      ["variable_begin", "{{"],
      ["name", "name"],
      ["variable_end", "}}"],
      ["text", "!"],
      ["eof", ""],
    ]);
    expect(tokens[2]).toMatchObject({ line: 1, column: 7 });
    const program = parse(tokens);
    expect(program.type).toBe("Program");
    const outer = new Environment();
    outer.set("name", "outer");
    const env = new Environment(outer);
    expect(env.lookupVariable("name")).toBe("outer");
    env.set("name", "world");
    expect(new Interpreter(env).run(program)).toEqual({ value: "Hi world!" });
  });
});
