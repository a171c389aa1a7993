// Every output check of inference.md §4.3: the emulator serves a wrong shape, the client throws
// InferenceOutputError with the spec's message; borderline valid shapes are accepted.
import { describe, expect, test } from "vitest";
import { expectOutputError, fn, imageBlob, useHarness, wavBlob } from "./helpers.js";

const h = useHarness();

const hf = (model: string, inputs: unknown, extra: Record<string, unknown> = {}) => ({ model, inputs, ...extra });
const tp = (provider: string, model: string, extra: Record<string, unknown>) => ({
  model,
  provider,
  accessToken: "hf_x",
  ...extra,
});
const chatArgs = { messages: [{ role: "user", content: "x" }] };
const LABEL_SCORE = "Expected Array<{label: string, score: number}>";

interface ShapeCase {
  name: string;
  fn: string;
  args: Record<string, unknown>;
  body: unknown;
  message: string;
  contentType?: string;
}

const cases: ShapeCase[] = [
  {
    name: "OpenAI chat: missing created",
    fn: "chatCompletion",
    args: tp("together", "meta-llama/Llama-3.3-70B-Instruct", chatArgs),
    body: { choices: [], id: "a", model: "m", usage: {} },
    message: "Expected ChatCompletionOutput",
  },
  {
    name: "OpenAI chat: missing usage",
    fn: "chatCompletion",
    args: tp("cerebras", "meta-llama/Llama-3.3-70B-Instruct", chatArgs),
    body: { choices: [], created: 1, id: "a", model: "m" },
    message: "Expected ChatCompletionOutput",
  },
  {
    name: "OpenAI chat: numeric system_fingerprint",
    fn: "chatCompletion",
    args: tp("sambanova", "meta-llama/Llama-3.3-70B-Instruct", chatArgs),
    body: { choices: [], created: 1, id: "a", model: "m", usage: {}, system_fingerprint: 3 },
    message: "Expected ChatCompletionOutput",
  },
  {
    name: "OpenAI chat: choices not an array",
    fn: "chatCompletion",
    args: tp("nebius", "meta-llama/Llama-3.3-70B-Instruct", chatArgs),
    body: { choices: {}, created: 1, id: "a", model: "m", usage: {} },
    message: "Expected ChatCompletionOutput",
  },
  {
    name: "hf text-generation",
    fn: "textGeneration",
    args: hf("openai-community/gpt2", "x"),
    body: [{ generated_text: 5 }],
    message: "Expected Array<{generated_text: string}>",
  },
  {
    name: "nebius text-generation: empty array",
    fn: "textGeneration",
    args: tp("nebius", "meta-llama/Llama-3.1-8B", { inputs: "x" }),
    body: [],
    message: "Expected Array<{generated_text: string}>",
  },
  {
    name: "novita text-generation",
    fn: "textGeneration",
    args: tp("novita", "meta-llama/Llama-3.1-8B", { inputs: "x" }),
    body: [{ text: "x" }],
    message: "Expected Array<{generated_text: string}>",
  },
  {
    name: "hyperbolic text-generation",
    fn: "textGeneration",
    args: tp("hyperbolic", "meta-llama/Llama-3.1-8B", { inputs: "x" }),
    body: { choices: [] },
    message: "Expected Hyperbolic text generation response format",
  },
  {
    name: "together text-generation",
    fn: "textGeneration",
    args: tp("together", "meta-llama/Llama-3.1-8B", { inputs: "x" }),
    body: { choices: "x", model: "m" },
    message: "Expected Together text generation response format",
  },
  {
    name: "text-classification: not nested",
    fn: "textClassification",
    args: hf("distilbert/distilbert-base-uncased-finetuned-sst-2-english", "x"),
    body: [{ label: "a", score: 1 }],
    message: LABEL_SCORE,
  },
  {
    name: "audio-classification",
    fn: "audioClassification",
    args: hf("superb/hubert-large-superb-er", wavBlob()),
    body: [{ label: 1, score: 1 }],
    message: `${LABEL_SCORE} but received different format`,
  },
  {
    name: "image-classification",
    fn: "imageClassification",
    args: hf("google/vit-base-patch16-224", imageBlob()),
    body: [{ label: "a" }],
    message: LABEL_SCORE,
  },
  {
    name: "zero-shot-image-classification",
    fn: "zeroShotImageClassification",
    args: hf("openai/clip-vit-large-patch14", imageBlob(), { parameters: { candidate_labels: ["a"] } }),
    body: { label: "a", score: 1 },
    message: LABEL_SCORE,
  },
  {
    name: "image-segmentation",
    fn: "imageSegmentation",
    args: hf("nvidia/segformer-b0-finetuned-ade-512-512", imageBlob()),
    body: [{ label: "a", score: 1 }],
    message: "Expected Array<{label: string, mask: string, score: number}>",
  },
  {
    name: "object-detection",
    fn: "objectDetection",
    args: hf("facebook/detr-resnet-50", imageBlob()),
    body: [{ label: "a", score: 1, box: { xmin: 1, ymin: 1, xmax: 1 } }],
    message:
      "Expected Array<{label: string, score: number, box: {xmin: number, ymin: number, xmax: number, ymax: number}}>",
  },
  {
    name: "image-to-text",
    fn: "imageToText",
    args: hf("Salesforce/blip-image-captioning-large", imageBlob()),
    body: [{ text: "a" }],
    message: "Expected {generated_text: string}",
  },
  {
    name: "image-to-image: JSON instead of a Blob",
    fn: "imageToImage",
    args: hf("timbrooks/instruct-pix2pix", imageBlob()),
    body: { image: "x" },
    message: "Expected Blob",
  },
  {
    name: "audio-to-audio: not an array",
    fn: "audioToAudio",
    args: hf("speechbrain/sepformer-wham", wavBlob()),
    body: { label: "a" },
    message: "Expected Array",
  },
  {
    name: "audio-to-audio: bad element",
    fn: "audioToAudio",
    args: hf("speechbrain/sepformer-wham", wavBlob()),
    body: [{ label: "a", blob: "x" }],
    message: "Expected Array<{label: string, audio: Blob}>",
  },
  {
    name: "hf ASR",
    fn: "automaticSpeechRecognition",
    args: hf("openai/whisper-large-v3", wavBlob()),
    body: { transcript: "x" },
    message: "Expected {text: string}",
  },
  {
    name: "fal-ai ASR: the task function's check comes first",
    fn: "automaticSpeechRecognition",
    args: tp("fal-ai", "openai/whisper-large-v3", { inputs: wavBlob() }),
    body: { text: 5 },
    message: "Expected {text: string}",
  },
  {
    name: "feature-extraction: 5 levels",
    fn: "featureExtraction",
    args: hf("thenlper/gte-large", "x"),
    body: [[[[[1]]]]],
    message: "Expected Array<number[][][] | number[][] | number[] | number>",
  },
  {
    name: "feature-extraction: mixed",
    fn: "featureExtraction",
    args: hf("thenlper/gte-large", "x"),
    body: [1, [2]],
    message: "Expected Array<number[][][] | number[][] | number[] | number>",
  },
  {
    name: "feature-extraction: not an array",
    fn: "featureExtraction",
    args: hf("thenlper/gte-large", "x"),
    body: { a: 1 },
    message: "Expected Array<number[][][] | number[][] | number[] | number>",
  },
  {
    name: "fill-mask",
    fn: "fillMask",
    args: hf("google-bert/bert-base-uncased", "x"),
    body: [{ score: 1, sequence: "s", token: "t", token_str: "t" }],
    message: "Expected Array<{score: number, sequence: string, token: number, token_str: string}>",
  },
  {
    name: "question-answering",
    fn: "questionAnswering",
    args: hf("deepset/roberta-base-squad2", { question: "q", context: "c" }),
    body: { answer: "a", score: 1, start: 0 },
    message: "Expected Array<{answer: string, end: number, score: number, start: number}>",
  },
  {
    name: "document-question-answering",
    fn: "documentQuestionAnswering",
    args: hf("impira/layoutlm-document-qa", { question: "q", image: imageBlob() }),
    body: [{ answer: 1 }],
    message: "Expected Array<{answer: string, end: number, score: number, start: number}>",
  },
  {
    name: "visual-question-answering",
    fn: "visualQuestionAnswering",
    args: hf("dandelin/vilt-b32-finetuned-vqa", { question: "q", image: imageBlob() }),
    body: [{ answer: "a" }],
    message: "Expected Array<{answer: string, score: number}>",
  },
  {
    name: "zero-shot-classification",
    fn: "zeroShotClassification",
    args: hf("facebook/bart-large-mnli", "x", { parameters: { candidate_labels: ["a"] } }),
    body: { labels: ["a"], scores: [1], sequence: "x" },
    message: "Expected Array<{labels: string[], scores: number[], sequence: string}>",
  },
  {
    name: "sentence-similarity",
    fn: "sentenceSimilarity",
    args: hf("sentence-transformers/all-MiniLM-L6-v2", { source_sentence: "a", sentences: ["b"] }),
    body: ["0.5"],
    message: "Expected Array<number>",
  },
  {
    name: "tabular-classification",
    fn: "tabularClassification",
    args: hf("julien-c/wine-quality", { data: { a: ["1"] } }),
    body: { a: 1 },
    message: "Expected Array<number>",
  },
  {
    name: "tabular-regression",
    fn: "tabularRegression",
    args: hf("scikit-learn/Fish-Weight", { data: { a: ["1"] } }),
    body: [null],
    message: "Expected Array<number>",
  },
  {
    name: "table-question-answering",
    fn: "tableQuestionAnswering",
    args: hf("google/tapas-base-finetuned-wtq", { query: "q", table: { a: ["1"] } }),
    body: { answer: "a", coordinates: [[0]], cells: ["1"] },
    message: "Expected {aggregator: string, answer: string, cells: string[], coordinates: number[][]}",
  },
  {
    name: "token-classification",
    fn: "tokenClassification",
    args: hf("dslim/bert-base-NER", "x"),
    body: [{ entity_group: "a", score: 1, word: "w", start: 0 }],
    message: "Expected Array<{end: number, entity_group: string, score: number, start: number, word: string}>",
  },
  {
    name: "translation",
    fn: "translation",
    args: hf("google-t5/t5-small", "x"),
    body: [{ text: "x" }],
    message: "Expected Array<{translation_text: string}>",
  },
  {
    name: "summarization",
    fn: "summarization",
    args: hf("facebook/bart-large-cnn", "x"),
    body: [{ summary: "x" }],
    message: "Expected Array<{summary_text: string}>",
  },
  {
    name: "hf text-to-image: JSON object",
    fn: "textToImage",
    args: hf("stabilityai/stable-diffusion-xl-base-1.0", "x"),
    body: { foo: 1 },
    message: "Expected a Blob ",
  },
  {
    name: "hf text-to-image: null",
    fn: "textToImage",
    args: hf("stabilityai/stable-diffusion-xl-base-1.0", "x"),
    body: null,
    message: "response is undefined",
  },
  {
    name: "fal-ai text-to-image",
    fn: "textToImage",
    args: tp("fal-ai", "black-forest-labs/FLUX.1-dev", { inputs: "x" }),
    body: { images: [] },
    message: "Expected Fal.ai text-to-image response format",
  },
  {
    name: "fal-ai text-to-speech",
    fn: "textToSpeech",
    args: tp("fal-ai", "m-a-p/YuE-s1-7B-anneal-en-cot", { inputs: "x" }),
    body: { audio: {} },
    message: 'Expected { audio: { url: string } } format from Fal.ai Text-to-Speech, got: {"audio":{}}',
  },
  {
    name: "hyperbolic text-to-image",
    fn: "textToImage",
    args: tp("hyperbolic", "black-forest-labs/FLUX.1-dev", { inputs: "x" }),
    body: { images: [{}] },
    message: "Expected Hyperbolic text-to-image response format",
  },
  {
    name: "nebius text-to-image",
    fn: "textToImage",
    args: tp("nebius", "black-forest-labs/FLUX.1-dev", { inputs: "x" }),
    body: { data: [] },
    message: "Expected Nebius text-to-image response format",
  },
  {
    name: "together text-to-image",
    fn: "textToImage",
    args: tp("together", "black-forest-labs/FLUX.1-dev", { inputs: "x" }),
    body: { data: [{ url: "x" }] },
    message: "Expected Together text-to-image response format",
  },
  {
    name: "replicate text-to-image",
    fn: "textToImage",
    args: tp("replicate", "black-forest-labs/FLUX.1-dev", { inputs: "x" }),
    body: { output: [] },
    message: "Expected Replicate text-to-image response format",
  },
  {
    name: "replicate text-to-speech",
    fn: "textToSpeech",
    args: tp("replicate", "hexgrad/Kokoro-82M", { inputs: "x" }),
    body: { status: "failed" },
    message: "Expected Blob or object with output",
  },
  {
    name: "replicate text-to-video",
    fn: "textToVideo",
    args: tp("replicate", "Lightricks/LTX-Video", { inputs: "x" }),
    body: { output: "not a url" },
    message: "Expected { output: string }",
  },
];

