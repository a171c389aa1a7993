// Client overhead per request: chatCompletion / textClassification through @hubkit/inference vs a raw fetch
// with the same URL, headers and body to the same emulator endpoint (target: ratio ≤ 1.1).
import { startEmulator } from "@hubkit/emulator";
import { chatCompletion, textClassification } from "../src/index.js";
import { line, median } from "./report.js";

const BATCH = 50;
const BATCHES = 40;

interface Sample {
  wallMs: number;
  cpuMs: number;
}

async function batch(run: () => Promise<unknown>): Promise<Sample> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) await run();
  const used = process.cpuUsage(cpu);
  return { wallMs: (performance.now() - started) / BATCH, cpuMs: (used.user + used.system) / 1000 / BATCH };
}

/**
 * Alternates small batches of client and raw calls (so load from other processes hits both alike) and compares
 * medians. Wall time is what a caller sees; CPU time (client + in-process emulator, the same server work on both
 * sides) is steadier on a shared machine.
 */
async function compare(name: string, ours: () => Promise<unknown>, raw: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) {
    await ours();
    await raw();
  }
  const a: Sample[] = [];
  const b: Sample[] = [];
  for (let round = 0; round < BATCHES; round++) {
    a.push(await batch(ours));
    b.push(await batch(raw));
  }
  const us = (samples: Sample[], key: keyof Sample) => median(samples.map((s) => s[key])) * 1000;
  return [
    line(
      `${name}, wall`,
      `${us(a, "wallMs").toFixed(0)} µs/request`,
      `${us(b, "wallMs").toFixed(0)} µs/request (raw fetch)`,
      us(a, "wallMs") / us(b, "wallMs"),
    ),
    line(
      `${name}, CPU`,
      `${us(a, "cpuMs").toFixed(0)} µs/request`,
      `${us(b, "cpuMs").toFixed(0)} µs/request (raw fetch)`,
      us(a, "cpuMs") / us(b, "cpuMs"),
    ),
  ];
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
      ...(await compare(
        "chatCompletion overhead (endpointUrl)",
        () => chatCompletion({ endpointUrl: `${emu.url}/v1`, accessToken: "hf_bench", messages, max_tokens: 8 }),
        async () => (await fetch(chatUrl, { method: "POST", headers, body: chatBody })).json(),
      )),
    );
    emu.reset();
    const model = "distilbert/distilbert-base-uncased-finetuned-sst-2-english";
    const clsUrl = `${emu.url}/hf-inference/models/${model}`;
    lines.push(
      ...(await compare(
        "textClassification overhead (router)",
        () => textClassification({ model, accessToken: "hf_bench", inputs: "I like you" }, { routerUrl: emu.url }),
        async () => (await fetch(clsUrl, { method: "POST", headers, body: '{"inputs":"I like you"}' })).json(),
      )),
    );
    emu.requests.length = 0;
  } finally {
    await emu.close();
  }
  return lines;
}
