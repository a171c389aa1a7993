// sendFileRange (api/send-file.ts) on a real HTTP server on 127.0.0.1: the bytes arrive intact whole and in
// ranges that cross its reused buffers, also to a client that reads slowly (a buffer refilled too early would
// corrupt what is still queued), and a vanished client, a missing or a shortened file end the response without
// hanging the sender.
import { createHash, randomBytes } from "node:crypto";
import { truncateSync, writeFileSync } from "node:fs";
import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type FileRange, sendFileRange } from "../src/api/send-file.js";
import { temporaryFolder } from "./files.js";

const MiB = 1024 * 1024;
const folder = temporaryFolder("send-file");
const content = randomBytes(9 * MiB + 12345); // more than the 4 × 1 MiB buffers, and not a whole number of them
const file = join(folder, "object.bin");
writeFileSync(file, content);

// What each request asks: the file and range to send, read from the query.
let server: Server;
let base = "";
const finished: Promise<void>[] = [];
beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const path = url.searchParams.get("file") ?? file;
    const start = Number(url.searchParams.get("start") ?? 0);
    const end = Number(url.searchParams.get("end") ?? content.length - 1);
    response.writeHead(200, { "Content-Length": String(end - start + 1) });
    finished.push(sendFileRange(response, path, { start, end }));
  });
  await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The body and whether it ended normally (false when the server cut it); `pauseMs` reads in slow bursts. */
function download(query: string, pauseMs = 0): Promise<{ body: Buffer; complete: boolean }> {
  return new Promise((done, fail) => {
    const request = get(`${base}/?${query}`, (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        if (pauseMs > 0 && chunks.length % 64 === 1) {
          response.pause();
          setTimeout(() => response.resume(), pauseMs);
        }
      });
      response.on("end", () => done({ body: Buffer.concat(chunks), complete: response.complete }));
      response.on("error", () => done({ body: Buffer.concat(chunks), complete: false }));
      response.on("aborted", () => done({ body: Buffer.concat(chunks), complete: false }));
    });
    // A connection cut before the head arrives (the head is only flushed with the first bytes).
    request.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" ? done({ body: Buffer.alloc(0), complete: false }) : fail(error),
    );
  });
}

const rangeQuery = ({ start, end }: FileRange, path = file) =>
  `file=${encodeURIComponent(path)}&start=${start}&end=${end}`;

it("sends the whole file byte for byte", async () => {
  const { body, complete } = await download("");
  expect(complete).toBe(true);
  expect(body.length).toBe(content.length);
  expect(sha(body)).toBe(sha(content));
});

it("sends ranges that start and end inside a buffer and cross several", async () => {
  for (const range of [
    { start: 0, end: 0 },
    { start: MiB - 1, end: MiB },
    { start: 123, end: 5 * MiB + 77 },
    { start: content.length - 10, end: content.length - 1 },
  ]) {
    const { body, complete } = await download(rangeQuery(range));
    expect(complete).toBe(true);
    expect(body.equals(content.subarray(range.start, range.end + 1))).toBe(true);
  }
});

it("keeps queued bytes intact for a client that reads slowly", async () => {
  // Larger than the kernel's loopback socket buffers, so that bytes wait in Node's queue while the client stalls.
  const big = join(folder, "big.bin");
  const bigContent = randomBytes(16 * MiB);
  writeFileSync(big, bigContent);
  const { body } = await download(rangeQuery({ start: 0, end: bigContent.length - 1 }, big), 50);
  expect(body.length).toBe(bigContent.length);
  expect(sha(body)).toBe(sha(bigContent));
});

it("stops, without hanging, when the client goes away", async () => {
  const before = finished.length;
  await new Promise<void>((done) => {
    const request = get(`${base}/`, (response) => {
      response.once("data", () => {
        request.destroy();
        done();
      });
    });
    request.on("error", () => {});
  });
  await expect(finished[before]).resolves.toBeUndefined();
});

it("cuts the response short when the file is missing or shorter than the range", async () => {
  const missing = await download(rangeQuery({ start: 0, end: 99 }, join(folder, "missing.bin")));
  expect(missing.complete).toBe(false);
  const short = join(folder, "short.bin");
  writeFileSync(short, content.subarray(0, 3 * MiB));
  truncateSync(short, 2 * MiB); // shorter than the range the head announced
  const cut = await download(rangeQuery({ start: 0, end: 3 * MiB - 1 }, short));
  expect(cut.complete).toBe(false);
  expect(cut.body.length).toBeLessThan(3 * MiB);
  await Promise.all(finished);
});