describe("wrong shapes → InferenceOutputError", () => {
  test.each(cases.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    h.emu.inject({ body: c.body, ...(c.contentType ? { contentType: c.contentType } : {}) });
    await expectOutputError(fn(c.fn)(c.args, h.opts()), c.message);
  });
});

describe("borderline shapes that pass", () => {
  const ok = async (name: string, args: Record<string, unknown>, body: unknown, expected: unknown) => {
    h.emu.inject({ body });
    expect(await fn(name)(args, h.opts())).toEqual(expected);
  };
  const CHAT_OK = { choices: [], created: 1, id: "a", model: "m" };

  test("chat: usage null, system_fingerprint null or absent", async () => {
    const args = tp("together", "meta-llama/Llama-3.3-70B-Instruct", chatArgs);
    await ok("chatCompletion", args, { ...CHAT_OK, usage: null }, { ...CHAT_OK, usage: null });
    await ok(
      "chatCompletion",
      args,
      { ...CHAT_OK, usage: {}, system_fingerprint: null },
      { ...CHAT_OK, usage: {}, system_fingerprint: null },
    );
  });

  test("hf text-generation: a single object is wrapped", async () => {
    await ok("textGeneration", hf("openai-community/gpt2", "x"), { generated_text: "y" }, { generated_text: "y" });
  });

  test("feature-extraction: 4 levels and empty arrays", async () => {
    await ok("featureExtraction", hf("thenlper/gte-large", "x"), [[[[1]]]], [[[[1]]]]);
    await ok("featureExtraction", hf("thenlper/gte-large", "x"), [], []);
    await ok("featureExtraction", hf("thenlper/gte-large", "x"), [[], [1]], [[], [1]]);
  });

  test("question-answering and table-question-answering accept the array form (element 0)", async () => {
    await ok(
      "questionAnswering",
      hf("deepset/roberta-base-squad2", { question: "q", context: "c" }),
      [{ answer: "a", score: 1, start: 0, end: 1 }],
      { answer: "a", score: 1, start: 0, end: 1 },
    );
    const tqa = { aggregator: "NONE", answer: "a", cells: ["a"], coordinates: [[0, 0]] };
    await ok(
      "tableQuestionAnswering",
      hf("google/tapas-base-finetuned-wtq", { query: "q", table: { a: ["1"] } }),
      [tqa],
      tqa,
    );
  });

  test("document-question-answering: only answer is required", async () => {
    await ok(
      "documentQuestionAnswering",
      hf("impira/layoutlm-document-qa", { question: "q", image: imageBlob() }),
      [{ answer: "a" }],
      { answer: "a" },
    );
  });

  test("hf text-to-image: {data: [{b64_json}]} and {output: [url]}", async () => {
    const model = "stabilityai/stable-diffusion-xl-base-1.0";
    h.emu.inject({ body: { data: [{ b64_json: "AQID" }] } });
    const blob = await fn("textToImage")(hf(model, "x"), h.opts());
    expect(new Uint8Array(await (blob as Blob).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    h.emu.inject({ body: { data: [{ b64_json: "AQID" }] } });
    expect(await fn("textToImage")(hf(model, "x"), h.opts({ outputType: "url" }))).toBe("data:image/jpeg;base64,AQID");
    const assetUrl = `${h.emu.url}/_assets/image.png`;
    h.emu.inject({ body: { output: [assetUrl] } });
    expect(await fn("textToImage")(hf(model, "x"), h.opts({ outputType: "url" }))).toBe(assetUrl);
    h.emu.inject({ body: { output: [assetUrl] } });
    const downloaded = await fn("textToImage")(hf(model, "x"), h.opts());
    expect((downloaded as Blob).size).toBeGreaterThan(0);
  });

  test("replicate text-to-speech: output array and a direct Blob", async () => {
    const args = tp("replicate", "hexgrad/Kokoro-82M", { inputs: "x" });
    h.emu.inject({ body: { output: [`${h.emu.url}/_assets/audio.mpeg`] } });
    expect(((await fn("textToSpeech")(args, h.opts())) as Blob).size).toBeGreaterThan(0);
    h.emu.inject({ body: new Uint8Array([1, 2, 3]), contentType: "audio/wav" });
    const blob = (await fn("textToSpeech")(args, h.opts())) as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
