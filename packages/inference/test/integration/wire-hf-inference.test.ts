// Every hf-inference task (28 pairs) × {hf_ token, provider key, no token}: always the router's hf-inference base,
// exact route, headers and body (JSON or raw bytes), and the parsed result (inference.md §3–§4).
import { ASSETS } from "@hubkit/emulator";
import { describe, expect, test } from "vitest";
import { b64, blobBytes, fn, HF_TOKEN, imageBlob, PROVIDER_KEY, USER_AGENT, useHarness, wavBlob } from "./helpers.js";

const h = useHarness();

const IMG = new Uint8Array([0x89, 80, 78, 71, 13, 10, 26, 10, 0, 0xfe]);
const WAV = new Uint8Array([82, 73, 70, 70, 0x24, 0, 0, 0, 0x81, 0xff]);

interface HfCase {
  task: string;
  fn: string;
  model: string;
  args: Record<string, unknown>;
  route?: string; // default models/{model}
  body: string | Uint8Array;
  result: unknown; // a Uint8Array means "a Blob with these bytes"
  options?: Record<string, unknown>;
}

const cases: HfCase[] = [
  {
    task: "text-to-image",
    fn: "textToImage",
    model: "stabilityai/stable-diffusion-xl-base-1.0",
    args: { inputs: "a cat", parameters: { num_inference_steps: 5 } },
    body: '{"inputs":"a cat","parameters":{"num_inference_steps":5}}',
    result: ASSETS["image.jpeg"].body,
  },
  {
    task: "conversational",
    fn: "chatCompletion",
    model: "openai-community/gpt2",
    args: { messages: [{ role: "user", content: "Hi" }], max_tokens: 5 },
    route: "models/openai-community/gpt2/v1/chat/completions",
    body: '{"messages":[{"role":"user","content":"Hi"}],"max_tokens":5,"model":"openai-community/gpt2"}',
    result: "chat",
  },
  {
    task: "text-generation",
    fn: "textGeneration",
    model: "openai-community/gpt2",
    args: { inputs: "Once upon", parameters: { max_new_tokens: 10 } },
    body: '{"inputs":"Once upon","parameters":{"max_new_tokens":10}}',
    result: { generated_text: "Once upon and the emulator continues" },
  },
  {
    task: "text-classification",
    fn: "textClassification",
    model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
    args: { inputs: "I like you" },
    body: '{"inputs":"I like you"}',
    result: [
      { label: "POSITIVE", score: 0.9991 },
      { label: "NEGATIVE", score: 0.0009 },
    ],
  },
  {
    task: "question-answering",
    fn: "questionAnswering",
    model: "deepset/roberta-base-squad2",
    args: { inputs: { question: "Who?", context: "My name is Clara" } },
    body: '{"inputs":{"question":"Who?","context":"My name is Clara"}}',
    result: { answer: "Clara", score: 0.9326, start: 11, end: 16 },
  },
  {
    task: "audio-classification",
    fn: "audioClassification",
    model: "superb/hubert-large-superb-er",
    args: { inputs: wavBlob() },
    body: WAV,
    result: [
      { label: "neu", score: 0.7 },
      { label: "hap", score: 0.2 },
    ],
  },
  {
    task: "automatic-speech-recognition",
    fn: "automaticSpeechRecognition",
    model: "openai/whisper-large-v3",
    args: { inputs: wavBlob() },
    body: WAV,
    result: { text: "transcribed 10 bytes" },
  },
  {
    task: "fill-mask",
    fn: "fillMask",
    model: "google-bert/bert-base-uncased",
    args: { inputs: "The answer is [MASK]." },
    body: '{"inputs":"The answer is [MASK]."}',
    result: [
      { score: 0.1, sequence: "the answer is paris.", token: 3000, token_str: "paris" },
      { score: 0.05, sequence: "the answer is lyon.", token: 3001, token_str: "lyon" },
    ],
  },
  {
    task: "feature-extraction",
    fn: "featureExtraction",
    model: "thenlper/gte-large",
    args: { inputs: ["Hello", "World"] },
    route: "pipeline/feature-extraction/thenlper/gte-large",
    body: '{"inputs":["Hello","World"]}',
    result: [
      [0.1, 0.2, -0.3],
      [1.1, 0.2, -0.3],
    ],
  },
  {
    task: "image-classification",
    fn: "imageClassification",
    model: "google/vit-base-patch16-224",
    args: { inputs: imageBlob() },
    body: IMG,
    result: [
      { label: "tabby cat", score: 0.88 },
      { label: "tiger cat", score: 0.05 },
    ],
  },
  {
    task: "image-segmentation",
    fn: "imageSegmentation",
    model: "nvidia/segformer-b0-finetuned-ade-512-512",
    args: { inputs: imageBlob() },
    body: IMG,
    result: [{ label: "wall", mask: b64(ASSETS["image.png"].body), score: 0.97 }],
  },
  {
    task: "document-question-answering",
    fn: "documentQuestionAnswering",
    model: "impira/layoutlm-document-qa",
    args: { inputs: { question: "Invoice number?", image: imageBlob() } },
    body: `{"inputs":{"question":"Invoice number?","image":"${b64(IMG)}"}}`,
    result: { answer: "us-001", score: 0.9, start: 16, end: 16 },
  },
  {
    task: "image-to-text",
    fn: "imageToText",
    model: "Salesforce/blip-image-captioning-large",
    args: { inputs: imageBlob() },
    body: IMG,
    result: { generated_text: "an image of 10 bytes" },
  },
  {
    task: "object-detection",
    fn: "objectDetection",
    model: "facebook/detr-resnet-50",
    args: { inputs: imageBlob() },
    body: IMG,
    result: [{ label: "cat", score: 0.99, box: { xmin: 10, ymin: 20, xmax: 110, ymax: 220 } }],
  },
  {
    task: "audio-to-audio",
    fn: "audioToAudio",
    model: "speechbrain/sepformer-wham",
    args: { inputs: wavBlob() },
    body: WAV,
    result: [{ label: "speech-0", "content-type": "audio/flac", blob: b64(ASSETS["audio.flac"].body) }],
  },
  {
    task: "zero-shot-image-classification",
    fn: "zeroShotImageClassification",
    model: "openai/clip-vit-large-patch14",
    args: { inputs: imageBlob(), parameters: { candidate_labels: ["cat", "dog"] } },
    body: `{"inputs":{"image":"${b64(IMG)}"},"parameters":{"candidate_labels":["cat","dog"]}}`,
    result: [
      { label: "cat", score: 0.9 },
      { label: "dog", score: 0.45 },
    ],
  },
  {
    task: "zero-shot-classification",
    fn: "zeroShotClassification",
    model: "facebook/bart-large-mnli",
    args: { inputs: "I love hiking", parameters: { candidate_labels: ["travel", "cooking"] } },
    body: '{"inputs":"I love hiking","parameters":{"candidate_labels":["travel","cooking"]}}',
    result: [{ sequence: "I love hiking", labels: ["travel", "cooking"], scores: [0.9, 0.45] }],
  },
  {
    task: "image-to-image",
    fn: "imageToImage",
    model: "timbrooks/instruct-pix2pix",
    args: { inputs: imageBlob(), parameters: { prompt: "make it blue" } },
    body: `{"inputs":"${b64(IMG)}","parameters":{"prompt":"make it blue"}}`,
    result: ASSETS["image.png"].body,
  },
  {
    task: "sentence-similarity",
    fn: "sentenceSimilarity",
    model: "sentence-transformers/all-MiniLM-L6-v2",
    args: { inputs: { source_sentence: "a", sentences: ["b", "c"] } },
    route: "pipeline/sentence-similarity/sentence-transformers/all-MiniLM-L6-v2",
    body: '{"inputs":{"source_sentence":"a","sentences":["b","c"]}}',
    result: [0.8, 0.7],
  },
  {
    task: "table-question-answering",
    fn: "tableQuestionAnswering",
    model: "google/tapas-base-finetuned-wtq",
    args: { inputs: { query: "How many stars?", table: { Repository: ["Transformers"], Stars: ["36542"] } } },
    body: '{"inputs":{"query":"How many stars?","table":{"Repository":["Transformers"],"Stars":["36542"]}}}',
    result: { answer: "AVERAGE > 36542", coordinates: [[0, 1]], cells: ["36542"], aggregator: "AVERAGE" },
  },
  {
    task: "tabular-classification",
    fn: "tabularClassification",
    model: "julien-c/wine-quality",
    args: { inputs: { data: { fixed_acidity: ["7.4", "7.8"] } } },
    body: '{"inputs":{"data":{"fixed_acidity":["7.4","7.8"]}}}',
    result: [0, 1],
  },
  {
    task: "text-to-speech",
    fn: "textToSpeech",
    model: "espnet/kan-bayashi_ljspeech_vits",
    args: { inputs: "hello" },
    body: '{"inputs":"hello"}',
    result: ASSETS["audio.flac"].body,
  },
  {
    task: "token-classification",
    fn: "tokenClassification",
    model: "dslim/bert-base-NER",
    args: { inputs: "My name is Sarah and I live in London" },
    body: '{"inputs":"My name is Sarah and I live in London"}',
    result: [
      { entity_group: "PER", score: 0.9988, word: "Sarah", start: 11, end: 16 },
      { entity_group: "LOC", score: 0.9964, word: "London", start: 31, end: 37 },
    ],
  },
  {
    task: "translation",
    fn: "translation",
    model: "google-t5/t5-small",
    args: { inputs: "Hello" },
    body: '{"inputs":"Hello"}',
    result: { translation_text: "[fr] Hello" },
  },
  {
    task: "summarization",
    fn: "summarization",
    model: "facebook/bart-large-cnn",
    args: { inputs: "A long text", parameters: { max_length: 30 } },
    body: '{"inputs":"A long text","parameters":{"max_length":30}}',
    result: { summary_text: "Summary: A long text" },
  },
  {
    task: "visual-question-answering",
    fn: "visualQuestionAnswering",
    model: "dandelin/vilt-b32-finetuned-vqa",
    args: { inputs: { question: "How many?", image: imageBlob() } },
    body: `{"inputs":{"question":"How many?","image":"${b64(IMG)}"}}`,
    result: { answer: "two", score: 0.88 },
  },
  {
    task: "tabular-regression",
    fn: "tabularRegression",
    model: "scikit-learn/Fish-Weight",
    args: { inputs: { data: { Height: ["11.52", "12.48"] } } },
    body: '{"inputs":{"data":{"Height":["11.52","12.48"]}}}',
    result: [100.5, 101.5],
  },
  {
    task: "text-to-audio",
    fn: "request",
    model: "facebook/musicgen-small",
    args: { inputs: "lo-fi beat" },
    body: '{"inputs":"lo-fi beat"}',
    result: ASSETS["audio.flac"].body,
    options: { task: "text-to-audio" },
  },
];

