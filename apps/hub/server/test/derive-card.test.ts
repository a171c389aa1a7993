// README front matter → cardData: the block rule of hub-api.md §7.1 (CRLF, CR, BOM, leading whitespace), YAML
// errors, and hostile YAML (alias bombs, custom tags, deep nesting, huge blocks).
import { describe, expect, test } from "vitest";
import { validateReadme } from "../src/api/misc.js";
import { cardDataOf, extractFrontMatter, MAX_FRONT_MATTER_BYTES, parseCardYaml } from "../src/derive/card.js";

describe("front matter block", () => {
  test("LF, CRLF and CR line ends give the same card", () => {
    const lf = "---\nlicense: mit\ntags:\n- a\n- b\n---\n# Title\n";
    const expected = { license: "mit", tags: ["a", "b"] };
    expect(cardDataOf(lf)).toEqual(expected);
    expect(cardDataOf(lf.replaceAll("\n", "\r\n"))).toEqual(expected);
    expect(cardDataOf(lf.replaceAll("\n", "\r"))).toEqual(expected);
  });

  test("a BOM and leading whitespace before the first --- are allowed; the body follows the block", () => {
    const block = extractFrontMatter("\ufeff  \n---\npipeline_tag: fill-mask\n---\nBody text");
    expect(block).toEqual({ yaml: "pipeline_tag: fill-mask", body: "Body text" });
  });

  test("no front matter, or a --- that is not on the first line, gives no card", () => {
    expect(cardDataOf("# Just a title\n")).toBeUndefined();
    expect(cardDataOf("intro\n---\nlicense: mit\n---\n")).toBeUndefined();
    expect(cardDataOf("---\nlicense: mit\n")).toBeUndefined(); // never closed
  });

  test("an empty block is no card data; the closing line may end the file", () => {
    expect(cardDataOf("---\n\n---\n")).toBeUndefined();
    expect(cardDataOf("---\nlicense: apache-2.0\n---")).toEqual({ license: "apache-2.0" });
  });

  test("values keep YAML 1.2 core types: no timestamps, yes/no stay strings", () => {
    expect(cardDataOf("---\ndate: 2024-05-01\nflag: yes\nok: true\nn: 3\n---\n")).toEqual({
      date: "2024-05-01",
      flag: "yes",
      ok: true,
      n: 3,
    });
  });
});

describe("invalid and hostile YAML", () => {
  test("invalid YAML is an error with a message, and no card data", () => {
    const parsed = parseCardYaml("license: [mit\ntags: {");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors[0]).toMatch(/^Invalid YAML/);
    expect(cardDataOf("---\nlicense: [mit\n---\n")).toBeUndefined();
  });

  test("a scalar or a list is not metadata", () => {
    expect(parseCardYaml("just a string")).toEqual({ ok: false, errors: [expect.stringMatching(/mapping/)] });
    expect(parseCardYaml("- a\n- b")).toEqual({ ok: false, errors: [expect.stringMatching(/mapping/)] });
  });

  test("duplicate keys are refused", () => {
    expect(parseCardYaml("license: mit\nlicense: apache-2.0").ok).toBe(false);
  });

  test("an alias bomb is refused quickly instead of expanding", () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let level = 1; level < 12; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(",")}]`);
    }
    const started = Date.now();
    const parsed = parseCardYaml(lines.join("\n"));
    expect(parsed.ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  test("custom and language tags execute nothing and are errors or plain values", () => {
    const parsed = parseCardYaml('x: !!js/function "function () { return 1 }"\ny: !!python/object:os.system ls');
    if (parsed.ok) expect(JSON.stringify(parsed.cardData)).not.toMatch(/function \(\)\s*\{\s*return 1\s*\}[^"]/);
    else expect(parsed.errors.length).toBeGreaterThan(0);
  });

  test("deep nesting and oversized blocks are refused", () => {
    const deep = `${Array.from({ length: 100 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n")} 1`;
    expect(parseCardYaml(deep).ok).toBe(false);
    const huge = `k: "${"x".repeat(MAX_FRONT_MATTER_BYTES + 1)}"`;
    expect(parseCardYaml(huge)).toEqual({ ok: false, errors: [expect.stringMatching(/larger than/)] });
  });

  test("__proto__ keys stay plain data", () => {
    const parsed = parseCardYaml("__proto__:\n  polluted: true\nlicense: mit");
    expect(parsed.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("validate-yaml report", () => {
  test("valid card: no errors; unknown pipeline tag: a warning; bad YAML: an error", () => {
    expect(validateReadme("---\nlicense: mit\npipeline_tag: fill-mask\n---\n", "model")).toEqual({
      errors: [],
      warnings: [],
    });
    expect(validateReadme("---\npipeline_tag: not-a-task\n---\n", "model").warnings).toHaveLength(1);
    expect(validateReadme("---\ntags: {a: 1}\n---\n", "model").errors).toHaveLength(1);
    expect(validateReadme("---\nlicense: [mit\n---\n", "dataset").errors[0]?.message).toMatch(/Invalid YAML/);
    // No metadata: the hub's warning (issue 22), which huggingface_hub shows as a Python warning.
    expect(validateReadme("# no metadata", "space").errors).toEqual([]);
    expect(validateReadme("# no metadata", "space").warnings[0]?.message).toMatch(/Empty or missing yaml metadata/);
  });
});
