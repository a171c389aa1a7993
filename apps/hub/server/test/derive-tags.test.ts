// config files → the `config` subset, and library/task/tags inference from card, config and file names.
import { describe, expect, test } from "vitest";
import { deriveConfig } from "../src/derive/config.js";
import { inferTags } from "../src/derive/tags.js";

describe("config subset", () => {
  test("keeps the keys consumers read, with the tokenizer's template and special tokens", () => {
    const config = deriveConfig({
      "config.json": JSON.stringify({ architectures: ["LlamaForCausalLM"], model_type: "llama", hidden_size: 4096 }),
      "tokenizer_config.json": JSON.stringify({ chat_template: "{{ x }}", eos_token: "</s>", vocab: [1, 2, 3] }),
    });
    expect(config).toEqual({
      architectures: ["LlamaForCausalLM"],
      model_type: "llama",
      tokenizer_config: { chat_template: "{{ x }}", eos_token: "</s>" },
    });
  });

  test("diffusers, peft and a chat_template.jinja file; invalid JSON is ignored", () => {
    expect(
      deriveConfig({
        "config.json": "{not json",
        "model_index.json": JSON.stringify({ _class_name: "StableDiffusionPipeline" }),
        "adapter_config.json": JSON.stringify({ base_model_name_or_path: "a/b", task_type: "CAUSAL_LM", r: 8 }),
        "chat_template.jinja": "{{ bos_token }}",
      }),
    ).toEqual({
      diffusers: { _class_name: "StableDiffusionPipeline" },
      peft: { base_model_name_or_path: "a/b", task_type: "CAUSAL_LM" },
      chat_template_jinja: "{{ bos_token }}",
    });
    expect(deriveConfig({})).toBeUndefined();
  });
});

describe("tags", () => {
  test("a transformers model: library from config, task from the architecture, formats, card tags", () => {
    const inferred = inferTags(
      "model",
      { license: "apache-2.0", tags: ["exbert"], language: ["en"], datasets: "wikipedia", base_model: "org/base" },
      { architectures: ["BertForMaskedLM"], model_type: "bert" },
      ["config.json", "model.safetensors", "pytorch_model.bin", "tokenizer_config.json", "onnx/model.onnx"],
    );
    expect(inferred).toEqual({
      tags: [
        "transformers",
        "pytorch",
        "onnx",
        "safetensors",
        "bert",
        "fill-mask",
        "exbert",
        "en",
        "dataset:wikipedia",
        "license:apache-2.0",
        "base_model:org/base",
      ],
      library_name: "transformers",
      pipeline_tag: "fill-mask",
      transformersInfo: { auto_model: "AutoModelForMaskedLM", pipeline_tag: "fill-mask", processor: "AutoTokenizer" },
    });
  });

  test("the card wins: library_name, a library named in tags, a valid pipeline_tag only", () => {
    expect(
      inferTags("model", { library_name: "diffusers", pipeline_tag: "text-to-image" }, undefined, []).library_name,
    ).toBe("diffusers");
    expect(inferTags("model", { tags: ["timm", "vision"] }, undefined, []).library_name).toBe("timm");
    expect(inferTags("model", { pipeline_tag: "<script>" }, undefined, []).pipeline_tag).toBeUndefined();
    const whisper = inferTags(
      "model",
      {},
      { architectures: ["WhisperForConditionalGeneration"], model_type: "whisper" },
      ["config.json"],
    );
    expect(whisper.pipeline_tag).toBe("automatic-speech-recognition");
  });

  test("GPT-2 style *LMHeadModel heads generate text; bare *Model encoders extract features (as the hub)", () => {
    const infer = (architecture: string, modelType: string) =>
      inferTags("model", {}, { architectures: [architecture], model_type: modelType }, [
        "config.json",
        "tokenizer.json",
      ]);
    expect(infer("GPT2LMHeadModel", "gpt2").pipeline_tag).toBe("text-generation");
    expect(infer("GPT2LMHeadModel", "gpt2").transformersInfo).toEqual({
      auto_model: "AutoModelForCausalLM",
      pipeline_tag: "text-generation",
      processor: "AutoTokenizer",
    });
    expect(infer("BertModel", "bert").pipeline_tag).toBe("feature-extraction");
    expect(infer("BertModel", "bert").transformersInfo?.auto_model).toBe("AutoModel");
    // More specific heads keep their own task.
    expect(infer("BertForMaskedLM", "bert").pipeline_tag).toBe("fill-mask");
    expect(infer("LlamaForCausalLM", "llama").pipeline_tag).toBe("text-generation");
  });

  test("libraries other than transformers: the task from their own files", () => {
    const pipe = (config: Record<string, unknown> | undefined, paths: string[]) =>
      inferTags("model", undefined, config, paths).pipeline_tag;
    expect(pipe(undefined, ["modules.json"])).toBe("sentence-similarity");
    expect(pipe({ diffusers: { _class_name: "StableDiffusionXLPipeline" } }, ["model_index.json"])).toBe(
      "text-to-image",
    );
    expect(pipe({ diffusers: { _class_name: "StableDiffusionImg2ImgPipeline" } }, ["model_index.json"])).toBe(
      "image-to-image",
    );
    expect(pipe({ diffusers: { _class_name: "StableVideoDiffusionImageToVideoPipeline" } }, ["model_index.json"])).toBe(
      "image-to-video",
    );
    expect(pipe({ peft: { task_type: "CAUSAL_LM" } }, ["adapter_config.json"])).toBe("text-generation");
    expect(pipe({ peft: { task_type: "__proto__" } }, ["adapter_config.json"])).toBeUndefined();
    expect(pipe(undefined, ["model.nemo"])).toBeUndefined();
  });

  test("files name the library when card and config are silent; GGUF is a format tag", () => {
    expect(inferTags("model", undefined, undefined, ["modules.json", "config.json"]).library_name).toBe(
      "sentence-transformers",
    );
    expect(inferTags("model", undefined, undefined, ["model.nemo"]).library_name).toBe("nemo");
    expect(inferTags("model", undefined, undefined, ["model-Q4_K_M.gguf"])).toEqual({ tags: ["gguf"] });
  });

  test("datasets and spaces: card fields and file formats; tags de-duplicated and bounded", () => {
    expect(
      inferTags("dataset", { task_categories: ["text-classification"], language: "en", license: "mit" }, undefined, [
        "train.csv",
        "test.jsonl",
      ]).tags,
    ).toEqual(["task_categories:text-classification", "language:en", "format:csv", "format:json", "license:mit"]);
    expect(inferTags("space", { sdk: "gradio", tags: ["gradio", "demo"] }, undefined, []).tags).toEqual([
      "gradio",
      "demo",
    ]);
    const many = inferTags("model", { tags: Array.from({ length: 500 }, (_, i) => `t${i}`) }, undefined, []);
    expect(many.tags).toHaveLength(200);
  });
});
