// kill -9 the real server mid-xorb and mid-shard upload (issue 18), restart it on the same data folder: no partial
// xorb is visible (no file under xorbs/, no row), nothing is left in the CAS's tmp folder, no file mapping was
// recorded, and the client's retry succeeds. Also: a xorb acknowledged before the crash is still there after it.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { beforeAll, expect, it } from "vitest";
import { chunkRanges } from "../src/xet/chunker.js";
import { hashToHex, xetHashing } from "../src/xet/hash.js";
import { type ParsedShard, writeShard } from "../src/xet/shard.js";
import { serializeRawXorb } from "../src/xet/xorb.js";
import { createRepo, faultHub } from "./faults-harness.js";

const hub = faultHub("xet-crash");
const file = randomBytes(6 * 1024 * 1024);
let xorb: { body: Buffer; hash: string; shard: Buffer; fileHash: string };

async function writeToken(): Promise<{ accessToken: string; casUrl: string }> {
  return (await (await hub.authed("/api/models/alice/xet-crash/xet-write-token/main")).json()) as {
    accessToken: string;
    casUrl: string;
  };
}

/** A POST that declares the whole body but sends only `sent` bytes and waits: a kill lands mid-body. */
function partialPost(url: string, token: string, sent: Buffer, total: number): { ended: Promise<void> } {
  const post = request(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Length": String(total) },
  });
  const ended = new Promise<void>((done) => {
    post.on("error", () => done());
    post.on("response", (response) => {
      response.resume();
      done();
    });
  });
  post.write(sent);
  return { ended };
}

const casFolder = () => join(hub.dataDir, "xet");
const tmpFiles = () => (existsSync(join(casFolder(), "tmp")) ? readdirSync(join(casFolder(), "tmp")) : []);

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 5));
  }
}

beforeAll(async () => {
  const hashing = await xetHashing();
  const chunks = chunkRanges(file).map(([start, end]) => file.subarray(start, end));
  const leaves = chunks.map((chunk) => ({ hash: hashing.chunk(chunk), size: chunk.length }));
  const hash = hashToHex(hashing.merkle(leaves));
  let offset = 0;
  const shard: ParsedShard = {
    files: [
      {
        fileHash: hashToHex(hashing.file(leaves)),
        sha256: createHash("sha256").update(file).digest("hex"),
        segments: [
          {
            xorb: hash,
            unpackedBytes: file.length,
            chunkStart: 0,
            chunkEnd: chunks.length,
            verification: hashing.verification(leaves.map((leaf) => leaf.hash)),
          },
        ],
      },
    ],
    xorbs: [
      {
        hash,
        bytesOnDisk: 0,
        chunks: leaves.map((leaf) => {
          const entry = { hash: leaf.hash, start: offset, size: leaf.size, flags: 0 };
          offset += leaf.size;
          return entry;
        }),
      },
    ],
  };
  xorb = {
    body: serializeRawXorb(chunks),
    hash,
    shard: writeShard(shard, { footer: false }),
    fileHash: shard.files[0]?.fileHash as string,
  };
  await hub.start();
  await createRepo(hub, "xet-crash");
}, 90_000);

it("kill -9 mid-xorb: after restart no xorb, no tmp file; the retry stores it", async () => {
  const { accessToken, casUrl } = await writeToken();
  const url = `${casUrl}/v1/xorbs/default/${xorb.hash}`;
  const { ended } = partialPost(url, accessToken, xorb.body.subarray(0, xorb.body.length / 2), xorb.body.length);
  await until(() => tmpFiles().length > 0, "the xorb's tmp file");
  await hub.current().kill9();
  await ended;
  await hub.start();
  expect(tmpFiles()).toEqual([]);
  expect(existsSync(join(casFolder(), "xorbs", xorb.hash.slice(0, 2), xorb.hash))).toBe(false);
  // The restarted server has the same instance id (the casUrl the client cached still works) and a fresh token.
  const again = await writeToken();
  expect(again.casUrl.replace(/^http:\/\/[^/]+/, "")).toBe(casUrl.replace(/^http:\/\/[^/]+/, ""));
  const retry = await fetch(`${again.casUrl}/v1/xorbs/default/${xorb.hash}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${again.accessToken}` },
    body: xorb.body,
  });
  expect(retry.status).toBe(200);
  expect(await retry.json()).toEqual({ was_inserted: true });
}, 90_000);

it("kill -9 mid-shard: no file recorded; the acknowledged xorb survives; the retry links the file and commits", async () => {
  const { accessToken, casUrl } = await writeToken();
  const { ended } = partialPost(`${casUrl}/v1/shards`, accessToken, xorb.shard.subarray(0, 200), xorb.shard.length);
  await new Promise((done) => setTimeout(done, 300));
  await hub.current().kill9();
  await ended;
  await hub.start();
  const again = await writeToken();
  const reconstruction = await fetch(`${again.casUrl}/v1/reconstructions/${xorb.fileHash}`, {
    headers: { Authorization: `Bearer ${again.accessToken}` },
  });
  expect(reconstruction.status).toBe(404);
  expect(existsSync(join(casFolder(), "xorbs", xorb.hash.slice(0, 2), xorb.hash))).toBe(true);
  const retry = await fetch(`${again.casUrl}/v1/shards`, {
    method: "POST",
    headers: { Authorization: `Bearer ${again.accessToken}` },
    body: xorb.shard,
  });
  expect(retry.status).toBe(200);
  const sha256 = createHash("sha256").update(file).digest("hex");
  const commit = await hub.authed("/api/models/alice/xet-crash/commit/main", {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson" },
    body: [
      JSON.stringify({ key: "header", value: { summary: "xet file" } }),
      JSON.stringify({ key: "lfsFile", value: { path: "data.bin", algo: "sha256", oid: sha256, size: file.length } }),
    ].join("\n"),
  });
  expect(commit.status).toBe(200);
  const back = await hub.authed("/alice/xet-crash/resolve/main/data.bin");
  expect(back.headers.get("x-xet-hash")).toBe(xorb.fileHash);
  expect(
    createHash("sha256")
      .update(Buffer.from(await back.arrayBuffer()))
      .digest("hex"),
  ).toBe(sha256);
}, 90_000);
