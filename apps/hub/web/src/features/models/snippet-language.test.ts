import { MODEL_LIBRARIES_UI_ELEMENTS, type ModelData } from "@hubkit/tasks";
import { describe, expect, test } from "vitest";
import { snippetLanguage } from "./snippet-language";

type Library = { snippets?: (model: ModelData) => string[] };
const LIBRARIES = MODEL_LIBRARIES_UI_ELEMENTS as unknown as Record<string, Library>;

/** The blocks the real catalogue gives a model of `library` (tags as the hub derives them). */
function blocksOf(library: string, model: Partial<ModelData> = {}): string[] {
  const snippets = LIBRARIES[library]?.snippets;
  if (!snippets) throw new Error(`${library} has no snippets`);
  return snippets({ id: "acme/model", tags: [library], library_name: library, ...model });
}

describe("library snippet language", () => {
  test("shell commands of the newest libraries (uv run, python -m, a CLI) are shell, not Python", () => {
    expect(blocksOf("ltx").map(snippetLanguage)).toEqual(["sh", "sh", "sh", "sh"]);
    expect(blocksOf("lerobot", { tags: ["lerobot", "smolvla"] }).map(snippetLanguage)).toEqual(["sh", "sh", "sh"]);
    expect(blocksOf("openasr").map(snippetLanguage)).toEqual(["sh"]);
    expect(blocksOf("litert-lm").map(snippetLanguage)).toEqual(["sh"]);
    expect(blocksOf("mlc-llm").map(snippetLanguage)[0]).toBe("sh");
  });

  test("Python blocks stay Python, install + code pairs split", () => {
    for (const library of ["chatterbox", "gliner2", "index-tts", "kittentts", "transformers"])
      expect(blocksOf(library).map(snippetLanguage)).toEqual(blocksOf(library).map(() => "python"));
    expect(blocksOf("chronos-forecasting").map(snippetLanguage)).toEqual(["sh", "python"]);
    expect(blocksOf("multimolecule").map(snippetLanguage)).toEqual(["sh", "python"]);
  });

  test("JavaScript blocks are JavaScript", () => {
    const js = blocksOf("transformers.js", { pipeline_tag: "text-classification" });
    expect(js.map(snippetLanguage)).toEqual(js.map(() => "js"));
  });

  test("hand-written edge cases", () => {
    expect(snippetLanguage("# only a comment\n# See the docs")).toBe("python");
    expect(snippetLanguage("// only a comment")).toBe("js");
    expect(snippetLanguage("./llama-server -hf a/b")).toBe("sh");
    expect(snippetLanguage('docker run -v "$(pwd):/data" image')).toBe("sh");
    expect(snippetLanguage("model = load()\nmodel.run()")).toBe("python");
    expect(snippetLanguage('pipe.to("cuda")')).toBe("python");
    expect(snippetLanguage("for x in xs:\n    print(x)")).toBe("python");
  });
});
