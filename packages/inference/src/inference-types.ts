// Input/output types of the tasks. Local stand-ins until @hubkit/tasks exports its inference types
// (packages/tasks/src/inference-types); the shapes follow inference.md §2.4.

export type Parameters = Record<string, unknown>;

export interface ClassificationOutputElement {
  label: string;
  score: number;
}

// ——— audio ———
export interface AudioClassificationInput {
  inputs: Blob;
  parameters?: { function_to_apply?: "sigmoid" | "softmax" | "none"; top_k?: number } & Parameters;
}
export type AudioClassificationOutput = ClassificationOutputElement[];

export interface AutomaticSpeechRecognitionInput {
  inputs: Blob;
  parameters?: { return_timestamps?: boolean; generation_parameters?: Parameters } & Parameters;
}
export interface AutomaticSpeechRecognitionOutput {
  text: string;
  chunks?: { text: string; timestamp: number[] }[];
}

export interface TextToSpeechInput {
  inputs: string;
  parameters?: Parameters;
}

// ——— computer vision ———
export interface ImageClassificationInput {
  inputs: Blob;
  parameters?: { function_to_apply?: "sigmoid" | "softmax" | "none"; top_k?: number } & Parameters;
}
export type ImageClassificationOutput = ClassificationOutputElement[];

export interface ImageSegmentationInput {
  inputs: Blob;
  parameters?: {
    mask_threshold?: number;
    overlap_mask_area_threshold?: number;
    subtask?: string;
    threshold?: number;
  } & Parameters;
}
export type ImageSegmentationOutput = { label: string; mask: string; score?: number }[];

export interface ImageToImageInput {
  inputs: Blob | ArrayBuffer;
  parameters?: {
    prompt?: string;
    guidance_scale?: number;
    negative_prompt?: string;
    num_inference_steps?: number;
    target_size?: { width: number; height: number };
  } & Parameters;
}

export interface ImageToTextInput {
  inputs: Blob;
  parameters?: Parameters;
}
export interface ImageToTextOutput {
  generated_text: string;
}

export interface ObjectDetectionInput {
  inputs: Blob;
  parameters?: { threshold?: number } & Parameters;
}
export type ObjectDetectionOutput = {
  label: string;
  score: number;
  box: { xmin: number; ymin: number; xmax: number; ymax: number };
}[];

export interface TextToImageInput {
  inputs: string;
  parameters?: {
    guidance_scale?: number;
    negative_prompt?: string;
    num_inference_steps?: number;
    width?: number;
    height?: number;
    scheduler?: string;
    seed?: number;
  } & Parameters;
}

export interface TextToVideoInput {
  inputs: string;
  parameters?: {
    num_frames?: number;
    num_inference_steps?: number;
    guidance_scale?: number;
    negative_prompt?: string[];
    seed?: number;
  } & Parameters;
}

export interface ZeroShotImageClassificationInput {
  inputs: Blob;
  parameters: { candidate_labels: string[]; hypothesis_template?: string } & Parameters;
}
export type ZeroShotImageClassificationOutput = ClassificationOutputElement[];

// ——— nlp ———
export interface ChatCompletionInputMessage {
  role: string;
  content?: string | { type: string; text?: string; image_url?: { url: string } }[];
  name?: string;
  tool_calls?: unknown[];
  tool_call_id?: string;
}
export interface ChatCompletionInput {
  messages: ChatCompletionInputMessage[];
  model?: string;
  frequency_penalty?: number;
  logit_bias?: number[];
  logprobs?: boolean;
  max_tokens?: number;
  presence_penalty?: number;
  response_format?: unknown;
  seed?: number;
  stop?: string[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  temperature?: number;
  tool_choice?: unknown;
  tool_prompt?: string;
  tools?: unknown[];
  top_logprobs?: number;
  top_p?: number;
  [property: string]: unknown;
}
export interface ChatCompletionOutputMessage {
  role: string;
  content?: string;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: unknown; description?: string } }[];
  [property: string]: unknown;
}
export interface ChatCompletionOutput {
  choices: { finish_reason: string; index: number; logprobs?: unknown; message: ChatCompletionOutputMessage }[];
  created: number;
  id: string;
  model: string;
  system_fingerprint?: string | null;
  usage: { completion_tokens: number; prompt_tokens: number; total_tokens: number } | null;
  [property: string]: unknown;
}
export interface ChatCompletionStreamOutput {
  choices: {
    delta: { role?: string; content?: string; tool_calls?: unknown[]; [property: string]: unknown };
    finish_reason?: string | null;
    index: number;
    logprobs?: unknown;
  }[];
  created: number;
  id: string;
  model: string;
  system_fingerprint?: string | null;
  usage?: { completion_tokens: number; prompt_tokens: number; total_tokens: number } | null;
  [property: string]: unknown;
}

