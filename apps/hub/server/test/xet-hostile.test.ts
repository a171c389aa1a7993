// Hostile input to the Xet CAS and its token route (issue 18): every xorb, shard and range is hostile — a xorb whose
// body does not hash to its name, lying record lengths, LZ4 that expands past its declared size, trailing bytes;
// shards naming missing xorbs, chunks out of range, wrong verification or file hashes, a sha256 the bytes do not
// have, huge counts; a read token asking to write; tokens for another user's private repository, reconstructions of
// a file of a repository the token does not cover. Each is a fast 4xx (never a 5xx, which hf_xet retries five
// times), and nothing is stored. Uploads here are built with the server's own format writers and hashes (checked
// against the §3.8 vectors in xet-format.test.ts).
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseCommand } from "../src/auth/cli-commands.js";
import { hashToHex, type XetHashing, xetHashing } from "../src/xet/hash.js";
import type { XetService } from "../src/xet/service.js";
import { type ParsedShard, writeShard } from "../src/xet/shard.js";
import { serializeRawXorb } from "../src/xet/xorb.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let xet: XetService;
let hashing: XetHashing;
let bobToken: string;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function token(repo: string, kind: "read" | "write", hubToken: string, rev = "main") {
  const response = await fetch(`${hub.url}/api/models/${repo}/xet-${kind}-token/${rev}`, { headers: bearer(hubToken) });
  return { status: response.status, body: (await response.json()) as { accessToken: string; casUrl: string } };
}

beforeAll(async () => {
  hub = await startTestHub("xet-hostile");
  xet = hub.ctx.xet as XetService;
  hashing = await xetHashing();
  for (const [name, priv] of [
    ["alice/open", false],
    ["alice/secret", true],
  ] as const)
    await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { ...bearer(hub.writeToken), "Content-Type": "application/json" },
      body: JSON.stringify({ name: name.split("/")[1], private: priv }),
    });
  await hub.admin("/api/admin/users", { name: "bob" });
  bobToken = String(
    (
      (await (await hub.admin("/api/admin/tokens", { user: "bob", role: "write", name: "w" })).json()) as {
        token: string;
      }
    ).token,
  );
}, 60_000);
afterAll(async () => hub?.close());

/** A xorb of raw chunks: its body, hash and chunk facts. */
function xorbOf(chunks: Buffer[]) {
  const hashes = chunks.map((chunk) => hashing.chunk(chunk));
  const leaves = chunks.map((chunk, i) => ({ hash: hashes[i] as Uint8Array, size: chunk.length }));
  return { body: serializeRawXorb(chunks), hash: hashToHex(hashing.merkle(leaves)), hashes, leaves };
}

function shardFor(
  xorb: ReturnType<typeof xorbOf>,
  file: Buffer,
  overrides: Partial<{ fileHash: string; sha256: string; end: number; verification: Uint8Array }> = {},
): Buffer {
  let start = 0;
  const shard: ParsedShard = {
    files: [
      {
        fileHash: overrides.fileHash ?? hashToHex(hashing.file(xorb.leaves)),
        sha256: overrides.sha256 ?? createHash("sha256").update(file).digest("hex"),
        segments: [
          {
            xorb: xorb.hash,
            unpackedBytes: file.length,
            chunkStart: 0,
            chunkEnd: overrides.end ?? xorb.leaves.length,
            verification: overrides.verification ?? hashing.verification(xorb.hashes),
          },
        ],
      },
    ],
    xorbs: [
      {
        hash: xorb.hash,
        bytesOnDisk: xorb.body.length,
        chunks: xorb.leaves.map((leaf) => {
          const entry = { hash: leaf.hash, start, size: leaf.size, flags: 0 };
          start += leaf.size;
          return entry;
        }),
      },
    ],
  };
  return writeShard(shard, { footer: false });
}

async function post(cas: string, path: string, accessToken: string, body: Uint8Array) {
  const started = Date.now();
  const response = await fetch(`${cas}${path}`, { method: "POST", headers: bearer(accessToken), body });
  const text = await response.text();
  return { status: response.status, text, ms: Date.now() - started };
}

