import { describe, expect, test } from "vitest";
import { ASSETS } from "../src/index.js";
import { postJson, useEmulator } from "./helpers.js";

const ctx = useEmulator();
const chatBody = (model: string, extra: Record<string, unknown> = {}) => ({
  messages: [{ role: "user", content: "hi there" }],
  ...extra,
  model,
});

describe("OpenAI-style chat routes, direct and through the router", () => {
  const cases: Array<[string, string, string]> = [
    ["cerebras", "https://api.cerebras.ai/v1/chat/completions", "llama-3.3-70b"],
    ["cohere", "https://api.cohere.com/compatibility/v1/chat/completions", "command-r7b-12-2024"],
    [
      "fireworks-ai",
      "https://api.fireworks.ai/inference/v1/chat/completions",
      "accounts/fireworks/models/llama-v3p3-70b-instruct",
    ],
    ["hyperbolic", "https://api.hyperbolic.xyz/v1/chat/completions", "meta-llama/Llama-3.3-70B-Instruct"],
    ["nebius", "https://api.studio.nebius.ai/v1/chat/completions", "meta-llama/Llama-3.3-70B-Instruct-fast"],
    ["novita", "https://api.novita.ai/v3/openai/chat/completions", "meta-llama/llama-3.3-70b-instruct"],
    ["openai", "https://api.openai.com/v1/chat/completions", "gpt-4o-mini"],
    ["sambanova", "https://api.sambanova.ai/v1/chat/completions", "Meta-Llama-3.3-70B-Instruct"],
    ["together", "https://api.together.xyz/v1/chat/completions", "meta-llama/Llama-3.3-70B-Instruct-Turbo"],
  ];
  test.each(cases)("%s", async (provider, directUrl, providerId) => {
    const direct = await postJson(ctx.emu, directUrl, chatBody(providerId), { Authorization: "Bearer sk-1" });
    expect(direct.status).toBe(200);
    const out = await direct.json();
    expect(out).toMatchObject({ object: "chat.completion", model: providerId, created: 1732000000 });
    expect(out.choices[0].message.content).toBe("Hello from the emulator! You said: hi there");
    expect(typeof out.usage).toBe("object");
    const route = new URL(directUrl).pathname;
    const viaRouter = await postJson(
      ctx.emu,
      `https://router.huggingface.co/${provider}${route}`,
      chatBody(providerId),
      {
        Authorization: "Bearer hf_x",
      },
    );
    expect(viaRouter.status).toBe(200);
    expect(ctx.emu.requests.map((r) => r.service)).toEqual([provider, provider]);
    // Unknown provider model ids are refused (catches an HF id sent instead of the provider id).
    if (provider !== "openai") {
      const wrong = await postJson(ctx.emu, directUrl, chatBody("not/mapped"), { Authorization: "Bearer sk-1" });
      expect(wrong.status).toBe(404);
    }
    // Direct hosts need the key header.
    expect((await postJson(ctx.emu, directUrl, chatBody(providerId))).status).toBe(401);
  });

  test("streamed chat ends with [DONE] and its deltas concatenate to the plain answer", async () => {
    const res = await postJson(
      ctx.emu,
      "https://router.huggingface.co/v1/chat/completions",
      chatBody("any", { stream: true }),
    );
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const text = await res.text();
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    const events = text
      .split("\n\n")
      .filter((e) => e.startsWith("data: {"))
      .map((e) => JSON.parse(e.slice(6)));
    const content = events.map((e) => e.choices[0].delta.content ?? "").join("");
    expect(content).toBe("Hello from the emulator! You said: hi there");
  });

  test("the emulator's own origin is a custom OpenAI-compatible endpoint: model optional, /v1/models", async () => {
    const res = await fetch(`${ctx.emu.url}/v1/chat/completions`, {
      method: "POST",
      body: JSON.stringify({ messages: [{ role: "user", content: "yo" }] }),
    });
    expect((await res.json()).choices[0].message.content).toBe("Hello from the emulator! You said: yo");
    const models = await (await fetch(`${ctx.emu.url}/v1/models`)).json();
    expect(models.object).toBe("list");
    expect(models.data.map((m: { id: string }) => m.id)).toContain("openai-community/gpt2");
    // The logical router host still requires the model.
    const routed = await postJson(ctx.emu, "https://router.huggingface.co/v1/chat/completions", {
      messages: [{ role: "user", content: "x" }],
    });
    expect(routed.status).toBe(400);
    expect(ctx.emu.requests[0].time).toBeGreaterThan(0);
  });

  test("the router refuses provider key schemes", async () => {
    const res = await postJson(ctx.emu, "https://router.huggingface.co/together/v1/chat/completions", chatBody("x"), {
      Authorization: "Key abc",
    });
    expect(res.status).toBe(401);
  });
});

