// SSE parsing throughput: the client's parser (src/lib/sse.ts, bytes in) vs eventsource-parser (string in, so
// its run includes the UTF-8 decoding the client's parser does itself). Target: ratio ≥ 1 (ours faster or equal).
import { createParser } from "eventsource-parser";
import { SseParser } from "../src/lib/sse.js";
import { line, median } from "./report.js";

const EVENTS = 20_000;
const CHUNK = 16 * 1024;

function makeStream(): Uint8Array[] {
  let text = "";
  for (let i = 0; i < EVENTS; i++) {
    const chunk = {
      id: "chatcmpl-bench",
      object: "chat.completion.chunk",
      created: 1732000000,
      model: "bench-model",
      choices: [{ index: 0, delta: { content: `token ${i} héllo 😀 ` }, finish_reason: null }],
    };
    text += `data: ${JSON.stringify(chunk)}\n\n`;
    if (i % 50 === 0) text += ": keep-alive\r\n\r\n";
  }
  text += "data: [DONE]\n\n";
  const bytes = new TextEncoder().encode(text);
  const chunks: Uint8Array[] = [];
  // Odd chunk boundaries (CHUNK - 7) so lines and multi-byte characters get split.
  for (let i = 0; i < bytes.length; i += CHUNK - 7) chunks.push(bytes.subarray(i, i + CHUNK - 7));
  return chunks;
}

function runOurs(chunks: Uint8Array[]): number {
  const parser = new SseParser();
  let count = 0;
  for (const chunk of chunks) count += parser.feed(chunk).length;
  return count;
}

function runReference(chunks: Uint8Array[]): number {
  let count = 0;
  const parser = createParser({ onEvent: () => count++ });
  const decoder = new TextDecoder();
  for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
  return count;
}

export function runSseBench(): string[] {
  const chunks = makeStream();
  const megabytes = chunks.reduce((n, c) => n + c.length, 0) / 1e6;
  const ours = runOurs(chunks);
  const ref = runReference(chunks);
  if (ours !== ref || ours !== EVENTS + 1) throw new Error(`event counts differ: ours ${ours}, reference ${ref}`);
  const a: number[] = [];
  const b: number[] = [];
  // Many short rounds, alternating which parser goes first, so GC debt and machine load hit both alike.
  const timeIt = (run: () => unknown) => {
    const t = performance.now();
    run();
    return performance.now() - t;
  };
  for (let round = 0; round < 21; round++) {
    if (round % 2 === 0) {
      a.push(timeIt(() => runOurs(chunks)));
      b.push(timeIt(() => runReference(chunks)));
    } else {
      b.push(timeIt(() => runReference(chunks)));
      a.push(timeIt(() => runOurs(chunks)));
    }
  }
  const oursRate = megabytes / (median(a) / 1000);
  const refRate = megabytes / (median(b) / 1000);
  return [
    line(
      `SSE parse throughput (${megabytes.toFixed(1)} MB, ${EVENTS} events)`,
      `${oursRate.toFixed(0)} MB/s`,
      `${refRate.toFixed(0)} MB/s (eventsource-parser)`,
      oursRate / refRate,
    ),
  ];
}
