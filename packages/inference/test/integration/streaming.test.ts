// SSE parsing through the public streaming API (inference.md §8) with bodies split anywhere by the emulator.
import { describe, expect, test } from "vitest";
import { collect, streamFn, useHarness } from "./helpers.js";

const h = useHarness();
const CHAT = { model: "meta-llama/Llama-3.3-70B-Instruct", provider: "together", accessToken: "hf_x" };
const say = (content: string) => ({ ...CHAT, messages: [{ role: "user", content }] });
type Chunk = { choices: Array<{ delta: { content?: string } }> };
const text = (chunks: unknown[]) => (chunks as Chunk[]).map((c) => c.choices[0]?.delta?.content ?? "").join("");

describe("chat streams split anywhere", () => {
  const message = "héllo wörld 😀 ✓ done";
  const expected = `Hello from the emulator! You said: ${message}`;

  test("whole body", async () => {
    expect(text(await collect(streamFn("chatCompletionStream")(say(message), h.opts())))).toBe(expected);
  });

  test("byte by byte (multi-byte characters split across chunks)", async () => {
    h.emu.inject({ chunkSize: 1 });
    expect(text(await collect(streamFn("chatCompletionStream")(say(message), h.opts())))).toBe(expected);
  });

  test.each([3, 7, 64])("chunks of %i bytes", async (size) => {
    h.emu.inject({ chunkSize: size });
    expect(text(await collect(streamFn("chatCompletionStream")(say(message), h.opts())))).toBe(expected);
  });

  test("odd explicit splits with pauses", async () => {
    h.emu.inject({ splitAt: [1, 5, 6, 7, 100, 101, 250, 333], chunkDelayMs: 3 });
    expect(text(await collect(streamFn("chatCompletionStream")(say(message), h.opts())))).toBe(expected);
  });
});

