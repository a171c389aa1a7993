// The pre-scan in front of every YAML parse (derive/yaml-bounds.ts): it must refuse deep, long and alias-heavy
// documents before the `yaml` package composes them, and never refuse a card of ordinary depth, however it is
// written (block or flow style, quoted brackets, block scalars, comments).
import { describe, expect, test } from "vitest";
import { parseDocument, stringify } from "yaml";
import {
  MAX_YAML_DEPTH,
  MAX_YAML_TOKENS,
  parseBoundedYaml,
  toJsBounded,
  yamlBoundsProblem,
} from "../src/derive/yaml-bounds.js";

/** A value nested `depth` levels, alternating mappings and sequences, with some width at each level. */
function nested(depth: number, seed: number): unknown {
  let value: unknown = `leaf-${seed}`;
  for (let level = 0; level < depth; level++)
    value = (level + seed) % 2 === 0 ? { [`k${level}`]: value, other: level } : [value, level];
  return value;
}

/** Real nesting depth of a composed value. */
function depthOf(value: unknown): number {
  if (Array.isArray(value)) return 1 + Math.max(0, ...value.map(depthOf));
  if (typeof value === "object" && value !== null) return 1 + Math.max(0, ...Object.values(value).map(depthOf));
  return 0;
}

describe("yaml bounds", () => {
  test("documents up to 30 deep pass in block, flow and mixed styles; the parse gives the same value", () => {
    for (let depth = 1; depth <= 30; depth++)
      for (const seed of [0, 1]) {
        const value = { root: nested(depth, seed) };
        for (const text of [
          stringify(value),
          stringify(value, { collectionStyle: "flow" }),
          stringify(value, { indent: 4, indentSeq: false }),
        ]) {
          expect(yamlBoundsProblem(text), `${depth}/${seed}\n${text}`).toBeUndefined();
          const parsed = parseBoundedYaml(text);
          if (!parsed.ok) throw new Error(parsed.errors.join("\n"));
          expect(toJsBounded(parsed.document)).toEqual(value);
        }
      }
  });

  test("whatever the pre-scan lets through composes no deeper than its bound", () => {
    for (let depth = 30; depth <= 210; depth += 20)
      for (const options of [{}, { collectionStyle: "flow" as const }, { indent: 2, indentSeq: false }]) {
        const text = stringify({ root: nested(depth, depth) }, options);
        if (yamlBoundsProblem(text) !== undefined) continue;
        expect(depthOf(parseDocument(text).toJS()), text.slice(0, 200)).toBeLessThanOrEqual(2 * MAX_YAML_DEPTH);
      }
  });

  test("brackets inside quotes, block scalars and comments are not nesting", () => {
    const brackets = "[".repeat(500);
    const text = [
      `a: "${brackets}"`,
      `b: '${brackets}'`,
      "c: |",
      ...Array.from({ length: 300 }, (_, i) => `  ${" ".repeat(i)}${brackets.slice(0, 3)}- x: y`),
      `# ${brackets}`,
      "d:",
      "  e:",
      "    f: [1, [2, [3]]]",
    ].join("\n");
    expect(yamlBoundsProblem(text)).toBeUndefined();
    const parsed = parseBoundedYaml(text);
    expect(parsed.ok).toBe(true);
  });

  test("deep flow, deep block, long and alias-heavy documents are refused before composing", () => {
    expect(yamlBoundsProblem(`a: ${"[".repeat(MAX_YAML_DEPTH + 1)}`)).toMatch(/nested deeper/);
    expect(yamlBoundsProblem(`a: ${"{b: ".repeat(MAX_YAML_DEPTH + 1)}`)).toMatch(/nested deeper/);
    expect(yamlBoundsProblem(`a: ${"- ".repeat(1000)}x`)).toMatch(/nested deeper/);
    expect(yamlBoundsProblem(Array.from({ length: 300 }, (_, i) => `${" ".repeat(i)}k${i}:`).join("\n"))).toMatch(
      /nested deeper/,
    );
    expect(yamlBoundsProblem(Array.from({ length: MAX_YAML_TOKENS }, () => "- x").join("\n"))).toMatch(/tokens/);
    expect(yamlBoundsProblem(`a: &a x\nb: [${Array(101).fill("*a").join(", ")}]`)).toMatch(/aliases/);
    expect(yamlBoundsProblem(`a: "${"é".repeat(300_000)}"`)).toMatch(/larger than/);
  });

  test("duplicate keys are found in any mapping, in linear time", () => {
    expect(parseBoundedYaml("a: 1\nb:\n  c: 1\n  c: 2\n")).toMatchObject({ ok: false });
    expect(parseBoundedYaml("a: [{x: 1, x: 2}]")).toMatchObject({ ok: false });
    const many = Array.from({ length: 6000 }, (_, i) => `k${i}: v`).join("\n");
    const started = performance.now();
    expect(parseBoundedYaml(`${many}\nk5: again`)).toMatchObject({ ok: false });
    expect(parseBoundedYaml(many).ok).toBe(true);
    // The package's own check compares every key with every earlier one: seconds for this many.
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