describe("Xet tokens and private repositories", () => {
  it("tokens follow the repository's access: none for a private repository one cannot read, read ≠ write", async () => {
    expect((await token("alice/secret", "read", bobToken)).status).toBe(404);
    expect((await token("alice/secret", "write", bobToken)).status).toBe(404);
    expect((await token("alice/open", "write", bobToken)).status).toBe(403);
    expect((await token("alice/open", "write", hub.readToken)).status).toBe(403);
    const anonymous = await fetch(`${hub.url}/api/models/alice/open/xet-write-token/main`);
    expect(anonymous.status).toBe(401);
    expect((await token("alice/open", "read", hub.writeToken, "no-such-branch")).status).toBe(404);
    // A pull-request upload asks with the literal revision `None` and ?create_pr=1 (only then is `None` accepted).
    const forPr = await fetch(`${hub.url}/api/models/alice/open/xet-write-token/None?create_pr=1`, {
      headers: bearer(hub.writeToken),
    });
    expect(forPr.status).toBe(200);
    expect((await token("alice/open", "write", hub.writeToken, "None")).status).toBe(404);
    const read = await token("alice/open", "read", bobToken);
    expect(read.status).toBe(200);
    const { body, hash } = xorbOf([randomBytes(1000)]);
    const refused = await post(read.body.casUrl, `/v1/xorbs/default/${hash}`, read.body.accessToken, body);
    expect(refused.status).toBe(403);
    expect(await xet.index.xorb(hash)).toBeUndefined();
    // No token, a forged one, another instance: 401 / 404.
    expect((await post(read.body.casUrl, `/v1/xorbs/default/${hash}`, "forged.1.abc", body)).status).toBe(401);
    const other = read.body.casUrl.replace(/\/xet\/[0-9a-f]+$/, "/xet/000000000000");
    expect((await post(other, `/v1/xorbs/default/${hash}`, read.body.accessToken, body)).status).toBe(404);
  });

  it("a reconstruction or dedup answer for a file of another repository is exactly a missing one", async () => {
    const write = (await token("alice/secret", "write", hub.writeToken)).body;
    const file = randomBytes(5000);
    const xorb = xorbOf([file]);
    expect((await post(write.casUrl, `/v1/xorbs/default/${xorb.hash}`, write.accessToken, xorb.body)).status).toBe(200);
    expect((await post(write.casUrl, "/v1/shards", write.accessToken, shardFor(xorb, file))).status).toBe(200);
    const fileHash = hashToHex(hashing.file(xorb.leaves));
    const own = await fetch(`${write.casUrl}/v1/reconstructions/${fileHash}`, { headers: bearer(write.accessToken) });
    expect(own.status).toBe(200);
    const bobRead = (await token("alice/open", "read", bobToken)).body;
    const theirs = await fetch(`${bobRead.casUrl}/v1/reconstructions/${fileHash}`, {
      headers: bearer(bobRead.accessToken),
    });
    const never = await fetch(`${bobRead.casUrl}/v1/reconstructions/${"ab".repeat(32)}`, {
      headers: bearer(bobRead.accessToken),
    });
    expect([theirs.status, await theirs.text()]).toEqual([never.status, await never.text()]);
    expect(theirs.status).toBe(404);
    // The first chunk of every file is a dedup key: not answered outside the (private) repository.
    const chunk = hashToHex(xorb.hashes[0] as Uint8Array);
    const dedup = await fetch(`${bobRead.casUrl}/v1/chunks/default/${chunk}`, { headers: bearer(bobRead.accessToken) });
    expect(dedup.status).toBe(404);
    const ownDedup = await fetch(`${write.casUrl}/v1/chunks/default/${chunk}`, { headers: bearer(write.accessToken) });
    expect(ownDedup.status).toBe(200);
    // A signed range URL cannot be stretched to other bytes.
    const plan = (await own.json()) as { fetch_info: Record<string, { url: string }[]> };
    const url = plan.fetch_info[xorb.hash]?.[0]?.url as string;
    expect((await fetch(url, { headers: { Range: "bytes=0-99" } })).status).toBe(206);
    expect((await fetch(url.replace(/\/0-(\d+)\?/, "/0-999999?"))).status).toBe(403);
    expect((await fetch(url, { headers: { Range: "bytes=999999-" } })).status).toBe(416);
  });
});

