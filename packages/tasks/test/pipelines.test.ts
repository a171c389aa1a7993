import { describe, expect, it } from "vitest";
import {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  PIPELINE_TYPES_SET,
  type PipelineData,
  SUBTASK_TYPES,
} from "../src/pipelines.js";

// id, name, modality, colour, flags, number of subtasks — catalogue.md §1.2, in declaration order.
const EXPECTED: Array<[string, string, string, string, string[], number]> = [
  ["text-classification", "Text Classification", "nlp", "orange", [], 17],
  ["token-classification", "Token Classification", "nlp", "blue", [], 6],
  ["table-question-answering", "Table Question Answering", "nlp", "green", [], 0],
  ["question-answering", "Question Answering", "nlp", "blue", [], 3],
  ["zero-shot-classification", "Zero-Shot Classification", "nlp", "yellow", [], 0],
  ["translation", "Translation", "nlp", "green", [], 0],
  ["summarization", "Summarization", "nlp", "indigo", [], 2],
  ["feature-extraction", "Feature Extraction", "nlp", "red", [], 0],
  ["text-generation", "Text Generation", "nlp", "indigo", [], 4],
  ["text2text-generation", "Text2Text Generation", "nlp", "indigo", [], 7],
  ["fill-mask", "Fill-Mask", "nlp", "red", [], 2],
  ["sentence-similarity", "Sentence Similarity", "nlp", "yellow", [], 0],
  ["text-to-speech", "Text-to-Speech", "audio", "yellow", [], 0],
  ["text-to-audio", "Text-to-Audio", "audio", "yellow", [], 0],
  ["automatic-speech-recognition", "Automatic Speech Recognition", "audio", "yellow", [], 0],
  ["audio-to-audio", "Audio-to-Audio", "audio", "blue", [], 0],
  ["audio-classification", "Audio Classification", "audio", "green", [], 5],
  ["audio-text-to-text", "Audio-Text-to-Text", "multimodal", "red", ["hideInDatasets"], 0],
  ["voice-activity-detection", "Voice Activity Detection", "audio", "red", [], 0],
  ["depth-estimation", "Depth Estimation", "cv", "yellow", [], 0],
  ["image-classification", "Image Classification", "cv", "blue", [], 2],
  ["object-detection", "Object Detection", "cv", "yellow", [], 2],
  ["image-segmentation", "Image Segmentation", "cv", "green", [], 3],
  ["text-to-image", "Text-to-Image", "cv", "yellow", [], 0],
  ["image-to-text", "Image-to-Text", "cv", "red", [], 1],
  ["image-to-image", "Image-to-Image", "cv", "indigo", [], 3],
  ["image-to-video", "Image-to-Video", "cv", "indigo", [], 0],
  ["unconditional-image-generation", "Unconditional Image Generation", "cv", "green", [], 0],
  ["video-classification", "Video Classification", "cv", "blue", [], 0],
  ["reinforcement-learning", "Reinforcement Learning", "rl", "red", [], 0],
  ["robotics", "Robotics", "rl", "blue", [], 2],
  ["tabular-classification", "Tabular Classification", "tabular", "blue", [], 2],
  ["tabular-regression", "Tabular Regression", "tabular", "blue", [], 1],
  ["tabular-to-text", "Tabular to Text", "tabular", "blue", ["hideInModels"], 1],
  ["table-to-text", "Table to Text", "nlp", "blue", ["hideInModels"], 0],
  ["multiple-choice", "Multiple Choice", "nlp", "blue", ["hideInModels"], 2],
  ["text-ranking", "Text Ranking", "nlp", "red", [], 0],
  ["text-retrieval", "Text Retrieval", "nlp", "indigo", ["hideInModels"], 4],
  ["time-series-forecasting", "Time Series Forecasting", "tabular", "blue", [], 2],
  ["text-to-video", "Text-to-Video", "cv", "green", [], 0],
  ["image-text-to-text", "Image-Text-to-Text", "multimodal", "red", ["hideInDatasets"], 0],
  ["visual-question-answering", "Visual Question Answering", "multimodal", "red", [], 1],
  ["document-question-answering", "Document Question Answering", "multimodal", "blue", ["hideInDatasets"], 1],
  ["zero-shot-image-classification", "Zero-Shot Image Classification", "cv", "yellow", [], 0],
  ["graph-ml", "Graph Machine Learning", "other", "green", [], 0],
  ["mask-generation", "Mask Generation", "cv", "indigo", [], 0],
  ["zero-shot-object-detection", "Zero-Shot Object Detection", "cv", "yellow", [], 0],
  ["text-to-3d", "Text-to-3D", "cv", "yellow", [], 0],
  ["image-to-3d", "Image-to-3D", "cv", "green", [], 0],
  ["image-feature-extraction", "Image Feature Extraction", "cv", "indigo", [], 0],
  ["video-text-to-text", "Video-Text-to-Text", "multimodal", "blue", [], 0],
  ["keypoint-detection", "Keypoint Detection", "cv", "red", ["hideInDatasets"], 1],
  ["visual-document-retrieval", "Visual Document Retrieval", "multimodal", "yellow", ["hideInDatasets"], 0],
  ["any-to-any", "Any-to-Any", "multimodal", "yellow", ["hideInDatasets"], 0],
  ["other", "Other", "other", "blue", ["hideInModels", "hideInDatasets"], 0],
];

