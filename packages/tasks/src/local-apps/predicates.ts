// When a local app is offered for a model (catalogue.md §9 and catalogue-newest.md).
import type { ModelData } from "../model-data.js";

export const isLlamaCppGgufModel = (model: ModelData): boolean => !!model.gguf?.context_length;
export const isMlxModel = (model: ModelData): boolean => model.tags.includes("mlx");
export const isTgiModel = (model: ModelData): boolean => model.tags.includes("text-generation-inference");
export const isTransformersModel = (model: ModelData): boolean => model.tags.includes("transformers");
export const isConversationalModel = (model: ModelData): boolean => model.tags.includes("conversational");

export const isDiffusersModel = (model: ModelData): boolean => model.library_name === "diffusers";
export const isTextToImageModel = (model: ModelData): boolean => model.pipeline_tag === "text-to-image";
export const isLoraModel = (model: ModelData): boolean => model.tags.includes("lora");

/** The `quantization_config.quant_method` values of checkpoints vLLM loads directly. */
const VLLM_QUANT_METHODS: ReadonlySet<unknown> = new Set(["awq", "gptq", "aqlm", "marlin"]);

const isServedGenerationTask = (model: ModelData): boolean =>
  model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text";

/** SGLang serves text and vision-language generation from transformers checkpoints and common quantised forms. */
export function isSglangModel(model: ModelData): boolean {
  const servable =
    VLLM_QUANT_METHODS.has(model.config?.quantization_config?.quant_method) || isTransformersModel(model);
  return servable && isServedGenerationTask(model);
}

/** vLLM: the SGLang rule, plus GGUF checkpoints. */
export function isVllmModel(model: ModelData): boolean {
  return isSglangModel(model) || (isLlamaCppGgufModel(model) && isServedGenerationTask(model));
}

/** Jellybox runs GGUF language models and diffusers image models (full pipelines or LoRAs) in safetensors. */
export function isJellyboxModel(model: ModelData): boolean {
  if (isLlamaCppGgufModel(model)) return true;
  return (
    isDiffusersModel(model) && model.tags.includes("safetensors") && (isTextToImageModel(model) || isLoraModel(model))
  );
}

export const isMlxLmModel = (model: ModelData): boolean =>
  model.pipeline_tag === "text-generation" && isMlxModel(model);

export const isDockerModelRunnerModel = (model: ModelData): boolean => isLlamaCppGgufModel(model) || isVllmModel(model);

export const isLemonadeModel = (model: ModelData): boolean =>
  isLlamaCppGgufModel(model) || model.tags.includes("ryzenai-hybrid") || model.tags.includes("ryzenai-npu");

export const isUnslothModel = (model: ModelData): boolean =>
  model.tags.includes("unsloth") || isLlamaCppGgufModel(model);

/**
 * The model's chat template: the GGUF header's, else `config.chat_template_jinja`, else the tokenizer config's; a
 * list of named templates gives its first one. Anything that is not text counts as no template.
 */
export function chatTemplateOf(model: ModelData): string | undefined {
  const candidate: unknown =
    model.gguf?.chat_template ?? model.config?.chat_template_jinja ?? model.config?.tokenizer_config?.chat_template;
  if (typeof candidate === "string") return candidate;
  if (Array.isArray(candidate)) {
    const first: unknown = candidate[0];
    if (first !== null && typeof first === "object" && "template" in first && typeof first.template === "string") {
      return first.template;
    }
  }
  return undefined;
}

/** Coding agents need a local chat model whose template handles tool calls. */
export function isToolCallingLocalModel(model: ModelData): boolean {
  return (
    (isLlamaCppGgufModel(model) || isMlxModel(model)) &&
    isConversationalModel(model) &&
    (chatTemplateOf(model)?.includes("tools") ?? false)
  );
}

/** Throws when a local-app function is given something that is not a model record. */
export function assertModel(model: ModelData, fn: string): void {
  if (model === null || typeof model !== "object" || typeof model.id !== "string" || model.id === "") {
    throw new TypeError(`${fn}: model.id must be a non-empty string`);
  }
  if (!Array.isArray(model.tags)) throw new TypeError(`${fn}: model.tags must be an array`);
}