describe("hostile xorbs and shards: fast 400, nothing stored", () => {
  const cases: [string, () => { body: Buffer; hash: string }][] = [
    [
      "a body that does not hash to its name",
      () => ({ body: xorbOf([randomBytes(2000)]).body, hash: "ab".repeat(32) }),
    ],
    [
      "a record whose stored length runs past the body",
      () => {
        const x = xorbOf([randomBytes(2000)]);
        x.body.writeUIntLE(200_000, 1, 3);
        return x;
      },
    ],
    [
      "a raw record whose two lengths differ",
      () => {
        const x = xorbOf([randomBytes(2000)]);
        x.body.writeUIntLE(1000, 5, 3);
        return x;
      },
    ],
    [
      "LZ4 that expands past the declared size",
      () => {
        // A frame whose one block is a run of 60 000 bytes, declared as 100.
        const block = Buffer.from([0x1f, 0x41, 0x01, 0x00, 0xff, ...new Array<number>(234).fill(0xff), 0x10, 0x00]);
        const frame = Buffer.concat([
          Buffer.from([0x04, 0x22, 0x4d, 0x18, 0x60, 0x40, 0x82]),
          Buffer.from(Uint32Array.of(block.length).buffer),
          block,
          Buffer.alloc(4),
        ]);
        const header = Buffer.from([0, frame.length & 255, frame.length >> 8, 0, 1, 100, 0, 0]);
        return { body: Buffer.concat([header, frame]), hash: "cd".repeat(32) };
      },
    ],
    [
      "a record header with version 7",
      () => ({ body: Buffer.from([7, 1, 0, 0, 0, 1, 0, 0, 65]), hash: "ef".repeat(32) }),
    ],
    [
      "bytes after the last record",
      () => {
        const x = xorbOf([randomBytes(2000)]);
        return { body: Buffer.concat([x.body, Buffer.from([0, 0, 0])]), hash: x.hash };
      },
    ],
    ["an empty body", () => ({ body: Buffer.alloc(0), hash: "12".repeat(32) })],
  ];
  for (const [name, make] of cases)
    it(`xorb: ${name}`, async () => {
      const write = (await token("alice/open", "write", hub.writeToken)).body;
      const { body, hash } = make();
      const answer = await post(write.casUrl, `/v1/xorbs/default/${hash}`, write.accessToken, body);
      expect(answer.status, answer.text).toBe(400);
      expect(answer.ms).toBeLessThan(2000);
      expect(await xet.index.xorb(hash)).toBeUndefined();
      expect(await xet.objects.exists(hash)).toBe(false);
      expect(await xet.objects.pending()).toBe(0);
    });

  it("xorb: a declared length over 64 MiB is refused before any byte is read", async () => {
    const write = (await token("alice/open", "write", hub.writeToken)).body;
    const started = Date.now();
    const response = await fetch(`${write.casUrl}/v1/xorbs/default/${"34".repeat(32)}`, {
      method: "POST",
      headers: { ...bearer(write.accessToken), "Content-Length": String(200 * 1024 * 1024) },
      body: new Uint8Array(0),
      duplex: "half",
    } as RequestInit).catch(() => undefined);
    // fetch refuses a lying Content-Length itself; what matters is that the server answers fast and stores nothing.
    expect(response === undefined || response.status === 400).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("shards: missing xorbs, chunks out of range, wrong hashes, a false sha256, huge counts, garbage", async () => {
    const write = (await token("alice/open", "write", hub.writeToken)).body;
    const file = randomBytes(3000);
    const xorb = xorbOf([file.subarray(0, 1500), file.subarray(1500)]);
    expect((await post(write.casUrl, `/v1/xorbs/default/${xorb.hash}`, write.accessToken, xorb.body)).status).toBe(200);
    const missing = xorbOf([randomBytes(100)]);
    const shards: [string, Buffer][] = [
      ["a xorb that is not stored", shardFor(missing, randomBytes(100))],
      ["chunks past the xorb's end", shardFor(xorb, file, { end: 5 })],
      ["a wrong verification hash", shardFor(xorb, file, { verification: new Uint8Array(32).fill(7) })],
      ["a wrong file hash", shardFor(xorb, file, { fileHash: "aa".repeat(32) })],
      ["a sha256 the bytes do not have", shardFor(xorb, file, { sha256: "bb".repeat(32) })],
      ["garbage", randomBytes(500)],
      ["a truncated shard", shardFor(xorb, file).subarray(0, 100)],
    ];
    // A file entry claiming 2^32-1 segments in a tiny shard.
    const huge = Buffer.from(shardFor(xorb, file));
    huge.writeUInt32LE(0xffffffff, 48 + 36);
    shards.push(["a segment count of 2^32-1", huge]);
    for (const [name, body] of shards) {
      const answer = await post(write.casUrl, "/v1/shards", write.accessToken, body);
      expect(answer.status, `${name}: ${answer.text}`).toBe(400);
      expect(answer.ms, name).toBeLessThan(2000);
    }
    expect(await xet.index.fileBySha256("bb".repeat(32))).toBeUndefined();
    expect(await hub.ctx.lfsLinks.isLinked({ type: "model", id: "alice/open" }, "bb".repeat(32))).toBe(false);
    // The honest shard then works, and v2 answers 404 so clients fall back to v1.
    expect((await post(write.casUrl, "/v1/shards", write.accessToken, shardFor(xorb, file))).status).toBe(200);
    expect((await post(write.casUrl, "/v2/shards", write.accessToken, shardFor(xorb, file))).status).toBe(404);
  });

  it("reconstructions: 416 past the end, ranges clamped, 400 for a malformed id", async () => {
    const write = (await token("alice/open", "write", hub.writeToken)).body;
    const file = randomBytes(4000);
    const xorb = xorbOf([file.subarray(0, 2500), file.subarray(2500)]);
    await post(write.casUrl, `/v1/xorbs/default/${xorb.hash}`, write.accessToken, xorb.body);
    expect((await post(write.casUrl, "/v1/shards", write.accessToken, shardFor(xorb, file))).status).toBe(200);
    const fileHash = hashToHex(hashing.file(xorb.leaves));
    const get = (range: string, version = "v2", id = fileHash) =>
      fetch(`${write.casUrl}/${version}/reconstructions/${id}`, {
        headers: { ...bearer(write.accessToken), Range: range },
      });
    expect((await get("bytes=4000-255999999")).status).toBe(416);
    const tail = (await (await get("bytes=3000-255999999")).json()) as {
      offset_into_first_range: number;
      terms: { range: { start: number; end: number } }[];
    };
    expect(tail.offset_into_first_range).toBe(500);
    expect(tail.terms).toEqual([expect.objectContaining({ range: { start: 1, end: 2 } })]);
    expect((await get("bytes=0-10", "v1", "XYZ")).status).toBe(400);
  });
});

describe("idempotence and repository lifecycle", () => {
  it("the same xorb posted five times at once: all 200, exactly one was_inserted, one file, no tmp left", async () => {
    const write = (await token("alice/open", "write", hub.writeToken)).body;
    const x = xorbOf([randomBytes(70_000), randomBytes(70_000)]);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(write.casUrl, `/v1/xorbs/default/${x.hash}`, write.accessToken, x.body)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => JSON.parse(answer.text).was_inserted === true)).toHaveLength(1);
    expect(await xet.objects.exists(x.hash)).toBe(true);
    expect(await xet.objects.pending()).toBe(0);
  });

  it("a deleted repository's chunks are no dedup answer for a new repository at its id", async () => {
    const create = (name: string) =>
      fetch(`${hub.url}/api/repos/create`, {
        method: "POST",
        headers: { ...bearer(hub.writeToken), "Content-Type": "application/json" },
        body: JSON.stringify({ name, private: true }),
      });
    await create("reborn");
    const write = (await token("alice/reborn", "write", hub.writeToken)).body;
    const file = randomBytes(4000);
    const x = xorbOf([file]);
    await post(write.casUrl, `/v1/xorbs/default/${x.hash}`, write.accessToken, x.body);
    expect((await post(write.casUrl, "/v1/shards", write.accessToken, shardFor(x, file))).status).toBe(200);
    const chunk = hashToHex(x.hashes[0] as Uint8Array);
    const ask = async () => {
      const read = (await token("alice/reborn", "read", hub.writeToken)).body;
      return (await fetch(`${read.casUrl}/v1/chunks/default/${chunk}`, { headers: bearer(read.accessToken) })).status;
    };
    expect(await ask()).toBe(200);
    const deleted = await fetch(`${hub.url}/api/repos/delete`, {
      method: "DELETE",
      headers: { ...bearer(hub.writeToken), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "reborn", organization: "alice" }),
    });
    expect(deleted.status).toBe(200);
    await create("reborn");
    expect(await ask()).toBe(404);
  });
});

