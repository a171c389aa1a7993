// Bounded by default (issue 14): against a misbehaving loopback provider every call ends — idle timeout, size caps,
// typed network errors, Retry-After dates, whole-call timeout — and no error carries the caller's credentials.
// Caps and timeouts are configured small so each case runs in well under a second.
import { once } from "node:events";
import { type AddressInfo, createServer } from "node:net";
import { inspect } from "node:util";
import { sseText } from "@hubkit/emulator";
import {
  InferenceClientHttpError,
  InferenceClientLimitError,
  InferenceClientNetworkError,
  InferenceClientStreamError,
  InferenceTimeoutError,
} from "@hubkit/inference/errors";
import { describe, expect, test } from "vitest";
import {
  CHAT,
  CLS,
  collect,
  fn,
  HF_TOKEN,
  PROVIDER_KEY,
  realFetch,
  rejection,
  streamFn,
  useHarness,
  withFakeTimers,
} from "./helpers.js";

const h = useHarness();
const cls = (options: Record<string, unknown> = {}) => fn("textClassification")(CLS, h.opts(options));
const chatStream = (options: Record<string, unknown> = {}) =>
  collect(streamFn("chatCompletionStream")(CHAT, h.opts(options)));
const KiB = 1024;

/** Rejects and measures how long it took. */
async function timedRejection(promise: Promise<unknown>): Promise<{ error: Error; ms: number }> {
  const started = Date.now();
  const error = await rejection(promise);
  return { error, ms: Date.now() - started };
}

function expectIdle(error: Error, idleTimeout: number) {
  expect(error).toBeInstanceOf(InferenceTimeoutError);
  expect((error as InferenceTimeoutError).kind).toBe("idle");
  expect(error.message).toBe(`Request timed out: no data received for ${idleTimeout} ms (idleTimeout)`);
}

function expectLimit(error: Error, limit: string) {
  expect(error).toBeInstanceOf(InferenceClientLimitError);
  expect((error as InferenceClientLimitError).limit).toBe(limit);
  expect(error.message).toContain(limit);
}

describe("idle timeout", () => {
  test("a provider that never answers: rejects after idleTimeout", async () => {
    h.emu.inject({ delayMs: 60_000 });
    const { error, ms } = await timedRejection(cls({ idleTimeout: 200 }));
    expectIdle(error, 200);
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(ms).toBeLessThan(2000);
  });

  test("slow headers: within idleTimeout → result; beyond → idle timeout", async () => {
    h.emu.inject({ delayMs: 250 });
    expect(await cls({ idleTimeout: 1500 })).toHaveLength(2);
    h.emu.inject({ delayMs: 1000 });
    expectIdle((await timedRejection(cls({ idleTimeout: 150 }))).error, 150);
  });

  test("a body that stops mid-way (non-streaming) → idle timeout", async () => {
    h.emu.inject({ stallAfterBytes: 5 });
    const { error, ms } = await timedRejection(cls({ idleTimeout: 200 }));
    expectIdle(error, 200);
    expect(ms).toBeLessThan(2000);
  });

  test("a stream that stops mid-way → idle timeout", async () => {
    h.emu.inject({ stallAfterBytes: 300 });
    expectIdle((await timedRejection(chatStream({ idleTimeout: 200 }))).error, 200);
  });

  test("a slow but steady stream outlives idleTimeout many times over", async () => {
    h.emu.inject({ chunkSize: 64, chunkDelayMs: 40 });
    const started = Date.now();
    const chunks = await chatStream({ idleTimeout: 150 });
    expect(Date.now() - started).toBeGreaterThan(450);
    expect(chunks.length).toBeGreaterThan(2);
  });

  test("a slow but steady JSON body outlives idleTimeout", async () => {
    h.emu.inject({ chunkSize: 4, chunkDelayMs: 40 });
    const started = Date.now();
    expect(await cls({ idleTimeout: 150 })).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThan(300);
  });

  test("the default is 60 s (no option): a stalled call is still pending after 300 ms", async () => {
    h.emu.inject({ delayMs: 60_000 });
    const controller = new AbortController();
    const pending = cls({ signal: controller.signal });
    const raced = await Promise.race([
      pending.then(
        () => "done",
        () => "rejected",
      ),
      new Promise((r) => setTimeout(() => r("pending"), 300)),
    ]);
    expect(raced).toBe("pending");
    controller.abort();
    expect((await rejection(pending)).name).toBe("AbortError");
  });
});

