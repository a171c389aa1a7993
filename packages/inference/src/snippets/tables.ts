// The snippet tables of inference.md §10.2–§10.5, as data.
import type { InferenceSnippetLanguage } from "@hubkit/tasks";

export type TemplateName =
  | "basic"
  | "basicAudio"
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
  "js/fetch": ["basic", "basicAudio", "basicImage", "textToAudio", "textToImage", "zeroShotClassification"],
  "js/huggingface.js": [
    "basic",
    "basicAudio",
    "basicImage",
    "conversational",
    "conversationalStream",
    "textToImage",
    "textToVideo",
  ],
  "js/openai": ["conversational", "conversationalStream"],
  "sh/curl": ["basic", "basicAudio", "basicImage", "conversational", "conversationalStream", "zeroShotClassification"],
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

/**
 * (provider/task) pairs whose handler refuses the example input, so no request can be built (§10.1): fal-ai's
 * speech recognition takes only MPEG, MP4 and WAV audio (§3.5) and the example is `sample1.flac`.
 */
export const UNBUILDABLE_PAIRS: ReadonlySet<string> = new Set(["fal-ai/automatic-speech-recognition"]);
