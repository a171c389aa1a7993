// The public API contract of jinja.md §2: Template compiled once and rendered many times, the compatibility
// exports (tokenize, parse, Environment, Interpreter), parseJSON and the TemplateOptions.
import { describe, expect, test } from "vitest";
import { Environment, Interpreter, parse, parseJSON, Template, TemplateError, tokenize } from "../src/index.js";

describe("Template", () => {
  test("renders with no context, a plain object or a Map", () => {
    const template = new Template("[{{ x }}]");
    expect(template.render()).toBe("[]");
    expect(template.render({ x: 1 })).toBe("[1]");
    expect(template.render(new Map([["x", "m"]]))).toBe("[m]");
  });

  test("a compiled template is reusable: renders do not leak state into each other", () => {
    const template = new Template(
      "{% set ns = namespace(n=0) %}{% for m in messages %}{% set ns.n = ns.n + 1 %}{% endfor %}{% set t = ns.n %}{{ t }}|{{ extra }}",
    );
    const a = { messages: [1, 2, 3] };
    const b = { messages: [1], extra: "b" };
    const first = template.render(a);
    expect(first).toBe("3|");
    expect(template.render(b)).toBe("1|b");
    expect(template.render(a)).toBe(first);
  });

  test("syntax errors are thrown by the constructor as TemplateError", () => {
    expect(() => new Template("{% if %}")).toThrow(TemplateError);
  });

  test("the now option drives strftime_now", () => {
    const template = new Template("{{ strftime_now('%Y-%m-%d %H:%M:%S %a %b') }}", {
      now: () => new Date(2024, 0, 2, 3, 4, 5),
    });
    expect(template.render()).toBe("2024-01-02 03:04:05 Tue Jan");
  });

  test("without a now option strftime_now reads the current clock", () => {
    const before = new Date().getFullYear();
    const year = Number(new Template("{{ strftime_now('%Y') }}").render());
    const after = new Date().getFullYear();
    expect(year === before || year === after).toBe(true);
  });
});

describe("compatibility exports", () => {
  test("tokenize gives tokens with value, type, line and column", () => {
    const tokens = tokenize("a\n{{ name }}");
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      expect(typeof token.value).toBe("string");
      expect(typeof token.type).toBe("string");
      expect(Number.isInteger(token.line)).toBe(true);
      expect(Number.isInteger(token.column)).toBe(true);
    }
    const name = tokens.find((t) => t.value === "name");
    expect(name).toMatchObject({ line: 2, column: 4 });
  });

  test("parse + Interpreter + Environment render like Template", () => {
    const source = "{% for m in messages %}{{ m.role }}:{{ m.content }};{% endfor %}{{ suffix }}";
    const env = new Environment();
    env.set("messages", [{ role: "user", content: "hi" }]);
    const child = new Environment(env);
    child.set("suffix", "!");
    expect(child.lookupVariable("messages")).toEqual([{ role: "user", content: "hi" }]);
    const result = new Interpreter(child).run(parse(tokenize(source)));
    expect(result.value).toBe("user:hi;!");
    expect(result.value).toBe(
      new Template(source).render({ messages: [{ role: "user", content: "hi" }], suffix: "!" }),
    );
  });
});

describe("parseJSON", () => {
  test("keeps floats and key order that JSON.parse loses", () => {
    const context = parseJSON('{"f": 2.0, "d": {"b": 1, "a": 2, "1": 3}, "l": [1.0, 1e16]}') as Record<string, unknown>;
    expect(new Template("{{ f }} {{ d|list }} {{ l }} {{ d|tojson }}").render(context)).toBe(
      `2.0 ['b', 'a', '1'] [1.0, 1e+16] {"b": 1, "a": 2, "1": 3}`,
    );
  });

  test("rejects malformed JSON", () => {
    expect(() => parseJSON("{")).toThrow();
    expect(() => parseJSON('{"a": }')).toThrow();
  });
});
