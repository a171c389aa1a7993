// Xet xorbs in an S3-compatible bucket (issue 23), against a real Ceph RADOS Gateway (scripts/ci-rgw.sh exports
// TEST_S3_*; without it the tests skip, and in CI they fail). The store alone: a commit stores exactly the chunk
// area in one atomic PUT, a commit that loses the race answers false (If-None-Match), an abort or a failed commit
// leaves nothing, reads are exact (ranges, readInto, the streamed reader, which uses one GET for its span and
// reopens after a cut connection), short reads and missing xorbs are errors, and an unreachable store is a 503.
// Then a hub with HUBKIT_S3_*: huggingface_hub 2.0.0 + hf_xet uploads a 20 MB file, its xorbs are in the bucket
// (none in the data folder), and it downloads byte-identical through Xet, through the whole-file bridge
// (HF_HUB_DISABLE_XET=1) and with a plain GET of the resolve URL (whole and a Range).
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { connect, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../src/api/api-error.js";
import { ObjectStoreUnavailableError } from "../src/s3/errors.js";
import { MAX_PENDING_XORB, S3XetObjectStore } from "../src/s3/xet-store.js";
import type { XetService } from "../src/xet/service.js";
import { python, run, startTestHub, type TestHub } from "./hub-harness.js";

const s3TestEnabled = (process.env.TEST_S3_ENDPOINT ?? "") !== "";
if (process.env.CI === "true" && !s3TestEnabled)
  throw new Error("CI=true but TEST_S3_ENDPOINT is not set: the S3 tests must run against scripts/ci-rgw.sh's gateway");

/** A client of the test gateway (or of `endpoint`, a relay or a dead port). */
function s3TestClient(endpoint = process.env.TEST_S3_ENDPOINT as string, maxAttempts = 3): S3Client {
  return new S3Client({
    endpoint,
    region: process.env.TEST_S3_REGION ?? "us-east-1",
    forcePathStyle: true,
    credentials: {
      accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID as string,
      secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY as string,
    },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts,
  });
}

/** A bucket of this file's own, made before its tests and emptied and removed after them. */
function withTestBucket(name: string): { name: string } {
  const bucket = { name: `${name}-${randomBytes(4).toString("hex")}` };
  beforeAll(async () => {
    await s3TestClient().send(new CreateBucketCommand({ Bucket: bucket.name }));
  });
  afterAll(async () => {
    const client = s3TestClient();
    for (;;) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket.name }));
      const objects = (listed.Contents ?? []).map((entry) => ({ Key: entry.Key as string }));
      if (objects.length === 0) break;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket.name, Delete: { Objects: objects } }));
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket.name }));
  });
  return bucket;
}

const KEY = "ab".repeat(32);
const OTHER = "cd".repeat(32);

/** Counts the GetObject requests a client sends. */
function countGets(client: S3Client): { gets: number } {
  const count = { gets: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === "GetObjectCommand") count.gets++;
      return next(args);
    },
    { step: "initialize", name: "countGets" },
  );
  return count;
}

async function keys(client: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((entry) => entry.Key ?? "");
}

async function stored(store: S3XetObjectStore, key: string, pieces: Buffer[], length: number): Promise<boolean> {
  const pending = await store.begin();
  await pending.write(pieces);
  return pending.commit(key, length);
}

/**
 * A TCP relay to the gateway that cuts each connection after `cutAfter` bytes came back through it (once set):
 * a store connection that breaks mid-body.
 */
function cuttingRelay(target: URL): { server: Server; cutAfter: number | undefined; cuts: number } {
  const relay = { server: createServer(), cutAfter: undefined as number | undefined, cuts: 0 };
  relay.server.on("connection", (downstream: Socket) => {
    const upstream = connect(Number(target.port), target.hostname);
    let back = 0;
    downstream.on("data", (data) => upstream.write(data));
    upstream.on("data", (data) => {
      back += data.length;
      if (relay.cutAfter !== undefined && back > relay.cutAfter) {
        relay.cuts++;
        downstream.write(data.subarray(0, data.length - (back - relay.cutAfter)));
        downstream.destroy();
        upstream.destroy();
        return;
      }
      downstream.write(data);
    });
    const close = () => {
      downstream.destroy();
      upstream.destroy();
    };
    downstream.on("error", close).on("close", close);
    upstream.on("error", close).on("close", close);
  });
  return relay;
}

