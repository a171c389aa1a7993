// Tree-shaking guard: importing PIPELINE_DATA alone must not pull task pages, snippets or the library catalogue
// (catalogue.md §12). Size is deterministic, so this is a plain assertion, not a timing test.
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

async function bundle(code: string): Promise<string> {
  const result = await build({
    stdin: { contents: code, resolveDir: here, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    conditions: ["hubkit-source"],
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

describe("bundle size", () => {
  it("PIPELINE_DATA alone stays under 30 KB and pulls nothing else", async () => {
    const code = await bundle(`export { PIPELINE_DATA } from "@hubkit/tasks";`);
    expect(code.length).toBeLessThan(30 * 1024);
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
