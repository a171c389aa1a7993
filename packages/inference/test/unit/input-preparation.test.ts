// Input preparation of the task functions (§3.5): binary vs base64 bodies, fal-ai audio, streaming flag position.
import { describe, expect, test } from "vitest";
import {
  audioClassification,
  automaticSpeechRecognition,
  documentQuestionAnswering,
  imageToImage,
  textGenerationStream,
  visualQuestionAnswering,
  zeroShotImageClassification,
} from "../../src/index.js";
import { clearProviderMappingCache } from "../../src/lib/providerMapping.js";
import { collect, fakeFetch, json, mappingAnswer, sseResponse } from "./fake-fetch.js";

const bytes = new Uint8Array([1, 2, 3]);
const blob = (type = "image/png") => new Blob([bytes], { type });

describe("binary and base64 bodies", () => {
  test("binary tasks send the bytes of `inputs` (or legacy `data`) and no Content-Type", async () => {
    const { fetch, calls } = fakeFetch(() => json([{ label: "a", score: 1 }]));
    const input = blob("audio/wav");
    await audioClassification({ model: "m", inputs: input, parameters: { top_k: 1 } }, { fetch });
    await audioClassification({ model: "m", data: bytes.buffer }, { fetch });
    expect(calls[0].init.body).toBe(input);
    expect(calls[1].init.body).toBe(bytes.buffer);
    expect((calls[0].init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  test("imageToImage: raw bytes without parameters, JSON with base64 inputs with parameters; endpointUrl kept", async () => {
    const { fetch, calls } = fakeFetch(() => new Response(new Blob([bytes], { type: "image/png" })));
    const input = blob();
    await imageToImage({ endpointUrl: "https://ep.example/i2i", inputs: input }, { fetch });
    expect(calls[0].url).toBe("https://ep.example/i2i");
    expect(calls[0].init.body).toBe(input);
    await imageToImage({ model: "m", inputs: input, parameters: { prompt: "p" } }, { fetch });
    expect(calls[1].init.body).toBe('{"inputs":"AQID","parameters":{"prompt":"p"}}');
  });

  test("zero-shot image classification: Blob or legacy {image} → inputs.image base64", async () => {
    const { fetch, calls } = fakeFetch(() => json([{ label: "cat", score: 1 }]));
    const parameters = { candidate_labels: ["cat", "dog"] };
    await zeroShotImageClassification({ model: "m", inputs: blob(), parameters }, { fetch });
    await zeroShotImageClassification({ model: "m", inputs: { image: bytes.buffer }, parameters } as never, { fetch });
    const expected = '{"inputs":{"image":"AQID"},"parameters":{"candidate_labels":["cat","dog"]}}';
    expect(calls.map((c) => c.init.body)).toEqual([expected, expected]);
  });

  test("document and visual question answering: {question, image: base64}", async () => {
    const { fetch, calls } = fakeFetch(() => json([{ answer: "a", score: 1 }]));
    await documentQuestionAnswering({ model: "m", inputs: { question: "q?", image: blob() } }, { fetch });
    await visualQuestionAnswering({ model: "m", inputs: { image: blob(), question: "q?" } }, { fetch });
    expect(calls.map((c) => c.init.body)).toEqual([
      '{"inputs":{"question":"q?","image":"AQID"}}',
      '{"inputs":{"question":"q?","image":"AQID"}}',
    ]);
  });
});

describe("fal-ai automatic speech recognition", () => {
  test("JSON body with a data URL, Content-Type set, Key auth with a provider key", async () => {
    clearProviderMappingCache();
    const { fetch, calls } = fakeFetch((url) =>
      url.includes("/api/models/")
        ? mappingAnswer({ "fal-ai": { providerId: "fal-ai/whisper", task: "automatic-speech-recognition" } })
        : json({ text: "hello" }),
    );
    const out = await automaticSpeechRecognition(
      { provider: "fal-ai", model: "openai/whisper", accessToken: "fal-key", inputs: blob("audio/mpeg") },
      { fetch },
    );
    expect(out).toEqual({ text: "hello" });
    expect(calls[1].url).toBe("https://fal.run/fal-ai/whisper");
    expect(calls[1].init.body).toBe('{"audio_url":"data:audio/mpeg;base64,AQID"}');
    expect(calls[1].init.headers).toMatchObject({ Authorization: "Key fal-key", "Content-Type": "application/json" });
  });

  test("the task function checks `text` first", async () => {
    const { fetch } = fakeFetch(() => json({ chunks: [] }));
    await expect(automaticSpeechRecognition({ model: "m", inputs: blob("audio/wav") }, { fetch })).rejects.toThrow(
      "Invalid inference output: Expected {text: string}.",
    );
  });
});

describe("streaming flag", () => {
  test("textGenerationStream appends stream: true after the caller's keys", async () => {
    const { fetch, calls } = fakeFetch(() =>
      sseResponse([
        'data: {"token":{"id":1,"text":"a","logprob":0,"special":false},"generated_text":null,"details":null}\n\n',
      ]),
    );
    const events = await collect(
      textGenerationStream({ model: "m", inputs: "Hi", parameters: { max_new_tokens: 2 } }, { fetch }),
    );
    expect(events).toHaveLength(1);
    expect(calls[0].init.body).toBe('{"inputs":"Hi","parameters":{"max_new_tokens":2},"stream":true}');
  });
});