describe.skipIf(!s3TestEnabled)("S3XetObjectStore on the RADOS gateway", () => {
  const bucket = withTestBucket("xet-store");
  let client: S3Client;
  let store: S3XetObjectStore;
  const prefix = "hub1/xet/";
  // A xorb-sized object of several 4 MiB blocks, plus a "footer" the commit drops.
  const body = randomBytes(10 * 1024 * 1024 + 123);
  const footer = randomBytes(200);

  beforeAll(async () => {
    client = s3TestClient();
    store = new S3XetObjectStore(client, bucket.name, prefix);
    // Written in uneven pieces across block boundaries.
    expect(
      await stored(
        store,
        KEY,
        [body.subarray(0, 1000), body.subarray(1000, 5_000_000), body.subarray(5_000_000), footer],
        body.length,
      ),
    ).toBe(true);
  }, 60_000);

  it("stores exactly the committed length at <prefix>xorbs/<hash>, nothing else, and gives its buffers back", async () => {
    expect(await keys(client, bucket.name, prefix)).toEqual([`${prefix}xorbs/${KEY}`]);
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket.name, Key: `${prefix}xorbs/${KEY}` }));
    expect(head.ContentLength).toBe(body.length);
    expect(await store.exists(KEY)).toBe(true);
    expect(await store.exists(OTHER)).toBe(false);
    expect(store.pendingBytes).toBe(0);
    expect(await store.pending()).toBe(0);
  });

  it("reads ranges exactly: read (streamed), readBytes, readInto into the caller's buffer", async () => {
    const parts: Buffer[] = [];
    for await (const part of store.read(KEY, 7, 6_000_000)) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(body.subarray(7, 6_000_001))).toBe(true);
    expect((await store.readBytes(KEY, body.length - 5, 5)).equals(body.subarray(-5))).toBe(true);
    const into = Buffer.alloc(300_000);
    const got = await store.readInto(KEY, 4 * 1024 * 1024 - 10, into, 200_000);
    expect(got.buffer).toBe(into.buffer);
    expect(got.equals(body.subarray(4 * 1024 * 1024 - 10, 4 * 1024 * 1024 + 199_990))).toBe(true);
  });

  it("a read past the end or of a missing xorb is an error, not a short answer or a 503", async () => {
    await expect(store.readBytes(KEY, body.length - 10, 11)).rejects.toThrow(/past the object's end/);
    await expect(store.readBytes(KEY, body.length, 1)).rejects.toThrow(/past the object's end/);
    await expect(store.readBytes(OTHER, 0, 10)).rejects.toThrow(/missing from the object store/);
    await expect(store.readBytes(OTHER, 0, 10)).rejects.not.toBeInstanceOf(ObjectStoreUnavailableError);
    const stream = store.read(KEY, body.length - 10, body.length + 10);
    await expect(
      (async () => {
        for await (const _ of stream);
      })(),
    ).rejects.toThrow(/past the object's end/);
  });

  it("openReader streams its span in one GET, serves reads elsewhere too, and has no blocking read", async () => {
    const counted = s3TestClient();
    const count = countGets(counted);
    const reading = new S3XetObjectStore(counted, bucket.name, prefix);
    const span = { start: 1000, end: body.length - 1 };
    const reader = await reading.openReader(KEY, span);
    expect(reader.readIntoSync).toBeUndefined();
    const slot = Buffer.alloc(1024 * 1024);
    const parts: Buffer[] = [];
    for (let at = span.start; at <= span.end; at += slot.length) {
      const length = Math.min(slot.length, span.end - at + 1);
      parts.push(Buffer.from(await reader.readInto(at, slot, length)));
    }
    expect(Buffer.concat(parts).equals(body.subarray(span.start))).toBe(true);
    expect(count.gets).toBe(1);
    // Backwards, and a jump ahead: new GETs, exact bytes.
    expect((await reader.readInto(0, slot, 500)).equals(body.subarray(0, 500))).toBe(true);
    expect((await reader.readInto(9_000_000, slot, 1000)).equals(body.subarray(9_000_000, 9_001_000))).toBe(true);
    await expect(reader.readInto(body.length - 1, slot, 2)).rejects.toThrow(/past the object's end/);
    await expect(reader.readInto(0, slot, slot.length + 1)).rejects.toThrow(/too small/);
    await reader.close();
    await expect(reader.readInto(0, slot, 1)).rejects.toThrow(/after close/);
  });

  it("a reader whose connection is cut mid-body reopens once at its position: exact bytes", async () => {
    const relay = cuttingRelay(new URL(process.env.TEST_S3_ENDPOINT as string));
    await new Promise<void>((done) => relay.server.listen(0, "127.0.0.1", done));
    try {
      const { port } = relay.server.address() as AddressInfo;
      const relayed = s3TestClient(`http://127.0.0.1:${port}`);
      const count = countGets(relayed);
      const reading = new S3XetObjectStore(relayed, bucket.name, prefix);
      relay.cutAfter = 3 * 1024 * 1024;
      const reader = await reading.openReader(KEY, { start: 0, end: body.length - 1 });
      const slot = Buffer.alloc(1024 * 1024);
      const parts: Buffer[] = [];
      for (let at = 0; at < body.length; at += slot.length) {
        const length = Math.min(slot.length, body.length - at);
        parts.push(Buffer.from(await reader.readInto(at, slot, length)));
        // Only the first connection is cut: the reopened GET (from ~3 MiB) then runs to the end.
        if (relay.cuts > 0) relay.cutAfter = undefined;
      }
      await reader.close();
      expect(Buffer.concat(parts).equals(body)).toBe(true);
      expect(relay.cuts).toBe(1);
      expect(count.gets).toBe(2);
      relayed.destroy();
    } finally {
      relay.server.close();
    }
  });

  it("a commit that loses the race answers false and leaves the winner's bytes", async () => {
    const key = "12".repeat(32);
    const first = randomBytes(100_000);
    // Both believe the key is free (as two servers that checked at the same moment): If-None-Match decides.
    const racing = Object.create(store, { exists: { value: async () => false } }) as S3XetObjectStore;
    const a = await racing.begin();
    const b = await racing.begin();
    await a.write([first]);
    await b.write([randomBytes(100_000)]);
    expect(await a.commit(key, first.length)).toBe(true);
    expect(await b.commit(key, first.length)).toBe(false);
    expect((await store.readBytes(key, 0, first.length)).equals(first)).toBe(true);
    // Truly concurrent, through the real existence check: exactly one wins.
    const key2 = "34".repeat(32);
    const bytes = randomBytes(3_000_000);
    const results = await Promise.all([1, 2, 3].map(() => stored(store, key2, [bytes], bytes.length)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await store.readBytes(key2, 0, bytes.length)).equals(bytes)).toBe(true);
    expect(store.pendingBytes).toBe(0);
  });

  it("an abort, or a commit that fails, leaves nothing in the bucket and gives the buffers back", async () => {
    const before = await keys(client, bucket.name, prefix);
    const aborted = await store.begin();
    await aborted.write([randomBytes(5_000_000)]);
    expect(store.pendingBytes).toBeGreaterThanOrEqual(5_000_000);
    expect(await store.pending()).toBe(1);
    await aborted.abort();
    const failing = await store.begin();
    await failing.write([randomBytes(1000)]);
    await expect(failing.commit(OTHER, 1001)).rejects.toThrow(/1001 bytes, 1000 written/);
    expect(store.pendingBytes).toBe(0);
    expect(await store.pending()).toBe(0);
    expect(await keys(client, bucket.name, prefix)).toEqual(before);
    expect(await store.exists(OTHER)).toBe(false);
  });

  it("bounds what a pending xorb and all pending xorbs hold: 413 past a xorb's size, 503 past the budget", async () => {
    const big = await store.begin();
    const piece = Buffer.alloc(8 * 1024 * 1024);
    for (let written = 0; written + piece.length <= MAX_PENDING_XORB; written += piece.length) await big.write([piece]);
    const error = await big.write([piece]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(413);
    await big.abort();
    const small = new S3XetObjectStore(client, bucket.name, prefix, { bufferBudget: 8 * 1024 * 1024 });
    const one = await small.begin();
    await one.write([Buffer.alloc(6 * 1024 * 1024)]);
    const two = await small.begin();
    const refused = await two.write([Buffer.alloc(3 * 1024 * 1024)]).catch((caught: unknown) => caught);
    expect((refused as ApiError).status).toBe(503);
    await one.abort();
    await two.write([Buffer.alloc(3 * 1024 * 1024)]);
    await two.abort();
    expect(small.pendingBytes).toBe(0);
  }, 60_000);

  it("deletes (twice is fine)", async () => {
    const key = "56".repeat(32);
    expect(await stored(store, key, [randomBytes(1000)], 1000)).toBe(true);
    await store.delete(key);
    await store.delete(key);
    expect(await store.exists(key)).toBe(false);
  });

  it("an unreachable store is ObjectStoreUnavailableError (503) for every operation", async () => {
    const down = new S3XetObjectStore(s3TestClient("http://127.0.0.1:1", 1), bucket.name, prefix);
    const unavailable = async (work: Promise<unknown>) => {
      const error = await work.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ObjectStoreUnavailableError);
      expect((error as ApiError).status).toBe(503);
      expect((error as Error).message).toMatch(/^Object store unavailable: .*ECONNREFUSED/);
    };
    await unavailable(down.exists(KEY));
    await unavailable(down.readBytes(KEY, 0, 10));
    await unavailable(down.delete(KEY));
    const pending = await down.begin();
    await pending.write([randomBytes(100)]);
    await unavailable(pending.commit(KEY, 100));
    expect(down.pendingBytes).toBe(0);
    const reader = await down.openReader(KEY);
    await unavailable(reader.readInto(0, Buffer.alloc(10), 10));
    await reader.close();
    await unavailable(
      (async () => {
        for await (const _ of down.read(KEY, 0, 9));
      })(),
    );
  });
});

describe.skipIf(!s3TestEnabled)("a hub whose xorbs are in the bucket", () => {
  const bucket = withTestBucket("xet-hub");
  const prefix = "hub1/";
  let hub: TestHub;
  let xet: XetService;
  const big = randomBytes(20 * 1024 * 1024);
  const bigSha = createHash("sha256").update(big).digest("hex");
  const repo = "alice/s3-xet";

  beforeAll(async () => {
    hub = await startTestHub("s3-xet", {
      HUBKIT_S3_ENDPOINT: process.env.TEST_S3_ENDPOINT as string,
      HUBKIT_S3_BUCKET: bucket.name,
      HUBKIT_S3_REGION: process.env.TEST_S3_REGION ?? "us-east-1",
      HUBKIT_S3_FORCE_PATH_STYLE: "1",
      HUBKIT_S3_PREFIX: prefix,
      AWS_ACCESS_KEY_ID: process.env.TEST_S3_ACCESS_KEY_ID as string,
      AWS_SECRET_ACCESS_KEY: process.env.TEST_S3_SECRET_ACCESS_KEY as string,
    });
    xet = hub.ctx.xet as XetService;
    writeFileSync(join(hub.work, "big.bin"), big);
  }, 60_000);
  afterAll(async () => hub?.close());

  const downloaded = (out: string) => /SHA ([0-9a-f]{64})/.exec(out)?.[1];

  it("huggingface_hub + hf_xet upload a 20 MB file: the xorbs land in the bucket; Xet download is identical", async () => {
    const shards = xet.counters.shards;
    const result = await python(
      "2.0.0",
      hub,
      `
import hashlib
from huggingface_hub import HfApi, hf_hub_download
api = HfApi(endpoint="${hub.url}", token="${hub.writeToken}")
api.create_repo("${repo}")
api.upload_file(path_or_fileobj="${join(hub.work, "big.bin")}", path_in_repo="big.bin", repo_id="${repo}")
path = hf_hub_download("${repo}", "big.bin", endpoint="${hub.url}", token="${hub.readToken}", cache_dir="${join(hub.work, "dl-xet")}")
print("SHA", hashlib.sha256(open(path, "rb").read()).hexdigest())
`,
      { xet: true },
    );
    expect(result.stderr).not.toMatch(/Traceback/);
    expect(downloaded(result.stdout)).toBe(bigSha);
    expect(xet.counters.shards).toBeGreaterThan(shards);
    // The xorbs: in the bucket under <prefix>xet/xorbs/, about the file's size (random bytes do not compress).
    const listed = await s3TestClient().send(
      new ListObjectsV2Command({ Bucket: bucket.name, Prefix: `${prefix}xet/xorbs/` }),
    );
    const xorbs = listed.Contents ?? [];
    expect(xorbs.length).toBeGreaterThan(0);
    const total = xorbs.reduce((sum, entry) => sum + (entry.Size ?? 0), 0);
    expect(total).toBeGreaterThanOrEqual(big.length);
    expect(total).toBeLessThan(big.length * 1.01);
    for (const entry of xorbs)
      expect(await xet.objects.exists((entry.Key ?? "").split("/").at(-1) as string)).toBe(true);
    // ... and none in the data folder.
    const folder = join(hub.dataDir, "xet", "xorbs");
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
    expect(await xet.objects.pending()).toBe(0);
  }, 240_000);

  it("the whole-file bridge rebuilds it from the bucket: HF_HUB_DISABLE_XET=1, a plain GET and a Range", async () => {
    const result = await python(
      "2.0.0",
      hub,
      `
import hashlib
from huggingface_hub import hf_hub_download
path = hf_hub_download("${repo}", "big.bin", endpoint="${hub.url}", token="${hub.readToken}", cache_dir="${join(hub.work, "dl-plain")}")
print("SHA", hashlib.sha256(open(path, "rb").read()).hexdigest())
`,
      { xet: false },
    );
    expect(result.stderr).not.toMatch(/Traceback/);
    expect(downloaded(result.stdout)).toBe(bigSha);
    const target = join(hub.work, "curl.bin");
    const resolve = `${hub.url}/${repo}/resolve/main/big.bin`;
    const auth = `Authorization: Bearer ${hub.readToken}`;
    expect((await run("curl", ["-sSfL", "-o", target, "-H", auth, resolve])).code).toBe(0);
    expect(readFileSync(target).equals(big)).toBe(true);
    expect((await run("curl", ["-sSfL", "-r", "5000000-13999999", "-o", target, "-H", auth, resolve])).code).toBe(0);
    expect(readFileSync(target).equals(big.subarray(5_000_000, 14_000_000))).toBe(true);
  }, 180_000);
});
