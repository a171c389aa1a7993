// Client overhead per request: chatCompletion / textClassification through @hubkit/inference vs a raw fetch
// with the same URL, headers and body to the same emulator endpoint (target: ratio ≤ 1.1).
import { startEmulator } from "@hubkit/emulator";
import { chatCompletion, textClassification } from "../src/index.js";
import { line, median } from "./report.js";

const REQUESTS = 400;
const ROUNDS = 7;

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < REQUESTS; i++) await run();
  return (performance.now() - started) / REQUESTS;
}

/** Alternates client and raw rounds so drift affects both alike; returns median µs per request. */
async function compare(name: string, ours: () => Promise<unknown>, raw: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) {
    await ours();
    await raw();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    a.push(await time(ours));
    b.push(await time(raw));
  }
  const oursUs = median(a) * 1000;
  const rawUs = median(b) * 1000;
  return line(name, `${oursUs.toFixed(0)} µs/request`, `${rawUs.toFixed(0)} µs/request (raw fetch)`, oursUs / rawUs);
}

export async function runOverheadBench(): Promise<string[]> {
  const emu = await startEmulator();
  const lines: string[] = [];
  try {
    const messages = [{ role: "user" as const, content: "Hello" }];
    const chatUrl = `${emu.url}/v1/chat/completions`;
    const chatBody = JSON.stringify({ messages, max_tokens: 8 });
    const headers = { Authorization: "Bearer hf_bench", "Content-Type": "application/json", "User-Agent": "bench" };
    lines.push(
      await compare(
        "chatCompletion overhead (endpointUrl)",
        () => chatCompletion({ endpointUrl: `${emu.url}/v1`, accessToken: "hf_bench", messages, max_tokens: 8 }),
        async () => (await fetch(chatUrl, { method: "POST", headers, body: chatBody })).json(),
      ),
    );
    emu.reset();
    const model = "distilbert/distilbert-base-uncased-finetuned-sst-2-english";
    const clsUrl = `${emu.url}/hf-inference/models/${model}`;
    lines.push(
      await compare(
        "textClassification overhead (router)",
        () => textClassification({ model, accessToken: "hf_bench", inputs: "I like you" }, { routerUrl: emu.url }),
        async () => (await fetch(clsUrl, { method: "POST", headers, body: '{"inputs":"I like you"}' })).json(),
      ),
    );
    emu.requests.length = 0;
  } finally {
    await emu.close();
  }
  return lines;
}
