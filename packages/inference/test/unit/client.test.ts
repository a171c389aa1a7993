// Public surface (§2.1, §2.2): exports, client classes, binding of token and default options.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { PACKAGE_VERSION } from "../../src/config.js";
import * as inference from "../../src/index.js";
import { HfInference, INFERENCE_PROVIDERS, InferenceClient, InferenceClientEndpoint } from "../../src/index.js";
import { fakeFetch, json } from "./fake-fetch.js";

const TASK_FUNCTIONS = [
  "request",
  "streamingRequest",
  "audioClassification",
  "audioToAudio",
  "automaticSpeechRecognition",
  "textToSpeech",
  "imageClassification",
  "imageSegmentation",
  "imageToImage",
  "imageToText",
  "objectDetection",
  "textToImage",
  "textToVideo",
  "zeroShotImageClassification",
  "chatCompletion",
  "chatCompletionStream",
  "featureExtraction",
  "fillMask",
  "questionAnswering",
  "sentenceSimilarity",
  "summarization",
  "tableQuestionAnswering",
  "textClassification",
  "textGeneration",
  "textGenerationStream",
  "tokenClassification",
  "translation",
  "zeroShotClassification",
  "documentQuestionAnswering",
  "visualQuestionAnswering",
  "tabularClassification",
  "tabularRegression",
];

describe("exports", () => {
  test("the runtime exports of §2.1", () => {
    const expected = [
      "InferenceClient",
      "InferenceClientEndpoint",
      "HfInference",
      "InferenceOutputError",
      "INFERENCE_PROVIDERS",
      ...TASK_FUNCTIONS,
    ];
    const actual = Object.keys(inference).filter((name) => name !== "snippets");
    expect(actual.sort()).toEqual(expected.sort());
    expect("textToAudio" in inference).toBe(false);
  });

  test("INFERENCE_PROVIDERS in the order of §1", () => {
    expect(INFERENCE_PROVIDERS).toEqual([
      "black-forest-labs",
      "cerebras",
      "cohere",
      "fal-ai",
      "fireworks-ai",
      "hf-inference",
      "hyperbolic",
      "nebius",
      "novita",
      "openai",
      "replicate",
      "sambanova",
      "together",
    ]);
  });

  test("the user-agent version is the package.json version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    expect(PACKAGE_VERSION).toBe(pkg.version);
  });
});

describe("InferenceClient", () => {
  test("own fields, non-enumerable own methods", () => {
    const client = new InferenceClient("hf_tok", { retry_on_error: false });
    expect(Object.keys(client)).toEqual(["accessToken", "defaultOptions"]);
    expect(JSON.stringify(client)).toBe('{"accessToken":"hf_tok","defaultOptions":{"retry_on_error":false}}');
    for (const name of TASK_FUNCTIONS) {
      expect(Object.hasOwn(client, name), name).toBe(true);
      expect(Object.getOwnPropertyDescriptor(client, name)?.enumerable).toBe(false);
    }
    expect("fillMask" in client).toBe(true);
    expect(Object.getOwnPropertyNames(client)).toHaveLength(34);
  });

  test("the constructor token (even empty) replaces a per-call token; per-call options win", async () => {
    const { fetch, calls } = fakeFetch(() => json([[{ label: "a", score: 1 }]]));
    const client = new InferenceClient("hf_ctor", { fetch, billTo: "default-org" });
    await client.textClassification({ model: "m", inputs: "x", accessToken: "hf_call" } as never, {
      billTo: "call-org",
    });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer hf_ctor");
    expect(headers["X-HF-Bill-To"]).toBe("call-org");
    const anonymous = new InferenceClient("", { fetch });
    await anonymous.textClassification({ model: "m", inputs: "x", accessToken: "hf_call" } as never);
    expect((calls[1].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  test("endpoint(): same token and options, endpointUrl added, no own enumerable fields", async () => {
    const { fetch, calls } = fakeFetch(() => json({ choices: [], created: 1, id: "i", model: "m", usage: null }));
    const endpoint = new InferenceClient("hf_tok", { fetch }).endpoint("https://ep.example/");
    expect(endpoint).toBeInstanceOf(InferenceClientEndpoint);
    expect(Object.keys(endpoint)).toEqual([]);
    await endpoint.chatCompletion({ messages: [] });
    expect(calls[0].url).toBe("https://ep.example/v1/chat/completions");
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBe("Bearer hf_tok");
  });

  test("HfInference is an InferenceClient", () => {
    expect(new HfInference()).toBeInstanceOf(InferenceClient);
  });
});

describe("@hubkit/inference/errors", () => {
  test("the error classes form one hierarchy", async () => {
    const errors = await import("../../src/errors.js");
    expect(new errors.InferenceClientInputError("x")).toBeInstanceOf(errors.InferenceClientError);
    expect(new errors.InferenceTimeoutError(5).message).toBe("Request timed out after 5 ms");
    expect(errors.InferenceOutputError).toBe(inference.InferenceOutputError);
  });
});
