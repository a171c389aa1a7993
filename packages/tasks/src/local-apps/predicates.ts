// When a local app is offered for a model (catalogue.md §9).
import type { ModelData } from "../model-data.js";

export const isLlamaCppGgufModel = (model: ModelData): boolean => !!model.gguf?.context_length;
export const isMlxModel = (model: ModelData): boolean => model.tags.includes("mlx");
export const isTgiModel = (model: ModelData): boolean => model.tags.includes("text-generation-inference");
export const isTransformersModel = (model: ModelData): boolean => model.tags.includes("transformers");

export const isDiffusersModel = (model: ModelData): boolean => model.library_name === "diffusers";
export const isTextToImageModel = (model: ModelData): boolean => model.pipeline_tag === "text-to-image";
export const isLoraModel = (model: ModelData): boolean => model.tags.includes("lora");

/** The `quantization_config.quant_method` values of checkpoints vLLM loads directly. */
const VLLM_QUANT_METHODS: ReadonlySet<unknown> = new Set(["awq", "gptq", "aqlm", "marlin"]);

/** vLLM serves text and vision-language generation from transformers checkpoints and common quantised forms. */
export function isVllmModel(model: ModelData): boolean {
  const servable =
    VLLM_QUANT_METHODS.has(model.config?.quantization_config?.quant_method) ||
    isLlamaCppGgufModel(model) ||
    isTransformersModel(model);
  return servable && (model.pipeline_tag === "text-generation" || model.pipeline_tag === "image-text-to-text");
}

/** Jellybox runs GGUF language models and diffusers image models (full pipelines or LoRAs) in safetensors. */
export function isJellyboxModel(model: ModelData): boolean {
  if (isLlamaCppGgufModel(model)) return true;
  return (
    isDiffusersModel(model) && model.tags.includes("safetensors") && (isTextToImageModel(model) || isLoraModel(model))
  );
}

/** Throws when a local-app function is given something that is not a model record. */
export function assertModel(model: ModelData, fn: string): void {
  if (model === null || typeof model !== "object" || typeof model.id !== "string" || model.id === "") {
    throw new TypeError(`${fn}: model.id must be a non-empty string`);
  }
  if (!Array.isArray(model.tags)) throw new TypeError(`${fn}: model.tags must be an array`);
}
