// The snippet tables of inference.md §10.2–§10.5, as data.
import type { InferenceSnippetLanguage } from "@hubkit/tasks";
import { falAudioArgs } from "../providers/fal-ai-audio.js";

export type TemplateName =
  | "basic"
  | "basicAudio"
  | "basicAudioDataUrl"
  | "basicImage"
  | "conversational"
  | "conversationalStream"
  | "documentQuestionAnswering"
  | "imageToImage"
  | "tabular"
  | "textToAudio"
  | "textToImage"
  | "textToVideo"
  | "zeroShotClassification"
  | "zeroShotImageClassification";

/** Output order: languages, then clients inside each language (§10.2). */
export const CLIENTS: Readonly<Record<InferenceSnippetLanguage, readonly string[]>> = {
  python: ["huggingface_hub", "fal_client", "requests", "openai"],
  js: ["fetch", "huggingface.js", "openai"],
  sh: ["curl"],
};

/** Pipeline tag → template, for every tag but the conversational cases (§10.3). */
export const TEMPLATE_BY_PIPELINE_TAG: Readonly<Record<string, TemplateName>> = {
  "feature-extraction": "basic",
  "fill-mask": "basic",
  "question-answering": "basic",
  "sentence-similarity": "basic",
  summarization: "basic",
  "table-question-answering": "basic",
  "text-classification": "basic",
  "text-generation": "basic",
  "text2text-generation": "basic",
  "token-classification": "basic",
  translation: "basic",
  "audio-classification": "basicAudio",
  "audio-to-audio": "basicAudio",
  "automatic-speech-recognition": "basicAudio",
  "image-classification": "basicImage",
  "image-segmentation": "basicImage",
  "image-to-text": "basicImage",
  "object-detection": "basicImage",
  "image-text-to-text": "conversational",
  "document-question-answering": "documentQuestionAnswering",
  "image-to-image": "imageToImage",
  "tabular-classification": "tabular",
  "tabular-regression": "tabular",
  "text-to-audio": "textToAudio",
  "text-to-speech": "textToAudio",
  "text-to-image": "textToImage",
  "text-to-video": "textToVideo",
  "zero-shot-classification": "zeroShotClassification",
  "zero-shot-image-classification": "zeroShotImageClassification",
};

/** Which (language/client) has which template (§10.4); conversationalStream shares conversational's row. */
export const TEMPLATES_BY_CLIENT: Readonly<Record<string, readonly TemplateName[]>> = {
  "python/huggingface_hub": [
    "basic",
    "basicAudio",
    "basicAudioDataUrl",
    "basicImage",
    "conversational",
    "conversationalStream",
    "documentQuestionAnswering",
    "imageToImage",
    "textToImage",
    "textToVideo",
  ],
  "python/fal_client": ["textToImage"],
  "python/requests": [
    "basic",
    "basicAudio",
    "basicAudioDataUrl",
    "basicImage",
    "conversational",
    "conversationalStream",
    "documentQuestionAnswering",
    "imageToImage",
    "tabular",
    "textToAudio",
    "textToImage",
    "zeroShotClassification",
    "zeroShotImageClassification",
  ],
  "python/openai": ["conversational", "conversationalStream"],
  "js/fetch": [
    "basic",
    "basicAudio",
    "basicAudioDataUrl",
    "basicImage",
    "textToAudio",
    "textToImage",
    "zeroShotClassification",
  ],
  "js/huggingface.js": [
    "basic",
    "basicAudio",
    "basicAudioDataUrl",
    "basicImage",
    "conversational",
    "conversationalStream",
    "textToImage",
    "textToVideo",
  ],
  "js/openai": ["conversational", "conversationalStream"],
  "sh/curl": [
    "basic",
    "basicAudio",
    "basicAudioDataUrl",
    "basicImage",
    "conversational",
    "conversationalStream",
    "zeroShotClassification",
  ],
};

