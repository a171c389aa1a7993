// The library keys and labels must be importable without the snippet generators (catalogue.md §12).
import { describe, expect, it } from "vitest";
import { bundleEntry } from "../../bench/bundle.js";

async function bundle(entry: string): Promise<string> {
  return (await bundleEntry(entry)).text;
}

describe("library catalogue bundles", () => {
  it("key lists pull the catalogue data but no snippet function", async () => {
    const code = await bundle(
      `export { ALL_MODEL_LIBRARY_KEYS, ALL_DISPLAY_MODEL_LIBRARY_KEYS } from "@hubkit/tasks";`,
    );
    expect(code).toContain("sentence-transformers");
    expect(code).not.toContain("from_pretrained");
    expect(code).not.toContain("Type of model unknown");
  });

  it("MODEL_LIBRARIES_UI_ELEMENTS carries the snippets", async () => {
    const code = await bundle(`export { MODEL_LIBRARIES_UI_ELEMENTS } from "@hubkit/tasks";`);
    expect(code).toContain("from_pretrained");
    expect(code).toContain("Task type is invalid.");
  });
});
