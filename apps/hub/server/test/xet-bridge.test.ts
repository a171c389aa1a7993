// The whole-file bridge (issue 18, xet.md §4) on a real server: a Xet file rebuilt from its xorbs as plain bytes for
// curl, browsers and every client without Xet — whole and for any Range, exact to the byte across chunk, record,
// term and read-buffer boundaries; with raw, LZ4-framed (stored and matched blocks) and BG4 records; with a term
// that repeats chunks of an earlier xorb; a file larger than the sender's read buffers together (so they are
// reused); a client that goes away mid-download; and a stored xorb that no longer matches the index, which cuts the
// response short instead of sending wrong bytes (and the server keeps serving). Uploads are built with the server's
// own format writers and hashes (checked against the §3.8 vectors in xet-format.test.ts).
import { createHash, randomBytes } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupBg4 } from "../src/xet/bg4.js";
import { type HashedSize, hashToHex, type RawHash, type XetHashing, xetHashing } from "../src/xet/hash.js";
import { type ParsedShard, writeShard } from "../src/xet/shard.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let hashing: XetHashing;
const REPO = "alice/bridge";

/** An LZ4 frame holding `data` as one stored (uncompressed) block. */
function lz4Stored(data: Uint8Array): Buffer {
  const size = Buffer.alloc(4);
  size.writeUInt32LE((data.length | 0x80000000) >>> 0);
  return Buffer.concat([Buffer.from([0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x00]), size, data, Buffer.alloc(4)]);
}

/** An LZ4 frame of `pattern` (8 bytes) repeated to `length` bytes: 8 literals, then one overlapping match. */
function lz4Repeated(pattern: Buffer, length: number): { frame: Buffer; data: Buffer } {
  const match = length - 8 - 4;
  const extra: number[] = [];
  for (let rest = match - 15; ; rest -= 255) {
    extra.push(Math.min(rest, 255));
    if (rest < 255) break;
  }
  const block = Buffer.from([0x8f, ...pattern, 8, 0, ...extra]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(block.length);
  const data = Buffer.alloc(length);
  for (let i = 0; i < length; i++) data[i] = pattern[i % 8] as number;
  return {
    frame: Buffer.concat([Buffer.from([0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x00]), size, block, Buffer.alloc(4)]),
    data,
  };
}

interface Chunk {
  data: Buffer;
  scheme: number;
  stored: Buffer;
}

const raw = (data: Buffer): Chunk => ({ data, scheme: 0, stored: data });

function record(chunk: Chunk): Buffer {
  const header = Buffer.alloc(8);
  header.writeUIntLE(chunk.stored.length, 1, 3);
  header[4] = chunk.scheme;
  header.writeUIntLE(chunk.data.length, 5, 3);
  return Buffer.concat([header, chunk.stored]);
}

function xorbOf(chunks: Chunk[]) {
  const leaves: HashedSize[] = chunks.map((chunk) => ({ hash: hashing.chunk(chunk.data), size: chunk.data.length }));
  return { chunks, leaves, body: Buffer.concat(chunks.map(record)), hash: hashToHex(hashing.merkle(leaves)) };
}
type Xorb = ReturnType<typeof xorbOf>;

/** Uploads the xorbs and a shard for the file made of `terms`, commits it as `path`; returns the file's bytes. */
async function publish(path: string, xorbs: Xorb[], terms: [Xorb, number, number][]): Promise<Buffer> {
  const bearer = { Authorization: `Bearer ${hub.writeToken}` };
  const { accessToken, casUrl } = (await (
    await fetch(`${hub.url}/api/models/${REPO}/xet-write-token/main`, { headers: bearer })
  ).json()) as { accessToken: string; casUrl: string };
  for (const xorb of xorbs) {
    const stored = await fetch(`${casUrl}/v1/xorbs/default/${xorb.hash}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${accessToken}` },
      body: xorb.body,
    });
    expect(stored.status, await stored.text()).toBe(200);
  }
  const file = Buffer.concat(terms.flatMap(([xorb, from, to]) => xorb.chunks.slice(from, to).map((c) => c.data)));
  const leaves = terms.flatMap(([xorb, from, to]) => xorb.leaves.slice(from, to));
  const shard: ParsedShard = {
    files: [
      {
        fileHash: hashToHex(hashing.file(leaves)),
        sha256: createHash("sha256").update(file).digest("hex"),
        segments: terms.map(([xorb, from, to]) => ({
          xorb: xorb.hash,
          unpackedBytes: xorb.leaves.slice(from, to).reduce((sum, leaf) => sum + leaf.size, 0),
          chunkStart: from,
          chunkEnd: to,
          verification: hashing.verification(xorb.leaves.slice(from, to).map((leaf) => leaf.hash as RawHash)),
        })),
      },
    ],
    xorbs: [],
  };
  const recorded = await fetch(`${casUrl}/v1/shards`, {
    method: "POST",
    headers: { Authorization: `Bearer ${accessToken}` },
    body: writeShard(shard, { footer: false }),
  });
  expect(recorded.status, await recorded.text()).toBe(200);
  const commit = await fetch(`${hub.url}/api/models/${REPO}/commit/main`, {
    method: "POST",
    headers: { ...bearer, "Content-Type": "application/x-ndjson" },
    body: [
      JSON.stringify({ key: "header", value: { summary: `add ${path}` } }),
      JSON.stringify({
        key: "lfsFile",
        value: { path, algo: "sha256", oid: createHash("sha256").update(file).digest("hex"), size: file.length },
      }),
    ].join("\n"),
  });
  expect(commit.status, await commit.text()).toBe(200);
  return file;
}

