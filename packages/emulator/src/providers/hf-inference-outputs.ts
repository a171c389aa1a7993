// Valid hf-inference answers per task (inference.md §4.3), computed from the request so tests can check echoes.
import { ASSETS, toBase64 } from "../assets.js";
import { bytesReply, isRecord, jsonReply, pieces, type Reply, sseReply } from "../reply.js";
import { continuation } from "./chat.js";

type Json = Record<string, unknown>;
type Output = (body: Json) => Reply;

const asString = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));
const params = (body: Json): Json => (isRecord(body.parameters) ? body.parameters : {});
const labels = (body: Json): string[] => {
  const candidate = params(body).candidate_labels;
  return Array.isArray(candidate) ? candidate.map(asString) : ["label-a", "label-b"];
};
const scoresFor = (n: number): number[] => Array.from({ length: n }, (_, i) => Number((0.9 / 2 ** i).toFixed(4)));
const json = (value: unknown): Reply => jsonReply(200, value);
const rows = (body: Json): number => {
  const data = isRecord(body.inputs) && isRecord(body.inputs.data) ? Object.values(body.inputs.data)[0] : undefined;
  return Array.isArray(data) ? data.length : 1;
};

/** Answers of tasks whose request is JSON (body parsed). */
export const JSON_TASK_OUTPUTS: Readonly<Record<string, Output>> = {
  "text-classification": () =>
    json([
      [
        { label: "POSITIVE", score: 0.9991 },
        { label: "NEGATIVE", score: 0.0009 },
      ],
    ]),
  "text-generation": (body) => {
    const text = continuation(asString(body.inputs));
    if (body.stream !== true) return json([{ generated_text: text }]);
    const tokens = pieces(text);
    return sseReply(
      tokens.map((piece, i) => {
        const last = i === tokens.length - 1;
        return {
          index: i + 1,
          token: { id: 100 + i, text: piece, logprob: -0.25, special: false },
          generated_text: last ? text : null,
          details: last ? { finish_reason: "length", generated_tokens: tokens.length, seed: null } : null,
        };
      }),
    );
  },
  "question-answering": () => json({ answer: "Clara", score: 0.9326, start: 11, end: 16 }),
  "fill-mask": () =>
    json([
      { score: 0.1, sequence: "the answer is paris.", token: 3000, token_str: "paris" },
      { score: 0.05, sequence: "the answer is lyon.", token: 3001, token_str: "lyon" },
    ]),
  "feature-extraction": (body) =>
    json(Array.isArray(body.inputs) ? body.inputs.map((_, i) => [0.1 + i, 0.2, -0.3]) : [0.1, 0.2, -0.3]),
  "sentence-similarity": (body) => {
    const sentences = isRecord(body.inputs) && Array.isArray(body.inputs.sentences) ? body.inputs.sentences : [];
    return json(sentences.map((_, i) => Number((0.8 - i * 0.1).toFixed(2))));
  },
  "document-question-answering": () => json([{ answer: "us-001", score: 0.9, start: 16, end: 16 }]),
  "visual-question-answering": () => json([{ answer: "two", score: 0.88 }]),
  "zero-shot-image-classification": (body) => {
    const names = labels(body);
    const scores = scoresFor(names.length);
    return json(names.map((label, i) => ({ label, score: scores[i] })));
  },
  "zero-shot-classification": (body) => {
    const names = labels(body);
    return json([{ sequence: asString(body.inputs), labels: names, scores: scoresFor(names.length) }]);
  },
  "table-question-answering": () =>
    json({ answer: "AVERAGE > 36542", coordinates: [[0, 1]], cells: ["36542"], aggregator: "AVERAGE" }),
  "tabular-classification": (body) => json(Array.from({ length: rows(body) }, (_, i) => i % 2)),
  "tabular-regression": (body) => json(Array.from({ length: rows(body) }, (_, i) => 100.5 + i)),
  "token-classification": () =>
    json([
      { entity_group: "PER", score: 0.9988, word: "Sarah", start: 11, end: 16 },
      { entity_group: "LOC", score: 0.9964, word: "London", start: 31, end: 37 },
    ]),
  translation: (body) => json([{ translation_text: `[fr] ${asString(body.inputs)}` }]),
  summarization: (body) => json([{ summary_text: `Summary: ${asString(body.inputs).slice(0, 40)}` }]),
  "text-to-speech": () => bytesReply(ASSETS["audio.flac"].contentType, ASSETS["audio.flac"].body),
  "text-to-audio": () => bytesReply(ASSETS["audio.flac"].contentType, ASSETS["audio.flac"].body),
  "text-to-image": () => bytesReply(ASSETS["image.jpeg"].contentType, ASSETS["image.jpeg"].body),
  "image-to-image": () => bytesReply(ASSETS["image.png"].contentType, ASSETS["image.png"].body),
};

/** Answers of tasks whose request is the raw input bytes. */
export const BINARY_TASK_OUTPUTS: Readonly<Record<string, (size: number) => Reply>> = {
  "audio-classification": () =>
    json([
      { label: "neu", score: 0.7 },
      { label: "hap", score: 0.2 },
    ]),
  "automatic-speech-recognition": (size) => json({ text: `transcribed ${size} bytes` }),
  "image-classification": () =>
    json([
      { label: "tabby cat", score: 0.88 },
      { label: "tiger cat", score: 0.05 },
    ]),
  "image-segmentation": () => json([{ label: "wall", mask: toBase64(ASSETS["image.png"].body), score: 0.97 }]),
  "image-to-text": (size) => json([{ generated_text: `an image of ${size} bytes` }]),
  "object-detection": () => json([{ label: "cat", score: 0.99, box: { xmin: 10, ymin: 20, xmax: 110, ymax: 220 } }]),
  "audio-to-audio": () =>
    json([{ label: "speech-0", "content-type": "audio/flac", blob: toBase64(ASSETS["audio.flac"].body) }]),
  "image-to-image": () => bytesReply(ASSETS["image.png"].contentType, ASSETS["image.png"].body),
};
