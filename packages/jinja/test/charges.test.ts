// What builtins pay from the step budget for the work they do, measured as the smallest `maxSteps` a render passes
// with (deterministic: the same on any machine). The prices are calibrated by `npm run bench:costs`; these tests
// hold the ones that the hostile corpus found too low on the CI machine, and the rule that a lazy sequence's items
// are paid for by whoever consumes them.
import { describe, expect, test } from "vitest";
import { Template, TemplateError, type TemplateOptions } from "../src/index.js";
import { stepsOf } from "./steps-of.js";

const N = 10_000;
const L = Array.from({ length: N }, (_, i) => i);
const D = Object.fromEntries(L.map((i) => [`k${i}`, i]));
const LINES = "ab< &'\n".repeat(N);
const UNBOUNDED: TemplateOptions = { timeoutMs: 0, maxAllocation: 10 ** 15 };

/** What `expr` costs beyond `base`, per item of the 10,000. */
const perItem = (expr: string, base: string) => (stepsIn(`{{ ${expr} }}`) - stepsIn(`{{ ${base} }}`)) / N;
const stepsIn = (source: string) => stepsOf(source, { L, D, LINES }, UNBOUNDED);

describe("a lazy sequence's items are paid for by the builtin that takes them", () => {
  test("join of a map pays join's price per item, as join of a list does", () => {
    // join takes 1.5 steps an item beyond the 1/8 every builtin pays for its input, and makes fewer items than list
    expect(perItem("(L|map('string')|join(','))|length", "(L|map('string')|list)|length")).toBeGreaterThan(1.4);
    expect(perItem("(L|join(','))|length", "(L|list)|length")).toBeGreaterThan(1.4);
  });

  test("list of a reverse pays for the reversed copy and for taking it", () => {
    // reverse copies and reverses the list it yields (1/4 step an item), list scans what it takes (1/8)
    expect(perItem("(L|reverse|list)|length", "(L|list)|length")).toBeGreaterThanOrEqual(0.375);
  });
});

describe("new strings and entries are charged at their measured cost", () => {
  test("each line of splitlines and each piece of split costs three steps", () => {
    expect(perItem("LINES.splitlines()|length", "LINES|length")).toBeGreaterThanOrEqual(3);
    // two words a line, charged for each 4,096 made: 16,384 of the 20,000 words here
    expect(perItem("LINES.split()|length", "LINES|length")).toBeGreaterThanOrEqual((3 * 16_384) / N);
  });

  test("a dict entry read by items() or copied by copy() costs six steps", () => {
    expect(perItem("D.items()|length", "D|length")).toBeGreaterThanOrEqual(6);
    expect(perItem("D.copy()|length", "D|length")).toBeGreaterThanOrEqual(6);
  });
});

describe("texts of many lines are sized before they are split", () => {
  test("indent refuses a text it cannot indent under the size cap before splitting it", () => {
    // 3 M lines: splitting them first (3 steps each) ran out of steps before the size was ever checked
    const text = "x\n".repeat(3_000_000);
    let error: unknown;
    try {
      new Template("{{ text|indent(8) }}", { timeoutMs: 0 }).render({ text });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TemplateError);
    expect((error as TemplateError).description).toBe("Output limit exceeded: more than 8388608 characters");
  });

  test("splitlines gives Python's lines for every boundary", () => {
    const source = "{{ t.splitlines()|tojson }}|{{ t.splitlines(true)|length }}";
    const t = "a\r\nb\rc\nd\x0be\x0cf\x1cg\x1dh\x1ei\x85j\u2028k\u2029l\r\n\r\nm";
    expect(new Template(source).render({ t })).toBe(
      '["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "", "m"]|14',
    );
    expect(new Template(source).render({ t: "" })).toBe("[]|0");
    expect(new Template(source).render({ t: "\n" })).toBe('[""]|1');
  });
});
