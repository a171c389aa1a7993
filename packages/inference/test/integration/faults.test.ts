// The fault matrix (inference.md §9): 503 retries with backoff and Retry-After, maxRetries, retry_on_error,
// abort, timeout, slow/stalled bodies and resets. Every case ends in a result or a typed error within bounded
// time; the harness fails the test on any unhandled rejection.
import { describe, expect, test } from "vitest";
import { CHAT, CLS, collect, fn, rejection, streamFn, useHarness, withFakeTimers } from "./helpers.js";

const h = useHarness();
const FAST = { retryBaseDelay: 10 };
const cls = (options: Record<string, unknown> = {}) => fn("textClassification")(CLS, h.opts({ ...FAST, ...options }));

describe("503 retry", () => {
  test("503 three times, then success: same URL, headers and body each time", async () => {
    h.emu.inject({ status: 503, body: { error: "Model is loading" }, times: 3 });
    expect(await cls()).toHaveLength(2);
    const calls = h.calls();
    expect(calls).toHaveLength(4);
    for (const call of calls) {
      expect(call.url).toBe(calls[0].url);
      expect(call.text).toBe(calls[0].text);
      expect(call.headers.authorization).toBe(calls[0].headers.authorization);
      expect(call.headers["content-type"]).toBe("application/json");
    }
  });

  test("backoff on a fake clock: doubles from retryBaseDelay and caps at 30 s", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" }, times: 6 });
    await withFakeTimers(() => cls({ retryBaseDelay: 1000 }), { date: true, stepMs: 20 });
    const times = h.calls().map((r) => r.time);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    const expected = [1000, 2000, 4000, 8000, 16000, 30000];
    expect(gaps).toHaveLength(expected.length);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(expected[i]);
      expect(gap).toBeLessThan(expected[i] + 1000);
    });
  });

  test("Retry-After on a fake clock: used instead of the backoff, capped at 30 s", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" }, headers: { "Retry-After": "3" } });
    h.emu.inject({ status: 503, body: { error: "loading" }, headers: { "Retry-After": "120" } });
    await withFakeTimers(() => cls({ retryBaseDelay: 1000 }), { date: true, stepMs: 20 });
    const [a, b, c] = h.calls().map((r) => r.time);
    expect(b - a).toBeGreaterThanOrEqual(3000);
    expect(b - a).toBeLessThan(4000);
    expect(c - b).toBeGreaterThanOrEqual(30000);
    expect(c - b).toBeLessThan(31000);
  });

  test("Retry-After (seconds) is honoured", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" }, headers: { "Retry-After": "1" } });
    const started = Date.now();
    await cls({ retryBaseDelay: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  });

  test("maxRetries: after that many retries the last 503 is an ordinary error", async () => {
    h.emu.inject({ status: 503, body: { error: "still loading" }, times: 10 });
    const error = await rejection(cls({ maxRetries: 2 }));
    expect(error.message).toBe("still loading");
    expect(h.calls()).toHaveLength(3);
  });

  test("retry_on_error: false → no retry", async () => {
    h.emu.inject({ status: 503, body: "busy", times: 2 });
    const error = await rejection(cls({ retry_on_error: false }));
    expect(error.message).toBe("busy");
    expect(h.calls()).toHaveLength(1);
  });

  test("streams retry a 503 too", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" }, times: 2 });
    const chunks = await collect(streamFn("chatCompletionStream")(CHAT, h.opts(FAST)));
    expect(chunks.length).toBeGreaterThan(2);
    expect(h.calls()).toHaveLength(3);
  });

  test("abort during the backoff wait rejects with the signal's reason", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" }, times: 100 });
    const controller = new AbortController();
    const reason = new Error("user gave up");
    setTimeout(() => controller.abort(reason), 150);
    const error = await rejection(cls({ retryBaseDelay: 60_000, signal: controller.signal }));
    expect(error).toBe(reason);
    expect(h.calls()).toHaveLength(1);
  });

  test("timeout during endless 503s", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" }, times: 1000 });
    const error = await rejection(cls({ retryBaseDelay: 20, timeout: 400 }));
    expect(error.message).toBe("Request timed out after 400 ms");
  });
});

describe("slow, stalled and broken responses", () => {
  test("slow headers within budget → result", async () => {
    h.emu.inject({ delayMs: 200 });
    expect(await cls({ timeout: 10_000 })).toHaveLength(2);
  });

  test("a JSON body written byte by byte → result", async () => {
    h.emu.inject({ chunkSize: 1 });
    expect(await cls()).toHaveLength(2);
  });

  test("stalled headers + timeout", async () => {
    h.emu.inject({ delayMs: 30_000 });
    const error = await rejection(cls({ timeout: 300 }));
    expect(error.message).toBe("Request timed out after 300 ms");
  });

  test("stalled body + timeout (non-streaming)", async () => {
    h.emu.inject({ stallAfterBytes: 5 });
    const error = await rejection(cls({ timeout: 300 }));
    expect(error.message).toBe("Request timed out after 300 ms");
  });

  test("stalled stream + abort", async () => {
    h.emu.inject({ stallAfterBytes: 300 });
    const controller = new AbortController();
    const gen = streamFn("chatCompletionStream")(CHAT, h.opts({ signal: controller.signal }));
    await gen.next();
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(collect(gen));
    expect(error.name).toBe("AbortError");
  });

  test("stalled stream + timeout", async () => {
    h.emu.inject({ stallAfterBytes: 300 });
    const error = await rejection(collect(streamFn("chatCompletionStream")(CHAT, h.opts({ timeout: 400 }))));
    expect(error.message).toBe("Request timed out after 400 ms");
  });

  test("connection reset mid-stream → an Error", async () => {
    h.emu.inject({ resetAfterBytes: 300 });
    const error = await rejection(collect(streamFn("chatCompletionStream")(CHAT, h.opts())));
    expect(error).toBeInstanceOf(Error);
  });

  test("connection reset mid-body (non-streaming) → an Error", async () => {
    h.emu.inject({ resetAfterBytes: 10 });
    const error = await rejection(cls());
    expect(error).toBeInstanceOf(Error);
  });

  test("connection reset before any byte → an Error", async () => {
    h.emu.inject({ resetAfterBytes: 0 });
    const error = await rejection(cls());
    expect(error).toBeInstanceOf(Error);
  });

  test("an already-aborted signal rejects with its reason", async () => {
    const controller = new AbortController();
    const reason = new Error("never started");
    controller.abort(reason);
    const error = await rejection(cls({ signal: controller.signal }));
    expect(error).toBe(reason);
  });

  test("abort while the main request is in flight", async () => {
    h.emu.inject({ delayMs: 30_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await rejection(cls({ signal: controller.signal }));
    expect(error.name).toBe("AbortError");
  });

  test("wrong output shape after a retry → typed output error", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" } });
    h.emu.inject({ body: { not: "a list" } });
    const error = await rejection(cls());
    expect(error.name).toBe("InferenceOutputError");
  });

  test("malformed SSE after a retry → the parse error", async () => {
    h.emu.inject({ status: 503, body: { error: "loading" } });
    h.emu.inject({ body: 'data: {"ok":1}\n\ndata: nope\n\n', contentType: "text/event-stream", chunkSize: 3 });
    const error = await rejection(collect(streamFn("chatCompletionStream")(CHAT, h.opts(FAST))));
    expect(error.message).toBe("Failed to parse server-sent event data as JSON: nope");
  });
});
