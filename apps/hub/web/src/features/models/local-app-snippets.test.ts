import { LOCAL_APPS } from "@hubkit/tasks";
import { describe, expect, test } from "vitest";
import {
  defaultGgufFile,
  fillPlaceholders,
  ggufFiles,
  normaliseLocalAppSnippets,
  shellQuote,
} from "./local-app-snippets";

describe("local app snippets", () => {
  test("shell quoting keeps safe words and single-quotes the rest", () => {
    expect(shellQuote("model-Q4_K_M.gguf")).toBe("model-Q4_K_M.gguf");
    expect(shellQuote("my model.gguf")).toBe("'my model.gguf'");
    expect(shellQuote("a'b$(x)")).toBe(`'a'"'"'b$(x)'`);
    expect(shellQuote("")).toBe("''");
  });

  test("placeholders take the chosen file and its quant", () => {
    expect(fillPlaceholders("run {{GGUF_FILE}} as x{{OLLAMA_TAG}}", "dir/m-Q8_0.gguf")).toBe(
      "run dir/m-Q8_0.gguf as x:Q8_0",
    );
    expect(fillPlaceholders("x{{OLLAMA_TAG}}", "no-quant.gguf")).toBe("x");
    expect(fillPlaceholders("ollama run hf.co/a/b:{{QUANT_TAG}}", "dir/b-UD-Q4_K_XL.gguf")).toBe(
      "ollama run hf.co/a/b:UD-Q4_K_XL",
    );
    expect(fillPlaceholders("ollama run hf.co/a/b:{{QUANT_TAG}}", undefined)).toBe("ollama run hf.co/a/b");
    expect(fillPlaceholders("ollama run hf.co/a/b:{{QUANT_TAG}}", "no-quant.gguf")).toBe("ollama run hf.co/a/b");
    expect(fillPlaceholders("run {{GGUF_FILE}}", undefined)).toBe("run {{GGUF_FILE}}");
    expect(fillPlaceholders("run {{GGUF_FILE}}", "a b-Q4_0.gguf")).toBe("run 'a b-Q4_0.gguf'");
  });

  test("every output shape becomes a list of titled snippets", () => {
    expect(normaliseLocalAppSnippets("one")).toEqual([{ title: "Run", content: "one" }]);
    expect(normaliseLocalAppSnippets(["a", "b"]).map((s) => s.title)).toEqual(["Option 1", "Option 2"]);
    expect(
      normaliseLocalAppSnippets({ title: "T", setup: "s {{GGUF_FILE}}", content: ["l1", "l2"] }, "f.gguf"),
    ).toEqual([{ title: "T", setup: "s f.gguf", content: "l1\nl2" }]);
  });

  test("with the real catalogue: Ollama gets the quant of the chosen file", () => {
    const model = {
      id: "org/Model-GGUF",
      tags: ["gguf", "conversational"],
      pipeline_tag: "text-generation" as const,
      gguf: { total: 8e9, context_length: 8192 },
    };
    const app = LOCAL_APPS.ollama;
    expect(app.displayOnModelPage(model)).toBe(true);
    const [first] = normaliseLocalAppSnippets(app.snippet(model, "Model-Q5_K_M.gguf"), "Model-Q5_K_M.gguf");
    expect(first.content).toContain("ollama run hf.co/org/Model-GGUF:Q5_K_M");
    expect(first.content).not.toContain("{{");
  });

  test("the default file is the Q4_K_M one when there is one", () => {
    expect(defaultGgufFile(["m.Q2_K.gguf", "m.Q4_K_M.gguf", "m.Q8_0.gguf"])).toBe("m.Q4_K_M.gguf");
    expect(defaultGgufFile(["m.Q2_K.gguf", "m.Q8_0.gguf"])).toBe("m.Q8_0.gguf");
    expect(defaultGgufFile(["a.gguf"])).toBe("a.gguf");
    expect(defaultGgufFile([])).toBeUndefined();
  });

  test("gguf files are picked out of the siblings and sorted", () => {
    expect(ggufFiles([{ rfilename: "b-Q8_0.gguf" }, { rfilename: "README.md" }, { rfilename: "a-Q4_0.GGUF" }])).toEqual(
      ["a-Q4_0.GGUF", "b-Q8_0.gguf"],
    );
    expect(ggufFiles(undefined)).toEqual([]);
  });
});