describe("size caps", () => {
  test("an endless JSON body → maxJsonBytes", async () => {
    h.emu.inject({ body: '{"a":"', contentType: "application/json", repeat: { chunk: "x".repeat(KiB) } });
    expectLimit(await rejection(cls({ maxJsonBytes: 256 * KiB })), "maxJsonBytes");
  });

  test("a declared Content-Length over the cap is refused before reading", async () => {
    h.emu.inject({ body: { big: "y".repeat(64 * KiB) } });
    expectLimit(await rejection(cls({ maxJsonBytes: 16 * KiB })), "maxJsonBytes");
  });

  test("an endless error body → maxErrorBytes", async () => {
    h.emu.inject({ status: 500, body: "oops ", repeat: { chunk: "z".repeat(KiB) } });
    expectLimit(await rejection(cls({ maxErrorBytes: 64 * KiB })), "maxErrorBytes");
  });

  test("an endless binary body → maxBlobBytes", async () => {
    h.emu.inject({ body: new Uint8Array([1, 2, 3]), contentType: "image/png", repeat: { chunk: new Uint8Array(KiB) } });
    const args = { model: "stabilityai/stable-diffusion-xl-base-1.0", inputs: "a cat" };
    const error = await rejection(fn("textToImage")(args, h.opts({ maxBlobBytes: 128 * KiB })));
    expectLimit(error, "maxBlobBytes");
  });

  test("endless SSE data: lines without a blank line → maxSseEventLength", async () => {
    h.emu.inject({ body: "", contentType: "text/event-stream", repeat: { chunk: "data: xxxxxxxxxxxxxxxx\n" } });
    expectLimit(await rejection(chatStream({ maxSseEventLength: 64 * KiB })), "maxSseEventLength");
  });

  test("one endless SSE line → maxSseLineLength (not a RangeError)", async () => {
    h.emu.inject({ body: "data: ", contentType: "text/event-stream", repeat: { chunk: "x".repeat(KiB) } });
    expectLimit(await rejection(chatStream({ maxSseLineLength: 64 * KiB })), "maxSseLineLength");
  });

  test("an endless stream of small, complete events is fine until it ends (no total cap on streams)", async () => {
    const event = sseText([{ choices: [{ index: 0, delta: { content: "a" } }] }], false);
    h.emu.inject({
      body: "",
      contentType: "text/event-stream",
      repeat: { chunk: event, maxBytes: event.length * 500 },
    });
    expect(await chatStream({ maxSseEventLength: 1024, maxSseLineLength: 1024 })).toHaveLength(500);
  });
});

