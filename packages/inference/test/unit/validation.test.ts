// Order of checks and exact messages of request building (§3.2), model-id resolution (§5) and default models (§6).
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  automaticSpeechRecognition,
  chatCompletion,
  request,
  textClassification,
  textToImage,
  textToVideo,
} from "../../src/index.js";
import { clearDefaultModelCache } from "../../src/lib/defaultModel.js";
import { clearProviderMappingCache } from "../../src/lib/providerMapping.js";
import { fakeFetch, json, mappingAnswer, rejection } from "./fake-fetch.js";

const CHAT = { messages: [{ role: "user", content: "hi" }] };
const CHAT_OK = { choices: [], created: 1, id: "c", model: "m", usage: null };

beforeEach(() => {
  clearProviderMappingCache();
  clearDefaultModelCache();
});
afterEach(() => vi.restoreAllMocks());

/** A fetch that fails the test if anything is requested. */
const noNetwork = () =>
  fakeFetch(() => {
    throw new Error("no network expected");
  });

describe("local checks (no network)", () => {
  test.each([
    [
      "unknown provider (before anything else)",
      () => chatCompletion({ provider: "acme" as never, model: "http://x", ...CHAT }),
      "Provider 'acme' not supported. Available providers: black-forest-labs,cerebras,cohere,fal-ai,hf-inference,fireworks-ai,hyperbolic,nebius,novita,openai,replicate,sambanova,together",
    ],
    [
      "task not registered for the provider",
      () => textToVideo({ provider: "together", model: "m", inputs: "x" }),
      "Task 'text-to-video' not supported for provider 'together'. Available tasks: text-to-image,conversational,text-generation",
    ],
    [
      "endpointUrl with a third-party provider",
      () => chatCompletion({ provider: "together", endpointUrl: "https://e", model: "m", ...CHAT }),
      "Cannot use endpointUrl with a third-party provider.",
    ],
    [
      "model URL (http)",
      () => textClassification({ model: "https://x/y", inputs: "a" }),
      "Model URLs are no longer supported. Use endpointUrl instead.",
    ],
    [
      "model URL (/path)",
      () => textClassification({ model: "/x", inputs: "a" }),
      "Model URLs are no longer supported. Use endpointUrl instead.",
    ],
    [
      "openai without a model",
      () => chatCompletion({ provider: "openai", ...CHAT }),
      "Provider openai requires a model ID to be passed directly.",
    ],
    [
      "openai model without prefix",
      () => chatCompletion({ provider: "openai", model: "gpt-4o", ...CHAT }),
      'Models from openai must be prefixed by "openai/". Got "gpt-4o".',
    ],
    [
      "openai with an hf_ token",
      () => chatCompletion({ provider: "openai", model: "openai/gpt-4o", accessToken: "hf_x", ...CHAT }),
      "Provider openai is closed-source and does not support HF tokens.",
    ],
    [
      "fal-ai ASR without a content type",
      () => automaticSpeechRecognition({ provider: "fal-ai", model: "m", inputs: new Blob([new Uint8Array([1])]) }),
      "Unable to determine the input's content-type. Make sure your are passing a Blob when using provider fal-ai.",
    ],
    [
      "fal-ai ASR with an unsupported type",
      () =>
        automaticSpeechRecognition({
          provider: "fal-ai",
          model: "m",
          inputs: new Blob([new Uint8Array([1])], { type: "audio/ogg" }),
        }),
      "Provider fal-ai does not support blob type audio/ogg - supported content types are: audio/mpeg, audio/mp4, audio/wav, audio/x-wav",
    ],
  ])("%s", async (_name, call, message) => {
    const { fetch, calls } = noNetwork();
    vi.stubGlobal("fetch", fetch);
    try {
      const error = await rejection(call());
      expect(error).toBeInstanceOf(Error);
      expect(error.message).toBe(message);
      expect(calls).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test("request: no model and no task; external provider without a task", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fetch } = noNetwork();
    expect((await rejection(request({ inputs: "x" } as never, { fetch }))).message).toBe(
      "No model provided, and no task has been specified.",
    );
    expect((await rejection(request({ provider: "together", model: "m", inputs: "x" }, { fetch }))).message).toBe(
      "you need to provide a task name when using an external provider, e.g. 'text-to-image'",
    );
  });

  test("request warns that it is deprecated", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fetch } = fakeFetch(() => json({ ok: 1 }));
    expect(await request({ model: "m", inputs: "x" }, { fetch })).toEqual({ ok: 1 });
    expect(warn).toHaveBeenCalledWith(
      "The request method is deprecated and will be removed in a future version of @hubkit/inference. Use specific task functions instead.",
    );
  });
});

