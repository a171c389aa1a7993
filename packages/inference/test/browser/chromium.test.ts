// The client in real Debian Chromium against the emulator: a page bundled with esbuild from the TypeScript
// sources, served from a second 127.0.0.1 origin (so every call is cross-origin and CORS is exercised).
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { ASSETS, type Emulator, startEmulator } from "@hubkit/emulator";
import { build } from "esbuild";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

let emu: Emulator;
let server: Server;
let pageUrl: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`);
  emu = await startEmulator();
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./page-entry.ts", import.meta.url))],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["hubkit-source"],
    logLevel: "silent",
  });
  const script = bundle.outputFiles[0].text;
  const html =
    '<!doctype html><meta charset="utf-8"><title>hubkit inference</title><script type="module" src="/page.js"></script>';
  server = createServer((req, res) => {
    if (req.url === "/page.js") res.writeHead(200, { "content-type": "text/javascript" }).end(script);
    else res.writeHead(200, { "content-type": "text/html" }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await emu?.close();
});

describe("@hubkit/inference in Chromium", () => {
  test("chat, streamed chat, binary tasks and the client class", async () => {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The streamed chat arrives in 7-byte pieces (multi-byte characters and lines split across reads).
    emu.inject({ match: { path: "/cerebras/" }, chunkSize: 7 });
    await page.goto(pageUrl);
    await page.waitForFunction(() => typeof (globalThis as { runAll?: unknown }).runAll === "function");
    const result = await page.evaluate(
      (url) => (globalThis as unknown as { runAll: (u: string) => Promise<unknown> }).runAll(url),
      emu.url,
    );
    await page.close();
    expect(errors).toEqual([]);
    const expected = "Hello from the emulator! You said: from the browser";
    expect(result).toMatchObject({
      chat: expected,
      streamed: expected,
      clientChat: expected,
      defaultFetchChat: expected,
      defaultFetchStreamed: expected,
      image: { size: ASSETS["image.jpeg"].body.length, type: "image/jpeg", bytes: [...ASSETS["image.jpeg"].body] },
      imageUrl: `data:image/jpeg;base64,${Buffer.from(ASSETS["image.jpeg"].body).toString("base64")}`,
      classification: [
        { label: "tabby cat", score: 0.88 },
        { label: "tiger cat", score: 0.05 },
      ],
    });
    expect((result as { streamedChunks: number }).streamedChunks).toBeGreaterThan(3);

    const byService = (s: string) => emu.requests.filter((r) => r.service === s);
    const [chatReq] = byService("together");
    expect(chatReq.url).toBe("https://router.huggingface.co/together/v1/chat/completions");
    expect(chatReq.headers.authorization).toBe("Bearer hf_browserToken");
    expect(chatReq.headers.origin).toBe(new URL(pageUrl).origin);
    expect(chatReq.text).toBe(
      '{"messages":[{"role":"user","content":"from the browser"}],"model":"meta-llama/Llama-3.3-70B-Instruct-Turbo"}',
    );
    expect(byService("cerebras")[0].json).toMatchObject({ stream: true, model: "llama-3.3-70b" });
    const upload = emu.requests.find((r) => r.path === "/hf-inference/models/google/vit-base-patch16-224");
    expect(upload?.body).toEqual(new Uint8Array([0x89, 80, 78, 71, 0, 0xfe]));
    const [hubLookup] = byService("hub");
    expect(hubLookup.headers.authorization).toBe("Bearer hf_browserToken");
    // The browser adds its own user agent after ours when it lets the header through; never a bare default.
    const ua = chatReq.headers["user-agent"] ?? "";
    expect(ua === (result as { userAgent: string }).userAgent || ua.startsWith("@hubkit/inference/0.1.0")).toBe(true);
  }, 60_000);
});
