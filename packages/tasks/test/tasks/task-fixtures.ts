// Shared facts for the task-page tests: where files live, the contract's key order, and the documented exceptions.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const TASKS_SOURCE_DIR = join(PACKAGE_DIR, "src", "tasks");
export const ASSETS_DIR = join(PACKAGE_DIR, "assets", "tasks");

/** TASKS_DATA key order (catalogue.md §2.1, then the three task types of catalogue-newest.md). */
export const TASKS_DATA_ORDER = [
  "any-to-any",
  "audio-classification",
  "audio-to-audio",
  "audio-text-to-text",
  "automatic-speech-recognition",
  "depth-estimation",
  "document-question-answering",
  "visual-document-retrieval",
  "feature-extraction",
  "fill-mask",
  "graph-ml",
  "image-classification",
  "image-feature-extraction",
  "image-segmentation",
  "image-to-image",
  "image-text-to-text",
  "image-to-text",
  "image-to-video",
  "keypoint-detection",
  "mask-generation",
  "multiple-choice",
  "object-detection",
  "video-classification",
  "other",
  "question-answering",
  "reinforcement-learning",
  "robotics",
  "sentence-similarity",
  "summarization",
  "table-question-answering",
  "table-to-text",
  "tabular-classification",
  "tabular-regression",
  "tabular-to-text",
  "text-classification",
  "text-generation",
  "text-ranking",
  "text-retrieval",
  "text-to-image",
  "text-to-speech",
  "text-to-audio",
  "text-to-video",
  "text2text-generation",
  "time-series-forecasting",
  "token-classification",
  "translation",
  "unconditional-image-generation",
  "video-text-to-text",
  "visual-question-answering",
  "voice-activity-detection",
  "zero-shot-classification",
  "zero-shot-image-classification",
  "zero-shot-object-detection",
  "text-to-3d",
  "image-to-3d",
  // added after 0.18 (catalogue-newest.md), appended
  "image-text-to-image",
  "image-text-to-video",
  "video-to-video",
] as const;

/** Pages allowed to list no dataset: none any more (keypoint-detection and other got theirs, issue 14). */
export const NO_DATASET_TASKS = new Set<string>([]);

/** Pages allowed to list no metric: "other" has no common metric, since its models share no task. */
export const NO_METRIC_TASKS = new Set(["other"]);

/** Aliases of a more general task (catalogue.md §2.2). */
export const CANONICAL_IDS: Record<string, string> = {
  summarization: "text2text-generation",
  translation: "text2text-generation",
  "text-to-speech": "text-to-audio",
};

/** Metric ids are names such as "wer", "exact_match", "si-sdr" or "mean_iou". */
export const METRIC_ID = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/;

/** Hub repository ids are `namespace/name`. */
export const REPO_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]*\/[A-Za-z0-9][A-Za-z0-9_.-]*$/;
