// The model record given to snippet generators and the site (catalogue.md §4).
import type { PipelineType } from "./pipelines.js";
import type { WidgetExample } from "./widget-example.js";

export const SPECIAL_TOKENS_ATTRIBUTES = [
  "bos_token",
  "eos_token",
  "unk_token",
  "sep_token",
  "pad_token",
  "cls_token",
  "mask_token",
] as const;

export interface AddedToken {
  __type: "AddedToken";
  content?: string;
  lstrip?: boolean;
  normalized?: boolean;
  rstrip?: boolean;
  single_word?: boolean;
}

export type SpecialTokensMap = {
  [key in (typeof SPECIAL_TOKENS_ATTRIBUTES)[number]]?: string | AddedToken | null;
};

export interface TokenizerConfig extends SpecialTokensMap {
  use_default_system_prompt?: boolean;
  chat_template?: string | Array<{ name: string; template: string }>;
}

export interface TransformersInfo {
  /** e.g. AutoModelForCausalLM */
  auto_model: string;
  custom_class?: string;
  pipeline_tag?: PipelineType;
  /** e.g. AutoTokenizer, AutoFeatureExtractor, AutoProcessor */
  processor?: string;
}

export interface ModelConfig {
  architectures?: string[];
  auto_map?: Record<string, string>;
  model_type?: string;
  quantization_config?: {
    bits?: number;
    load_in_4bit?: boolean;
    load_in_8bit?: boolean;
    quant_method?: string;
  };
  tokenizer_config?: TokenizerConfig;
  adapter_transformers?: { model_name?: string; model_class?: string };
  diffusers?: { _class_name?: string };
  sklearn?: { model?: { file?: string }; model_format?: string };
  speechbrain?: { speechbrain_interface?: string; vocoder_interface?: string; vocoder_model_id?: string };
  peft?: { base_model_name_or_path?: string; task_type?: string };
  keras_hub?: { tasks?: string[] };
  [key: string]: unknown;
}

export interface ModelData {
  /** The model id, e.g. "meta-llama/Llama-3.1-8B-Instruct". Untrusted: escape before putting it into code. */
  id: string;
  /** Whether the model is served by the hosted inference API ("warm", "cold", "frozen", "explicit-opt-out", …). */
  inference?: string;
  private?: boolean;
  config?: ModelConfig;
  tags: string[];
  transformersInfo?: TransformersInfo;
  pipeline_tag?: PipelineType;
  mask_token?: string;
  widgetData?: WidgetExample[];
  cardData?: {
    inference?: boolean | { parameters?: Record<string, unknown> };
    base_model?: string | string[];
    instance_prompt?: string | null;
    [key: string]: unknown;
  };
  library_name?: string;
  safetensors?: { parameters: Record<string, number>; total: number; sharded: boolean };
  gguf?: {
    total: number;
    architecture?: string;
    context_length?: number;
    /** The chat template stored in the GGUF header (read by the tool-calling agent apps). */
    chat_template?: string;
  };
}

/** What example inputs and inference snippets need of a model. */
export type ModelDataMinimal = Pick<
  ModelData,
  "id" | "pipeline_tag" | "mask_token" | "library_name" | "config" | "tags" | "inference"
>;
