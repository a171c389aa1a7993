// 503 retry with backoff, Retry-After, maxRetries, retry_on_error; abort and timeout of whole calls (§9).
import { afterEach, describe, expect, test, vi } from "vitest";
import { chatCompletionStream, textClassification, textToImage } from "../../../src/index.js";
import { retryAfterMs, retryDelay } from "../../../src/lib/retry.js";
import { collect, fakeFetch, json, mappingAnswer, rejection, sseResponse } from "../fake-fetch.js";

const args = { model: "org/m", inputs: "x" };
const OK = () => json([[{ label: "a", score: 1 }]]);
const UNAVAILABLE = (headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: "loading" }), {
    status: 503,
    headers: { "Content-Type": "application/json", ...headers },
  });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("retryDelay", () => {
  test("exponential from the base delay, capped at 30 s, with at most +10 % (≤ 500 ms) jitter", () => {
    expect(retryDelay(1, 1000, null, () => 0)).toBe(1000);
    expect(retryDelay(2, 1000, null, () => 0)).toBe(2000);
    expect(retryDelay(3, 1000, null, () => 0)).toBe(4000);
    expect(retryDelay(3, 1000, null, () => 1)).toBe(4400);
    expect(retryDelay(5, 1000, null, () => 1)).toBe(16_500);
    expect(retryDelay(10, 1000, null, () => 1)).toBe(30_000);
    expect(retryDelay(60, 1000, null, () => 0.5)).toBe(30_000);
  });
  test("Retry-After in seconds or as an HTTP date wins, capped at 30 s; garbage ignored", () => {
    expect(retryDelay(5, 1000, "2", () => 1)).toBe(2000);
    expect(retryDelay(1, 1000, "120", () => 0)).toBe(30_000);
    // A date in the past means "now" (issue 14: dates used to be ignored).
    expect(retryDelay(1, 1000, "Wed, 21 Oct 2015 07:28:00 GMT", () => 0)).toBe(0);
    expect(retryDelay(1, 1000, "soon", () => 0)).toBe(1000);
    expect(retryDelay(1, 1000, "-5", () => 0)).toBe(1000);
  });
  test("retryAfterMs: delay-seconds, IMF-fixdate, RFC 850 and asctime dates", () => {
    const now = Date.parse("Wed, 21 Oct 2015 07:28:00 GMT");
    expect(retryAfterMs("3", now)).toBe(3000);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:05 GMT", now)).toBe(5000);
    expect(retryAfterMs("Wednesday, 21-Oct-15 07:28:07 GMT", now)).toBe(7000);
    expect(retryAfterMs("Wed Oct 21 07:28:02 2015", now) ?? -1).toBeGreaterThanOrEqual(0);
    expect(retryAfterMs("Tue, 20 Oct 2015 07:28:00 GMT", now)).toBe(0);
    expect(retryAfterMs("12345678901234", now)).toBe(12345678901234000);
    expect(retryAfterMs("not a date", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe("503 handling", () => {
  test("retries with backoff (never a hot loop) and resends the same request", async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch((_url, _init, index) => (index < 3 ? UNAVAILABLE() : OK()));
    const pending = textClassification(args, { fetch, retryBaseDelay: 100 });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(11); // first wait: 100..110 ms
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(220); // second: 200..220 ms
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(440);
    expect(await pending).toEqual([{ label: "a", score: 1 }]);
    expect(calls).toHaveLength(4);
    expect(new Set(calls.map((c) => `${c.url} ${c.init.body}`)).size).toBe(1);
  });

  test("honours Retry-After", async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch((_url, _init, index) =>
      index === 0 ? UNAVAILABLE({ "Retry-After": "3" }) : OK(),
    );
    const pending = textClassification(args, { fetch, retryBaseDelay: 10 });
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await pending;
    expect(calls).toHaveLength(2);
  });

  test("retry_on_error: false handles the 503 like any error", async () => {
    const { fetch, calls } = fakeFetch(() => UNAVAILABLE());
    expect((await rejection(textClassification(args, { fetch, retry_on_error: false }))).message).toBe("loading");
    expect(calls).toHaveLength(1);
  });

  test("maxRetries bounds the retries; the last 503 becomes the error", async () => {
    const { fetch, calls } = fakeFetch(() => UNAVAILABLE());
    expect((await rejection(textClassification(args, { fetch, maxRetries: 2, retryBaseDelay: 1 }))).message).toBe(
      "loading",
    );
    expect(calls).toHaveLength(3);
  });

  test("streaming retries too", async () => {
    const { fetch, calls } = fakeFetch((_u, _i, index) =>
      index === 0 ? UNAVAILABLE() : sseResponse(['data: {"a":1}\n\n', "data: [DONE]\n\n"]),
    );
    expect(await collect(chatCompletionStream({ model: "org/m", messages: [] }, { fetch, retryBaseDelay: 1 }))).toEqual(
      [{ a: 1 }],
    );
    expect(calls).toHaveLength(2);
  });

  test("the model is resolved once for all retries", async () => {
    const { fetch, calls } = fakeFetch((url, _i, index) => {
      if (url.includes("/api/models/")) return mappingAnswer({ together: { providerId: "t", task: "conversational" } });
      return index < 2 ? UNAVAILABLE() : json({ choices: [], created: 1, id: "i", model: "m", usage: null });
    });
    const { chatCompletion } = await import("../../../src/index.js");
    await chatCompletion({ provider: "together", model: "org/once", messages: [] }, { fetch, retryBaseDelay: 1 });
    expect(calls.filter((c) => c.url.includes("/api/models/"))).toHaveLength(1);
  });
});

describe("abort and timeout", () => {
  test("aborting during a retry wait rejects with the signal's reason, no further request", async () => {
    const { fetch, calls } = fakeFetch(() => UNAVAILABLE());
    const controller = new AbortController();
    const reason = new Error("user stop");
    const pending = textClassification(args, { fetch, signal: controller.signal, retryBaseDelay: 10_000 });
    await new Promise((r) => setTimeout(r, 20));
    controller.abort(reason);
    expect(await rejection(pending)).toBe(reason);
    await new Promise((r) => setTimeout(r, 20));
    expect(calls).toHaveLength(1);
  });

  test("an already aborted signal rejects without any request (default reason is an AbortError)", async () => {
    const { fetch, calls } = fakeFetch(() => OK());
    const error = await rejection(textClassification(args, { fetch, signal: AbortSignal.abort() }));
    expect(error.name).toBe("AbortError");
    expect(calls).toHaveLength(0);
  });

  test("the signal is passed to fetch and aborts it; listeners are removed after the call", async () => {
    let seen: AbortSignal | undefined;
    const fetch = ((_url: string, init: RequestInit) => {
      seen = init.signal ?? undefined;
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    }) as typeof globalThis.fetch;
    const controller = new AbortController();
    const pending = textClassification(args, { fetch, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen?.aborted).toBe(false);
    controller.abort(new Error("x"));
    expect((await rejection(pending)).message).toBe("x");
    expect(seen?.aborted).toBe(true);
  });

  test("timeout bounds the whole call with the exact message", async () => {
    const { fetch } = fakeFetch(() => UNAVAILABLE());
    const error = await rejection(textClassification(args, { fetch, timeout: 50, retryBaseDelay: 10 }));
    expect(error.message).toBe("Request timed out after 50 ms");
  });

  test("timeout stops a hanging fetch", async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      )) as typeof globalThis.fetch;
    expect((await rejection(textClassification(args, { fetch, timeout: 30 }))).message).toBe(
      "Request timed out after 30 ms",
    );
  });

  test("timeout stops black-forest-labs polling", async () => {
    vi.useFakeTimers();
    vi.spyOn(console, "debug").mockImplementation(() => {});
    const { fetch, calls } = fakeFetch((url) => {
      if (url.includes("/api/models/"))
        return mappingAnswer({ "black-forest-labs": { providerId: "flux", task: "text-to-image" } });
      return json({ id: "1", polling_url: "https://poll.example/get?id=1" });
    });
    const pending = rejection(
      textToImage({ provider: "black-forest-labs", model: "org/b", inputs: "x" }, { fetch, timeout: 200 }),
    );
    await vi.advanceTimersByTimeAsync(200);
    expect((await pending).message).toBe("Request timed out after 200 ms");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.url.startsWith("https://poll.example"))).toHaveLength(0);
  });

  test("abort stops a stream in the middle", async () => {
    const encoder = new TextEncoder();
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(encoder.encode('data: {"n":1}\n\n'));
      },
    });
    const { fetch } = fakeFetch(() => new Response(body, { headers: { "Content-Type": "text/event-stream" } }));
    const seen: unknown[] = [];
    const reason = new Error("enough");
    const error = await rejection(
      (async () => {
        for await (const item of chatCompletionStream(
          { model: "org/m", messages: [] },
          { fetch, signal: controller.signal },
        )) {
          seen.push(item);
          controller.abort(reason);
        }
      })(),
    );
    expect(seen).toEqual([{ n: 1 }]);
    expect(error).toBe(reason);
  });

  test("globalThis.fetch is looked up at call time", async () => {
    const { fetch, calls } = fakeFetch(() => OK());
    vi.stubGlobal("fetch", fetch);
    try {
      await textClassification(args);
      expect(calls).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
