// InferenceClient / InferenceClientEndpoint against the emulator, endpointUrl forms (inference.md §2.2, §4.2),
// the global fetch looked up at call time, includeCredentials, and the configurable base URLs.
import { describe, expect, test, vi } from "vitest";
import { client, fn, HF_TOKEN, useHarness } from "./helpers.js";

const h = useHarness();
type Chat = { choices: Array<{ message: { content: string } }>; model: string };
type Methods = Record<string, (args: Record<string, unknown>, options?: Record<string, unknown>) => Promise<unknown>>;
const messages = [{ role: "user", content: "Hi" }];

describe("InferenceClient", () => {
  test("the constructor token replaces a per-call token; per-call options win", async () => {
    const Client = client.InferenceClient as unknown as new (
      token?: string,
      defaults?: Record<string, unknown>,
    ) => Methods;
    const c = new Client(HF_TOKEN, { fetch: h.fetch, billTo: "default-org" });
    await c.chatCompletion(
      { model: "meta-llama/Llama-3.3-70B-Instruct", provider: "together", messages, accessToken: "hf_other" },
      { billTo: "call-org" },
    );
    const [req] = h.calls();
    expect(req.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
    expect(req.headers["x-hf-bill-to"]).toBe("call-org");
  });

  test("an empty constructor token means no Authorization at all", async () => {
    const Client = client.InferenceClient as unknown as new (
      token?: string,
      defaults?: Record<string, unknown>,
    ) => Methods;
    const c = new Client("", { fetch: h.fetch });
    await c.textClassification({
      model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english",
      inputs: "x",
      accessToken: "hf_ignored",
    });
    expect(h.calls()[0].headers.authorization).toBeUndefined();
  });

  test("endpoint(): the endpoint URL replaces the whole URL", async () => {
    const Client = client.InferenceClient as unknown as new (
      token?: string,
      defaults?: Record<string, unknown>,
    ) => { endpoint: (url: string) => Methods };
    const endpoint = new Client(HF_TOKEN, { fetch: h.fetch }).endpoint(
      `${h.emu.url}/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english`,
    );
    await endpoint.textClassification({ inputs: "x" });
    const [req] = h.calls();
    expect(req.url).toBe(`${h.emu.url}/hf-inference/models/distilbert/distilbert-base-uncased-finetuned-sst-2-english`);
    expect(req.headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
    expect(req.text).toBe('{"inputs":"x"}');
  });
});

describe("endpointUrl for chat (hf-inference)", () => {
  test.each([
    ["/v1", "/v1/chat/completions"],
    ["/v1///", "/v1/chat/completions"],
    ["/v1/chat/completions", "/v1/chat/completions"],
    ["/hf-inference/models/openai-community/gpt2", "/hf-inference/models/openai-community/gpt2/v1/chat/completions"],
  ])("%s → %s", async (suffix, path) => {
    const out = (await fn("chatCompletion")({ endpointUrl: `  ${h.emu.url}${suffix}  `, messages }, h.opts())) as Chat;
    expect(out.choices[0].message.content).toBe("Hello from the emulator! You said: Hi");
    const [req] = h.calls();
    expect(req.url).toBe(`${h.emu.url}${path}`);
    // No model in the call → no model key in the body.
    expect(req.text).toBe('{"messages":[{"role":"user","content":"Hi"}]}');
  });

  test("with a model, the body ends with it and the endpoint still wins", async () => {
    await fn("chatCompletion")({ endpointUrl: `${h.emu.url}/v1`, model: "tgi", messages, max_tokens: 4 }, h.opts());
    expect(h.calls()[0].text).toBe('{"messages":[{"role":"user","content":"Hi"}],"max_tokens":4,"model":"tgi"}');
    expect(h.hubCalls()).toHaveLength(0);
  });

  test("streamed chat through an OpenAI-compatible endpoint", async () => {
    const gen = client.chatCompletionStream(
      { endpointUrl: `${h.emu.url}/v1`, messages },
      h.opts(),
    ) as unknown as AsyncGenerator<{
      choices: Array<{ delta: { content?: string } }>;
    }>;
    let text = "";
    for await (const chunk of gen) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe("Hello from the emulator! You said: Hi");
  });
});

describe("fetch and credentials", () => {
  test("globalThis.fetch is looked up at call time (mapping, main request, polling, download)", async () => {
    vi.stubGlobal("fetch", h.fetch);
    const blob = await fn("textToImage")(
      { model: "black-forest-labs/FLUX.1-dev", provider: "fal-ai", inputs: "a cat", accessToken: "k" },
      {},
    );
    expect(blob).toBeInstanceOf(Blob);
    expect(h.emu.requests.map((r) => r.service)).toEqual(["hub", "fal-ai", "assets"]);
  });

  test("includeCredentials without a token: router, no Authorization", async () => {
    const seen: RequestInit[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(init ?? {});
      return h.fetch(input, init);
    };
    await fn("textClassification")(
      { model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english", inputs: "x" },
      { fetch: spy, includeCredentials: true },
    );
    await fn("textClassification")(
      { model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english", inputs: "x" },
      { fetch: spy, includeCredentials: "same-origin" },
    );
    await fn("textClassification")(
      { model: "distilbert/distilbert-base-uncased-finetuned-sst-2-english", inputs: "x" },
      { fetch: spy },
    );
    expect(seen.map((init) => init.credentials)).toEqual(["include", "same-origin", undefined]);
    expect("credentials" in seen[2]).toBe(false);
    expect(seen.every((init) => init.method === "POST")).toBe(true);
    expect(h.calls().every((r) => r.headers.authorization === undefined)).toBe(true);
  });

  test('includeCredentials: "include" without a token goes through the router for a third-party provider', async () => {
    const model = "meta-llama/Llama-3.3-70B-Instruct";
    await fn("chatCompletion")({ model, provider: "sambanova", messages }, h.opts({ includeCredentials: "include" }));
    const [req] = h.calls();
    expect(req.url).toBe("https://router.huggingface.co/sambanova/v1/chat/completions");
    expect(req.headers.authorization).toBeUndefined();
  });

  test("HfInference is the same client", async () => {
    const Hf = client.HfInference as unknown as new (token?: string, defaults?: Record<string, unknown>) => Methods;
    const c = new Hf(HF_TOKEN, { fetch: h.fetch });
    expect(c).toBeInstanceOf(client.InferenceClient as unknown as new () => unknown);
    await c.fillMask({ model: "google-bert/bert-base-uncased", inputs: "a [MASK]" });
    expect(h.calls()[0].headers.authorization).toBe(`Bearer ${HF_TOKEN}`);
  });

  test("base URLs pointed at the emulator's own origin (hubUrl / routerUrl options)", async () => {
    const out = (await fn("chatCompletion")(
      { model: "meta-llama/Llama-3.3-70B-Instruct", provider: "together", messages, accessToken: HF_TOKEN },
      { fetch: h.fetch, hubUrl: h.emu.url, routerUrl: h.emu.url },
    )) as Chat;
    expect(out.model).toBe("meta-llama/Llama-3.3-70B-Instruct-Turbo");
    expect(h.emu.requests.map((r) => r.url)).toEqual([
      `${h.emu.url}/api/models/meta-llama/Llama-3.3-70B-Instruct?expand[]=inferenceProviderMapping`,
      `${h.emu.url}/together/v1/chat/completions`,
    ]);
  });
});
