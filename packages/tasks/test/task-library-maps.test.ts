import { describe, expect, it } from "vitest";
import { LIBRARY_TASK_MAPPING } from "../src/library-to-tasks.js";
import { PIPELINE_TYPES_SET } from "../src/pipelines.js";
import { TASKS_MODEL_LIBRARIES } from "../src/task-libraries.js";

// catalogue-facts.json `taskToLibraries` and `libraryToTasks`, transcribed.
const TASK_TO_LIBRARIES: Record<string, string[]> = {
  "audio-classification": ["speechbrain", "transformers", "transformers.js"],
  "audio-to-audio": ["asteroid", "fairseq", "speechbrain"],
  "automatic-speech-recognition": ["espnet", "nemo", "speechbrain", "transformers", "transformers.js"],
  "audio-text-to-text": [],
  "depth-estimation": ["transformers", "transformers.js"],
  "document-question-answering": ["transformers", "transformers.js"],
  "feature-extraction": ["sentence-transformers", "transformers", "transformers.js"],
  "fill-mask": ["transformers", "transformers.js"],
  "graph-ml": ["transformers"],
  "image-classification": ["keras", "timm", "transformers", "transformers.js"],
  "image-feature-extraction": ["timm", "transformers"],
  "image-segmentation": ["transformers", "transformers.js"],
  "image-text-to-text": ["transformers"],
  "image-to-image": ["diffusers", "transformers", "transformers.js"],
  "image-to-text": ["transformers", "transformers.js"],
  "image-to-video": ["diffusers"],
  "keypoint-detection": ["transformers"],
  "video-classification": ["transformers"],
  "mask-generation": ["transformers"],
  "multiple-choice": ["transformers"],
  "object-detection": ["transformers", "transformers.js", "ultralytics"],
  other: [],
  "question-answering": ["adapter-transformers", "allennlp", "transformers", "transformers.js"],
  robotics: [],
  "reinforcement-learning": ["transformers", "stable-baselines3", "ml-agents", "sample-factory"],
  "sentence-similarity": ["sentence-transformers", "spacy", "transformers.js"],
  summarization: ["transformers", "transformers.js"],
  "table-question-answering": ["transformers"],
  "table-to-text": ["transformers"],
  "tabular-classification": ["sklearn"],
  "tabular-regression": ["sklearn"],
  "tabular-to-text": ["transformers"],
  "text-classification": ["adapter-transformers", "setfit", "spacy", "transformers", "transformers.js"],
  "text-generation": ["transformers", "transformers.js"],
  "text-ranking": ["sentence-transformers", "transformers"],
  "text-retrieval": [],
  "text-to-image": ["diffusers"],
  "text-to-speech": ["espnet", "tensorflowtts", "transformers", "transformers.js"],
  "text-to-audio": ["transformers", "transformers.js"],
  "text-to-video": ["diffusers"],
  "text2text-generation": ["transformers", "transformers.js"],
  "time-series-forecasting": [],
  "token-classification": [
    "adapter-transformers",
    "flair",
    "spacy",
    "span-marker",
    "stanza",
    "transformers",
    "transformers.js",
  ],
  translation: ["transformers", "transformers.js"],
  "unconditional-image-generation": ["diffusers"],
  "video-text-to-text": ["transformers"],
  "visual-question-answering": ["transformers", "transformers.js"],
  "voice-activity-detection": [],
  "zero-shot-classification": ["transformers", "transformers.js"],
  "zero-shot-image-classification": ["transformers", "transformers.js"],
  "zero-shot-object-detection": ["transformers", "transformers.js"],
  "text-to-3d": ["diffusers"],
  "image-to-3d": ["diffusers"],
  "any-to-any": ["transformers"],
  "visual-document-retrieval": ["transformers"],
};
const LIBRARY_TO_TASKS: Record<string, string[]> = {
  "adapter-transformers": ["question-answering", "text-classification", "token-classification"],
  allennlp: ["question-answering"],
  asteroid: ["audio-to-audio"],
  bertopic: ["text-classification"],
  diffusers: ["image-to-image", "text-to-image"],
  doctr: ["object-detection"],
  espnet: ["text-to-speech", "automatic-speech-recognition"],
  fairseq: ["text-to-speech", "audio-to-audio"],
  fastai: ["image-classification"],
  fasttext: ["feature-extraction", "text-classification"],
  flair: ["token-classification"],
  k2: ["automatic-speech-recognition"],
  keras: ["image-classification"],
  nemo: ["automatic-speech-recognition"],
  open_clip: ["zero-shot-classification", "zero-shot-image-classification"],
  paddlenlp: ["fill-mask", "summarization", "zero-shot-classification"],
  peft: ["text-generation"],
  "pyannote-audio": ["automatic-speech-recognition"],
  "sentence-transformers": ["feature-extraction", "sentence-similarity"],
  setfit: ["text-classification"],
  sklearn: ["tabular-classification", "tabular-regression", "text-classification"],
  spacy: ["token-classification", "text-classification", "sentence-similarity"],
  "span-marker": ["token-classification"],
  speechbrain: [
    "audio-classification",
    "audio-to-audio",
    "automatic-speech-recognition",
    "text-to-speech",
    "text2text-generation",
  ],
  stanza: ["token-classification"],
  timm: ["image-classification", "image-feature-extraction"],
  transformers: [
    "audio-classification",
    "automatic-speech-recognition",
    "depth-estimation",
    "document-question-answering",
    "feature-extraction",
    "fill-mask",
    "image-classification",
    "image-feature-extraction",
    "image-segmentation",
    "image-to-image",
    "image-to-text",
    "image-text-to-text",
    "mask-generation",
    "object-detection",
    "question-answering",
    "summarization",
    "table-question-answering",
    "text2text-generation",
    "text-classification",
    "text-generation",
    "text-to-audio",
    "text-to-speech",
    "token-classification",
    "translation",
    "video-classification",
    "visual-question-answering",
    "zero-shot-classification",
    "zero-shot-image-classification",
    "zero-shot-object-detection",
  ],
  mindspore: ["image-classification"],
};

