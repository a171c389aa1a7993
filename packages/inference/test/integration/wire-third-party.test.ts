// Every third-party (provider, task) pair × {hf_ token through the router, provider key direct, no token}:
// the exact URL, headers and body the emulator received, and the parsed result.
import { describe, expect, test } from "vitest";
import { THIRD_PARTY_CASES, type WireCase } from "./cases-third-party.js";
import { blobBytes, fn, HF_TOKEN, PROVIDER_KEY, rejection, USER_AGENT, useHarness, withFakeTimers } from "./helpers.js";

const h = useHarness();

type TokenKind = "hf" | "key" | "none";
const TOKEN_KINDS: TokenKind[] = ["hf", "key", "none"];

function expectedAuthorization(c: WireCase, kind: TokenKind): string | undefined {
  if (kind === "none") return undefined;
  if (kind === "hf") return `Bearer ${HF_TOKEN}`;
  return `${c.keyScheme ?? "Bearer"} ${PROVIDER_KEY}`;
}

function expectedUrl(c: WireCase, kind: TokenKind): string {
  if (kind === "key") return `${c.directBase}/${c.route}`;
  return c.routerUrl ?? `https://router.huggingface.co/${c.provider}/${c.route}`;
}

async function run(c: WireCase, kind: TokenKind) {
  Object.assign(h.emu.settings, c.settings ?? {});
  const args: Record<string, unknown> = { model: c.model, provider: c.provider, ...c.args };
  if (kind === "hf") args.accessToken = HF_TOKEN;
  if (kind === "key") args.accessToken = PROVIDER_KEY;
  // Polling providers wait 1 s / 500 ms between polls: run those on fake timers.
  const call = () => fn(c.fn)(args, h.opts());
  const polls = c.provider === "black-forest-labs" || (c.provider === "fal-ai" && c.fn === "textToVideo");
  const result = polls ? await withFakeTimers(call) : await call();
  const [main] = h.calls();
  expect(main.method).toBe("POST");
  expect(main.url).toBe(expectedUrl(c, kind));
  expect(main.headers.authorization).toBe(expectedAuthorization(c, kind));
  expect(main.headers["user-agent"]).toBe(USER_AGENT);
  expect(main.headers["content-type"]).toBe("application/json");
  expect(main.headers["x-hf-bill-to"]).toBeUndefined();
  for (const [name, value] of Object.entries(c.extraHeaders ?? {})) expect(main.headers[name]).toBe(value);
  if (c.provider !== "replicate") expect(main.headers.prefer).toBeUndefined();
  expect(main.text).toBe(c.body);
  if ("equals" in c.result) expect(result).toEqual(c.result.equals);
  else if ("blob" in c.result) expect(await blobBytes(result)).toEqual(c.result.blob);
  else {
    const out = result as { choices: Array<{ message: { content: string } }>; object: string };
    expect(out.object).toBe("chat.completion");
    expect(out.choices[0].message.content).toBe(c.result.chatContent);
  }
  return main;
}