describe("text generation and images on OpenAI-style providers", () => {
  test("together completions and nebius completions", async () => {
    const together = await postJson(
      ctx.emu,
      "https://api.together.xyz/v1/completions",
      {
        model: "meta-llama/Meta-Llama-3.1-8B-Reference",
        inputs: "Once",
        prompt: "Once",
      },
      { Authorization: "Bearer k" },
    );
    expect((await together.json()).choices[0].text).toBe("Once and the emulator continues");
    const nebius = await postJson(
      ctx.emu,
      "https://api.studio.nebius.ai/v1/completions",
      {
        inputs: "Once",
        model: "meta-llama/Meta-Llama-3.1-8B-base",
      },
      { Authorization: "Bearer k" },
    );
    expect(await nebius.json()).toEqual([{ generated_text: "Once and the emulator continues" }]);
  });

  test("novita serves text generation on its chat route", async () => {
    const res = await postJson(
      ctx.emu,
      "https://api.novita.ai/v3/openai/chat/completions",
      {
        inputs: "Once",
        model: "meta-llama/llama-3.1-8b",
      },
      { Authorization: "Bearer k" },
    );
    expect(await res.json()).toEqual([{ generated_text: "Once and the emulator continues" }]);
  });

  test("image generations: hyperbolic images[].image, nebius/together data[].b64_json", async () => {
    const auth = { Authorization: "Bearer k" };
    const hyper = await postJson(
      ctx.emu,
      "https://api.hyperbolic.xyz/v1/images/generations",
      { prompt: "cat", model_name: "FLUX.1-dev" },
      auth,
    );
    expect(typeof (await hyper.json()).images[0].image).toBe("string");
    const nebius = await postJson(
      ctx.emu,
      "https://api.studio.nebius.ai/v1/images/generations",
      {
        response_format: "b64_json",
        prompt: "cat",
        model: "black-forest-labs/flux-dev",
      },
      auth,
    );
    expect(typeof (await nebius.json()).data[0].b64_json).toBe("string");
    const together = await postJson(
      ctx.emu,
      "https://api.together.xyz/v1/images/generations",
      {
        prompt: "cat",
        response_format: "base64",
        model: "black-forest-labs/FLUX.1-dev",
      },
      auth,
    );
    expect(typeof (await together.json()).data[0].b64_json).toBe("string");
  });
});

describe("hf-inference", () => {
  test("JSON task by model pipeline tag, pipeline route, chat route", async () => {
    const cls = await postJson(
      ctx.emu,
      "https://router.huggingface.co/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english",
      { inputs: "I like you" },
    );
    expect(await cls.json()).toEqual([
      [
        { label: "POSITIVE", score: 0.9991 },
        { label: "NEGATIVE", score: 0.0009 },
      ],
    ]);
    const sim = await postJson(
      ctx.emu,
      "https://router.huggingface.co/hf-inference/pipeline/sentence-similarity/sentence-transformers/all-MiniLM-L6-v2",
      {
        inputs: { source_sentence: "a", sentences: ["b", "c"] },
      },
    );
    expect(await sim.json()).toEqual([0.8, 0.7]);
    const chat = await postJson(
      ctx.emu,
      "https://router.huggingface.co/hf-inference/models/openai-community/gpt2/v1/chat/completions",
      {
        messages: [{ role: "user", content: "yo" }],
      },
    );
    expect((await chat.json()).model).toBe("openai-community/gpt2");
  });

  test("binary tasks need raw bytes; JSON tasks need JSON; unknown models are 404", async () => {
    const url = "https://router.huggingface.co/hf-inference/models/google/vit-base-patch16-224";
    const ok = await ctx.emu.fetch(url, { method: "POST", body: new Uint8Array([1, 2, 3]) });
    expect(await ok.json()).toEqual([
      { label: "tabby cat", score: 0.88 },
      { label: "tiger cat", score: 0.05 },
    ]);
    expect((await postJson(ctx.emu, url, { inputs: "x" })).status).toBe(400);
    expect(
      (await postJson(ctx.emu, "https://router.huggingface.co/hf-inference/models/nobody/none", { inputs: "x" }))
        .status,
    ).toBe(404);
    const tti = await postJson(
      ctx.emu,
      "https://router.huggingface.co/hf-inference/models/stabilityai/stable-diffusion-xl-base-1.0",
      { inputs: "cat" },
    );
    expect(tti.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await tti.arrayBuffer())).toEqual(ASSETS["image.jpeg"].body);
  });

  test("text-generation streams TGI events ending with [DONE]", async () => {
    const res = await postJson(ctx.emu, "https://router.huggingface.co/hf-inference/models/openai-community/gpt2", {
      inputs: "Hi",
      stream: true,
    });
    const text = await res.text();
    expect(text).toContain('"token":{"id":100,"text":"Hi ","logprob":-0.25,"special":false}');
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
  });
});

