import { createParser } from "eventsource-parser";
import { describe, expect, test } from "vitest";
import { type SseMessage, SseParser } from "../../../src/lib/sse.js";
import { readEvents } from "../../../src/lib/streaming.js";
import { collect, rejection, sseResponse } from "../fake-fetch.js";

const encoder = new TextEncoder();

function parseChunks(chunks: Uint8Array[]): SseMessage[] {
  const parser = new SseParser();
  const out: SseMessage[] = [];
  for (const chunk of chunks) out.push(...parser.feed(chunk));
  out.push(...parser.end());
  return out;
}

/** Every way of cutting `bytes` in two, plus one byte per chunk. */
function splits(bytes: Uint8Array): Uint8Array[][] {
  const result: Uint8Array[][] = [[bytes]];
  for (let i = 1; i < bytes.length; i++) result.push([bytes.slice(0, i), bytes.slice(i)]);
  result.push(Array.from(bytes, (b) => new Uint8Array([b])));
  return result;
}

describe("SseParser", () => {
  const stream =
    ": a comment\r\n" +
    "event: update\r\n" +
    "id: 7\r\n" +
    "retry: 1500\r\n" +
    'data: {"text":"héllo 👋 世界"}\r\n' +
    "\r\n" +
    "data: line one\n" +
    "data:line two\n" +
    "nocolon\n" +
    "\n" +
    "data: cr only\r\r" +
    "data: [DONE]\n\n" +
    "data: unterminated";
  const expected: SseMessage[] = [
    { event: "update", data: '{"text":"héllo 👋 世界"}', id: "7", retry: 1500 },
    { event: "message", data: "line one\nline two", id: "7", retry: 1500 },
    { event: "message", data: "cr only", id: "7", retry: 1500 },
    { event: "message", data: "[DONE]", id: "7", retry: 1500 },
  ];

  test("whole stream: CRLF, CR, LF, comments, multi-line data, fields; unterminated message dropped", () => {
    expect(parseChunks([encoder.encode(stream)])).toEqual(expected);
  });

  test("same result for every split point, including inside multi-byte UTF-8 and between \\r and \\n", () => {
    for (const chunks of splits(encoder.encode(stream))) {
      expect(parseChunks(chunks)).toEqual(expected);
    }
  });

  test("\\r at the end of a chunk followed by \\n is a single line break", () => {
    const messages = parseChunks([encoder.encode("data: a\r"), encoder.encode("\ndata: b\r\n\r\n")]);
    expect(messages).toEqual([{ event: "message", data: "a\nb", id: "" }]);
  });

  test("one leading space removed from values, no more", () => {
    expect(parseChunks([encoder.encode("data:   x\n\n")])[0].data).toBe("  x");
  });

  test("messages without data are not dispatched", () => {
    expect(parseChunks([encoder.encode("event: ping\n\nid: 3\n\n")])).toEqual([]);
  });
});

describe("readEvents", () => {
  test("yields JSON objects and stops at [DONE] without reading further", async () => {
    const response = sseResponse(['data: {"a":1}\n\n', "data: [DONE]\n\n", 'data: {"never":true}\n\n']);
    expect(await collect(readEvents(response.body!))).toEqual([{ a: 1 }]);
  });

  test("skips empty data and ends at the end of the body", async () => {
    const response = sseResponse(["data:\n\n", 'data: {"b":2}\n\n']);
    expect(await collect(readEvents(response.body!))).toEqual([{ b: 2 }]);
  });

  test("unparsable data → exact message (first 200 characters)", async () => {
    const long = "x".repeat(300);
    const error = await rejection(collect(readEvents(sseResponse([`data: ${long}\n\n`]).body!)));
    expect(error.message).toBe(`Failed to parse server-sent event data as JSON: ${"x".repeat(200)}`);
  });

  test.each([
    ['{"error":"overloaded"}', "Error forwarded from backend: overloaded"],
    ['{"error":{"message":"bad input","type":"x"}}', "Error forwarded from backend: bad input"],
    ['{"error":{"code":5}}', 'Error forwarded from backend: {"code":5}'],
  ])("error event %s", async (data, message) => {
    const error = await rejection(collect(readEvents(sseResponse([`data: ${data}\n\n`]).body!)));
    expect(error.message).toBe(message);
  });

  test("stopping early cancels the body (reader released)", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(encoder.encode('data: {"n":1}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const _item of readEvents(body)) break;
    expect(cancelled).toBe(true);
    expect(body.locked).toBe(false);
  });

  test("an abort while waiting for data rejects with the signal's reason and cancels the body", async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      cancel() {
        cancelled = true;
      },
    });
    const controller = new AbortController();
    const reason = new Error("stop");
    const pending = collect(readEvents(body, controller.signal));
    setTimeout(() => controller.abort(reason), 10);
    expect(await rejection(pending)).toBe(reason);
    expect(cancelled).toBe(true);
  });
});

describe("SseParser against eventsource-parser (random streams, random chunking)", () => {
  /** Small deterministic PRNG so a failure can be reproduced. */
  function prng(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      return state / 0x80000000;
    };
  }
  const LINES = [
    "data: plain",
    "data:no-space",
    "data:  two spaces",
    'data: {"delta":"héllo 👋 世界"}',
    "data: [DONE]",
    "data:",
    "event: update",
    "id: 42",
    ": comment",
    "nocolon",
    "retry: 100",
    "",
    "",
  ];
  const BREAKS = ["\n", "\r\n", "\r"];

  function referenceMessages(chunks: Uint8Array[]): { event: string; data: string }[] {
    const out: { event: string; data: string }[] = [];
    const parser = createParser({
      onEvent: (event) => out.push({ event: event.event ?? "message", data: event.data }),
    });
    const decoder = new TextDecoder();
    for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
    return out;
  }

  test("same events and data for 300 random streams", () => {
    const random = prng(7);
    let compared = 0;
    for (let run = 0; run < 300; run++) {
      // One break style per stream, as real servers do (a lone \r before a \n-style line would be ambiguous).
      const lineBreak = BREAKS[Math.floor(random() * BREAKS.length)];
      let text = "";
      const count = 1 + Math.floor(random() * 30);
      for (let i = 0; i < count; i++) text += LINES[Math.floor(random() * LINES.length)] + lineBreak;
      // A final "\n": eventsource-parser holds a trailing \r back until it sees the next byte, while ours treats
      // it as a complete break (tested above), so the streams must not end on a lone \r.
      text += `${lineBreak}\n`;
      const bytes = encoder.encode(text);
      const chunks: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; ) {
        const size = 1 + Math.floor(random() * 12);
        chunks.push(bytes.slice(i, i + size));
        i += size;
      }
      const ours = parseChunks(chunks).map(({ event, data }) => ({ event, data }));
      expect(ours).toEqual(referenceMessages(chunks));
      compared += ours.length;
    }
    // The comparison must have covered many dispatched messages, not only empty streams.
    expect(compared).toBeGreaterThan(300);
  });
});