describe.each(THIRD_PARTY_CASES.map((c) => [c.name, c] as const))("%s", (_name, c) => {
  test.each(TOKEN_KINDS)("token: %s", async (kind) => {
    await run(c, kind);
    const calls = h.calls();
    if (c.provider === "black-forest-labs") {
      // polling_url is GET with attempt=0, only Content-Type (no credentials), then the sample download.
      const poll = calls[1];
      expect(poll.method).toBe("GET");
      const base = kind === "key" ? "https://api.us1.bfl.ai" : "https://router.huggingface.co/black-forest-labs";
      expect(poll.url).toMatch(new RegExp(`^${base.replace(/\./g, "\\.")}/v1/get_result\\?id=bfl-\\d+&attempt=0$`));
      expect(poll.headers.authorization).toBeUndefined();
      expect(poll.headers["content-type"]).toBe("application/json");
      expect(calls[2]).toMatchObject({ method: "GET", service: "assets", path: "/_assets/image.jpeg" });
      expect(calls).toHaveLength(3);
    }
    if (c.fn === "textToVideo" && c.provider === "fal-ai") {
      const [, status, result, download] = calls;
      const id = /requests\/(fal-\d+)/.exec(status.path)?.[1];
      const base = kind === "key" ? "https://queue.fal.run" : "https://router.huggingface.co/fal-ai";
      const query = kind === "key" ? "" : "?_subdomain=queue";
      expect(status).toMatchObject({ method: "GET", url: `${base}/fal-ai/ltx-video/requests/${id}/status${query}` });
      expect(result).toMatchObject({ method: "GET", url: `${base}/fal-ai/ltx-video/requests/${id}${query}` });
      // Both reuse the original request headers.
      expect(status.headers.authorization).toBe(calls[0].headers.authorization);
      expect(result.headers.authorization).toBe(calls[0].headers.authorization);
      expect(download).toMatchObject({ method: "GET", service: "assets", path: "/_assets/video.mp4" });
      expect(calls).toHaveLength(4);
    }
  });
});

describe("openai (client-side routing)", () => {
  const args = { model: "openai/gpt-4o-mini", provider: "openai", messages: [{ role: "user", content: "Hello" }] };

  test("provider key: direct to api.openai.com with the prefix stripped, no hub look-up", async () => {
    const out = (await fn("chatCompletion")({ ...args, accessToken: "sk-test" }, h.opts())) as { model: string };
    expect(out.model).toBe("gpt-4o-mini");
    expect(h.emu.requests).toHaveLength(1);
    const [req] = h.emu.requests;
    expect(req.url).toBe("https://api.openai.com/v1/chat/completions");
    expect(req.headers.authorization).toBe("Bearer sk-test");
    expect(req.text).toBe('{"messages":[{"role":"user","content":"Hello"}],"model":"gpt-4o-mini"}');
  });

  test("hf_ token is refused before any network call", async () => {
    const error = await rejection(fn("chatCompletion")({ ...args, accessToken: HF_TOKEN }, h.opts()));
    expect(error.message).toBe("Provider openai is closed-source and does not support HF tokens.");
    expect(h.emu.requests).toHaveLength(0);
  });

  test("no token: still direct, and no Authorization header at all", async () => {
    const error = await rejection(fn("chatCompletion")(args, h.opts()));
    expect(error).toBeInstanceOf(Error);
    const [req] = h.emu.requests;
    expect(req.url).toBe("https://api.openai.com/v1/chat/completions");
    expect(req.headers.authorization).toBeUndefined();
  });
});

describe("chat streaming on every OpenAI-style provider", () => {
  const chatCases = THIRD_PARTY_CASES.filter((c) => c.fn === "chatCompletion");
  test("covers every third-party chat provider reachable with an hf_ token (all but client-side-routed openai)", () => {
    expect(chatCases.map((c) => c.provider).sort()).toEqual([
      "cerebras",
      "cohere",
      "fireworks-ai",
      "hyperbolic",
      "nebius",
      "novita",
      "sambanova",
      "together",
    ]);
  });
  test.each(chatCases.map((c) => [c.provider, c] as const))("%s", async (_p, c) => {
    const gen = fn("chatCompletionStream")(
      { model: c.model, provider: c.provider, accessToken: HF_TOKEN, ...c.args },
      h.opts(),
    ) as unknown as AsyncGenerator<{ choices: Array<{ delta: { content?: string } }> }>;
    let text = "";
    for await (const chunk of gen) text += chunk.choices[0]?.delta?.content ?? "";
    expect(text).toBe("Hello from the emulator! You said: Hello");
    const [req] = h.calls();
    // stream: true sits after the caller's keys, model last.
    expect(req.text).toBe(String(c.body).replace(/,"model":/, ',"stream":true,"model":'));
  });
});