export interface FeatureExtractionInput {
  inputs: string | string[];
  parameters?: {
    normalize?: boolean;
    prompt_name?: string;
    truncate?: boolean;
    truncation_direction?: "Left" | "Right";
  } & Parameters;
}

export interface FillMaskInput {
  inputs: string;
  parameters?: { targets?: string[]; top_k?: number } & Parameters;
}
export type FillMaskOutput = { score: number; sequence: string; token: number; token_str: string }[];

export interface QuestionAnsweringInput {
  inputs: { question: string; context: string };
  parameters?: Parameters;
}
export interface QuestionAnsweringOutputElement {
  answer: string;
  end: number;
  score: number;
  start: number;
}

export interface SentenceSimilarityInput {
  inputs: { source_sentence: string; sentences: string[] };
  parameters?: Parameters;
}
export type SentenceSimilarityOutput = number[];

export interface SummarizationInput {
  inputs: string;
  parameters?: Parameters;
}
export interface SummarizationOutput {
  summary_text: string;
}

export interface TableQuestionAnsweringInput {
  inputs: { query: string; table: Record<string, string[]> };
  parameters?: Parameters;
}
export interface TableQuestionAnsweringOutputElement {
  aggregator: string;
  answer: string;
  cells: string[];
  coordinates: number[][];
}

export interface TextClassificationInput {
  inputs: string;
  parameters?: { function_to_apply?: "sigmoid" | "softmax" | "none"; top_k?: number } & Parameters;
}
export type TextClassificationOutput = ClassificationOutputElement[];

export interface TextGenerationInput {
  inputs: string;
  parameters?: {
    best_of?: number;
    decoder_input_details?: boolean;
    details?: boolean;
    do_sample?: boolean;
    frequency_penalty?: number;
    grammar?: unknown;
    max_new_tokens?: number;
    repetition_penalty?: number;
    return_full_text?: boolean;
    seed?: number;
    stop?: string[];
    temperature?: number;
    top_k?: number;
    top_n_tokens?: number;
    top_p?: number;
    truncate?: number;
    typical_p?: number;
    watermark?: boolean;
  } & Parameters;
  stream?: boolean;
}
export interface TextGenerationOutput {
  generated_text: string;
  details?: unknown;
  [property: string]: unknown;
}

export interface TokenClassificationInput {
  inputs: string;
  parameters?: { aggregation_strategy?: string; ignore_labels?: string[]; stride?: number } & Parameters;
}
export type TokenClassificationOutput = {
  end: number;
  entity_group: string;
  score: number;
  start: number;
  word: string;
  [property: string]: unknown;
}[];

export interface TranslationInput {
  inputs: string;
  parameters?: { src_lang?: string; tgt_lang?: string } & Parameters;
}
export interface TranslationOutput {
  translation_text: string;
}

export interface ZeroShotClassificationInput {
  inputs: string | string[];
  parameters: { candidate_labels: string[]; hypothesis_template?: string; multi_label?: boolean } & Parameters;
}
export type ZeroShotClassificationOutput = { labels: string[]; scores: number[]; sequence: string }[];

// ——— multimodal ———
export interface DocumentQuestionAnsweringInput {
  inputs: { question: string; image: Blob | ArrayBuffer };
  parameters?: Parameters;
}
export interface DocumentQuestionAnsweringOutputElement {
  answer: string;
  end?: number;
  score?: number;
  start?: number;
}

export interface VisualQuestionAnsweringInput {
  inputs: { question: string; image: Blob | ArrayBuffer };
  parameters?: Parameters;
}
export interface VisualQuestionAnsweringOutputElement {
  answer: string;
  score: number;
}
