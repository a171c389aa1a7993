// The entry point exports every runtime value of catalogue.md §0.
import { describe, expect, it } from "vitest";
import * as tasks from "../src/index.js";

const RUNTIME_EXPORTS = [
  "PIPELINE_DATA",
  "PIPELINE_TYPES",
  "PIPELINE_TYPES_SET",
  "SUBTASK_TYPES",
  "MODALITIES",
  "MODALITY_LABELS",
  "TASKS_DATA",
  "TASKS_MODEL_LIBRARIES",
  "LIBRARY_TASK_MAPPING",
  "MAPPING_DEFAULT_WIDGET",
  "MODEL_LIBRARIES_UI_ELEMENTS",
  "ALL_MODEL_LIBRARY_KEYS",
  "ALL_DISPLAY_MODEL_LIBRARY_KEYS",
  "SPECIAL_TOKENS_ATTRIBUTES",
  "GGMLQuantizationType",
  "GGUF_QUANT_RE",
  "GGUF_QUANT_RE_GLOBAL",
  "parseGGUFQuantLabel",
  // added by the newest catalogue
  "GGMLFileQuantizationType",
  "GGUF_QUANT_ORDER",
  "findNearestQuantType",
  "AGENT_HARNESSES",
  "EVALUATION_FRAMEWORKS",
  "KERNEL_LIBRARIES_UI_ELEMENTS",
  "STANDARD_AGENT_ENV_VARS",
  "getModelInputSnippet",
  "stringifyMessages",
  "stringifyGenerationConfig",
  "inferenceSnippetLanguages",
  "HF_HUB_INFERENCE_PROXY_TEMPLATE",
  "openAIbaseUrl",
  "LOCAL_APPS",
  "DATASET_LIBRARIES_UI_ELEMENTS",
  "SKUS",
  "DEFAULT_MEMORY_OPTIONS",
];

describe("entry point", () => {
  it.each(RUNTIME_EXPORTS)("exports %s", (name) => {
    expect((tasks as Record<string, unknown>)[name]).toBeDefined();
  });

  it("exports the special tokens in order", () => {
    expect(tasks.SPECIAL_TOKENS_ATTRIBUTES).toEqual([
      "bos_token",
      "eos_token",
      "unk_token",
      "sep_token",
      "pad_token",
      "cls_token",
      "mask_token",
    ]);
  });

  it("every library named by the task↔library maps is in the library catalogue", () => {
    const keys = new Set<string>(tasks.ALL_MODEL_LIBRARY_KEYS);
    for (const libraries of Object.values(tasks.TASKS_MODEL_LIBRARIES)) {
      for (const library of libraries) expect(keys.has(library), library).toBe(true);
    }
    for (const library of Object.keys(tasks.LIBRARY_TASK_MAPPING)) expect(keys.has(library), library).toBe(true);
  });
});
