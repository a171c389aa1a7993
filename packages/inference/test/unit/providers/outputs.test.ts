// Output checks of §4.3: every failure message, and the reshaping of accepted answers.
import { describe, expect, test } from "vitest";
import { InferenceOutputError } from "../../../src/index.js";
import type { CallContext } from "../../../src/lib/call.js";
import { ALL_HELPERS } from "../../../src/providers/all-helpers.js";
import type { ResponseContext } from "../../../src/providers/types.js";
import type { InferenceProvider, InferenceTask } from "../../../src/types.js";
import { fakeFetch, outputMessage, rejection } from "../fake-fetch.js";

function context(outputType?: "url" | "blob", fetchFn?: typeof fetch): ResponseContext {
  const call: CallContext = {
    fetch: fetchFn ?? (() => Promise.reject(new Error("no network expected"))),
    signal: undefined,
    options: {},
  };
  return { url: "https://x/y", headers: {}, call, routerUrl: "https://router.huggingface.co", outputType };
}

async function run(provider: InferenceProvider, task: InferenceTask, response: unknown, outputType?: "url" | "blob") {
  const helper = ALL_HELPERS[task]![provider]!;
  return helper.getResponse(response, context(outputType));
}

async function failure(provider: InferenceProvider, task: InferenceTask, response: unknown): Promise<Error> {
  try {
    await run(provider, task, response);
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a failure");
}

const CHAT = { choices: [], created: 1, id: "i", model: "m", usage: null };

describe("failure messages", () => {
  const cases: [InferenceProvider, InferenceTask, unknown, string][] = [
    ["together", "conversational", { ...CHAT, usage: undefined }, "Expected ChatCompletionOutput"],
    ["cerebras", "conversational", { ...CHAT, created: "1" }, "Expected ChatCompletionOutput"],
    ["openai", "conversational", { ...CHAT, system_fingerprint: 3 }, "Expected ChatCompletionOutput"],
    ["hf-inference", "text-generation", [{ generated_text: 1 }], "Expected Array<{generated_text: string}>"],
    ["nebius", "text-generation", [], "Expected Array<{generated_text: string}>"],
    ["novita", "text-generation", "x", "Expected Array<{generated_text: string}>"],
    ["hyperbolic", "text-generation", { choices: [] }, "Expected Hyperbolic text generation response format"],
    ["together", "text-generation", { model: "m" }, "Expected Together text generation response format"],
    [
      "hf-inference",
      "text-classification",
      [{ label: "a", score: 1 }],
      "Expected Array<{label: string, score: number}>",
    ],
    [
      "hf-inference",
      "audio-classification",
      [{ label: 1 }],
      "Expected Array<{label: string, score: number}> but received different format",
    ],
    ["hf-inference", "image-classification", {}, "Expected Array<{label: string, score: number}>"],
    ["hf-inference", "zero-shot-image-classification", [{}], "Expected Array<{label: string, score: number}>"],
    [
      "hf-inference",
      "image-segmentation",
      [{ label: "a", score: 1 }],
      "Expected Array<{label: string, mask: string, score: number}>",
    ],
    [
      "hf-inference",
      "object-detection",
      [{ label: "a", score: 1, box: { xmin: 1, ymin: 1, xmax: 1 } }],
      "Expected Array<{label: string, score: number, box: {xmin: number, ymin: number, xmax: number, ymax: number}}>",
    ],
    ["hf-inference", "image-to-text", { generated_text: "x" }, "Expected {generated_text: string}"],
    ["hf-inference", "image-to-image", { not: "blob" }, "Expected Blob"],
    ["hf-inference", "audio-to-audio", {}, "Expected Array"],
    ["hf-inference", "audio-to-audio", [{ label: "a", blob: "x" }], "Expected Array<{label: string, audio: Blob}>"],
    [
      "hf-inference",
      "feature-extraction",
      [[[[[1]]]]],
      "Expected Array<number[][][] | number[][] | number[] | number>",
    ],
    ["hf-inference", "feature-extraction", [1, [2]], "Expected Array<number[][][] | number[][] | number[] | number>"],
    ["hf-inference", "feature-extraction", 3, "Expected Array<number[][][] | number[][] | number[] | number>"],
    [
      "hf-inference",
      "fill-mask",
      [{ score: 1, sequence: "s", token: "t", token_str: "x" }],
      "Expected Array<{score: number, sequence: string, token: number, token_str: string}>",
    ],
    [
      "hf-inference",
      "question-answering",
      { answer: "a" },
      "Expected Array<{answer: string, end: number, score: number, start: number}>",
    ],
    [
      "hf-inference",
      "document-question-answering",
      [{ answer: "a", score: "1" }],
      "Expected Array<{answer: string, end: number, score: number, start: number}>",
    ],
    ["hf-inference", "visual-question-answering", [{ answer: "a" }], "Expected Array<{answer: string, score: number}>"],
    [
      "hf-inference",
      "zero-shot-classification",
      [{ labels: ["a"], scores: ["1"], sequence: "s" }],
      "Expected Array<{labels: string[], scores: number[], sequence: string}>",
    ],
    ["hf-inference", "sentence-similarity", [1, "2"], "Expected Array<number>"],
    ["hf-inference", "tabular-classification", {}, "Expected Array<number>"],
    ["hf-inference", "tabular-regression", ["1"], "Expected Array<number>"],
    [
      "hf-inference",
      "table-question-answering",
      { aggregator: "a", answer: "b", cells: ["c"], coordinates: [["0"]] },
      "Expected {aggregator: string, answer: string, cells: string[], coordinates: number[][]}",
    ],
    [
      "hf-inference",
      "token-classification",
      [{ end: 1, entity_group: "e", score: 1, start: 0 }],
      "Expected Array<{end: number, entity_group: string, score: number, start: number, word: string}>",
    ],
    ["hf-inference", "translation", [{ text: "x" }], "Expected Array<{translation_text: string}>"],
    ["hf-inference", "summarization", [{ summary: "x" }], "Expected Array<{summary_text: string}>"],
    ["hf-inference", "text-to-image", null, "response is undefined"],
    ["hf-inference", "text-to-image", { foo: 1 }, "Expected a Blob "],
    ["fal-ai", "text-to-image", { images: [] }, "Expected Fal.ai text-to-image response format"],
    [
      "fal-ai",
      "text-to-speech",
      { audio: {} },
      'Expected { audio: { url: string } } format from Fal.ai Text-to-Speech, got: {"audio":{}}',
    ],
    [
      "fal-ai",
      "automatic-speech-recognition",
      { txt: 1 },
      'Expected { text: string } format from Fal.ai Automatic Speech Recognition, got: {"txt":1}',
    ],
    ["fal-ai", "text-to-video", { status: "IN_QUEUE" }, "No request ID found in the response"],
    ["hyperbolic", "text-to-image", { images: [{}] }, "Expected Hyperbolic text-to-image response format"],
    ["nebius", "text-to-image", { data: [] }, "Expected Nebius text-to-image response format"],
    ["together", "text-to-image", { data: [{ b64_json: 1 }] }, "Expected Together text-to-image response format"],
    ["replicate", "text-to-image", { output: [] }, "Expected Replicate text-to-image response format"],
    ["replicate", "text-to-speech", { output: 3 }, "Expected Blob or object with output"],
    ["replicate", "text-to-video", { output: "not a url" }, "Expected { output: string }"],
    ["black-forest-labs", "text-to-image", { id: "x" }, "Failed to fetch result from black forest labs API"],
  ];
  test.each(cases)("%s · %s · %j", async (provider, task, response, message) => {
    const error = await failure(provider, task, response);
    expect(error).toBeInstanceOf(InferenceOutputError);
    expect(error).toBeInstanceOf(TypeError);
    expect(error.name).toBe("InferenceOutputError");
    expect(error.message).toBe(outputMessage(message));
  });
});

describe("accepted answers", () => {
  test.each([
    ["text-generation", { generated_text: "a" }, { generated_text: "a" }],
    ["text-generation", [{ generated_text: "a" }, { generated_text: "b" }], { generated_text: "a" }],
    ["text-classification", [[{ label: "a", score: 1 }]], [{ label: "a", score: 1 }]],
    ["question-answering", { answer: "a", end: 1, score: 1, start: 0 }, { answer: "a", end: 1, score: 1, start: 0 }],
    ["question-answering", [{ answer: "b", end: 1, score: 1, start: 0 }], { answer: "b", end: 1, score: 1, start: 0 }],
    ["document-question-answering", [{ answer: "a" }], { answer: "a" }],
    ["visual-question-answering", [{ answer: "a", score: 0.5 }], { answer: "a", score: 0.5 }],
    ["image-to-text", [{ generated_text: "cap" }], { generated_text: "cap" }],
    ["feature-extraction", [[[[1]]]], [[[[1]]]]],
    ["feature-extraction", [], []],
    ["feature-extraction", [[], [1, 2]], [[], [1, 2]]],
    ["translation", [{ translation_text: "x" }], { translation_text: "x" }],
    [
      "translation",
      [{ translation_text: "x" }, { translation_text: "y" }],
      [{ translation_text: "x" }, { translation_text: "y" }],
    ],
    ["summarization", [{ summary_text: "s" }], { summary_text: "s" }],
    [
      "table-question-answering",
      [{ aggregator: "a", answer: "b", cells: ["c"], coordinates: [[0, 1]] }],
      { aggregator: "a", answer: "b", cells: ["c"], coordinates: [[0, 1]] },
    ],
    ["conversational", { anything: true }, { anything: true }],
  ] as [InferenceTask, unknown, unknown][])("hf-inference %s %j", async (task, response, expected) => {
    expect(await run("hf-inference", task, response)).toEqual(expected);
  });

  test("chat: usage null and system_fingerprint null pass", async () => {
    const answer = { ...CHAT, system_fingerprint: null };
    expect(await run("sambanova", "conversational", answer)).toBe(answer);
  });

  test("hyperbolic and together text generation reshape", async () => {
    expect(
      await run("hyperbolic", "text-generation", { model: "m", choices: [{ message: { content: "hey" } }] }),
    ).toEqual({
      generated_text: "hey",
    });
    expect(await run("together", "text-generation", { model: "m", choices: [{ text: "yo" }] })).toEqual({
      generated_text: "yo",
    });
  });

  test("base64 images: data URL for url, decoded Blob otherwise", async () => {
    const b64 = "iVBORw0KGgo="; // 8 bytes
    for (const [provider, response] of [
      ["nebius", { data: [{ b64_json: b64 }] }],
      ["together", { data: [{ b64_json: b64 }] }],
      ["hyperbolic", { images: [{ image: b64 }] }],
      ["hf-inference", { data: [{ b64_json: b64 }] }],
    ] as [InferenceProvider, unknown][]) {
      expect(await run(provider, "text-to-image", response, "url")).toBe(`data:image/jpeg;base64,${b64}`);
      const blob = (await run(provider, "text-to-image", response)) as Blob;
      expect(blob).toBeInstanceOf(Blob);
      expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
  });

  test("hf-inference text-to-image: a Blob answer as a data URL with its type (no Buffer)", async () => {
    const blob = new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" });
    expect(await run("hf-inference", "text-to-image", blob, "url")).toBe("data:image/png;base64,AQID");
    expect(await run("hf-inference", "text-to-image", new Blob([new Uint8Array([1])]), "url")).toBe(
      "data:image/jpeg;base64,AQ==",
    );
    expect(await run("hf-inference", "text-to-image", blob)).toBe(blob);
  });

  test("URL results: returned for url, downloaded through the call's fetch otherwise", async () => {
    const { fetch, calls } = fakeFetch(
      () => new Response(new Uint8Array([9, 8]), { headers: { "Content-Type": "image/png" } }),
    );
    const helper = ALL_HELPERS["text-to-image"]!["fal-ai"]!;
    expect(await helper.getResponse({ images: [{ url: "https://cdn/x.png" }] }, context("url", fetch))).toBe(
      "https://cdn/x.png",
    );
    const blob = (await helper.getResponse({ images: [{ url: "https://cdn/x.png" }] }, context("blob", fetch))) as Blob;
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([9, 8]);
    expect(calls.map((c) => c.url)).toEqual(["https://cdn/x.png"]);
    const replicate = ALL_HELPERS["text-to-image"]!.replicate!;
    expect(await replicate.getResponse({ output: ["https://r/1.png"] }, context("url", fetch))).toBe("https://r/1.png");
  });

  test("fal-ai text-to-speech download failure message", async () => {
    const { fetch } = fakeFetch(() => new Response("no", { status: 404, statusText: "Not Found" }));
    const helper = ALL_HELPERS["text-to-speech"]!["fal-ai"]!;
    const error = await rejection(
      Promise.resolve(helper.getResponse({ audio: { url: "https://cdn/a.mp3" } }, context(undefined, fetch))),
    );
    expect(error).toBeInstanceOf(InferenceOutputError);
    expect(error.message).toBe(
      outputMessage(
        "Error fetching or processing audio from Fal.ai Text-to-Speech URL: https://cdn/a.mp3. Failed to fetch audio from https://cdn/a.mp3: Not Found",
      ),
    );
  });

  test("replicate text-to-speech: a Blob answer is returned as is; data: URLs decode locally", async () => {
    const helper = ALL_HELPERS["text-to-speech"]!.replicate!;
    const blob = new Blob(["x"]);
    expect(await helper.getResponse(blob, context())).toBe(blob);
    const decoded = (await helper.getResponse({ output: ["data:audio/wav;base64,AQID"] }, context())) as Blob;
    expect(decoded.type).toBe("audio/wav");
    expect([...new Uint8Array(await decoded.arrayBuffer())]).toEqual([1, 2, 3]);
  });
});
