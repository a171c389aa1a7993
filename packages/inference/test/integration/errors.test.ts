// HTTP error handling (inference.md §7) and streaming errors (§8), each error-body form served by the emulator.
import { sseText } from "@hubkit/emulator";
import { describe, expect, test } from "vitest";
import { CHAT, CLS, collect, fn, rejection, streamFn, useHarness } from "./helpers.js";

const h = useHarness();
const quiet = async <T>(run: () => Promise<T>): Promise<T> => {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return await run();
  } finally {
    console.warn = warn;
  }
};

describe("§7 non-streaming HTTP errors", () => {
  test.each([
    ["JSON error string", { status: 404, body: { error: "Model x does not exist" } }, "Model x does not exist"],
    ["JSON error object", { status: 400, body: { error: { code: 1, msg: "bad" } } }, '{"code":1,"msg":"bad"}'],
    ["JSON detail string", { status: 422, body: { detail: "Input validation error" } }, "Input validation error"],
    ["JSON detail array", { status: 422, body: { detail: [{ loc: ["x"] }] } }, '[{"loc":["x"]}]'],
    ["JSON error wins over detail", { status: 400, body: { detail: "d", error: "e" } }, "e"],
    ["JSON without error or detail", { status: 500, body: { foo: 1 } }, '{"foo":1}'],
    [
      "application/problem+json",
      { status: 400, body: '{"detail":"problem detail"}', contentType: "application/problem+json" },
      "problem detail",
    ],
    ["unparsable JSON → text", { status: 502, body: "oops{", contentType: "application/json" }, "oops{"],
    ["text/plain", { status: 500, body: "Internal failure" }, "Internal failure"],
    [
      "text/plain; charset=utf-8",
      { status: 500, body: "With charset", contentType: "text/plain; charset=utf-8" },
      "With charset",
    ],
    [
      "empty body, no content type",
      { status: 500, body: "", contentType: null },
      "An error occurred while fetching the blob",
    ],
    [
      "binary body",
      { status: 500, body: new Uint8Array([0xff, 0xfe, 0]) },
      "An error occurred while fetching the blob",
    ],
    [
      "HTML body",
      { status: 502, body: "<html>bad gateway</html>", contentType: "text/html" },
      "An error occurred while fetching the blob",
    ],
  ])("%s", async (_name, fault, message) => {
    h.emu.inject(fault);
    const error = await rejection(fn("textClassification")(CLS, h.opts()));
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(message);
    expect(h.calls()).toHaveLength(1);
  });

  test("a 503 with retry_on_error: false is an ordinary error", async () => {
    h.emu.inject({ status: 503, body: { error: "Model is loading" } });
    const error = await rejection(fn("textClassification")(CLS, h.opts({ retry_on_error: false })));
    expect(error.message).toBe("Model is loading");
    expect(h.calls()).toHaveLength(1);
  });

  test.each([
    [400, { error: "bad" }, "bad"],
    [422, { error: { message: "m" } }, '{"message":"m"}'],
    [404, { detail: "no" }, "undefined"],
    [500, { error: "boom" }, "boom"],
  ])("request with chatCompletion: status %i → chat message", async (status, body, detail) => {
    h.emu.inject({ status, body });
    const error = await quiet(() =>
      rejection(fn("request")({ model: "openai-community/gpt2", inputs: "x" }, h.opts({ chatCompletion: true }))),
    );
    expect(error.message).toBe(
      `Server openai-community/gpt2 does not seem to support chat completion. Error: ${detail}`,
    );
  });

  test("request with chatCompletion: status 401 is not in the chat set", async () => {
    h.emu.inject({ status: 401, body: { error: "Unauthorized" } });
    const error = await quiet(() =>
      rejection(fn("request")({ model: "openai-community/gpt2", inputs: "x" }, h.opts({ chatCompletion: true }))),
    );
    expect(error.message).toBe("Unauthorized");
  });

  test("request warns once per call and returns JSON or a Blob unvalidated", async () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      h.emu.inject({ body: { anything: true } });
      expect(await fn("request")({ model: "openai-community/gpt2", inputs: "x" }, h.opts())).toEqual({
        anything: true,
      });
      const blob = await fn("request")({ model: "stabilityai/stable-diffusion-xl-base-1.0", inputs: "x" }, h.opts());
      expect(blob).toBeInstanceOf(Blob);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([
      [
        "The request method is deprecated and will be removed in a future version of @hubkit/inference. Use specific task functions instead.",
      ],
      [
        "The request method is deprecated and will be removed in a future version of @hubkit/inference. Use specific task functions instead.",
      ],
    ]);
  });
});