describe("network failures are typed", () => {
  test("a redirect loop → InferenceClientNetworkError with the cause kept", async () => {
    h.emu.inject({ status: 302, headers: { location: `${h.emu.url}/loop` }, body: "", times: 50 });
    const error = await rejection(cls());
    expect(error).toBeInstanceOf(InferenceClientNetworkError);
    expect(error.message).toMatch(
      /^Network error on https:\/\/router\.huggingface\.co\/hf-inference\/models\/.*: fetch failed \(redirect count exceeded\)$/,
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  test("a redirect to a non-HTTP URL → InferenceClientNetworkError", async () => {
    h.emu.inject({ status: 302, headers: { location: "ftp://127.0.0.1/file" }, body: "" });
    const error = await rejection(cls());
    expect(error).toBeInstanceOf(InferenceClientNetworkError);
    expect(error.message).toContain("fetch failed (");
  });

  test("connection refused → InferenceClientNetworkError naming the URL, no query string", async () => {
    const server = createServer().listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const endpointUrl = `http://127.0.0.1:${port}/v1?sig=secret`;
    const error = await rejection(
      fn("chatCompletion")({ ...CHAT, endpointUrl, provider: "hf-inference" }, { fetch: realFetch }),
    );
    expect(error).toBeInstanceOf(InferenceClientNetworkError);
    expect(error.message).toBe(
      `Network error on http://127.0.0.1:${port}/v1: fetch failed (connect ECONNREFUSED 127.0.0.1:${port})`,
    );
    expect(error.message).not.toContain("secret");
  });

  test("a reset before any byte, mid-body and mid-stream → InferenceClientNetworkError", async () => {
    h.emu.inject({ resetAfterBytes: 0 });
    expect(await rejection(cls())).toBeInstanceOf(InferenceClientNetworkError);
    h.emu.inject({ resetAfterBytes: 10 });
    expect(await rejection(cls())).toBeInstanceOf(InferenceClientNetworkError);
    h.emu.inject({ resetAfterBytes: 300 });
    expect(await rejection(chatStream())).toBeInstanceOf(InferenceClientNetworkError);
  });

  test("a custom fetch that throws a bare TypeError is wrapped too", async () => {
    const failing = (() => Promise.reject(new TypeError("Failed to fetch"))) as typeof fetch;
    const error = await rejection(fn("textClassification")(CLS, { fetch: failing }));
    expect(error).toBeInstanceOf(InferenceClientNetworkError);
    expect((error.cause as Error).message).toBe("Failed to fetch");
  });
});

describe("503 retries, Retry-After dates and the whole-call timeout", () => {
  test("Retry-After as an HTTP date is honoured (fake clock)", async () => {
    const inFiveSeconds = () => new Date(Date.now() + 5000).toUTCString();
    await withFakeTimers(
      async () => {
        h.emu.inject({ status: 503, body: { error: "loading" }, headers: { "Retry-After": inFiveSeconds() } });
        return cls({ retryBaseDelay: 10 });
      },
      { date: true, stepMs: 20 },
    );
    const [a, b] = h.calls().map((r) => r.time);
    // HTTP dates have whole seconds: the wait is 4–5 s, never the 10 ms backoff.
    expect(b - a).toBeGreaterThanOrEqual(4000);
    expect(b - a).toBeLessThan(6000);
  });

  test("timeout bounds the whole call even when Retry-After asks for longer", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" }, headers: { "Retry-After": "25" }, times: 100 });
    const { error, ms } = await timedRejection(cls({ timeout: 300 }));
    expect(error).toBeInstanceOf(InferenceTimeoutError);
    expect(error.message).toBe("Request timed out after 300 ms");
    expect(ms).toBeLessThan(2000);
  });

  test("maxRetries bounds retries that each answer with a Retry-After date in the past", async () => {
    h.emu.inject({
      status: 503,
      body: { error: "busy" },
      headers: { "Retry-After": "Thu, 01 Jan 1970 00:00:00 GMT" },
      times: 50,
    });
    const error = await rejection(cls({ maxRetries: 3 }));
    expect(error).toBeInstanceOf(InferenceClientHttpError);
    expect(h.calls()).toHaveLength(4);
  });
});

describe("credentials never reach an error", () => {
  /** Everything an error shows: message, stack, own fields, nested bodies and causes. */
  const dump = (error: Error) => inspect(error, { depth: 20, showHidden: true });

  test("an error body echoing the Authorization header (router token)", async () => {
    h.emu.inject({
      status: 401,
      body: { error: `Invalid token Bearer ${HF_TOKEN}`, echo: { headers: { authorization: `Bearer ${HF_TOKEN}` } } },
    });
    const error = await rejection(fn("textClassification")({ ...CLS, accessToken: HF_TOKEN }, h.opts()));
    expect(error).toBeInstanceOf(InferenceClientHttpError);
    expect(error.message).toBe("Invalid token Bearer [redacted]");
    expect(dump(error)).not.toContain(HF_TOKEN);
    expect(dump(error)).not.toContain("emulatorTestToken");
  });

  test("a text/plain body echoing the provider key (fal-ai `Key`, black-forest-labs `X-Key`)", async () => {
    h.emu.inject({ status: 403, body: `rejected Key ${PROVIDER_KEY} / x-key: ${PROVIDER_KEY}` });
    const args = {
      model: "black-forest-labs/FLUX.1-dev",
      provider: "fal-ai",
      inputs: "a cat",
      accessToken: PROVIDER_KEY,
    };
    const error = await rejection(fn("textToImage")(args, h.opts()));
    expect(error.message).not.toContain(PROVIDER_KEY);
    expect(dump(error)).not.toContain(PROVIDER_KEY);
  });

  test("Basic credentials and tokens echoed in a stream's error event", async () => {
    const basic = "dXNlcjpwYXNzd29yZA==";
    h.emu.inject({
      body: sseText([{ error: `auth Basic ${basic} refused` }], false),
      contentType: "text/event-stream",
    });
    const error = await rejection(chatStream());
    expect(error).toBeInstanceOf(InferenceClientStreamError);
    expect(error.message).toBe("Error forwarded from backend: auth Basic [redacted] refused");
    expect(dump(error)).not.toContain(basic);
  });

  test("the token in a streaming HTTP error and in an output error", async () => {
    const key = "sk-emulatorSecretKey123";
    h.emu.inject({ status: 400, body: { error: { message: `key ${key} rejected` } } });
    const args = { ...CHAT, provider: "together", accessToken: key };
    const error = await rejection(collect(streamFn("chatCompletionStream")(args, h.opts())));
    expect(error.message).toBe("key [redacted] rejected");
    expect(dump(error)).not.toContain(key);

    h.emu.inject({ body: { unexpected: key } });
    const output = await rejection(fn("chatCompletion")(args, h.opts()));
    expect(output.name).toBe("InferenceOutputError");
    expect(dump(output)).not.toContain(key);
  });
});