describe("provider mapping (§5)", () => {
  test("exact look-up URL, Bearer only for hf_ tokens, cached per model", async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.includes("/api/models/")
        ? mappingAnswer({ together: { providerId: "t/m", task: "conversational" } })
        : json(CHAT_OK),
    );
    await chatCompletion({ provider: "together", model: "org/m", accessToken: "hf_tok", ...CHAT }, { fetch });
    await chatCompletion({ provider: "together", model: "org/m", accessToken: "hf_tok", ...CHAT }, { fetch });
    const lookups = calls.filter((c) => c.url.includes("/api/models/"));
    expect(lookups.map((c) => c.url)).toEqual([
      "https://huggingface.co/api/models/org/m?expand[]=inferenceProviderMapping",
    ]);
    expect(lookups[0].init.headers).toEqual({ Authorization: "Bearer hf_tok" });
    expect(JSON.parse(String(calls[1].init.body)).model).toBe("t/m");
  });

  test("provider keys are never sent to the hub", async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.includes("/api/models/")
        ? mappingAnswer({ together: { providerId: "t/m", task: "conversational" } })
        : json(CHAT_OK),
    );
    await chatCompletion({ provider: "together", model: "org/k", accessToken: "pk_secret", ...CHAT }, { fetch });
    expect(calls[0].init.headers).toEqual({});
  });

  test("concurrent calls share one look-up", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { fetch, calls } = fakeFetch(async (url) => {
      if (url.includes("/api/models/")) {
        await gate;
        return mappingAnswer({ together: { providerId: "t/m", task: "conversational" } });
      }
      return json(CHAT_OK);
    });
    const all = Promise.all(
      [1, 2, 3].map(() => chatCompletion({ provider: "together", model: "org/c", ...CHAT }, { fetch })),
    );
    await new Promise((r) => setTimeout(r, 10));
    release();
    await all;
    expect(calls.filter((c) => c.url.includes("/api/models/"))).toHaveLength(1);
  });

  test("failures are not cached; array form accepted", async () => {
    let n = 0;
    const { fetch, calls } = fakeFetch((url) => {
      if (!url.includes("/api/models/")) return json(CHAT_OK);
      n++;
      if (n === 1) return new Response("oops", { status: 500 });
      return json({
        inferenceProviderMapping: [{ provider: "nebius", providerId: "n/m", status: "live", task: "conversational" }],
      });
    });
    const first = await rejection(chatCompletion({ provider: "nebius", model: "org/f", ...CHAT }, { fetch }));
    expect(first.message).toBe("We have not been able to find inference provider information for model org/f.");
    await chatCompletion({ provider: "nebius", model: "org/f", ...CHAT }, { fetch });
    expect(JSON.parse(String(calls.at(-1)!.init.body)).model).toBe("n/m");
  });

  test.each([
    [{ cerebras: { providerId: "x", task: "conversational" } }, "Model org/w is not supported provider together."],
    [
      { together: { providerId: "x", task: "text-generation" } },
      "Model org/w is not supported for task conversational and provider together. Supported task: text-generation.",
    ],
  ])("mapping errors %#", async (mapping, message) => {
    const { fetch } = fakeFetch(() => mappingAnswer(mapping));
    expect(
      (await rejection(chatCompletion({ provider: "together", model: "org/w", ...CHAT }, { fetch }))).message,
    ).toBe(message);
  });

  test("non-JSON hub answer counts as no mapping", async () => {
    const { fetch } = fakeFetch(() => new Response("<html>", { headers: { "Content-Type": "text/html" } }));
    expect(
      (await rejection(chatCompletion({ provider: "together", model: "org/h", ...CHAT }, { fetch }))).message,
    ).toBe("We have not been able to find inference provider information for model org/h.");
  });

  test("staging → one console.warn; live → none", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fetch } = fakeFetch((url) => {
      if (url.includes("org/s"))
        return mappingAnswer({ together: { providerId: "s", task: "conversational", status: "staging" } });
      if (url.includes("org/l")) return mappingAnswer({ together: { providerId: "l", task: "conversational" } });
      return json(CHAT_OK);
    });
    await chatCompletion({ provider: "together", model: "org/l", ...CHAT }, { fetch });
    expect(warn).not.toHaveBeenCalled();
    await chatCompletion({ provider: "together", model: "org/s", ...CHAT }, { fetch });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      "Model org/s is in staging mode for provider together. Meant for test purposes only.",
    );
  });

  test("openai: no hub look-up, prefix stripped, direct URL", async () => {
    const { fetch, calls } = fakeFetch(() => json(CHAT_OK));
    await chatCompletion({ provider: "openai", model: "openai/gpt-4o", accessToken: "sk-1", ...CHAT }, { fetch });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("https://api.openai.com/v1/chat/completions");
    expect(JSON.parse(String(calls[0].init.body)).model).toBe("gpt-4o");
  });
});

