import { describe, expect, it } from "vitest";
import { stringifyGenerationConfig, stringifyMessages } from "../../src/snippets/common.js";
import { HF_HUB_INFERENCE_PROXY_TEMPLATE, inferenceSnippetLanguages, openAIbaseUrl } from "../../src/snippets/types.js";
import { pythonSyntaxErrors } from "../helpers/syntax.js";

const messages = [{ role: "user", content: "What is the capital of France?" }];

describe("stringifyMessages", () => {
  it("writes tab-indented JSON with bare keys by default", () => {
    expect(stringifyMessages(messages)).toBe(
      '[\n\t{\n\t\trole: "user",\n\t\tcontent: "What is the capital of France?"\n\t}\n]',
    );
  });

  it("keeps key quotes, indents after every line break, then applies the escaper", () => {
    expect(
      stringifyMessages(messages, {
        attributeKeyQuotes: true,
        indent: "\t",
        customContentEscaper: (text) => text.replace(/"/g, "'"),
      }),
    ).toBe("[\n\t\t{\n\t\t\t'role': 'user',\n\t\t\t'content': 'What is the capital of France?'\n\t\t}\n\t]");
  });

  it("never alters message text that looks like a key", () => {
    const tricky = [{ role: "user", content: 'He said "x": y, and "a\\"b": c' }];
    const text = stringifyMessages(tricky);
    expect(text).toContain(JSON.stringify(tricky[0].content));
    // as a Python literal (quoted keys) the content survives too
    const python = stringifyMessages(tricky, { attributeKeyQuotes: true });
    expect(pythonSyntaxErrors([`messages = ${python}`])).toEqual([]);
  });

  it("validates its input", () => {
    expect(() => stringifyMessages("x" as never)).toThrow(TypeError);
  });
});

describe("stringifyGenerationConfig", () => {
  it("writes key-connector-value entries joined by the indent", () => {
    const config = { max_tokens: 512, temperature: 0.5 };
    expect(stringifyGenerationConfig(config, { indent: "\n\t", attributeValueConnector: "=" })).toBe(
      "max_tokens=512,\n\ttemperature=0.5,",
    );
    expect(
      stringifyGenerationConfig(config, { indent: " ", attributeValueConnector: ": ", attributeKeyQuotes: true }),
    ).toBe('"max_tokens": 512, "temperature": 0.5,');
  });
});

describe("router URLs and languages", () => {
  it("has the snippet languages and the proxy template", () => {
    expect(inferenceSnippetLanguages).toEqual(["python", "js", "sh"]);
    expect(HF_HUB_INFERENCE_PROXY_TEMPLATE).toBe("https://router.huggingface.co/{{PROVIDER}}");
  });

  it("adds /v1 only for hf-inference", () => {
    expect(openAIbaseUrl("hf-inference")).toBe("https://router.huggingface.co/hf-inference/v1");
    expect(openAIbaseUrl("together")).toBe("https://router.huggingface.co/together");
    expect(openAIbaseUrl("fal-ai")).toBe("https://router.huggingface.co/fal-ai");
  });

  it("rejects provider ids that would change the URL", () => {
    for (const bad of ["", "../x", "a/b", "a?b", "A B"]) expect(() => openAIbaseUrl(bad)).toThrow(TypeError);
  });
});
