// The hf-inference helper of each task with its output check (§4.3). One export per task keeps imports tree-shakeable.
import { InferenceOutputError } from "../lib/errors.js";
import { hfInferenceHelper } from "./hf-inference.js";
import { firstGeneratedText, type TextGenerationOutput } from "./text-generation-shapes.js";
import { isArrayOf, isLabelScore, isNumber, isString, type Obj, optional, shape } from "./validate.js";

/** Returns `response` when `check` holds, else throws the task's message. */
function expect<T>(response: unknown, check: (value: unknown) => boolean, message: string): T {
  if (check(response)) return response as T;
  throw new InferenceOutputError(message);
}

const arrayOf = (item: (value: unknown) => boolean) => (value: unknown) =>
  Array.isArray(value) && value.every((element) => item(element));
const oneOrArrayOf = (item: (value: unknown) => boolean) => (value: unknown) =>
  Array.isArray(value) ? value.every((element) => item(element)) : item(value);
const firstOf = <T>(value: unknown): T => (Array.isArray(value) ? value[0] : value) as T;

const LABEL_SCORE = "Expected Array<{label: string, score: number}>";
const isNumberArray = (value: unknown) => isArrayOf(value, isNumber);
const isStringArray = (value: unknown) => isArrayOf(value, isString);

export const hfInferenceConversational = /* @__PURE__ */ hfInferenceHelper<unknown>(
  "conversational",
  (response) => response,
);

export const hfInferenceTextGeneration = /* @__PURE__ */ hfInferenceHelper<TextGenerationOutput>(
  "text-generation",
  (response) => firstGeneratedText(response, false),
);

export const hfInferenceTextClassification = /* @__PURE__ */ hfInferenceHelper<Obj[]>(
  "text-classification",
  (response) => {
    const first = Array.isArray(response) ? response[0] : undefined;
    return expect(first, arrayOf(isLabelScore), LABEL_SCORE);
  },
);

const isQaAnswer = shape({ answer: isString, end: isNumber, score: isNumber, start: isNumber });
export const hfInferenceQuestionAnswering = /* @__PURE__ */ hfInferenceHelper<Obj>("question-answering", (response) =>
  firstOf(
    expect(
      response,
      oneOrArrayOf(isQaAnswer),
      "Expected Array<{answer: string, end: number, score: number, start: number}>",
    ),
  ),
);

export const hfInferenceAudioClassification = /* @__PURE__ */ hfInferenceHelper<Obj[]>(
  "audio-classification",
  (response) => expect(response, arrayOf(isLabelScore), `${LABEL_SCORE} but received different format`),
);

export const hfInferenceAutomaticSpeechRecognition = /* @__PURE__ */ hfInferenceHelper<unknown>(
  "automatic-speech-recognition",
  (response) => response,
);

export const hfInferenceFillMask = /* @__PURE__ */ hfInferenceHelper<Obj[]>("fill-mask", (response) =>
  expect(
    response,
    arrayOf(shape({ score: isNumber, sequence: isString, token: isNumber, token_str: isString })),
    "Expected Array<{score: number, sequence: string, token: number, token_str: string}>",
  ),
);

/** Arrays of all numbers or all arrays, recursively, at most 4 levels of nesting (§4.3). */
function isEmbedding(value: unknown, depth = 1): boolean {
  if (!Array.isArray(value) || depth > 4) return false;
  if (value.every((item) => typeof item === "number")) return true;
  return value.every((item) => Array.isArray(item) && isEmbedding(item, depth + 1));
}
export type FeatureExtractionOutput = (number | number[] | number[][] | number[][][])[];
export const hfInferenceFeatureExtraction = /* @__PURE__ */ hfInferenceHelper<FeatureExtractionOutput>(
  "feature-extraction",
  (response) => expect(response, isEmbedding, "Expected Array<number[][][] | number[][] | number[] | number>"),
);

export const hfInferenceImageClassification = /* @__PURE__ */ hfInferenceHelper<Obj[]>(
  "image-classification",
  (response) => expect(response, arrayOf(isLabelScore), LABEL_SCORE),
);

export const hfInferenceImageSegmentation = /* @__PURE__ */ hfInferenceHelper<Obj[]>("image-segmentation", (response) =>
  expect(
    response,
    arrayOf(shape({ label: isString, mask: isString, score: isNumber })),
    "Expected Array<{label: string, mask: string, score: number}>",
  ),
);

const optionalNumber = optional(isNumber);
export const hfInferenceDocumentQuestionAnswering = /* @__PURE__ */ hfInferenceHelper<Obj>(
  "document-question-answering",
  (response) =>
    firstOf(
      expect(
        response,
        arrayOf(shape({ answer: isString, end: optionalNumber, score: optionalNumber, start: optionalNumber })),
        "Expected Array<{answer: string, end: number, score: number, start: number}>",
      ),
    ),
);

