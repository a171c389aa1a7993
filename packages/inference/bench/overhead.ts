// Client overhead per request: chatCompletion / textClassification through @hubkit/inference vs a raw fetch
// with the same URL, headers and body to the same emulator endpoint (target: ratio ≤ 1.1). A second pair of
// lines runs both sides against the same canned in-memory fetch, which isolates the client's own CPU cost
// from the network stack and the emulator.
import { startEmulator } from "@hubkit/emulator";
import { chatCompletion, textClassification } from "../src/index.js";
import { interleave, line, median, type Sample, spread } from "./report.js";

const BATCH = 200;
const ROUNDS = 30;
const WARM_UP = 500;
const IN_MEMORY_BATCH = 2000;

const messages = [{ role: "user" as const, content: "Hello" }];
const model = "distilbert/distilbert-base-uncased-finetuned-sst-2-english";
const headers = { Authorization: "Bearer hf_bench", "Content-Type": "application/json", "User-Agent": "bench" };

const batchOf = (size: number, run: () => Promise<unknown>) => async () => {
  for (let i = 0; i < size; i++) await run();
};

/**
 * Median per-request wall and CPU time of each side over ROUNDS interleaved batches. Wall time is what a caller
 * sees; CPU time (client + in-process emulator: the same server work on both sides) is steadier on a shared
 * machine. The bench name carries the spread of the per-round ratios.
 */
async function compare(
  name: string,
  size: number,
  ours: () => Promise<unknown>,
  raw: () => Promise<unknown>,
  afterRound: () => void,
): Promise<string[]> {
  for (let i = 0; i < WARM_UP; i++) {
    await ours();
    await raw();
  }
  afterRound();
  const result = await interleave(
    ROUNDS,
    async () => {
      await batchOf(size, ours)();
      afterRound();
    },
    async () => {
      await batchOf(size, raw)();
      afterRound();
    },
  );
  const us = (samples: Sample[], key: keyof Sample) => (median(samples.map((s) => s[key])) * 1000) / size;
  const lines: string[] = [];
  for (const [kind, key, ratios] of [
    ["wall", "wallMs", result.wallRatios],
    ["CPU", "cpuMs", result.cpuRatios],
  ] as const) {
    const a = us(result.ours, key);
    const b = us(result.reference, key);
    const digits = a < 100 ? 1 : 0;
    lines.push(
      line(
        `${name}, ${kind} (${spread(ratios)})`,
        `${a.toFixed(digits)} µs/request`,
        `${b.toFixed(digits)} µs/request (raw fetch)`,
        a / b,
      ),
    );
  }
  return lines;
}

/**
 * A fetch answering every call with the same JSON, without network: both sides pay the same for it. A real
 * `Response` (the client reads bodies through their stream, to bound them), built per call on both sides.
 */
function cannedFetch(body: string): typeof fetch {
  const bytes = new TextEncoder().encode(body);
  const init = { status: 200, headers: { "Content-Type": "application/json", "Content-Length": String(bytes.length) } };
  return (async () => new Response(bytes, init)) as typeof fetch;
}

export async function runOverheadBench(): Promise<string[]> {
  const lines: string[] = [];
  const emu = await startEmulator();
  // Recorded requests are dropped after every batch so the heap does not grow during the bench (both sides alike).
  const forget = () => {
    emu.requests.length = 0;
  };
  try {
    const chatUrl = `${emu.url}/v1/chat/completions`;
    const chatBody = JSON.stringify({ messages, max_tokens: 8 });
    lines.push(
      ...(await compare(
        "chatCompletion overhead (endpointUrl)",
        BATCH,
        () => chatCompletion({ endpointUrl: `${emu.url}/v1`, accessToken: "hf_bench", messages, max_tokens: 8 }),
        async () => (await fetch(chatUrl, { method: "POST", headers, body: chatBody })).json(),
        forget,
      )),
    );
    const clsUrl = `${emu.url}/hf-inference/models/${model}`;
    lines.push(
      ...(await compare(
        "textClassification overhead (router)",
        BATCH,
        () => textClassification({ model, accessToken: "hf_bench", inputs: "I like you" }, { routerUrl: emu.url }),
        async () => (await fetch(clsUrl, { method: "POST", headers, body: '{"inputs":"I like you"}' })).json(),
        forget,
      )),
    );
    // The same emulator answer, served in memory.
    const chatAnswer = JSON.stringify(await (await fetch(chatUrl, { method: "POST", headers, body: chatBody })).json());
    const canned = cannedFetch(chatAnswer);
    lines.push(
      ...(await compare(
        "chatCompletion client cost (in-memory fetch, no target)",
        IN_MEMORY_BATCH,
        () =>
          chatCompletion(
            { endpointUrl: `${emu.url}/v1`, accessToken: "hf_bench", messages, max_tokens: 8 },
            { fetch: canned },
          ),
        async () => (await canned(chatUrl, { method: "POST", headers, body: chatBody })).json(),
        () => {},
      )),
    );
  } finally {
    await emu.close();
  }
  return lines;
}
