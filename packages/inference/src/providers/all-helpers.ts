// Every registered helper, task → provider → helper: used by request/streamingRequest and the snippet generator,
// which accept any task. Task functions import their own table instead, to stay tree-shakeable.
import type { InferenceTask } from "../types.js";
import {
  AUTOMATIC_SPEECH_RECOGNITION_HELPERS,
  CONVERSATIONAL_HELPERS,
  TEXT_GENERATION_HELPERS,
  TEXT_TO_IMAGE_HELPERS,
  TEXT_TO_SPEECH_HELPERS,
  TEXT_TO_VIDEO_HELPERS,
} from "./helpers-by-task.js";
import * as hf from "./hf-inference-tasks.js";
import { type HelperTable, resolveHelper } from "./registry.js";
import type { ProviderHelper } from "./types.js";

/** hf-inference-only tasks: task → helper. */
export const HF_INFERENCE_ONLY = {
  "text-classification": hf.hfInferenceTextClassification,
  "question-answering": hf.hfInferenceQuestionAnswering,
  "audio-classification": hf.hfInferenceAudioClassification,
  "fill-mask": hf.hfInferenceFillMask,
  "feature-extraction": hf.hfInferenceFeatureExtraction,
  "image-classification": hf.hfInferenceImageClassification,
  "image-segmentation": hf.hfInferenceImageSegmentation,
  "document-question-answering": hf.hfInferenceDocumentQuestionAnswering,
  "image-to-text": hf.hfInferenceImageToText,
  "object-detection": hf.hfInferenceObjectDetection,
  "audio-to-audio": hf.hfInferenceAudioToAudio,
  "zero-shot-image-classification": hf.hfInferenceZeroShotImageClassification,
  "zero-shot-classification": hf.hfInferenceZeroShotClassification,
  "image-to-image": hf.hfInferenceImageToImage,
  "sentence-similarity": hf.hfInferenceSentenceSimilarity,
  "table-question-answering": hf.hfInferenceTableQuestionAnswering,
  "tabular-classification": hf.hfInferenceTabularClassification,
  "token-classification": hf.hfInferenceTokenClassification,
  translation: hf.hfInferenceTranslation,
  summarization: hf.hfInferenceSummarization,
  "visual-question-answering": hf.hfInferenceVisualQuestionAnswering,
  "tabular-regression": hf.hfInferenceTabularRegression,
  "text-to-audio": hf.hfInferenceTextToAudio,
} as const;

/** Every registered helper: provider → task → helper (used by request/streamingRequest and the snippets). */
export const ALL_HELPERS: Partial<Record<InferenceTask, HelperTable<unknown>>> = {
  conversational: CONVERSATIONAL_HELPERS,
  "text-generation": TEXT_GENERATION_HELPERS as HelperTable<unknown>,
  "text-to-image": TEXT_TO_IMAGE_HELPERS as HelperTable<unknown>,
  "text-to-speech": TEXT_TO_SPEECH_HELPERS as HelperTable<unknown>,
  "text-to-video": TEXT_TO_VIDEO_HELPERS as HelperTable<unknown>,
  "automatic-speech-recognition": AUTOMATIC_SPEECH_RECOGNITION_HELPERS,
  ...Object.fromEntries(
    Object.entries(HF_INFERENCE_ONLY).map(([task, helper]) => [
      task,
      { "hf-inference": helper as ProviderHelper<unknown> } satisfies HelperTable<unknown>,
    ]),
  ),
};

/** Helper table for any task (request/streamingRequest): empty when nothing is registered. */
export function helpersForTask(task: InferenceTask | undefined): HelperTable<unknown> {
  return (task && ALL_HELPERS[task]) || {};
}

/**
 * The helper of (provider, task) with the §3.2 step-4 errors — for code that handles any task, such as the
 * snippet generator (which returns [] when this throws).
 */
export function getProviderHelper(provider: string, task: InferenceTask | undefined): ProviderHelper<unknown> {
  return resolveHelper(provider, task, helpersForTask(task));
}