describe("garbage collection (npm run hub -- xet gc)", () => {
  it("keeps everything inside the grace period; then drops unreferenced xorbs, and files no repository links", async () => {
    const create = await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { ...bearer(hub.writeToken), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "gc" }),
    });
    expect(create.status).toBe(200);
    const write = (await token("alice/gc", "write", hub.writeToken)).body;
    const file = randomBytes(5000);
    const kept = xorbOf([file]);
    const orphan = xorbOf([randomBytes(3000)]);
    for (const x of [kept, orphan]) await post(write.casUrl, `/v1/xorbs/default/${x.hash}`, write.accessToken, x.body);
    expect((await post(write.casUrl, "/v1/shards", write.accessToken, shardFor(kept, file))).status).toBe(200);
    const gc = async (query = "") =>
      (await (await hub.admin(`/api/admin/xet/gc${query}`, {})).json()) as {
        xorbsDeleted: number;
        filesDeleted: number;
      };
    expect(await gc()).toMatchObject({ xorbsDeleted: 0, filesDeleted: 0 });
    const now = await gc("?grace_days=0");
    expect(now.xorbsDeleted).toBeGreaterThanOrEqual(1);
    expect(await xet.objects.exists(orphan.hash)).toBe(false);
    expect(await xet.index.xorb(orphan.hash)).toBeUndefined();
    // The linked file and its xorb stay, and still read back.
    expect(await xet.objects.exists(kept.hash)).toBe(true);
    const fileHash = hashToHex(hashing.file(kept.leaves));
    expect((await xet.index.file(fileHash))?.size).toBe(file.length);
    // Once the repository is gone, nothing links the file: it goes, then its xorb.
    await fetch(`${hub.url}/api/repos/delete`, {
      method: "DELETE",
      headers: { ...bearer(hub.writeToken), "Content-Type": "application/json" },
      body: JSON.stringify({ name: "gc", organization: "alice" }),
    });
    const after = await gc("?grace_days=0");
    expect(after.filesDeleted).toBeGreaterThanOrEqual(1);
    expect(await xet.index.file(fileHash)).toBeUndefined();
    expect(await xet.objects.exists(kept.hash)).toBe(false);
    // Only the administrator may run it.
    const refused = await fetch(`${hub.url}/api/admin/xet/gc`, { method: "POST", headers: bearer(hub.writeToken) });
    expect(refused.status).toBe(403);
    // The CLI's request for it (sent over the running server's admin socket).
    expect(parseCommand(["xet", "gc", "--grace-days", "3"])).toMatchObject({
      method: "POST",
      path: "/api/admin/xet/gc?grace_days=3",
    });
    expect(() => parseCommand(["xet", "gc", "--grace-days", "soon"])).toThrow();
  });
});

