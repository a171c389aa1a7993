// The order of checks and exact messages of inference.md §3.2, §3.5 (fal-ai audio) and §5 (mapping errors):
// local checks never touch the network.
import { describe, expect, test } from "vitest";
import { fn, HF_TOKEN, rejection, useHarness, wavBlob } from "./helpers.js";

const h = useHarness();

async function expectMessage(call: Promise<unknown>, message: string, networkCalls?: number) {
  const error = await rejection(call);
  expect(error).toBeInstanceOf(Error);
  expect(error.message).toBe(message);
  if (networkCalls !== undefined) expect(h.emu.requests).toHaveLength(networkCalls);
}

const PROVIDERS_LIST =
  "black-forest-labs,cerebras,cohere,fal-ai,hf-inference,fireworks-ai,hyperbolic,nebius,novita,openai,replicate,sambanova,together";
const HF_INFERENCE_TASKS =
  "text-to-image,conversational,text-generation,text-classification,question-answering,audio-classification,automatic-speech-recognition,fill-mask,feature-extraction,image-classification,image-segmentation,document-question-answering,image-to-text,object-detection,audio-to-audio,zero-shot-image-classification,zero-shot-classification,image-to-image,sentence-similarity,table-question-answering,tabular-classification,text-to-speech,token-classification,translation,summarization,visual-question-answering,tabular-regression,text-to-audio";

describe("§3.2 checks, in order, without network", () => {
  test("1. endpointUrl with a third-party provider", async () => {
    await expectMessage(
      fn("chatCompletion")({ provider: "together", endpointUrl: "https://x.example/v1", messages: [] }, h.opts()),
      "Cannot use endpointUrl with a third-party provider.",
      0,
    );
  });

  test.each(["https://huggingface.co/gpt2", "http://localhost:8080", "/models/gpt2"])(
    "2. model URL %s",
    async (model) => {
      await expectMessage(
        fn("textClassification")({ model, inputs: "x" }, h.opts()),
        "Model URLs are no longer supported. Use endpointUrl instead.",
        0,
      );
    },
  );

  test("3. no model and no task (request without options.task)", async () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      await expectMessage(
        fn("request")({ inputs: "x" }, h.opts()),
        "No model provided, and no task has been specified.",
        0,
      );
    } finally {
      console.warn = warn;
    }
  });

  test("4b. external provider without a task", async () => {
    const warn = console.warn;
    console.warn = () => {};
    try {
      await expectMessage(
        fn("request")({ model: "x/y", provider: "together", inputs: "x" }, h.opts()),
        "you need to provide a task name when using an external provider, e.g. 'text-to-image'",
        0,
      );
    } finally {
      console.warn = warn;
    }
  });

  test("4c. unknown provider", async () => {
    await expectMessage(
      fn("textClassification")({ model: "x/y", provider: "acme", inputs: "x" }, h.opts()),
      `Provider 'acme' not supported. Available providers: ${PROVIDERS_LIST}`,
      0,
    );
  });

  test.each([
    ["together", "textClassification", "text-classification", "text-to-image,conversational,text-generation"],
    [
      "fal-ai",
      "chatCompletion",
      "conversational",
      "text-to-image,text-to-speech,text-to-video,automatic-speech-recognition",
    ],
    ["black-forest-labs", "textToSpeech", "text-to-speech", "text-to-image"],
    ["replicate", "textGeneration", "text-generation", "text-to-image,text-to-speech,text-to-video"],
    ["openai", "textToImage", "text-to-image", "conversational"],
    ["novita", "textToVideo", "text-to-video", "conversational,text-generation"],
    ["hf-inference", "textToVideo", "text-to-video", HF_INFERENCE_TASKS],
  ])("4d. %s has no %s handler", async (provider, name, task, tasks) => {
    // No model: the provider/task check still comes before the default-model look-up (§12).
    await expectMessage(
      fn(name)({ provider, inputs: "x", messages: [] }, h.opts()),
      `Task '${task}' not supported for provider '${provider}'. Available tasks: ${tasks}`,
      0,
    );
  });

  test("5. openai without a model", async () => {
    await expectMessage(
      fn("chatCompletion")({ provider: "openai", messages: [], accessToken: "sk" }, h.opts()),
      "Provider openai requires a model ID to be passed directly.",
      0,
    );
  });

  test("7a. openai model without the prefix", async () => {
    await expectMessage(
      fn("chatCompletion")({ provider: "openai", model: "gpt-4o", messages: [], accessToken: "sk" }, h.opts()),
      'Models from openai must be prefixed by "openai/". Got "gpt-4o".',
      0,
    );
  });

  test("8. openai with an hf_ token", async () => {
    await expectMessage(
      fn("chatCompletion")(
        { provider: "openai", model: "openai/gpt-4o", messages: [], accessToken: HF_TOKEN },
        h.opts(),
      ),
      "Provider openai is closed-source and does not support HF tokens.",
      0,
    );
  });
});

describe("§3.5 fal-ai speech recognition input checks", () => {
  test("a Blob without a type", async () => {
    await expectMessage(
      fn("automaticSpeechRecognition")(
        { model: "openai/whisper-large-v3", provider: "fal-ai", inputs: new Blob([new Uint8Array([1])]) },
        h.opts(),
      ),
      "Unable to determine the input's content-type. Make sure your are passing a Blob when using provider fal-ai.",
    );
  });

  test("an unsupported type", async () => {
    await expectMessage(
      fn("automaticSpeechRecognition")(
        {
          model: "openai/whisper-large-v3",
          provider: "fal-ai",
          inputs: new Blob([new Uint8Array([1])], { type: "audio/flac" }),
        },
        h.opts(),
      ),
      "Provider fal-ai does not support blob type audio/flac - supported content types are: audio/mpeg, audio/mp4, audio/wav, audio/x-wav",
    );
  });

  test("legacy data Blob is accepted and always sent as JSON", async () => {
    const out = await fn("automaticSpeechRecognition")(
      { model: "openai/whisper-large-v3", provider: "fal-ai", data: wavBlob(), accessToken: "fal-key" },
      h.opts(),
    );
    expect(out).toEqual({ text: "transcribed by fal" });
    const [req] = h.calls();
    expect(req.headers["content-type"]).toBe("application/json");
    expect(Object.keys(req.json as object)).toEqual(["audio_url"]);
  });
});

describe("§5 provider mapping errors", () => {
  test("no mapping (unknown model on the hub)", async () => {
    await expectMessage(
      fn("textToImage")({ model: "nobody/nothing", provider: "fal-ai", inputs: "x" }, h.opts()),
      "We have not been able to find inference provider information for model nobody/nothing.",
    );
    expect(h.calls()).toHaveLength(0);
  });

  test("entry for another task", async () => {
    await expectMessage(
      fn("chatCompletion")({ model: "black-forest-labs/FLUX.1-dev", provider: "together", messages: [] }, h.opts()),
      "Model black-forest-labs/FLUX.1-dev is not supported for task conversational and provider together. Supported task: text-to-image.",
    );
  });

  test("no entry for the provider (sic wording)", async () => {
    await expectMessage(
      fn("textToImage")({ model: "openai/whisper-large-v3", provider: "together", inputs: "x" }, h.opts()),
      "Model openai/whisper-large-v3 is not supported provider together.",
    );
    expect(h.calls()).toHaveLength(0);
  });
});
