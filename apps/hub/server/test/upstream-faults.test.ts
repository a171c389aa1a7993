// Upstream mode against a misbehaving hub on 127.0.0.1: endless and compression-bomb bodies are cut off at the
// cap (502), a body that trickles or headers that never come end in a 504 within the deadline, nothing is logged
// with a stack trace, and /api/health says 503 (not "ok") while the upstream is unreachable.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createApp } from "../src/app.js";
import { UpstreamBackend } from "../src/source/upstream-backend.js";
import type { UpstreamLimits } from "../src/source/upstream-limits.js";
import { WebAssets } from "../src/web-assets.js";
import { temporaryFolder } from "./files.js";

const LIMITS: UpstreamLimits = { timeoutMs: 700, maxBodyBytes: 1024 * 1024, healthTimeoutMs: 500 };
const web = new WebAssets(temporaryFolder("upstream-web"));
const open = new Set<ServerResponse>();

// 64 MiB of zeros gzip to about 64 kB: the bomb is tiny on the wire and huge once decoded.
const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));

function misbehave(path: string, response: ServerResponse): void {
  open.add(response);
  response.on("close", () => open.delete(response));
  if (path.startsWith("/endless/")) {
    response.writeHead(200, { "content-type": "application/json" });
    response.write("[");
    const chunk = `${JSON.stringify({ id: "a/b", tags: ["x".repeat(60_000)] })},`;
    const pump = () => {
      while (response.write(chunk)) if (response.destroyed) return;
      response.once("drain", pump);
    };
    pump();
  } else if (path.startsWith("/bomb/")) {
    response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
    response.end(bomb);
  } else if (path.startsWith("/trickle/")) {
    response.writeHead(200, { "content-type": "application/json" });
    response.write("[");
    const timer = setInterval(() => response.write(" "), 100);
    response.on("close", () => clearInterval(timer));
  } else if (path.startsWith("/silent/")) {
    // Never sends headers.
  } else if (path.startsWith("/fine/")) {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify([{ id: "a/b" }]));
  }
}

let upstream: Server;
let base: string;

beforeAll(async () => {
  upstream = createServer((request, response) => misbehave(request.url ?? "/", response));
  await new Promise<void>((ready) => upstream.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of open) response.destroy();
  await new Promise((done) => upstream.close(done));
});

const appFor = (prefix: string) =>
  createApp({ backend: new UpstreamBackend(`${base}/${prefix}`, undefined, LIMITS), web });

async function timed(prefix: string, path: string) {
  const started = performance.now();
  const response = await appFor(prefix).request(path);
  return { response, ms: performance.now() - started, body: (await response.json()) as Record<string, unknown> };
}

it("cuts an endless body off at the cap with a 502, without growing the heap by the body", async () => {
  const errors = vi.spyOn(console, "error");
  const heapBefore = process.memoryUsage().heapUsed;
  const { response, body } = await timed("endless", "/api/models?limit=10");
  expect(response.status).toBe(502);
  expect(body.error).toMatch(/over the 1048576-byte limit/);
  expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

it("cuts a gzip bomb off at the cap (the decoded size counts) with a 502", async () => {
  const { response, body } = await timed("bomb", "/api/models/a/b");
  expect(response.status).toBe(502);
  expect(body.error).toMatch(/limit/);
});

it("answers 504 when the body trickles past the deadline or the headers never come, and logs no stack", async () => {
  const errors = vi.spyOn(console, "error");
  for (const prefix of ["trickle", "silent"]) {
    const { response, ms, body } = await timed(prefix, "/api/tasks");
    expect(response.status, prefix).toBe(504);
    expect(body.error).toMatch(/did not answer within 0.7 s/);
    expect(ms).toBeLessThan(LIMITS.timeoutMs + 1500);
  }
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

it("answers /api/health with 503 and a status other than ok while the upstream is unreachable", async () => {
  const healthy = await timed("fine", "/api/health");
  expect(healthy.response.status).toBe(200);
  expect(healthy.body.status).toBe("ok");

  const silent = await timed("silent", "/api/health");
  expect(silent.response.status).toBe(503);
  expect(silent.body.status).not.toBe("ok");
  expect(silent.ms).toBeLessThan(LIMITS.healthTimeoutMs + 1500);

  // Nothing listens on this port any more.
  const gone = createServer();
  await new Promise<void>((ready) => gone.listen(0, "127.0.0.1", ready));
  const port = (gone.address() as AddressInfo).port;
  await new Promise((done) => gone.close(done));
  const app = createApp({ backend: new UpstreamBackend(`http://127.0.0.1:${port}`, undefined, LIMITS), web });
  const down = await app.request("/api/health");
  expect(down.status).toBe(503);
  expect(((await down.json()) as { status: string }).status).toBe("upstream-unavailable");
});