const EXPECTED_SUBTASKS = [
  "acceptability-classification",
  "entity-linking-classification",
  "fact-checking",
  "intent-classification",
  "language-identification",
  "multi-class-classification",
  "multi-label-classification",
  "multi-input-text-classification",
  "natural-language-inference",
  "semantic-similarity-classification",
  "sentiment-classification",
  "topic-classification",
  "semantic-similarity-scoring",
  "sentiment-scoring",
  "sentiment-analysis",
  "hate-speech-detection",
  "text-scoring",
  "named-entity-recognition",
  "part-of-speech",
  "parsing",
  "lemmatization",
  "word-sense-disambiguation",
  "coreference-resolution",
  "extractive-qa",
  "open-domain-qa",
  "closed-domain-qa",
  "news-articles-summarization",
  "news-articles-headline-generation",
  "dialogue-modeling",
  "dialogue-generation",
  "conversational",
  "language-modeling",
  "text-simplification",
  "explanation-generation",
  "abstractive-qa",
  "open-domain-abstractive-qa",
  "closed-domain-qa",
  "open-book-qa",
  "closed-book-qa",
  "slot-filling",
  "masked-language-modeling",
  "keyword-spotting",
  "speaker-identification",
  "audio-intent-classification",
  "audio-emotion-recognition",
  "audio-language-identification",
  "multi-label-image-classification",
  "multi-class-image-classification",
  "face-detection",
  "vehicle-detection",
  "instance-segmentation",
  "semantic-segmentation",
  "panoptic-segmentation",
  "image-captioning",
  "image-inpainting",
  "image-colorization",
  "super-resolution",
  "grasping",
  "task-planning",
  "tabular-multi-class-classification",
  "tabular-multi-label-classification",
  "tabular-single-column-regression",
  "rdf-to-text",
  "multiple-choice-qa",
  "multiple-choice-coreference-resolution",
  "document-retrieval",
  "utterance-retrieval",
  "entity-linking-retrieval",
  "fact-checking-retrieval",
  "univariate-time-series-forecasting",
  "multivariate-time-series-forecasting",
  "visual-question-answering",
  "document-question-answering",
  "pose-estimation",
];

function countBy(key: (data: PipelineData) => string | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const data of Object.values(PIPELINE_DATA)) {
    const k = key(data);
    if (k !== undefined) counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

describe("PIPELINE_DATA", () => {
  it("has the 55 ids in declaration order", () => {
    expect(PIPELINE_TYPES).toEqual(EXPECTED.map((row) => row[0]));
    expect(Object.keys(PIPELINE_DATA)).toEqual(PIPELINE_TYPES);
    expect(PIPELINE_TYPES_SET.size).toBe(55);
    for (const id of PIPELINE_TYPES) expect(PIPELINE_TYPES_SET.has(id)).toBe(true);
  });

  it.each(EXPECTED)("%s: name, modality, colour, flags, subtasks", (id, name, modality, color, flags, subtaskCount) => {
    const data = (PIPELINE_DATA as Record<string, PipelineData>)[id];
    expect(data.name).toBe(name);
    expect(data.modality).toBe(modality);
    expect(data.color).toBe(color);
    expect(data.hideInModels === true).toBe(flags.includes("hideInModels"));
    expect(data.hideInDatasets === true).toBe(flags.includes("hideInDatasets"));
    expect(data.subtasks?.length ?? 0).toBe(subtaskCount);
    if (subtaskCount === 0) expect(data.subtasks).toBeUndefined();
  });

  it("has the modality, colour and flag counts of catalogue.md §1.1", () => {
    expect(countBy((d) => d.modality)).toEqual({
      nlp: 16,
      cv: 18,
      multimodal: 7,
      audio: 6,
      tabular: 4,
      rl: 2,
      other: 2,
    });
    expect(countBy((d) => d.color)).toEqual({ blue: 15, yellow: 13, red: 10, green: 8, indigo: 8, orange: 1 });
    expect(Object.values(PIPELINE_DATA).filter((d) => d.hideInModels).length).toBe(5);
    expect(Object.values(PIPELINE_DATA).filter((d) => d.hideInDatasets).length).toBe(7);
    expect(Object.values(PIPELINE_DATA).filter((d) => d.subtasks).length).toBe(23);
  });

  it("flattens 74 subtask entries in order, keeping the duplicate closed-domain-qa", () => {
    expect(SUBTASK_TYPES).toEqual(EXPECTED_SUBTASKS);
    expect(SUBTASK_TYPES.length).toBe(74);
    expect(new Set(SUBTASK_TYPES).size).toBe(73);
    expect(SUBTASK_TYPES.filter((t) => t === "closed-domain-qa").length).toBe(2);
    for (const data of Object.values(PIPELINE_DATA)) {
      for (const subtask of data.subtasks ?? []) expect(subtask.name.length).toBeGreaterThan(0);
    }
  });

  it("lists the modalities and their labels", () => {
    expect(MODALITIES).toEqual(["multimodal", "nlp", "cv", "audio", "tabular", "rl", "other"]);
    expect(MODALITY_LABELS).toEqual({
      multimodal: "Multimodal",
      nlp: "Natural Language Processing",
      cv: "Computer Vision",
      audio: "Audio",
      tabular: "Tabular",
      rl: "Reinforcement Learning",
      other: "Other",
    });
  });
});
