// SSE parsing throughput: the client's parser (src/lib/sse.ts, bytes in) vs eventsource-parser (string in, so
// its run includes the UTF-8 decoding the client's parser does itself). Target: ratio ≥ 1 (ours faster or equal).
import { createParser } from "eventsource-parser";
import { SseParser } from "../src/lib/sse.js";
import { interleave, line, median, spread } from "./report.js";

const EVENTS = 20_000;
const CHUNK = 16 * 1024;
const ROUNDS = 31;

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

export async function runSseBench(): Promise<string[]> {
  const chunks = makeStream();
  const megabytes = chunks.reduce((n, c) => n + c.length, 0) / 1e6;
  const ours = runOurs(chunks);
  const ref = runReference(chunks);
  if (ours !== ref || ours !== EVENTS + 1) throw new Error(`event counts differ: ours ${ours}, reference ${ref}`);
  // Many short rounds in ABBA order, so GC debt and machine load hit both alike; medians of wall and CPU time.
  const result = await interleave(
    ROUNDS,
    () => runOurs(chunks),
    () => runReference(chunks),
  );
  const lines: string[] = [];
  for (const [kind, key, ratios] of [
    ["wall", "wallMs", result.wallRatios],
    ["CPU", "cpuMs", result.cpuRatios],
  ] as const) {
    const oursRate = megabytes / (median(result.ours.map((s) => s[key])) / 1000);
    const refRate = megabytes / (median(result.reference.map((s) => s[key])) / 1000);
    lines.push(
      line(
        `SSE parse throughput (${megabytes.toFixed(1)} MB, ${EVENTS} events), ${kind} (${spread(ratios.map((r) => 1 / r))})`,
        `${oursRate.toFixed(0)} MB/s`,
        `${refRate.toFixed(0)} MB/s (eventsource-parser)`,
        oursRate / refRate,
      ),
    );
  }
  return lines;
}