export const hfInferenceImageToText = /* @__PURE__ */ hfInferenceHelper<Obj>("image-to-text", (response) =>
  expect(
    Array.isArray(response) ? response[0] : undefined,
    shape({ generated_text: isString }),
    "Expected {generated_text: string}",
  ),
);

const isBox = shape({ xmin: isNumber, ymin: isNumber, xmax: isNumber, ymax: isNumber });
export const hfInferenceObjectDetection = /* @__PURE__ */ hfInferenceHelper<Obj[]>("object-detection", (response) =>
  expect(
    response,
    arrayOf(shape({ label: isString, score: isNumber, box: isBox })),
    "Expected Array<{label: string, score: number, box: {xmin: number, ymin: number, xmax: number, ymax: number}}>",
  ),
);

export const hfInferenceAudioToAudio = /* @__PURE__ */ hfInferenceHelper<Obj[]>("audio-to-audio", (response) => {
  if (!Array.isArray(response)) throw new InferenceOutputError("Expected Array");
  return expect(
    response,
    arrayOf(shape({ label: isString, "content-type": isString, blob: isString })),
    "Expected Array<{label: string, audio: Blob}>",
  );
});

export const hfInferenceZeroShotImageClassification = /* @__PURE__ */ hfInferenceHelper<Obj[]>(
  "zero-shot-image-classification",
  (response) => expect(response, arrayOf(isLabelScore), LABEL_SCORE),
);

export const hfInferenceZeroShotClassification = /* @__PURE__ */ hfInferenceHelper<Obj[]>(
  "zero-shot-classification",
  (response) =>
    expect(
      response,
      arrayOf(shape({ labels: isStringArray, scores: isNumberArray, sequence: isString })),
      "Expected Array<{labels: string[], scores: number[], sequence: string}>",
    ),
);

export const hfInferenceImageToImage = /* @__PURE__ */ hfInferenceHelper<Blob>("image-to-image", (response) =>
  expect(response, (value) => value instanceof Blob, "Expected Blob"),
);

export const hfInferenceSentenceSimilarity = /* @__PURE__ */ hfInferenceHelper<number[]>(
  "sentence-similarity",
  (response) => expect(response, isNumberArray, "Expected Array<number>"),
);

const isCoordinates = (value: unknown) => isArrayOf(value, (row): row is number[] => isNumberArray(row));
export const hfInferenceTableQuestionAnswering = /* @__PURE__ */ hfInferenceHelper<Obj>(
  "table-question-answering",
  (response) =>
    firstOf(
      expect(
        response,
        oneOrArrayOf(
          shape({ aggregator: isString, answer: isString, cells: isStringArray, coordinates: isCoordinates }),
        ),
        "Expected {aggregator: string, answer: string, cells: string[], coordinates: number[][]}",
      ),
    ),
);

export const hfInferenceTabularClassification = /* @__PURE__ */ hfInferenceHelper<number[]>(
  "tabular-classification",
  (response) => expect(response, isNumberArray, "Expected Array<number>"),
);

export const hfInferenceTabularRegression = /* @__PURE__ */ hfInferenceHelper<number[]>(
  "tabular-regression",
  (response) => expect(response, isNumberArray, "Expected Array<number>"),
);

export const hfInferenceTextToSpeech = /* @__PURE__ */ hfInferenceHelper<Blob>(
  "text-to-speech",
  (response) => response as Blob,
);

export const hfInferenceTextToAudio = /* @__PURE__ */ hfInferenceHelper<unknown>(
  "text-to-audio",
  (response) => response,
);

export const hfInferenceTokenClassification = /* @__PURE__ */ hfInferenceHelper<Obj[]>(
  "token-classification",
  (response) =>
    expect(
      response,
      arrayOf(shape({ end: isNumber, entity_group: isString, score: isNumber, start: isNumber, word: isString })),
      "Expected Array<{end: number, entity_group: string, score: number, start: number, word: string}>",
    ),
);

export const hfInferenceTranslation = /* @__PURE__ */ hfInferenceHelper<Obj | Obj[]>("translation", (response) => {
  const list = expect<Obj[]>(
    response,
    arrayOf(shape({ translation_text: isString })),
    "Expected Array<{translation_text: string}>",
  );
  return list.length === 1 ? list[0] : list;
});

export const hfInferenceSummarization = /* @__PURE__ */ hfInferenceHelper<Obj>(
  "summarization",
  (response) =>
    expect<Obj[]>(response, arrayOf(shape({ summary_text: isString })), "Expected Array<{summary_text: string}>")[0],
);

export const hfInferenceVisualQuestionAnswering = /* @__PURE__ */ hfInferenceHelper<Obj>(
  "visual-question-answering",
  (response) =>
    expect<Obj[]>(
      response,
      arrayOf(shape({ answer: isString, score: isNumber })),
      "Expected Array<{answer: string, score: number}>",
    )[0],
);

export { hfInferenceTextToImage } from "./hf-inference-text-to-image.js";
