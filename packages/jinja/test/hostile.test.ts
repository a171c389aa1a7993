// Hostile templates (jinja.md §10): every attack must end quickly with a TemplateError of the right kind (or render
// harmlessly), never reach the host, never mutate the caller's objects, and leave the engine usable afterwards.
// The exact Python output of the harmless cases is checked by the sec-* fixtures of the differential runner.
import { afterEach, describe, expect, test } from "vitest";
import { parseJSON, Template, TemplateError } from "../src/index.js";

type Options = ConstructorParameters<typeof Template>[1];
type Context = Record<string, unknown> | Map<string, unknown>;

function render(source: string, context: Context = {}, options?: Options): string {
  return new Template(source, options).render(context);
}

function catchError(run: () => unknown): TemplateError {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  if (!(thrown instanceof TemplateError)) {
    throw new Error(`expected a TemplateError, got ${thrown instanceof Error ? thrown.stack : String(thrown)}`);
  }
  return thrown;
}

/**
 * A `limit` error is asserted with the deadline off (unless the test sets `timeoutMs`): which limit fires (steps,
 * size, allocation, depth) must not depend on the machine's load. The deadline has its own test.
 */
function expectError(source: string, kind: string, description?: string, context?: Context, options?: Options) {
  const opts = kind === "limit" ? { timeoutMs: 0, ...options } : options;
  const error = catchError(() => render(source, context, opts));
  expect(error.kind, error.message).toBe(kind);
  if (description !== undefined) expect(error.description).toBe(description);
  return error;
}

/** Each source must fail as Jinja2's sandbox does: an undefined name, or a security error. */
function expectBlocked(sources: string[], context: Context): void {
  for (const source of sources) {
    const error = catchError(() => render(source, context));
    expect(["undefined", "security"], `${source}: ${error.message}`).toContain(error.kind);
  }
}

const RANGE_TOO_BIG = "Range too big. The sandbox blocks ranges larger than MAX_RANGE (100000).";
const stepsExhausted = (n: number) => `Step budget exhausted: the template executed more than ${n} steps`;
const outputExceeded = (n: number) => `Output limit exceeded: more than ${n} characters`;
const callDepth = (n: number) => `Maximum call depth of ${n} exceeded`;
const nestingDepth = (n: number) => `Maximum nesting depth of ${n} exceeded`;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