describe("SSE grammar", () => {
  const run = async (body: string, fault: Record<string, unknown> = {}) => {
    h.emu.inject({ body, contentType: "text/event-stream", ...fault });
    return collect(streamFn("chatCompletionStream")(say("x"), h.opts()));
  };

  test("CRLF and CR line endings, also with \\r and \\n in separate chunks", async () => {
    const body = 'data: {"n":1}\r\n\r\ndata: {"n":2}\r\rdata: {"n":3}\n\ndata: [DONE]\r\n\r\n';
    expect(await run(body)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    const cut = body.indexOf("\r\n") + 1; // between \r and \n
    expect(await run(body, { splitAt: [cut, cut + 2], chunkDelayMs: 5 })).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });

  test("comments, event/id/retry fields, lines without colon, no space after colon", async () => {
    const body = ': keep-alive\n\nevent: message\nid: 7\nretry: 100\nnonsense\ndata:{"n":1}\n\ndata: [DONE]\n\n';
    expect(await run(body)).toEqual([{ n: 1 }]);
  });

  test("several data lines join with \\n", async () => {
    expect(await run('data: {"a":\ndata: 1}\n\ndata: [DONE]\n\n')).toEqual([{ a: 1 }]);
  });

  test("empty data is skipped; a data value keeps a second leading space", async () => {
    expect(await run('data:\n\ndata:  {"s":" x"}\n\ndata: [DONE]\n\n')).toEqual([{ s: " x" }]);
  });

  test("[DONE] ends the stream: later garbage is never parsed", async () => {
    expect(await run('data: {"n":1}\n\ndata: [DONE]\n\ndata: {garbage\n\n')).toEqual([{ n: 1 }]);
  });

  test("end of body without [DONE]; an unterminated last message is discarded", async () => {
    expect(await run('data: {"n":1}\n\ndata: {"n":2}')).toEqual([{ n: 1 }]);
  });

  test("events split in the middle of 'data:' and of the JSON", async () => {
    expect(
      await run('data: {"n":1}\n\ndata: {"n":2}\n\ndata: [DONE]\n\n', { splitAt: [2, 9, 15, 16, 20], chunkDelayMs: 3 }),
    ).toEqual([{ n: 1 }, { n: 2 }]);
  });
});

describe("text-generation streams (TGI events)", () => {
  test("hf-inference textGenerationStream yields token events; the last carries generated_text", async () => {
    h.emu.inject({ chunkSize: 5 });
    const events = (await collect(
      streamFn("textGenerationStream")({ model: "openai-community/gpt2", inputs: "Once upon" }, h.opts()),
    )) as Array<{ token: { text: string }; generated_text: string | null }>;
    expect(events.map((e) => e.token.text).join("")).toBe("Once upon and the emulator continues");
    expect(events.at(-1)?.generated_text).toBe("Once upon and the emulator continues");
    expect(events[0].generated_text).toBeNull();
    const [req] = h.calls();
    expect(req.text).toBe('{"inputs":"Once upon","stream":true}');
  });

  test("parameters stay before stream: true", async () => {
    await collect(
      streamFn("textGenerationStream")(
        { model: "openai-community/gpt2", inputs: "a", parameters: { max_new_tokens: 3 } },
        h.opts(),
      ),
    );
    expect(h.calls()[0].text).toBe('{"inputs":"a","parameters":{"max_new_tokens":3},"stream":true}');
  });
});

describe("errors after some events", () => {
  test("tokens are yielded, then the backend error event throws", async () => {
    const token = (text: string) => ({
      index: 1,
      token: { id: 1, text, logprob: 0, special: false },
      generated_text: null,
      details: null,
    });
    h.emu.inject({
      body: `data: ${JSON.stringify(token("a"))}\n\ndata: ${JSON.stringify(token("b"))}\n\ndata: {"error":"Input validation error"}\n\n`,
      contentType: "text/event-stream",
      chunkSize: 9,
    });
    const seen: string[] = [];
    let failure: Error | undefined;
    try {
      for await (const event of streamFn("textGenerationStream")(
        { model: "openai-community/gpt2", inputs: "x" },
        h.opts(),
      )) {
        seen.push((event as { token: { text: string } }).token.text);
      }
    } catch (error) {
      failure = error as Error;
    }
    expect(seen).toEqual(["a", "b"]);
    expect(failure?.message).toBe("Error forwarded from backend: Input validation error");
  });

  test("streamingRequest warns once and yields parsed events unvalidated", async () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    h.emu.inject({ body: 'data: {"anything":[1]}\n\ndata: [DONE]\n\n', contentType: "text/event-stream" });
    try {
      const events = await collect(
        streamFn("streamingRequest")(
          { model: "openai-community/gpt2", inputs: "x" },
          h.opts({ task: "text-generation" }),
        ),
      );
      expect(events).toEqual([{ anything: [1] }]);
    } finally {
      console.warn = warn;
    }
    expect(warnings).toEqual([
      [
        "The streamingRequest method is deprecated and will be removed in a future version of @hubkit/inference. Use specific task functions instead.",
      ],
    ]);
    expect(h.calls()[0].text).toBe('{"inputs":"x","stream":true}');
  });
});

describe("consumers stopping early", () => {
  test("break after the first event on a stalled stream returns promptly", async () => {
    h.emu.inject({ stallAfterBytes: 600 });
    const gen = streamFn("chatCompletionStream")(say("x"), h.opts());
    let seen = 0;
    for await (const _ of gen) {
      seen++;
      break;
    }
    expect(seen).toBe(1);
    expect(await gen.next()).toEqual({ done: true, value: undefined });
  });

  test("return() before completion, then a new stream works", async () => {
    const gen = streamFn("chatCompletionStream")(say("x"), h.opts());
    await gen.next();
    await gen.return(undefined);
    expect(text(await collect(streamFn("chatCompletionStream")(say("again"), h.opts())))).toBe(
      "Hello from the emulator! You said: again",
    );
  });
});
