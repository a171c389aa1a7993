// Pure parts of the bounds (issue 14): credential scrubbing of texts and error fields, SSE line/event caps,
// limit resolution.
import { describe, expect, test } from "vitest";
import {
  InferenceClientHttpError,
  InferenceClientLimitError,
  InferenceClientNetworkError,
} from "../../../src/lib/errors.js";
import { DEFAULT_LIMITS, limitOf } from "../../../src/lib/limits.js";
import { scrubError, scrubText } from "../../../src/lib/scrub.js";
import { SseParser } from "../../../src/lib/sse.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("scrubText", () => {
  test.each([
    ["the exact token anywhere", "token=abcdef123456!", ["abcdef123456"], "token=[redacted]!"],
    ["Bearer form", "Authorization: Bearer sk-live-123456", [], "Authorization: Bearer [redacted]"],
    ["Basic form", "got basic dXNlcjpwYXNz", [], "got basic [redacted]"],
    ["JSON header echo", '{"authorization":"Key fal_key_123"}', [], '{"authorization":"Key [redacted]"}'],
    ["X-Key header", "x-key: bfl-0123456789", [], "x-key: [redacted]"],
    ["api-key header", "api-key=abcdef", [], "api-key=[redacted]"],
    ["hf_ tokens", "user hf_abcdefghijklmnopqrstuvwxyz", [], "user hf_[redacted]"],
    ["ordinary text untouched", "Model is loading, bearer of bad news", [], "Model is loading, bearer of bad news"],
  ])("%s", (_name, input, secrets, expected) => {
    expect(scrubText(input, secrets)).toBe(expected);
  });
});

describe("scrubError", () => {
  test("every field: message, stack, nested and cyclic bodies, request body", () => {
    const token = "pk_secretKey42";
    const body: Record<string, unknown> = { error: `bad ${token}`, list: [[{ deep: token }]] };
    body.self = body;
    const error = new InferenceClientHttpError(
      `bad ${token}`,
      { url: "https://x", method: "POST", headers: {}, body: `{"key":"${token}"}` },
      { status: 401, requestId: null, body },
    );
    scrubError(error, token);
    expect(error.message).toBe("bad [redacted]");
    expect(error.stack).not.toContain(token);
    expect(JSON.stringify(error.response.body, (k, v) => (k === "self" ? undefined : v))).not.toContain(token);
    expect(error.request.body).not.toContain(token);
    expect((error.response.body as Record<string, unknown>).self).toBe(error.response.body);
  });

  test("a foreign cause is copied only when it leaks, and the caller's own errors are left alone", () => {
    const clean = new TypeError("fetch failed");
    const wrapped = new InferenceClientNetworkError("Network error", "https://x", clean);
    scrubError(wrapped, "tok_123456");
    expect(wrapped.cause).toBe(clean);
    const leaky = new InferenceClientNetworkError("Network error", "https://x", new Error("sent tok_123456"));
    scrubError(leaky, "tok_123456");
    expect((leaky.cause as Error).message).toBe("sent [redacted]");
    const reason = new Error("mine tok_123456");
    expect(scrubError(reason, "tok_123456")).toBe(reason);
    expect(reason.message).toBe("mine tok_123456");
  });
});

describe("SseParser caps", () => {
  test("a line longer than maxLineLength, split over chunks or in one chunk", () => {
    const parser = new SseParser({ maxLineLength: 100 });
    parser.feed(bytes(`data: ${"x".repeat(60)}`));
    expect(() => parser.feed(bytes("y".repeat(60)))).toThrow(InferenceClientLimitError);
    expect(() => new SseParser({ maxLineLength: 100 }).feed(bytes(`data: ${"x".repeat(200)}\n\n`))).toThrow(
      "maxSseLineLength",
    );
  });

  test("an event longer than maxEventLength; events just under it pass", () => {
    const parser = new SseParser({ maxEventLength: 20 });
    expect(parser.feed(bytes("data: 0123456789\ndata: 012345678\n\n"))).toHaveLength(1);
    expect(() => parser.feed(bytes("data: 0123456789\ndata: 0123456789\n"))).toThrow("maxSseEventLength");
  });
});

test("limitOf: a positive option wins, Infinity opts out, anything else is the default", () => {
  expect(limitOf({ idleTimeout: 5 }, "idleTimeout")).toBe(5);
  expect(limitOf({ maxJsonBytes: Number.POSITIVE_INFINITY }, "maxJsonBytes")).toBe(Number.POSITIVE_INFINITY);
  expect(limitOf({ idleTimeout: 0 }, "idleTimeout")).toBe(DEFAULT_LIMITS.idleTimeout);
  expect(limitOf({ maxBlobBytes: -1 }, "maxBlobBytes")).toBe(DEFAULT_LIMITS.maxBlobBytes);
  expect(limitOf(undefined, "maxSseLineLength")).toBe(16 * 1024 * 1024);
});
