// The idle watch shared by all requests (one timer for every exchange in flight) and the body read that stops at
// the declared length: deadlines of different lengths each hold, a finished call does not keep the process
// alive, and a body never yields more than its Content-Length.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { InferenceTimeoutError } from "@hubkit/inference/errors";
import { build } from "esbuild";
import { afterAll, describe, expect, test, vi } from "vitest";
import { CHAT, fn, rejection } from "./helpers.js";

const run = promisify(execFile);
const chat = fn("chatCompletion");
/** A fetch that never answers and ignores its signal: only the client's own watch can end the call. */
const silent = (() => new Promise<Response>(() => {})) as typeof fetch;
const endpoint = { messages: CHAT.messages, endpointUrl: "http://127.0.0.1:9/v1", accessToken: "hf_x" };

const CHAT_ANSWER = JSON.stringify({
  id: "c",
  object: "chat.completion",
  created: 1,
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", content: "hi" }, finish_reason: "stop" }],
});

describe("one timer for every exchange in flight", () => {
  test("a short idle timeout started after a long one still ends on time; the long one keeps waiting", async () => {
    const started = Date.now();
    const long = chat(endpoint, { fetch: silent, idleTimeout: 1500 });
    const longEnded = long.then(
      () => Date.now() - started,
      () => Date.now() - started,
    );
    const short = await rejection(chat(endpoint, { fetch: silent, idleTimeout: 150 }));
    const shortMs = Date.now() - started;
    expect(short).toBeInstanceOf(InferenceTimeoutError);
    expect(short.message).toContain("150 ms");
    expect(shortMs).toBeGreaterThanOrEqual(140);
    expect(shortMs).toBeLessThan(1000);
    const longError = await rejection(long);
    expect(longError.message).toContain("1500 ms");
    expect(await longEnded).toBeGreaterThanOrEqual(1490);
  });

  test("a timer armed under a test's fake clock does not stop idle timeouts once real timers are back", async () => {
    const answer = (async () =>
      new Response(CHAT_ANSWER, { headers: { "Content-Type": "application/json" } })) as typeof fetch;
    vi.useFakeTimers();
    try {
      await chat(endpoint, { fetch: answer, idleTimeout: 50 });
    } finally {
      vi.useRealTimers();
    }
    const started = Date.now();
    const error = await rejection(chat(endpoint, { fetch: silent, idleTimeout: 200 }));
    expect(error).toBeInstanceOf(InferenceTimeoutError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  test("many calls in flight with one idle timeout all end, each with its own error", async () => {
    const errors = await Promise.all(
      Array.from({ length: 20 }, () => rejection(chat(endpoint, { fetch: silent, idleTimeout: 100 }))),
    );
    for (const error of errors) expect(error).toBeInstanceOf(InferenceTimeoutError);
    expect(new Set(errors).size).toBe(20);
  });
});

describe("reading a body", () => {
  test("a stream that outruns its Content-Length is read only up to the declared bytes", async () => {
    const bytes = new TextEncoder().encode(CHAT_ANSWER);
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        // the answer, then garbage forever: a fetch whose body does not match its header
        controller.enqueue(pulls === 1 ? bytes : new Uint8Array(1024 * 1024).fill(0x7b));
      },
    });
    const lying = (async () =>
      new Response(body, {
        headers: { "Content-Type": "application/json", "Content-Length": String(bytes.length) },
      })) as typeof fetch;
    const out = (await chat(endpoint, { fetch: lying })) as { choices: { message: { content: string } }[] };
    expect(out.choices[0].message.content).toBe("hi");
    expect(pulls).toBeLessThanOrEqual(2);
  });

  test("with a content coding the declared length is not trusted: the body is read to its end", async () => {
    const bytes = new TextEncoder().encode(CHAT_ANSWER);
    const half = bytes.length >> 1;
    // Content-Length names the first half only (as a compressed length would); the answer is the whole body.
    const coded = (async () =>
      new Response(bytes, {
        headers: { "Content-Type": "application/json", "Content-Length": String(half), "Content-Encoding": "br" },
      })) as typeof fetch;
    const out = (await chat(endpoint, { fetch: coded })) as { choices: { message: { content: string } }[] };
    expect(out.choices[0].message.content).toBe("hi");
  });
});

describe("process lifetime", () => {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-idle-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("a finished call leaves no timer holding the process (idleTimeout 60 s by default)", async () => {
    const bundle = join(dir, "client.mjs");
    await build({
      entryPoints: [join(import.meta.dirname, "..", "..", "src", "index.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      conditions: ["hubkit-source"],
      outfile: bundle,
      logLevel: "silent",
    });
    const script = join(dir, "main.mjs");
    writeFileSync(
      script,
      `import { chatCompletion } from "./client.mjs";
const answer = ${JSON.stringify(CHAT_ANSWER)};
const fetch = async () => new Response(answer, { headers: { "Content-Type": "application/json" } });
const out = await chatCompletion(${JSON.stringify(endpoint)}, { fetch });
process.stdout.write(out.choices[0].message.content);
`,
    );
    const started = Date.now();
    const { stdout } = await run(process.execPath, [script], { cwd: dir, timeout: 20_000 });
    expect(stdout).toBe("hi");
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
