import { spawn } from "node:child_process";
import { describe, expect, test } from "vitest";
import { sseText } from "../src/index.js";
import { postJson, useEmulator } from "./helpers.js";

const ctx = useEmulator();
const CHAT = "https://router.huggingface.co/v1/chat/completions";
const body = { messages: [{ role: "user", content: "x" }], model: "m" };

describe("fault injection", () => {
  test("503 n times, then the normal answer; Retry-After header", async () => {
    ctx.emu.inject({ status: 503, body: { error: "Model is loading" }, times: 2, headers: { "Retry-After": "1" } });
    const first = await postJson(ctx.emu, CHAT, body);
    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe("1");
    expect(await first.json()).toEqual({ error: "Model is loading" });
    expect((await postJson(ctx.emu, CHAT, body)).status).toBe(503);
    expect((await postJson(ctx.emu, CHAT, body)).status).toBe(200);
    expect(ctx.emu.requests).toHaveLength(3);
  });

  test("error body forms: JSON detail, plain text with and without charset, empty, binary", async () => {
    ctx.emu.inject({ status: 422, body: { detail: "bad input" } });
    ctx.emu.inject({ status: 400, body: "plain failure" });
    ctx.emu.inject({ status: 400, body: "charset failure", contentType: "text/plain; charset=utf-8" });
    ctx.emu.inject({ status: 500, body: "", contentType: null });
    ctx.emu.inject({ status: 500, body: new Uint8Array([0xff, 0x00]) });
    const a = await postJson(ctx.emu, CHAT, body);
    expect([a.status, a.headers.get("content-type"), await a.text()]).toEqual([
      422,
      "application/json",
      '{"detail":"bad input"}',
    ]);
    const b = await postJson(ctx.emu, CHAT, body);
    expect([b.headers.get("content-type"), await b.text()]).toEqual(["text/plain", "plain failure"]);
    const c = await postJson(ctx.emu, CHAT, body);
    expect(c.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    const d = await postJson(ctx.emu, CHAT, body);
    expect([d.status, d.headers.get("content-type"), await d.text()]).toEqual([500, null, ""]);
    const e = await postJson(ctx.emu, CHAT, body);
    expect(e.headers.get("content-type")).toBe("application/octet-stream");
  });

  test("matching by host, path and method; hub requests are skipped unless asked", async () => {
    ctx.emu.inject({ match: { path: "/together/" }, status: 418, body: { error: "teapot" } });
    ctx.emu.inject({ match: { includeHub: true, path: "/api/tasks" }, status: 500, body: "hub down" });
    expect((await postJson(ctx.emu, CHAT, body)).status).toBe(200);
    expect((await ctx.emu.fetch("https://huggingface.co/api/tasks")).status).toBe(500);
    const together = await postJson(ctx.emu, "https://router.huggingface.co/together/v1/chat/completions", body);
    expect(together.status).toBe(418);
  });

  test("bodies written in odd splits and byte by byte arrive intact", async () => {
    ctx.emu.inject({ splitAt: [1, 7, 8, 30], chunkDelayMs: 2 });
    ctx.emu.inject({ chunkSize: 1 });
    const plain = await (await postJson(ctx.emu, CHAT, { ...body, stream: true })).text();
    const split = await (await postJson(ctx.emu, CHAT, { ...body, stream: true })).text();
    const bytewise = await (await postJson(ctx.emu, CHAT, { ...body, stream: true })).text();
    const normalize = (s: string) => s.replace(/chatcmpl-emu-\d+/g, "ID");
    expect(normalize(split)).toBe(normalize(plain));
    expect(normalize(bytewise)).toBe(normalize(plain));
  });

  test("malformed SSE and SSE error events are sent verbatim", async () => {
    ctx.emu.inject({ body: "data: {not json\n\n", contentType: "text/event-stream" });
    ctx.emu.inject({ body: sseText([{ error: "boom" }]), contentType: "text/event-stream" });
    expect(await (await postJson(ctx.emu, CHAT, body)).text()).toBe("data: {not json\n\n");
    expect(await (await postJson(ctx.emu, CHAT, body)).text()).toBe('data: {"error":"boom"}\n\ndata: [DONE]\n\n');
  });

  test("connection reset mid-stream rejects the body read", async () => {
    ctx.emu.inject({ resetAfterBytes: 20 });
    const res = await postJson(ctx.emu, CHAT, { ...body, stream: true });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  test("a stalled body never finishes until the client aborts; a delay holds the headers", async () => {
    ctx.emu.inject({ stallAfterBytes: 10 });
    const res = await postJson(ctx.emu, CHAT, { ...body, stream: true });
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(first.value?.length).toBe(10);
    const pending = reader.read();
    const raced = await Promise.race([
      pending.then(() => "data"),
      new Promise((r) => setTimeout(() => r("stalled"), 200)),
    ]);
    expect(raced).toBe("stalled");
    await reader.cancel();

    ctx.emu.inject({ delayMs: 150 });
    const started = Date.now();
    expect((await postJson(ctx.emu, CHAT, body)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  test("repeat: an endless body keeps coming until the client leaves; maxBytes ends it", async () => {
    ctx.emu.inject({ body: '{"a":"', contentType: "application/json", repeat: { chunk: "x".repeat(1024) } });
    const res = await postJson(ctx.emu, CHAT, body);
    const reader = res.body!.getReader();
    let received = 0;
    while (received < 4 * 1024 * 1024) {
      const { done, value } = await reader.read();
      expect(done).toBe(false);
      received += value!.length;
    }
    await reader.cancel();

    ctx.emu.inject({ body: "data: ", contentType: "text/event-stream", repeat: { chunk: "abc", maxBytes: 30 } });
    const bounded = await postJson(ctx.emu, CHAT, body);
    expect(await bounded.text()).toBe(`data: ${"abc".repeat(10)}`);
  });

  test("repeat with intervalMs: a slow but steady stream", async () => {
    ctx.emu.inject({
      body: "",
      contentType: "text/event-stream",
      repeat: { chunk: ": ping\n", intervalMs: 30, maxBytes: 40 },
    });
    const started = Date.now();
    const res = await postJson(ctx.emu, CHAT, body);
    expect(await res.text()).toBe(": ping\n".repeat(5));
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
  });

  test("wrong output shapes replace the JSON body", async () => {
    ctx.emu.inject({ body: { choices: "nope" } });
    expect(await (await postJson(ctx.emu, CHAT, body)).json()).toEqual({ choices: "nope" });
  });
});

describe("CORS, recording and the CLI", () => {
  test("preflight and credentialed CORS headers", async () => {
    const pre = await fetch(`${ctx.emu.url}/v1/chat/completions`, {
      method: "OPTIONS",
      headers: { Origin: "http://127.0.0.1:9", "Access-Control-Request-Headers": "authorization,content-type" },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:9");
    expect(pre.headers.get("access-control-allow-headers")).toBe("authorization,content-type");
    expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
    const res = await fetch(`${ctx.emu.url}/v1/chat/completions`, { method: "POST", body: JSON.stringify(body) });
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("x-request-id")).toMatch(/^emu-req-\d+$/);
  });

  test("records method, url, headers and body bytes", async () => {
    await postJson(ctx.emu, "https://router.huggingface.co/together/v1/chat/completions?x=1", body, {
      "X-HF-Bill-To": "org",
    });
    const [req] = ctx.emu.requests;
    expect(req.url).toBe("https://router.huggingface.co/together/v1/chat/completions?x=1");
    expect(req.path).toBe("/together/v1/chat/completions?x=1");
    expect(req.headers["x-hf-bill-to"]).toBe("org");
    expect(req.text).toBe(JSON.stringify(body));
    expect(req.json).toEqual(body);
    expect(req.body).toBeInstanceOf(Uint8Array);
  });

  test("the emulator fetch refuses non-emulated hosts", async () => {
    await expect(ctx.emu.fetch("https://example.com/")).rejects.toThrow(/not an emulated host/);
  });

  test("CLI prints its URL and answers", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "packages/emulator/src/cli.ts", "--port", "0"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (d) => {
          out += d;
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.on("exit", () => reject(new Error(`CLI exited: ${out}`)));
      });
      const res = await fetch(`${url}/v1/chat/completions`, { method: "POST", body: JSON.stringify(body) });
      expect((await res.json()).object).toBe("chat.completion");
    } finally {
      child.kill("SIGTERM");
    }
  });
});