const KINDS = [
  ["hf", HF_TOKEN, `Bearer ${HF_TOKEN}`],
  ["key", PROVIDER_KEY, `Bearer ${PROVIDER_KEY}`],
  ["none", undefined, undefined],
] as const;

describe.each(cases.map((c) => [c.task, c] as const))("hf-inference · %s", (_task, c) => {
  test.each(KINDS)("token: %s", async (_kind, token, authorization) => {
    if (c.fn === "request") h.emu.reset(); // (request warns; tolerated here, checked in request tests)
    const warn = console.warn;
    console.warn = () => {};
    let result: unknown;
    try {
      const args: Record<string, unknown> = { model: c.model, ...c.args };
      if (token) args.accessToken = token;
      result = await fn(c.fn)(args, h.opts(c.options ?? {}));
    } finally {
      console.warn = warn;
    }
    // hf-inference never looks up a provider mapping.
    expect(h.hubCalls()).toHaveLength(0);
    const calls = h.calls();
    expect(calls).toHaveLength(1);
    const [req] = calls;
    expect(req.method).toBe("POST");
    expect(req.url).toBe(`https://router.huggingface.co/hf-inference/${c.route ?? `models/${c.model}`}`);
    expect(req.headers.authorization).toBe(authorization);
    expect(req.headers["user-agent"]).toBe(USER_AGENT);
    if (typeof c.body === "string") {
      expect(req.headers["content-type"]).toBe("application/json");
      expect(req.text).toBe(c.body);
    } else {
      // Binary: only the bytes, and no JSON content type set by the client.
      expect(req.headers["content-type"]).not.toBe("application/json");
      expect(req.body).toEqual(c.body);
    }
    if (c.result instanceof Uint8Array) expect(await blobBytes(result)).toEqual(c.result);
    else if (c.result === "chat") {
      const out = result as { choices: Array<{ message: { content: string } }>; model: string };
      expect(out.choices[0].message.content).toBe("Hello from the emulator! You said: Hi");
      expect(out.model).toBe("openai-community/gpt2");
    } else expect(result).toEqual(c.result);
  });
});

