// Which (provider, task) pairs exist, as data (§4.1), and the helper look-up with its exact errors (§3.2 step 4).
import { InferenceClientInputError } from "../lib/errors.js";
import type { InferenceProvider, InferenceTask } from "../types.js";
import { hfInferenceGeneric } from "./hf-inference.js";
import type { ProviderHelper } from "./types.js";

/** Registered tasks per provider, in registration order (52 pairs). Key order = the 4c message order. */
export const PROVIDER_TASKS: Readonly<Record<InferenceProvider, readonly InferenceTask[]>> = {
  "black-forest-labs": ["text-to-image"],
  cerebras: ["conversational"],
  cohere: ["conversational"],
  "fal-ai": ["text-to-image", "text-to-speech", "text-to-video", "automatic-speech-recognition"],
  "hf-inference": [
    "text-to-image",
    "conversational",
    "text-generation",
    "text-classification",
    "question-answering",
    "audio-classification",
    "automatic-speech-recognition",
    "fill-mask",
    "feature-extraction",
    "image-classification",
    "image-segmentation",
    "document-question-answering",
    "image-to-text",
    "object-detection",
    "audio-to-audio",
    "zero-shot-image-classification",
    "zero-shot-classification",
    "image-to-image",
    "sentence-similarity",
    "table-question-answering",
    "tabular-classification",
    "text-to-speech",
    "token-classification",
    "translation",
    "summarization",
    "visual-question-answering",
    "tabular-regression",
    "text-to-audio",
  ],
  "fireworks-ai": ["conversational"],
  hyperbolic: ["text-to-image", "conversational", "text-generation"],
  nebius: ["text-to-image", "conversational", "text-generation"],
  novita: ["conversational", "text-generation"],
  openai: ["conversational"],
  replicate: ["text-to-image", "text-to-speech", "text-to-video"],
  sambanova: ["conversational"],
  together: ["text-to-image", "conversational", "text-generation"],
};

/** Helpers of one task, by provider. Each task function passes only its own table (tree-shaking). */
export type HelperTable<T> = Partial<Record<InferenceProvider, ProviderHelper<T>>>;

/**
 * Finds the helper for (provider, task) — §3.2 step 4, run before anything else.
 * Without a task: hf-inference → the generic handler; any other provider → error 4b.
 */
export function resolveHelper<T>(
  provider: string,
  task: InferenceTask | undefined,
  table: HelperTable<T>,
): ProviderHelper<T> {
  if (provider === "hf-inference" && !task) return hfInferenceGeneric as ProviderHelper<T>;
  if (!task) {
    throw new InferenceClientInputError(
      "you need to provide a task name when using an external provider, e.g. 'text-to-image'",
    );
  }
  if (!Object.hasOwn(PROVIDER_TASKS, provider)) {
    throw new InferenceClientInputError(
      `Provider '${provider}' not supported. Available providers: ${Object.keys(PROVIDER_TASKS).join(",")}`,
    );
  }
  const tasks = PROVIDER_TASKS[provider as InferenceProvider];
  const helper = tasks.includes(task) ? table[provider as InferenceProvider] : undefined;
  if (!helper) {
    throw new InferenceClientInputError(
      `Task '${task}' not supported for provider '${provider}'. Available tasks: ${tasks.join(",")}`,
    );
  }
  return helper;
}
