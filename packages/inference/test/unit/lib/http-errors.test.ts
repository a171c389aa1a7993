// HTTP error handling (§7 non-streaming, §8 streaming): exact messages, typed errors, token redaction.
import { describe, expect, test, vi } from "vitest";
import {
  chatCompletion,
  chatCompletionStream,
  request,
  streamingRequest,
  textClassification,
} from "../../../src/index.js";
import { InferenceClientHttpError } from "../../../src/lib/errors.js";
import { collect, fakeFetch, json, rejection, sseResponse, text } from "../fake-fetch.js";

const args = { model: "org/m", inputs: "x", accessToken: "hf_supersecret" };

describe("non-streaming (§7)", () => {
  test.each([
    [json({ error: "Model org/m does not exist" }, 404), "Model org/m does not exist"],
    [json({ error: { code: 1 } }, 400), '{"code":1}'],
    [json({ detail: "bad" }, 422), "bad"],
    [json({ error: "e", detail: "d" }, 422), "e"],
    [json({ error: null, detail: "d" }, 422), "d"],
    [json({ other: 1 }, 500), '{"other":1}'],
    [text('{"error": "x"}', 400, "application/problem+json"), "x"],
    [text("not json", 500, "application/json"), "not json"],
    [text("plain failure", 500, "text/plain"), "plain failure"],
    [text("plain with charset", 500, "text/plain; charset=utf-8"), "plain with charset"],
    [text("<html>", 502, "text/html"), "An error occurred while fetching the blob"],
    [new Response(null, { status: 500 }), "An error occurred while fetching the blob"],
  ])("%#: exact message", async (response, message) => {
    const { fetch } = fakeFetch(() => response);
    const error = await rejection(textClassification(args, { fetch }));
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(InferenceClientHttpError);
    expect(error.message).toBe(message);
  });

  test("typed error carries status, request id and the request with the token redacted", async () => {
    const { fetch } = fakeFetch(() => json({ error: "nope" }, 403, { "x-request-id": "req-42" }));
    const error = (await rejection(textClassification(args, { fetch }))) as InferenceClientHttpError;
    expect(error.status).toBe(403);
    expect(error.requestId).toBe("req-42");
    expect(error.request.url).toBe("https://router.huggingface.co/hf-inference/models/org/m");
    expect(error.request.headers.Authorization).toBe("Bearer [redacted]");
    expect(JSON.stringify(error)).not.toContain("supersecret");
    expect(String(error.stack)).not.toContain("supersecret");
  });

  test("request with chatCompletion: the 'does not seem to support chat completion' message", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    for (const [body, detail] of [
      [{ error: "boom" }, "boom"],
      [{ error: { a: 1 } }, '{"a":1}'],
      [{ detail: "x" }, "undefined"],
    ] as const) {
      const { fetch } = fakeFetch(() => json(body, 422));
      const error = await rejection(request({ model: "org/m", inputs: "x" }, { fetch, chatCompletion: true }));
      expect(error.message).toBe(`Server org/m does not seem to support chat completion. Error: ${detail}`);
    }
    const { fetch } = fakeFetch(() => json({ error: "teapot" }, 418));
    expect((await rejection(request({ model: "org/m", inputs: "x" }, { fetch, chatCompletion: true }))).message).toBe(
      "teapot",
    );
    vi.restoreAllMocks();
  });

  test("chatCompletion itself reports the plain error", async () => {
    const { fetch } = fakeFetch(() => json({ error: "boom" }, 400));
    const error = await rejection(chatCompletion({ model: "org/m", messages: [] }, { fetch }));
    expect(error.message).toBe("boom");
  });

  test("a successful non-JSON answer is returned as a Blob", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fetch } = fakeFetch(
      () => new Response(new Uint8Array([1, 2]), { headers: { "Content-Type": "audio/wav" } }),
    );
    const blob = await request<Blob>({ model: "org/m", inputs: "x" }, { fetch });
    expect(blob).toBeInstanceOf(Blob);
    vi.restoreAllMocks();
  });
});

describe("streaming (§8)", () => {
  const chat = { model: "org/m", messages: [{ role: "user", content: "hi" }] };
  test.each([
    [json({ error: "overloaded" }, 500), "overloaded"],
    [json({ error: { message: "openai style" } }, 400), "openai style"],
    [json({ message: "top-level" }, 400), "top-level"],
    [json({ error: { code: 3 } }, 400), "Server response contains error: 400"],
    [text("not json", 500, "application/json"), "Server response contains error: 500"],
    [text('{"error":"x"}', 500, "application/problem+json"), "Server response contains error: 500"],
    [text("plain", 502, "text/plain"), "Server response contains error: 502"],
    [json({ ok: true }, 200), "Server does not support event stream content type, it returned application/json"],
    [
      new Response("x", { status: 200, headers: { "Content-Type": "" } }),
      "Server does not support event stream content type, it returned ",
    ],
  ])("%#: exact message", async (response, message) => {
    const { fetch } = fakeFetch(() => response);
    expect((await rejection(collect(chatCompletionStream(chat, { fetch })))).message).toBe(message);
  });

  test("missing Content-Type prints null", async () => {
    const response = new Response(new Uint8Array([1]), { status: 200 });
    response.headers.delete("Content-Type");
    const { fetch } = fakeFetch(() => response);
    expect((await rejection(collect(chatCompletionStream(chat, { fetch })))).message).toBe(
      "Server does not support event stream content type, it returned null",
    );
  });

  test("nothing happens before the first next()", async () => {
    const { fetch, calls } = fakeFetch(() => sseResponse(["data: [DONE]\n\n"]));
    const generator = chatCompletionStream(chat, { fetch });
    await new Promise((r) => setTimeout(r, 5));
    expect(calls).toHaveLength(0);
    await collect(generator);
    expect(calls).toHaveLength(1);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ ...chat, stream: true });
  });

  test("streamingRequest with chatCompletion", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { fetch } = fakeFetch(() => json({ error: "nope" }, 404));
    expect(
      (await rejection(collect(streamingRequest({ model: "org/m", inputs: "x" }, { fetch, chatCompletion: true }))))
        .message,
    ).toBe("Server org/m does not seem to support chat completion. Error: nope");
    vi.restoreAllMocks();
  });
});