describe("TASKS_MODEL_LIBRARIES", () => {
  it("has one list per pipeline type, in its own key order, with the exact content", () => {
    expect(Object.keys(TASKS_MODEL_LIBRARIES)).toEqual(Object.keys(TASK_TO_LIBRARIES));
    expect(TASKS_MODEL_LIBRARIES).toEqual(TASK_TO_LIBRARIES);
    expect(Object.keys(TASKS_MODEL_LIBRARIES).length).toBe(55);
    for (const key of Object.keys(TASKS_MODEL_LIBRARIES)) expect(PIPELINE_TYPES_SET.has(key as never)).toBe(true);
    expect(new Set(Object.values(TASKS_MODEL_LIBRARIES).flat()).size).toBe(24);
  });

  it("has empty lists for the six tasks without libraries", () => {
    const empty = Object.entries(TASKS_MODEL_LIBRARIES)
      .filter(([, libs]) => libs.length === 0)
      .map(([task]) => task)
      .sort();
    expect(empty).toEqual([
      "audio-text-to-text",
      "other",
      "robotics",
      "text-retrieval",
      "time-series-forecasting",
      "voice-activity-detection",
    ]);
    expect(TASKS_MODEL_LIBRARIES["token-classification"]).toEqual([
      "adapter-transformers",
      "flair",
      "spacy",
      "span-marker",
      "stanza",
      "transformers",
      "transformers.js",
    ]);
  });
});

describe("LIBRARY_TASK_MAPPING", () => {
  it("lists the 28 libraries served by the hosted API with their tasks", () => {
    expect(LIBRARY_TASK_MAPPING).toEqual(LIBRARY_TO_TASKS);
    expect(Object.keys(LIBRARY_TASK_MAPPING)).toEqual(Object.keys(LIBRARY_TO_TASKS));
    expect(Object.keys(LIBRARY_TASK_MAPPING).length).toBe(28);
    expect(LIBRARY_TASK_MAPPING.transformers?.length).toBe(29);
    expect(LIBRARY_TASK_MAPPING.speechbrain?.length).toBe(5);
    expect(LIBRARY_TASK_MAPPING.speechbrain).toContain("text2text-generation");
    expect(LIBRARY_TASK_MAPPING.sklearn?.length).toBe(3);
    for (const tasks of Object.values(LIBRARY_TASK_MAPPING)) {
      for (const task of tasks ?? []) expect(PIPELINE_TYPES_SET.has(task)).toBe(true);
    }
  });
});
