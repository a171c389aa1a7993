import { describe, expect, it } from "vitest";
import { MAPPING_DEFAULT_WIDGET } from "../src/default-widget-inputs.js";
import { PIPELINE_TYPES_SET } from "../src/pipelines.js";

const WIDGET_TYPES = [
  "text-classification",
  "token-classification",
  "table-question-answering",
  "question-answering",
  "zero-shot-classification",
  "translation",
  "summarization",
  "conversational",
  "text-generation",
  "fill-mask",
  "sentence-similarity",
  "automatic-speech-recognition",
  "text-to-speech",
];

describe("MAPPING_DEFAULT_WIDGET", () => {
  it("covers the 14 languages, in order", () => {
    expect([...MAPPING_DEFAULT_WIDGET.keys()]).toEqual([
      "en",
      "zh",
      "fr",
      "es",
      "ru",
      "uk",
      "it",
      "fa",
      "ar",
      "bn",
      "mn",
      "si",
      "de",
      "dv",
    ]);
  });

  it("gives English all 13 widget types and every language only known widget types", () => {
    expect([...(MAPPING_DEFAULT_WIDGET.get("en")?.keys() ?? [])].sort()).toEqual([...WIDGET_TYPES].sort());
    const used = new Set<string>();
    for (const mapping of MAPPING_DEFAULT_WIDGET.values()) {
      for (const [type, examples] of mapping) {
        used.add(type);
        expect(type === "conversational" || PIPELINE_TYPES_SET.has(type as never)).toBe(true);
        expect(examples.length).toBeGreaterThan(0);
      }
    }
    expect([...used].sort()).toEqual([...WIDGET_TYPES].sort());
  });

  it("writes fill-mask examples with the <mask> placeholder, once", () => {
    let checked = 0;
    for (const [lang, mapping] of MAPPING_DEFAULT_WIDGET) {
      for (const example of (mapping.get("fill-mask") ?? []) as string[]) {
        expect(example.split("<mask>").length, `${lang}: ${example}`).toBe(2);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("shapes structured examples as widget examples", () => {
    const en = MAPPING_DEFAULT_WIDGET.get("en");
    expect(en?.get("question-answering")?.[0]).toEqual({
      text: "Where do I live?",
      context: "My name is Sarah and I live in London",
    });
    expect(en?.get("sentence-similarity")?.[0]).toMatchObject({ source_sentence: "That is a happy person" });
    expect(en?.get("zero-shot-classification")?.[0]).toMatchObject({ multi_class: true });
  });
});