/** `huggingface_hub` method per pipeline tag (§10.5). */
export const PYTHON_METHODS: Readonly<Record<string, string>> = {
  "audio-classification": "audio_classification",
  "audio-to-audio": "audio_to_audio",
  "automatic-speech-recognition": "automatic_speech_recognition",
  "document-question-answering": "document_question_answering",
  "feature-extraction": "feature_extraction",
  "fill-mask": "fill_mask",
  "image-classification": "image_classification",
  "image-segmentation": "image_segmentation",
  "image-to-image": "image_to_image",
  "image-to-text": "image_to_text",
  "object-detection": "object_detection",
  "question-answering": "question_answering",
  "sentence-similarity": "sentence_similarity",
  summarization: "summarization",
  "table-question-answering": "table_question_answering",
  "tabular-classification": "tabular_classification",
  "tabular-regression": "tabular_regression",
  "text-classification": "text_classification",
  "text-generation": "text_generation",
  "text-to-image": "text_to_image",
  "text-to-speech": "text_to_speech",
  "text-to-video": "text_to_video",
  "token-classification": "token_classification",
  translation: "translation",
  "visual-question-answering": "visual_question_answering",
  "zero-shot-classification": "zero_shot_classification",
  "zero-shot-image-classification": "zero_shot_image_classification",
};

/** `@hubkit/inference` method per pipeline tag (§10.5). */
export const JS_METHODS: Readonly<Record<string, string>> = {
  "automatic-speech-recognition": "automaticSpeechRecognition",
  "feature-extraction": "featureExtraction",
  "fill-mask": "fillMask",
  "image-classification": "imageClassification",
  "question-answering": "questionAnswering",
  "sentence-similarity": "sentenceSimilarity",
  summarization: "summarization",
  "table-question-answering": "tableQuestionAnswering",
  "text-classification": "textClassification",
  "text-generation": "textGeneration",
  "text2text-generation": "textGeneration",
  "token-classification": "tokenClassification",
  translation: "translation",
};

/**
 * `huggingface_hub` methods that take a structured example as their own keyword parameters, in call order:
 * [key of the example object, Python parameter name]. Every other method takes its input positionally.
 */
export const PYTHON_KEYWORD_INPUTS: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  "question-answering": [
    ["question", "question"],
    ["context", "context"],
  ],
  "sentence-similarity": [
    ["source_sentence", "sentence"],
    ["sentences", "other_sentences"],
  ],
  "table-question-answering": [
    ["table", "table"],
    ["query", "query"],
  ],
};

/** Candidate labels shown by the zero-shot templates. */
export const ZERO_SHOT_LABELS = ["refund", "legal", "faq"] as const;
export const ZERO_SHOT_IMAGE_LABELS = ["cat", "dog", "llama"] as const;

/** An input file sent inline, as a base64 data URL inside a JSON body, instead of as the raw request body. */
export interface DataUrlInput {
  /** Template used instead of the pipeline tag's (it reads the file and encodes it at run time). */
  template: TemplateName;
  /** Example file shown in its place: the task's own example is of a type the provider refuses. */
  file: string;
  /** Content type the client puts in the data URL for that file (and that the provider accepts). */
  contentType: string;
  /** The client's own argument preparation for that input (the snippet encodes the file where it runs). */
  toArgs: (contentType: string, base64: string) => Record<string, unknown>;
}

/**
 * (provider/task) pairs whose request carries the input file as a data URL (§3.5). fal-ai's speech recognition
 * takes only MPEG, MP4 and WAV audio and the task's example is `sample1.flac`, so its snippets read a WAV file
 * and send what the client sends for a `Blob` of type `audio/wav`: `{"audio_url": "data:audio/wav;base64,…"}`.
 */
export const DATA_URL_INPUTS: Readonly<Record<string, DataUrlInput>> = {
  "fal-ai/automatic-speech-recognition": {
    template: "basicAudioDataUrl",
    file: "sample1.wav",
    contentType: "audio/wav",
    toArgs: (contentType, base64) => falAudioArgs({}, contentType, base64),
  },
};