const resolve = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${hub.url}/${REPO}/resolve/main/${path}`, {
    headers: { Authorization: `Bearer ${hub.readToken}`, ...headers },
  });

let mixed: Buffer;
/** File offsets where a chunk (and so a record) ends; some are also term ends. */
const boundaries: number[] = [];
let damaged: { xorb: Xorb; file: Buffer };

beforeAll(async () => {
  hub = await startTestHub("xet-bridge");
  hashing = await xetHashing();
  await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "bridge", private: true }),
  });
  const floats = Buffer.from(Float32Array.from({ length: 22_500 }, (_, i) => Math.cos(i / 300)).buffer);
  const odd = Buffer.concat([floats, Buffer.from([7])]); // 90 001 bytes: BG4 planes of unequal length
  const repeated = lz4Repeated(Buffer.from("hubkit!?"), 100_000);
  const small = randomBytes(50_000);
  const a = xorbOf([
    raw(randomBytes(70_000)),
    { data: repeated.data, scheme: 1, stored: repeated.frame },
    { data: odd, scheme: 2, stored: lz4Stored(groupBg4(odd)) },
    raw(randomBytes(8_193)),
    { data: small, scheme: 1, stored: lz4Stored(small) },
  ]);
  // 80 × 64 KiB: with the rest, more bytes than the sender's four 1 MiB buffers hold together.
  const b = xorbOf(Array.from({ length: 80 }, () => raw(randomBytes(65_536))));
  const terms: [Xorb, number, number][] = [
    [a, 0, 5],
    [b, 0, 80],
    [a, 1, 3],
  ];
  mixed = await publish("mixed.bin", [a, b], terms);
  let offset = 0;
  for (const [xorb, from, to] of terms)
    for (const leaf of xorb.leaves.slice(from, to)) {
      offset += leaf.size;
      boundaries.push(offset);
    }
  const c = xorbOf(Array.from({ length: 4 }, () => raw(randomBytes(40_000))));
  damaged = { xorb: c, file: await publish("damaged.bin", [c], [[c, 0, 4]]) };
}, 90_000);
afterAll(async () => hub?.close());

describe("the whole-file bridge", () => {
  it("sends the whole file byte-identical, with the LFS headers", async () => {
    const response = await resolve("mixed.bin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(mixed.length));
    expect(Buffer.from(await response.arrayBuffer()).equals(mixed)).toBe(true);
    const head = await fetch(`${hub.url}/${REPO}/resolve/main/mixed.bin`, {
      method: "HEAD",
      headers: { Authorization: `Bearer ${hub.readToken}` },
    });
    expect(head.headers.get("x-linked-size")).toBe(String(mixed.length));
  });

  it("answers every Range exactly: around chunk, term and buffer boundaries, single bytes, suffixes", async () => {
    const last = mixed.length - 1;
    const ranges: [number, number][] = [
      [0, 0],
      [last, last],
      [0, last],
      [1, last - 1],
      [1_000_000, 4_500_000],
    ];
    for (const boundary of boundaries.slice(0, -1)) ranges.push([boundary - 1, boundary], [boundary - 3, boundary + 9]);
    for (let i = 0; i < 10; i++) {
      const start = Math.floor(Math.random() * mixed.length);
      ranges.push([start, Math.min(last, start + Math.floor(Math.random() * 1_500_000))]);
    }
    for (const [start, wanted] of ranges) {
      const end = Math.min(wanted, last);
      const response = await resolve("mixed.bin", { Range: `bytes=${start}-${wanted}` });
      expect(response.status).toBe(206);
      expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${mixed.length}`);
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(mixed.subarray(start, end + 1)), `bytes=${start}-${wanted}`).toBe(true);
    }
    const suffix = await resolve("mixed.bin", { Range: "bytes=-100001" });
    expect(Buffer.from(await suffix.arrayBuffer()).equals(mixed.subarray(mixed.length - 100_001))).toBe(true);
    expect((await resolve("mixed.bin", { Range: `bytes=${mixed.length}-` })).status).toBe(416);
  }, 120_000);

  it("a client that goes away mid-download costs nothing; the next download is whole", async () => {
    const url = new URL(`${hub.url}/${REPO}/resolve/main/mixed.bin`);
    await new Promise<void>((done, fail) => {
      const request = get(url, { headers: { Authorization: `Bearer ${hub.readToken}` } }, (response) => {
        response.once("data", () => {
          request.destroy();
          done();
        });
      });
      request.on("error", (error) => (request.destroyed ? done() : fail(error)));
    });
    for (let i = 0; i < 3; i++) {
      const again = await resolve("mixed.bin");
      expect(Buffer.from(await again.arrayBuffer()).equals(mixed)).toBe(true);
    }
  });

  it("a stored xorb that differs from the index cuts the response short, never sends wrong bytes", async () => {
    const { xorb, file } = damaged;
    const path = join(hub.dataDir, "xet", "xorbs", xorb.hash.slice(0, 2), xorb.hash);
    // The third record's header now claims another scheme and length (the disk, not the index, is wrong).
    const fd = openSync(path, "r+");
    writeSync(fd, Buffer.from([0, 0x10, 0, 0, 9, 0x10, 0, 0]), 0, 8, 2 * (40_000 + 8));
    closeSync(fd);
    // The error comes before any byte of the body: the connection closes (before or after the head went out).
    await expect(resolve("damaged.bin").then((response) => response.arrayBuffer())).rejects.toThrow();
    // The bytes before the damaged record are still served exactly.
    const before = await resolve("damaged.bin", { Range: "bytes=0-79999" });
    expect(Buffer.from(await before.arrayBuffer()).equals(file.subarray(0, 80_000))).toBe(true);
    const other = await resolve("mixed.bin", { Range: "bytes=0-99999" });
    expect(Buffer.from(await other.arrayBuffer()).equals(mixed.subarray(0, 100_000))).toBe(true);
  });
});
