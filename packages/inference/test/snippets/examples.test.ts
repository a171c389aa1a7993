// The eight cases of spec/snippet-examples, byte for byte (the expected files are read at test time).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { snippets as fromRoot } from "../../src/index.js";
import { TEMPLATES } from "../../src/snippets/generated/templates.js";
import { getInferenceSnippets } from "../../src/snippets/index.js";
import { EXAMPLE_CASES, EXAMPLES_DIR, exampleProviderModelId, layoutActual, readExpected } from "./examples.js";

describe("snippet-examples, byte for byte", () => {
  for (const testCase of EXAMPLE_CASES) {
    it(testCase.name, () => {
      const actual = layoutActual(
        testCase.providers.map((provider) => ({
          provider,
          snippets: getInferenceSnippets(
            testCase.model,
            "api_token",
            provider,
            exampleProviderModelId(provider, testCase.model.id),
            testCase.opts,
          ),
        })),
      );
      const expected = readExpected(testCase.name);
      expect(expected.size).toBeGreaterThan(0);
      // Same set of files (a missing folder means no snippet for that client), then each file exactly.
      expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [path, content] of expected) expect(actual.get(path), path).toBe(content);
    });
  }

  it("covers every case folder of the examples", () => {
    const folders = readdirSync(EXAMPLES_DIR, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(EXAMPLE_CASES.map((c) => c.name).sort()).toEqual(folders);
  });

  it("is exported as snippets.getInferenceSnippets from @hubkit/inference too", () => {
    expect(fromRoot.getInferenceSnippets).toBe(getInferenceSnippets);
    expect(Object.keys(fromRoot)).toEqual(["getInferenceSnippets"]);
  });
});

describe("bundled templates", () => {
  it("match the .jinja files (run scripts/bundle-snippet-templates.mjs after editing a template)", () => {
    const dir = join(import.meta.dirname, "..", "..", "src", "snippets", "templates");
    const onDisk: Record<string, string> = {};
    for (const language of readdirSync(dir)) {
      for (const client of readdirSync(join(dir, language))) {
        for (const file of readdirSync(join(dir, language, client))) {
          if (!file.endsWith(".jinja")) continue;
          onDisk[`${language}/${client}/${file.slice(0, -".jinja".length)}`] = readFileSync(
            join(dir, language, client, file),
            "utf8",
          );
        }
      }
    }
    expect(Object.keys(onDisk).length).toBeGreaterThan(40);
    expect({ ...TEMPLATES }).toEqual(onDisk);
  });
});