function expectNoPrototypePollution(): void {
  for (const proto of [Object.prototype, Array.prototype, String.prototype, Function.prototype, Map.prototype]) {
    expect(Object.hasOwn(proto, "polluted"), "a built-in prototype was polluted").toBe(false);
  }
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

afterEach(() => {
  expectNoPrototypePollution();
});

describe("host isolation: prototype chain and engine internals", () => {
  const HOST_NAMES = [
    "constructor",
    "__proto__",
    "prototype",
    "toString",
    "valueOf",
    "hasOwnProperty",
    "__defineGetter__",
    "__lookupGetter__",
    "call",
    "apply",
    "bind",
    "length",
    "name",
  ];
  const context = {
    names: HOST_NAMES,
    s: "text",
    l: [1, 2],
    d: { a: 1 },
    i: 5,
    f: 1.5,
    fn: () => "called",
  };

  test.each(["s", "l", "d", "i", "f", "range", "namespace", "ns", "m", "loop", "cyc", "fn"])(
    "host property names read through %s resolve to nothing printable",
    (target) => {
      const setup = "{% set ns = namespace(a=1) %}{% macro m() %}{% endmacro %}{% set cyc = cycler(1) %}";
      const source =
        target === "loop"
          ? "{% for n in names %}{{ loop[n] }}|{{ loop[n] is defined }};{% endfor %}"
          : `${setup}{% for n in names %}{{ ${target}[n] is string or ${target}[n] is number }};{% endfor %}`;
      const output = render(source, context);
      // Nothing of the host leaks: no JS source text, no "[native code]", no "function".
      expect(output).not.toMatch(/native code|function|=>|class /);
      // Jinja2's loop object really has a `length`, and a macro a `name`: only those two may print something.
      if (target !== "loop" && target !== "m") {
        expect(output).toBe("False;".repeat(HOST_NAMES.length));
      }
    },
  );

  test("dot access to host names prints empty on every kind of value", () => {
    const names = [
      "constructor",
      "__proto__",
      "prototype",
      "toString",
      "valueOf",
      "hasOwnProperty",
      "__defineGetter__",
    ];
    for (const name of names) {
      const source = `{{ s.${name} }}{{ l.${name} }}{{ d.${name} }}{{ i.${name} }}{{ range.${name} }}{{ fn.${name} }}`;
      expect(render(source, context), name).toBe("");
    }
  });

  test("the Function constructor is unreachable", () => {
    expectBlocked(
      [
        "{{ ''.constructor.constructor('return process')() }}",
        "{{ range.constructor('return globalThis')() }}",
        "{{ fn.constructor('return 1')() }}",
        "{{ l.__proto__.constructor.constructor('return 1')() }}",
        "{{ namespace.__proto__.__proto__ }}",
        "{% set ns = namespace() %}{{ ns.constructor.constructor('return 1')() }}",
        "{% macro m() %}{% endmacro %}{{ m.constructor('return 1')() }}",
        "{% for x in [1] %}{{ loop.constructor.constructor('return 1')() }}{% endfor %}",
      ],
      context,
    );
  });

  test("dunder attributes: reading is Undefined, using them is an error", () => {
    expect(render("[{{ ''.__class__ }}][{{ l.__class__ }}][{{ d.__class__ }}][{{ range.__globals__ }}]", context)).toBe(
      "[][][][]",
    );
    expectError("{{ ''.__class__.__mro__ }}", "security");
    expectError("{{ ''.__class__() }}", "security");
    expectError("{{ 'x'.__len__() }}", "security");
    expectBlocked(
      ["{{ ''.__init__.__globals__ }}", "{{ range.__globals__['os'] }}", "{{ l.__class__.__base__ }}"],
      context,
    );
  });

  test("_-prefixed names never resolve to built-in methods or engine internals", () => {
    expect(render("[{{ s._x }}][{{ l._items }}][{{ i._value }}][{{ range._impl }}]", context)).toBe("[][][][]");
    expect(render("{% for x in [1] %}[{{ loop._index }}][{{ loop._iterator }}]{% endfor %}", context)).toBe("[][]");
    expect(render("{% set ns = namespace(a=1) %}[{{ ns._attrs }}][{{ ns.__attrs }}]")).toBe("[][]");
    expectBlocked(["{{ s._x() }}", "{{ l._items() }}", "{% for x in [1] %}{{ loop._next() }}{% endfor %}"], context);
  });

  test("a _-prefixed key stored as data stays ordinary data", () => {
    expect(render("{{ d._x }} {{ d['_x'] }}", { d: { _x: "data" } })).toBe("data data");
  });

  test("callables print as a placeholder, never as host source code", () => {
    const secret = "SECRET_SOURCE_MARKER";
    const output = render("{{ fn }}|{{ range }}|{{ [fn] }}", {
      fn: () => secret,
    });
    expect(output).not.toContain(secret);
    expect(output).not.toMatch(/=>|native code|\{ *\[/);
  });
});

describe("prototype pollution", () => {
  test("__proto__ / constructor keys in dict literals are plain data", () => {
    const source =
      "{% set d = {'__proto__': {'polluted': 1}, 'constructor': {'prototype': {'polluted': 2}}} %}" +
      "{{ d['__proto__'].polluted }} {{ d|length }} {{ d|tojson }} [{{ {}.polluted }}] [{{ [].polluted }}]";
    expect(render(source)).toBe(
      '1 2 {"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 2}}} [] []',
    );
  });

  test("__proto__ keys in a JSON.parse context and in a parseJSON context are plain data", () => {
    const text = '{"d": {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}}';
    for (const context of [JSON.parse(text) as Context, parseJSON(text) as Context]) {
      expect(render("{{ d['__proto__'].polluted }} {{ d|list }} {{ d|tojson }}", context)).toBe(
        `True ['__proto__', 'constructor'] {"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}`,
      );
      expect(render("[{{ d.polluted }}][{{ polluted }}]", context)).toBe("[][]");
    }
  });

  test("namespace, dict() and set ns.attr with prototype names do not pollute", () => {
    const output = render(
      "{% set ns = namespace() %}{% set ns.__proto__ = {'polluted': 1} %}{% set ns.constructor = 2 %}" +
        "{% set d = dict(__proto__={'polluted': 1}) %}{{ d }}{{ ns.constructor }}{{ namespace(__proto__=1) is defined }}",
    );
    expect(output).toBe("{'__proto__': {'polluted': 1}}2True");
    expect(render("{% set ns = namespace() %}[{{ ns.polluted }}]")).toBe("[]");
  });

  test("dict filters and methods over prototype-named keys", () => {
    const context = parseJSON('{"d": {"__proto__": 1, "toString": 2, "hasOwnProperty": 3}}') as Context;
    expect(render("{{ d|dictsort }} {{ d.items()|list }} {{ d.get('__proto__') }} {{ d.keys()|list }}", context)).toBe(
      "[('__proto__', 1), ('hasOwnProperty', 3), ('toString', 2)] [('__proto__', 1), ('toString', 2), ('hasOwnProperty', 3)] 1 ['__proto__', 'toString', 'hasOwnProperty']",
    );
  });
});

describe("the caller's context is never mutated", () => {
  const MUTATIONS: [string, string][] = [
    ["{{ xs.append(4) }}", "append"],
    ["{% set _ = xs.append(4) %}", "append"],
    ["{{ xs.pop() }}", "pop"],
    ["{{ xs.clear() }}", "clear"],
    ["{{ xs.reverse() }}", "reverse"],
    ["{{ xs.insert(0, 9) }}", "insert"],
    ["{{ xs.sort() }}", "sort"],
    ["{{ xs.extend([9]) }}", "extend"],
    ["{{ xs.remove(1) }}", "remove"],
    ["{{ d.update({'b': 2}) }}", "update"],
    ["{{ d.pop('a') }}", "pop"],
    ["{{ d.clear() }}", "clear"],
    ["{{ d.popitem() }}", "popitem"],
    ["{{ d.setdefault('b', 1) }}", "setdefault"],
    ["{{ msgs[0].update({'role': 'system'}) }}", "update"],
    ["{{ msgs[0].content.append('x') }}", "append"],
  ];

  test.each(MUTATIONS)("%s is a security error and changes nothing", (source, method) => {
    const context = { xs: [3, 1, 2], d: { a: 1 }, msgs: [{ role: "user", content: ["a"] }] };
    const snapshot = structuredClone(context);
    const error = expectError(source, "security", undefined, context);
    const type = source.includes("xs.") || source.includes("content.") ? "list" : "dict";
    expect(error.description).toBe(`access to attribute '${method}' of '${type}' object is unsafe.`);
    expect(context).toEqual(snapshot);
  });

  test("set attr on a context dict is a type error and changes nothing", () => {
    const context = { d: { a: 1 } };
    expectError("{% set d.a = 2 %}", "type", "cannot assign attribute on non-namespace object", context);
    expect(context).toEqual({ d: { a: 1 } });
  });

  test("filters and operators that build new values leave deeply frozen inputs untouched", () => {
    const context = deepFreeze({
      xs: [3, 1, 2],
      words: ["b", "A", "c"],
      d: { b: 1, a: 2 },
      msgs: [
        { role: "user", content: "hi" },
        { role: "assistant", content: "yo", tool_calls: [{ function: { name: "f", arguments: { x: 1 } } }] },
      ],
    });
    const snapshot = structuredClone(context);
    const source =
      "{{ xs|sort }}{{ xs|reverse|list }}{{ words|sort }}{{ words|unique|list }}{{ d|dictsort }}{{ xs + [4] }}" +
      "{{ xs * 2 }}{{ msgs|map(attribute='role')|list }}{{ msgs|selectattr('role', 'equalto', 'user')|list }}" +
      "{{ msgs|tojson }}{{ msgs[1:]|length }}{% set ns = namespace(all=xs) %}{% set ns.all = ns.all + [9] %}{{ ns.all }}" +
      "{{ d.items()|list }}{{ msgs|groupby('role')|list|length }}{{ xs|batch(2)|list }}{{ xs|slice(2)|list }}";
    const first = render(source, context);
    expect(render(source, context)).toBe(first);
    expect(context).toEqual(snapshot);
  });

  test("a Map context is not mutated either", () => {
    const inner = new Map<string, unknown>([["a", 1]]);
    const context = new Map<string, unknown>([
      ["m", inner],
      ["xs", [1]],
    ]);
    expectError("{{ m.update({'b': 2}) }}", "security", undefined, context);
    expectError("{% set m.a = 5 %}", "type", undefined, context);
    expect([...inner.entries()]).toEqual([["a", 1]]);
    expect(render("{{ m.a }} {{ xs }}", context)).toBe("1 [1]");
  });
});

describe("resource limits", () => {
  test("range over 100,000 items is a limit error", () => {
    expectError("{{ range(10 ** 9)|length }}", "limit", RANGE_TOO_BIG);
    expectError("{% for i in range(100001) %}{% endfor %}", "limit", RANGE_TOO_BIG);
    expectError("{{ range(0, 10 ** 12, 2)|list }}", "limit", RANGE_TOO_BIG);
    expect(render("{{ range(100000)|length }}")).toBe("100000");
  });

  test("nested loops exhaust the default step budget", () => {
    // expectError turns the deadline off, so that the step budget decides even on a loaded machine
    expectError(
      "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
      "limit",
      stepsExhausted(2_000_000),
    );
  });

  /** Budgets that a 10^10-iteration loop does not reach (each `range(100000)` counts 100,000 items as built). */
  const UNBUDGETED = { maxSteps: 10 ** 12, maxAllocation: 10 ** 15 };

  test("the wall-clock deadline stops a render that the step budget would let run", () => {
    const source = "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}";
    const start = performance.now();
    const error = catchError(() => render(source, {}, { timeoutMs: 20, ...UNBUDGETED }));
    expect(error.kind).toBe("limit");
    expect(error.description).toBe("Time limit exceeded: the render took more than 20 ms");
    // it looks at the clock every 2,048 steps: the render ends soon after the deadline, not at 10^10 iterations
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  test("the default deadline is a 1 s safety net behind the step budget", () => {
    const source = "{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}";
    const start = performance.now();
    const error = catchError(() => render(source, {}, UNBUDGETED));
    const elapsed = performance.now() - start;
    expect(error.description).toBe("Time limit exceeded: the render took more than 1000 ms");
    expect(elapsed).toBeGreaterThanOrEqual(1000);
    expect(elapsed).toBeLessThan(10_000);
  });

  test("a configured step budget is honoured", () => {
    expectError("{% for i in range(2000) %}{% endfor %}", "limit", stepsExhausted(1000), {}, { maxSteps: 1000 });
    expectError(
      "{% for i in range(50) %}{% for j in range(50) %}{{ i }}{% endfor %}{% endfor %}",
      "limit",
      stepsExhausted(500),
      {},
      { maxSteps: 500 },
    );
    expect(render("{% for i in range(10) %}{{ i }}{% endfor %}", {}, { maxSteps: 1000 })).toBe("0123456789");
  });

  test("macro-driven loops also spend the step budget", () => {
    const source =
      "{% macro spin(n) %}{% for i in range(1000) %}{% endfor %}{% if n %}{{ spin(n - 1) }}{% endif %}{% endmacro %}{{ spin(150) }}";
    expectError(source, "limit", stepsExhausted(100_000), {}, { maxSteps: 100_000 });
  });

  test("a string doubled in a loop hits the output cap", () => {
    expectError(
      "{% set ns = namespace(s='x') %}{% for i in range(64) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}{{ ns.s|length }}",
      "limit",
      outputExceeded(8_388_608),
    );
  });

  test("a string doubled through macro recursion hits the output cap", () => {
    expectError(
      "{% macro d(s, n) %}{% if n %}{{ d(s ~ s, n - 1) }}{% else %}{{ s }}{% endif %}{% endmacro %}{{ d('xy', 60) }}",
      "limit",
      outputExceeded(8_388_608),
    );
  });

  test("huge repetition with * is refused before allocating", () => {
    expectError("{{ 'x' * 10 ** 9 }}", "limit", outputExceeded(8_388_608));
    expectError("{{ ('ab' * 2 ** 40)|length }}", "limit", outputExceeded(8_388_608));
    expectError("{{ ([0] * 10 ** 9)|length }}", "limit", outputExceeded(8_388_608));
    expectError("{{ [1, 2] * 2 ** 60 }}", "limit", outputExceeded(8_388_608));
  });

  test("concatenation, join and list building are capped", () => {
    expectError("{% set s = 'x' * 5000000 %}{{ (s ~ s)|length }}", "limit", outputExceeded(8_388_608));
    expectError("{% set s = 'x' * 5000000 %}{{ (s + s)|length }}", "limit", outputExceeded(8_388_608));
    expectError("{{ range(100000)|map('string')|join('x' * 1000) }}", "limit", outputExceeded(8_388_608));
    expectError(
      "{% set l = [0] * 600 %}{{ (l + l)|length }}",
      "limit",
      outputExceeded(1000),
      {},
      { maxOutputLength: 1000 },
    );
    expectError("{{ (range(600)|list * 2)|length }}", "limit", outputExceeded(1000), {}, { maxOutputLength: 1000 });
  });

  test("a configured output cap is honoured, on the output and on built values", () => {
    const options = { maxOutputLength: 100 };
    expect(render("{{ 'x' * 100 }}", {}, options)).toHaveLength(100);
    expectError("{{ 'x' * 101 }}", "limit", outputExceeded(100), {}, options);
    expectError("{% for i in range(50) %}xyz{% endfor %}", "limit", outputExceeded(100), {}, options);
    expectError("{% set s = 'x' * 60 %}{% set t = s ~ s %}ok", "limit", outputExceeded(100), {}, options);
    expectError("{{ s }}", "limit", outputExceeded(100), { s: "y".repeat(101) }, options);
  });

  test("unbounded macro recursion stops at the call depth", () => {
    expectError("{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}", "limit", callDepth(200));
    expect(
      render("{% macro r(n) %}{% if n > 0 %}{{ r(n - 1) }}{% endif %}{{ n }}{% endmacro %}{{ r(150)|length }}"),
    ).toBe("343");
  });

  test("mutual, caller() and recursive-loop recursion stop at the call depth", () => {
    expectError(
      "{% macro a(n) %}{{ b(n) }}{% endmacro %}{% macro b(n) %}{{ a(n) }}{% endmacro %}{{ a(1) }}",
      "limit",
      callDepth(200),
    );
    expectError(
      "{% macro m() %}{% call m() %}{{ caller() }}{% endcall %}{% endmacro %}{% call m() %}x{% endcall %}",
      "limit",
      callDepth(200),
    );
    expectError("{% for x in [1] recursive %}{{ loop([x]) }}{% endfor %}", "limit", callDepth(200));
  });

  test("a configured call depth is honoured", () => {
    const source = "{% macro r(n) %}{% if n > 0 %}{{ r(n - 1) }}{% endif %}{% endmacro %}{{ r(depth - 1) }}.";
    expect(render(source, { depth: 5 }, { maxCallDepth: 5 })).toBe(".");
    expectError(source, "limit", callDepth(5), { depth: 6 }, { maxCallDepth: 5 });
  });

  test("a host stack overflow is reported as a TemplateError, not as a RangeError", () => {
    const error = catchError(() =>
      render("{% macro r(n) %}{{ r(n + 1) }}{% endmacro %}{{ r(0) }}", {}, { maxCallDepth: 10_000_000 }),
    );
    expect(error.kind).toBe("limit");
  });

  test("deeply nested expressions are a syntax error, not a stack overflow", () => {
    const deep = 10_000;
    const cases = [
      `{{ ${"(".repeat(deep)}1${")".repeat(deep)} }}`,
      `{{ ${"[".repeat(deep)}1${"]".repeat(deep)} }}`,
      `{{ ${"{'a': ".repeat(deep)}1${"}".repeat(deep)} }}`,
      `{{ ${"not ".repeat(deep)}x }}`,
      `{{ ${"-".repeat(deep)}1 }}`,
      `{{ ${"f(".repeat(deep)}1${")".repeat(deep)} }}`,
      `{{ ${"1 if x else (".repeat(deep)}1${")".repeat(deep)} }}`,
      `{{ ${"(".repeat(deep)} }}`,
    ];
    for (const source of cases) {
      expectError(source, "syntax", nestingDepth(500));
    }
  });

  test("deeply nested blocks are a syntax error", () => {
    const deep = 5_000;
    expectError(`${"{% if true %}".repeat(deep)}x${"{% endif %}".repeat(deep)}`, "syntax", nestingDepth(500));
    expectError(`${"{% for x in [1] %}".repeat(deep)}x${"{% endfor %}".repeat(deep)}`, "syntax", nestingDepth(500));
    expectError(`${"{% if true %}".repeat(deep)}`, "syntax", nestingDepth(500));
  });

  test("a configured nesting depth is honoured", () => {
    const options = { maxNestingDepth: 20 };
    expect(render(`{{ ${"(".repeat(5)}1${")".repeat(5)} }}`, {}, options)).toBe("1");
    expectError(`{{ ${"(".repeat(40)}1${")".repeat(40)} }}`, "syntax", nestingDepth(20), {}, options);
    expectError(`${"{% if true %}".repeat(40)}${"{% endif %}".repeat(40)}`, "syntax", nestingDepth(20), {}, options);
  });

  test("long flat chains either render or fail cleanly (never a host error)", () => {
    const n = 10_000;
    for (const source of [
      `{{ ${Array(n).fill("1").join(" + ")} }}`,
      `{{ 'x'${"|upper".repeat(n)} }}`,
      `{{ ${Array(n).fill("'a'").join(" ~ ")}|length }}`,
      `{{ x${".a".repeat(n)} is defined }}`,
      `{{ x${"[0]".repeat(n)} is defined }}`,
    ]) {
      try {
        render(source, { x: {} });
      } catch (error) {
        expect(error, source.slice(0, 40)).toBeInstanceOf(TemplateError);
      }
    }
  });
});

describe("pathological whitespace and unterminated constructs", () => {
  const MB = 1 << 20;

  test("1 MB of whitespace as text renders unchanged", () => {
    const spaces = " ".repeat(MB);
    expect(render(spaces)).toBe(spaces);
    const mixed = " \t\n".repeat(MB / 4);
    expect(render(`${mixed}x`)).toBe(`${mixed}x`);
  });

  test("1 MB whitespace runs inside tags and around trim markers", () => {
    const spaces = " ".repeat(MB);
    expect(render(`{{${spaces}'x'${spaces}}}`)).toBe("x");
    expect(render(`a${spaces}{{- 'b' -}}${spaces}c`)).toBe("abc");
    expect(render(`${spaces}{% if true %}\nx{% endif %}`)).toBe("x");
    expect(render(`a${"\n".repeat(MB)}{%- if true %}b{% endif %}`)).toBe("ab");
    expect(render(`{#${spaces}#}ok`)).toBe("ok");
  });

  test("unterminated tags followed by 1 MB are syntax errors", () => {
    const spaces = " ".repeat(MB);
    expectError(`{{${spaces}`, "syntax");
    expectError(`{%${spaces}`, "syntax");
    expectError(`{#${spaces}`, "syntax");
    expectError(`{{ '${spaces}`, "syntax");
    expectError("{{ ".repeat(20_000), "syntax");
    expectError(`{% if x %}${"{".repeat(100_000)}`, "syntax");
  });

  test("many small tags", () => {
    expect(render("{{- 'x' -}}  ".repeat(20_000))).toBe("x".repeat(20_000));
    expect(render("{# c #}".repeat(50_000))).toBe("");
  });
});

describe("the engine survives", () => {
  test("after all of the above, templates still compile and render", () => {
    const template = new Template("{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}");
    const context = { messages: [{ role: "user", content: "hi" }] };
    expect(template.render(context)).toBe("user: hi\n");
    expect(template.render(context)).toBe("user: hi\n");
  });

  test("functions from the context are callable with arbitrary arguments", () => {
    const calls: unknown[][] = [];
    const output = render("{{ f(1, 'a', [2], k=none) }}", {
      f: (...args: unknown[]) => {
        calls.push(args);
        return "ok";
      },
    });
    expect(output).toBe("ok");
    expect(calls).toEqual([[1, "a", [2], { k: null }]]);
  });
});