describe("gated repositories (issue 19's gate on the CAS)", () => {
  it("a read token needs access; a revoked access ends the token's reconstructions at once", async () => {
    const call = (method: string, path: string, token: string, body?: unknown) =>
      fetch(`${hub.url}${path}`, {
        method,
        headers: { ...bearer(token), "Content-Type": "application/json" },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    expect((await call("POST", "/api/repos/create", hub.writeToken, { name: "gated" })).status).toBe(200);
    expect((await call("PUT", "/api/models/alice/gated/settings", hub.writeToken, { gated: "manual" })).status).toBe(
      200,
    );
    const write = (await token("alice/gated", "write", hub.writeToken)).body;
    const file = randomBytes(3000);
    const x = xorbOf([file]);
    await post(write.casUrl, `/v1/xorbs/default/${x.hash}`, write.accessToken, x.body);
    expect((await post(write.casUrl, "/v1/shards", write.accessToken, shardFor(x, file))).status).toBe(200);
    const fileHash = hashToHex(hashing.file(x.leaves));
    // Bob may read the repository but not its files until his request is accepted.
    expect((await token("alice/gated", "read", bobToken)).status).toBe(403);
    expect((await call("POST", "/api/models/alice/gated/ask-access", bobToken, {})).status).toBe(200);
    const handle = (status: string) =>
      call("POST", "/api/models/alice/gated/user-access-request/handle", hub.writeToken, { user: "bob", status });
    expect((await handle("accepted")).status).toBe(200);
    const read = await token("alice/gated", "read", bobToken);
    expect(read.status).toBe(200);
    const reconstruct = () =>
      fetch(`${read.body.casUrl}/v1/reconstructions/${fileHash}`, { headers: bearer(read.body.accessToken) });
    expect((await reconstruct()).status).toBe(200);
    expect((await handle("rejected")).status).toBe(200);
    const refused = await reconstruct();
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-error-code")).toBe("GatedRepo");
  });
});
