// Tree-shaking guard: importing PIPELINE_DATA alone must not pull task pages, snippets or the library catalogue
// (catalogue.md §12). Size is deterministic, so this is a plain assertion, not a timing test.
import { describe, expect, it } from "vitest";
import { bundleEntry, PIPELINE_DATA_BUDGET } from "../bench/bundle.js";

async function bundle(entry: string): Promise<string> {
  return (await bundleEntry(entry)).text;
}

describe("bundle size", () => {
  it("PIPELINE_DATA alone stays under 30 KB and pulls nothing else", async () => {
    const { bytes, text: code } = await bundleEntry(`export { PIPELINE_DATA } from "@hubkit/tasks";`);
    expect(PIPELINE_DATA_BUDGET).toBe(30 * 1024);
    expect(bytes.length).toBeLessThan(PIPELINE_DATA_BUDGET);
    expect(code).toContain("Text Classification");
    expect(code).not.toContain("No input example");
    expect(code).not.toContain("Astronaut riding a horse");
    expect(code).not.toContain("llama-cli");
    expect(code).not.toContain("Snapdragon");
    expect(code).not.toContain("GGUF");
  });

  it("getModelInputSnippet does not pull local apps or the hardware table", async () => {
    const code = await bundle(`export { getModelInputSnippet } from "@hubkit/tasks";`);
    expect(code).toContain("No input example has been defined for this model task.");
    expect(code).not.toContain("llama-cli");
    expect(code).not.toContain("Snapdragon");
  });
});