describe("hf-inference input forms", () => {
  test("legacy `data` for binary tasks sends the same bytes", async () => {
    const out = await fn("imageClassification")(
      { model: "google/vit-base-patch16-224", data: IMG.buffer.slice(0) },
      h.opts(),
    );
    expect(out).toHaveLength(2);
    expect(h.calls()[0].body).toEqual(IMG);
  });

  test("parameters given to a binary task are not sent", async () => {
    await fn("audioClassification")(
      { model: "superb/hubert-large-superb-er", inputs: wavBlob(), parameters: { top_k: 2 } },
      h.opts(),
    );
    expect(h.calls()[0].body).toEqual(WAV);
  });

  test("imageToImage without parameters is binary and keeps provider/endpointUrl", async () => {
    const out = await fn("imageToImage")(
      { model: "timbrooks/instruct-pix2pix", provider: "hf-inference", inputs: IMG.buffer.slice(0) },
      h.opts(),
    );
    expect(await blobBytes(out)).toEqual(ASSETS["image.png"].body);
    const [req] = h.calls();
    expect(req.url).toBe("https://router.huggingface.co/hf-inference/models/timbrooks/instruct-pix2pix");
    expect(req.body).toEqual(IMG);
  });

  test("zeroShotImageClassification accepts the legacy {image: ArrayBuffer} input", async () => {
    await fn("zeroShotImageClassification")(
      {
        model: "openai/clip-vit-large-patch14",
        inputs: { image: IMG.buffer.slice(0) },
        parameters: { candidate_labels: ["a"] },
      },
      h.opts(),
    );
    expect(h.calls()[0].text).toBe(`{"inputs":{"image":"${b64(IMG)}"},"parameters":{"candidate_labels":["a"]}}`);
  });

  test("featureExtraction with one string returns a flat vector; translation with 2 results returns the array", async () => {
    expect(await fn("featureExtraction")({ model: "thenlper/gte-large", inputs: "Hello" }, h.opts())).toEqual([
      0.1, 0.2, -0.3,
    ]);
    h.emu.inject({ body: [{ translation_text: "a" }, { translation_text: "b" }] });
    expect(await fn("translation")({ model: "google-t5/t5-small", inputs: "x" }, h.opts())).toEqual([
      { translation_text: "a" },
      { translation_text: "b" },
    ]);
  });

  test("billTo adds X-HF-Bill-To; an empty billTo adds nothing", async () => {
    await fn("fillMask")({ model: "google-bert/bert-base-uncased", inputs: "a [MASK]" }, h.opts({ billTo: "my-org" }));
    await fn("fillMask")({ model: "google-bert/bert-base-uncased", inputs: "a [MASK]" }, h.opts({ billTo: "" }));
    const [a, b] = h.calls();
    expect(a.headers["x-hf-bill-to"]).toBe("my-org");
    expect(b.headers["x-hf-bill-to"]).toBeUndefined();
  });

  test("text-to-image outputType url: a Blob without a type gives image/jpeg", async () => {
    h.emu.inject({ body: new Uint8Array([1, 2, 3]), contentType: null });
    const url = await fn("textToImage")(
      { model: "stabilityai/stable-diffusion-xl-base-1.0", inputs: "a cat" },
      h.opts({ outputType: "url" }),
    );
    expect(url).toBe("data:image/jpeg;base64,AQID");
    h.emu.inject({ body: new Uint8Array([1, 2, 3]), contentType: "image/webp" });
    const webp = await fn("textToImage")(
      { model: "stabilityai/stable-diffusion-xl-base-1.0", inputs: "a cat" },
      h.opts({ outputType: "url" }),
    );
    expect(webp).toBe("data:image/webp;base64,AQID");
  });

  test("text-to-image outputType url: data URL of the Blob with its type", async () => {
    const url = await fn("textToImage")(
      { model: "stabilityai/stable-diffusion-xl-base-1.0", inputs: "a cat" },
      h.opts({ outputType: "url" }),
    );
    expect(url).toBe(`data:image/jpeg;base64,${b64(ASSETS["image.jpeg"].body)}`);
  });
});