describe("§8 streaming errors", () => {
  const stream = () => collect(streamFn("chatCompletionStream")(CHAT, h.opts()));

  test.each([
    ["JSON error string", { status: 400, body: { error: "bad request" } }, "bad request"],
    [
      "OpenAI-style error.message",
      { status: 401, body: { error: { message: "Invalid API key", type: "auth" } } },
      "Invalid API key",
    ],
    ["top-level message", { status: 429, body: { message: "Too many requests" } }, "Too many requests"],
    ["JSON without a known field", { status: 500, body: { foo: 1 } }, "Server response contains error: 500"],
    [
      "error object without message",
      { status: 500, body: { error: { code: 1 } } },
      "Server response contains error: 500",
    ],
    ["text/plain", { status: 502, body: "bad gateway" }, "Server response contains error: 502"],
    [
      "problem+json falls to the last case",
      { status: 400, body: '{"message":"p"}', contentType: "application/problem+json" },
      "Server response contains error: 400",
    ],
    [
      "unparsable JSON",
      { status: 500, body: "{oops", contentType: "application/json" },
      "Server response contains error: 500",
    ],
    [
      "OK but JSON content type",
      { body: { choices: [] } },
      "Server does not support event stream content type, it returned application/json",
    ],
    [
      "OK without content type",
      { body: "data: x\n\n", contentType: null },
      "Server does not support event stream content type, it returned null",
    ],
    [
      "non-JSON data line",
      { body: "data: {not json\n\n", contentType: "text/event-stream" },
      "Failed to parse server-sent event data as JSON: {not json",
    ],
    [
      "error event (string)",
      { body: sseText([{ error: "backend exploded" }]), contentType: "text/event-stream" },
      "Error forwarded from backend: backend exploded",
    ],
    [
      "error event (error.message)",
      { body: sseText([{ error: { message: "overloaded", type: "x" } }]), contentType: "text/event-stream" },
      "Error forwarded from backend: overloaded",
    ],
    [
      "error event (object)",
      { body: sseText([{ error: { code: 5 } }]), contentType: "text/event-stream" },
      'Error forwarded from backend: {"code":5}',
    ],
  ])("%s", async (_name, fault, message) => {
    h.emu.inject(fault);
    const error = await rejection(stream());
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(message);
  });

  test("long unparsable data is cut to its first 200 characters", async () => {
    const data = `{${"x".repeat(300)}`;
    h.emu.inject({ body: `data: ${data}\n\n`, contentType: "text/event-stream" });
    const error = await rejection(stream());
    expect(error.message).toBe(`Failed to parse server-sent event data as JSON: ${data.slice(0, 200)}`);
  });

  test("streamingRequest with chatCompletion uses the chat message", async () => {
    h.emu.inject({ status: 422, body: { error: "unsupported" } });
    const error = await quiet(() =>
      rejection(
        collect(
          streamFn("streamingRequest")(
            { model: "openai-community/gpt2", inputs: "x" },
            h.opts({ chatCompletion: true, task: "text-generation" }),
          ),
        ),
      ),
    );
    expect(error.message).toBe(
      "Server openai-community/gpt2 does not seem to support chat completion. Error: unsupported",
    );
  });

  test("the generator does nothing until the first next()", async () => {
    const gen = streamFn("chatCompletionStream")(CHAT, h.opts());
    await new Promise((r) => setTimeout(r, 30));
    expect(h.emu.requests).toHaveLength(0);
    const first = await gen.next();
    expect(first.done).toBe(false);
    await gen.return(undefined);
  });
});