describe("default model (§6)", () => {
  test("fetched from /api/tasks once and cached", async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.endsWith("/api/tasks")
        ? json({ "text-classification": { models: [{ id: "def/model" }, { id: "other" }] } })
        : json([[{ label: "a", score: 1 }]]),
    );
    await textClassification({ inputs: "x" }, { fetch });
    await textClassification({ inputs: "y" }, { fetch });
    expect(calls.map((c) => c.url)).toEqual([
      "https://huggingface.co/api/tasks",
      "https://router.huggingface.co/hf-inference/models/def/model",
      "https://router.huggingface.co/hf-inference/models/def/model",
    ]);
  });

  test("non-OK answer → exact message; failures not cached", async () => {
    let n = 0;
    const { fetch } = fakeFetch((url) => {
      if (url.endsWith("/api/tasks")) return ++n === 1 ? new Response("x", { status: 500 }) : json({});
      return json([]);
    });
    expect((await rejection(textClassification({ inputs: "x" }, { fetch }))).message).toBe(
      "Failed to load tasks definitions from Hugging Face Hub.",
    );
    expect((await rejection(textClassification({ inputs: "x" }, { fetch }))).message).toBe(
      "No default model defined for task text-classification, please define the model explicitly.",
    );
  });

  test("no default-model look-up when endpointUrl is set", async () => {
    const { fetch, calls } = fakeFetch(() => json([[{ label: "a", score: 1 }]]));
    await textClassification({ endpointUrl: "https://ep.example/", inputs: "x" }, { fetch });
    expect(calls.map((c) => c.url)).toEqual(["https://ep.example/"]);
  });

  test("the hub URL option is honoured", async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.includes("/api/models/")
        ? mappingAnswer({ "fal-ai": { providerId: "f", task: "text-to-image" } })
        : json({ images: [{ url: "https://img/x.png" }] }),
    );
    await textToImage(
      { provider: "fal-ai", model: "org/i", inputs: "x" },
      { fetch, hubUrl: "http://127.0.0.1:1/hub", outputType: "url" },
    );
    expect(calls[0].url).toBe("http://127.0.0.1:1/hub/api/models/org/i?expand[]=inferenceProviderMapping");
  });
});

describe("shared look-up and abort", () => {
  test("one caller aborting does not fail the others sharing the look-up", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let lookupSignal: AbortSignal | undefined;
    const { fetch, calls } = fakeFetch(async (url, init) => {
      if (url.includes("/api/models/")) {
        lookupSignal = init.signal ?? undefined;
        await gate;
        return mappingAnswer({ together: { providerId: "t/m", task: "conversational" } });
      }
      return json(CHAT_OK);
    });
    const controller = new AbortController();
    const first = chatCompletion(
      { provider: "together", model: "org/shared", ...CHAT },
      { fetch, signal: controller.signal },
    );
    const second = chatCompletion({ provider: "together", model: "org/shared", ...CHAT }, { fetch });
    await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error("first gave up"));
    expect((await rejection(first)).message).toBe("first gave up");
    expect(lookupSignal?.aborted).toBe(false);
    release();
    expect(await second).toEqual(CHAT_OK);
    expect(calls.filter((c) => c.url.includes("/api/models/"))).toHaveLength(1);
  });

  test("the shared look-up is aborted when every waiter gave up", async () => {
    let lookupSignal: AbortSignal | undefined;
    const { fetch } = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          lookupSignal = init.signal ?? undefined;
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = chatCompletion(
      { provider: "together", model: "org/alone", ...CHAT },
      { fetch, signal: controller.signal },
    );
    await new Promise((r) => setTimeout(r, 5));
    controller.abort(new Error("stop"));
    expect((await rejection(pending)).message).toBe("stop");
    expect(lookupSignal?.aborted).toBe(true);
  });
});