describe("asynchronous providers", () => {
  test("black-forest-labs submit + polling (X-Key auth; polling needs none)", async () => {
    ctx.emu.settings.bflPendingPolls = 1;
    const submit = await postJson(
      ctx.emu,
      "https://api.us1.bfl.ai/v1/flux-dev",
      { prompt: "cat" },
      { Authorization: "X-Key k" },
    );
    const { id, polling_url } = await submit.json();
    expect(polling_url).toBe(`https://api.us1.bfl.ai/v1/get_result?id=${id}`);
    expect((await (await ctx.emu.fetch(`${polling_url}&attempt=0`)).json()).status).toBe("Pending");
    const ready = await (await ctx.emu.fetch(`${polling_url}&attempt=1`)).json();
    expect(ready).toMatchObject({ status: "Ready", result: { sample: `${ctx.emu.url}/_assets/image.jpeg` } });
    expect(
      (await postJson(ctx.emu, "https://api.us1.bfl.ai/v1/flux-dev", { prompt: "cat" }, { Authorization: "Bearer k" }))
        .status,
    ).toBe(401);
    const viaRouter = await postJson(ctx.emu, "https://router.huggingface.co/black-forest-labs/v1/flux-dev", {
      prompt: "c",
    });
    expect((await viaRouter.json()).polling_url).toMatch(
      /^https:\/\/router\.huggingface\.co\/black-forest-labs\/v1\/get_result\?id=/,
    );
  });

  test("fal-ai sync tasks by payload, queue through the router", async () => {
    const auth = { Authorization: "Key k" };
    const img = await postJson(ctx.emu, "https://fal.run/fal-ai/flux/dev", { sync_mode: true, prompt: "cat" }, auth);
    expect((await img.json()).images[0].url).toBe(`${ctx.emu.url}/_assets/image.jpeg`);
    const tts = await postJson(ctx.emu, "https://fal.run/fal-ai/yue", { lyrics: "la la" }, auth);
    expect((await tts.json()).audio.url).toBe(`${ctx.emu.url}/_assets/audio.wav`);
    const asr = await postJson(
      ctx.emu,
      "https://fal.run/fal-ai/whisper",
      { audio_url: "data:audio/wav;base64,AAAA" },
      auth,
    );
    expect(await asr.json()).toEqual({ text: "transcribed by fal", chunks: [] });
    const flac = await postJson(
      ctx.emu,
      "https://fal.run/fal-ai/whisper",
      { audio_url: "data:audio/flac;base64,AAAA" },
      auth,
    );
    expect(flac.status).toBe(422);
    expect(JSON.stringify(await flac.json())).toContain("Unsupported audio type audio/flac");

    const submit = await postJson(ctx.emu, "https://router.huggingface.co/fal-ai/fal-ai/ltx-video?_subdomain=queue", {
      prompt: "a",
    });
    const job = await submit.json();
    expect(job).toMatchObject({ status: "IN_QUEUE" });
    const path = new URL(job.response_url).pathname;
    expect(path).toBe(`/fal-ai/ltx-video/requests/${job.request_id}`);
    const status = () =>
      ctx.emu
        .fetch(`https://router.huggingface.co/fal-ai${path}/status?_subdomain=queue`)
        .then(async (r) => (await r.json()).status);
    expect(await status()).toBe("IN_PROGRESS");
    expect(await status()).toBe("COMPLETED");
    const result = await (await ctx.emu.fetch(`https://router.huggingface.co/fal-ai${path}?_subdomain=queue`)).json();
    expect(result.video.url).toBe(`${ctx.emu.url}/_assets/video.mp4`);
    const video = await fetch(result.video.url);
    expect(video.headers.get("content-type")).toBe("video/mp4");
  });

  test("replicate: Prefer: wait gives the output, without it the prediction only starts", async () => {
    const auth = { Authorization: "Bearer r8_k" };
    const byModel = await postJson(
      ctx.emu,
      "https://api.replicate.com/v1/models/black-forest-labs/flux-dev/predictions",
      { input: { prompt: "cat" } },
      { ...auth, Prefer: "wait" },
    );
    expect(byModel.status).toBe(201);
    expect((await byModel.json()).output).toEqual([`${ctx.emu.url}/_assets/image.png`]);
    const versioned = await postJson(
      ctx.emu,
      "https://api.replicate.com/v1/predictions",
      {
        input: { text: "hello" },
        version: "f559560eb822dc509045f3921a1921234918b91739db4bf3daab2169b71c7a13",
      },
      { ...auth, Prefer: "wait" },
    );
    expect((await versioned.json()).output).toBe(`${ctx.emu.url}/_assets/audio.wav`);
    const noWait = await postJson(
      ctx.emu,
      "https://api.replicate.com/v1/models/lightricks/ltx-video/predictions",
      { input: { prompt: "x" } },
      auth,
    );
    expect(await noWait.json()).toMatchObject({ status: "starting", output: null });
  });
});
