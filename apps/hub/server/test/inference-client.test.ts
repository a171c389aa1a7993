// The inference client of @hubkit/inference, pointed at this server as its hub: provider model ids come from
// GET /api/models/{id}?expand[]=inferenceProviderMapping and default models from GET /api/tasks. Provider calls
// are answered by a fake fetch that records them (no network).
import { join } from "node:path";
import { chatCompletion, textClassification } from "@hubkit/inference";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.js";
import { type RunningServer, startServer } from "../src/server.js";
import { temporaryFolder, writeJsonl } from "./files.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const work = temporaryFolder("client");
const seedFile = writeJsonl(join(work, "seed.jsonl"), FIXTURE_MODELS);
let server: RunningServer;
const providerCalls: { url: string; body: unknown }[] = [];

beforeAll(async () => {
  server = await startServer(
    loadConfig({ PORT: "0", HUBKIT_DATA_DIR: ":memory:", HUBKIT_SEED: seedFile, HUBKIT_WEB_DIST: join(work, "none") }),
  );
});
afterAll(async () => {
  await server?.close();
});

/** Real fetch for this server (the hub), a canned answer for anything else (the providers). */
const fakeFetch: typeof fetch = async (input, init) => {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith(server.url)) return fetch(input, init);
  providerCalls.push({ url, body: typeof init?.body === "string" ? JSON.parse(init.body) : init?.body });
  const chat = url.includes("chat/completions");
  return new Response(
    JSON.stringify(
      chat
        ? {
            id: "c1",
            created: 1,
            model: "m",
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "hi" } }],
          }
        : [[{ label: "POSITIVE", score: 0.9 }]], // hf-inference text classification answers a nested list
    ),
    { status: 200, headers: { "content-type": "application/json" } },
  );
};

it("resolves a third-party provider's model id through this server's provider mapping", async () => {
  const output = await chatCompletion(
    { provider: "together", model: "meta-llama/Llama-3.1-8B-Instruct", messages: [{ role: "user", content: "Hi" }] },
    { hubUrl: server.url, fetch: fakeFetch },
  );
  expect(output.choices[0]?.message.content).toBe("hi");
  const call = providerCalls.at(-1);
  expect(call?.body).toMatchObject({ model: "meta-llama/Meta-Llama-3.1-8B-Instruct-Turbo" });
});

it("reports a missing provider mapping with the client's message", async () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    await expect(
      chatCompletion(
        { provider: "nebius", model: "Qwen/Qwen2.5-7B-Instruct", messages: [{ role: "user", content: "Hi" }] },
        { hubUrl: server.url, fetch: fakeFetch },
      ),
    ).rejects.toThrow("Model Qwen/Qwen2.5-7B-Instruct is not supported provider nebius.");
  } finally {
    warn.mockRestore();
  }
});

it("takes a task's default model from this server's /api/tasks", async () => {
  const tasks = (await (await fetch(`${server.url}/api/tasks`)).json()) as Record<string, { models: { id: string }[] }>;
  const expected = tasks["text-classification"]?.models[0]?.id;
  expect(expected).toBeTruthy();
  const before = providerCalls.length;
  // Only the request matters here (which model it went to), not how the client checks the canned answer.
  await textClassification({ inputs: "I like you" }, { hubUrl: server.url, fetch: fakeFetch }).catch(() => undefined);
  expect(providerCalls.length).toBe(before + 1);
  expect(providerCalls.at(-1)?.url).toContain(`/${expected}`);
});
