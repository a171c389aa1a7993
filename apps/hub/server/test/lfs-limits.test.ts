// Issue 17, findings 8 and 9, against a real hub. Amplification: a batch of 200 (and 1 000) objects of 50 GiB with
// multipart asked for a 72 MB answer with 1.6 M signed URLs and stalled the event loop for 6 s; now one answer hands
// out at most HUBKIT_MAX_PARTS_PER_BATCH part URLs (objects past it upload in one PUT), an object has at most
// HUBKIT_MAX_PARTS_PER_OBJECT parts (larger parts instead), and one HMAC covers all parts of an object. Disk: a
// re-PUT of a part replaces it (one file per part), abandoned uploads expire, and each user has a quota of bytes
// in flight (429 past it).
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { MultipartArea } from "../src/lfs/multipart-area.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { startTestHub, type TestHub } from "./hub-harness.js";
import { type BatchObject, LFS, LfsClient, sha256 } from "./lfs-client.js";

const GiB = 1024 * 1024 * 1024;
const fakeOid = (n: number) => sha256(Buffer.from(`object ${n}`));

function partUrls(object: BatchObject | undefined): string[] {
  const header = object?.actions?.upload?.header ?? {};
  return Object.keys(header)
    .filter((key) => /^\d+$/.test(key))
    .sort()
    .map((key) => header[key] as string);
}

describe("batch amplification (default limits)", () => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startTestHub("lfs-amplification");
    expect(await new LfsClient(hub.url).createRepo(hub.writeToken, "big")).toBe(200);
  }, 120_000);
  afterAll(() => hub?.close());

  for (const count of [200, 1000]) {
    it(`answers ${count} objects of 50 GiB with multipart in a bounded answer, quickly`, async () => {
      const objects = Array.from({ length: count }, (_, n) => ({ oid: fakeOid(n), size: 50 * GiB }));
      const started = performance.now();
      const response = await fetch(`${hub.url}/alice/big.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { Authorization: `Bearer ${hub.writeToken}`, Accept: LFS, "Content-Type": LFS },
        body: JSON.stringify({ operation: "upload", transfers: ["basic", "multipart"], objects }),
      });
      const text = await response.text();
      const ms = performance.now() - started;
      const answer = JSON.parse(text) as { objects: BatchObject[] };
      const parts = answer.objects.map((object) => partUrls(object).length);
      const total = parts.reduce((sum, n) => sum + n, 0);
      console.log(
        `[lfs-limits] ${count} x 50 GiB: ${(text.length / 1e6).toFixed(2)} MB answer, ${total} part URLs, ${ms.toFixed(0)} ms`,
      );
      expect(response.status).toBe(200);
      // Before: 200 objects gave 320 000 part URLs (~80 MB); 1 000 objects 1.6 M.
      expect(total).toBeLessThanOrEqual(DEFAULT_STORAGE_LIMITS.maxPartsPerBatch);
      expect(text.length).toBeLessThan(3_000_000);
      expect(ms).toBeLessThan(5000); // ~300 ms measured; the old answer took 6 s to build on an idle machine
      // Every object can still be uploaded: in parts while the budget lasts, then in one PUT.
      for (const object of answer.objects) {
        expect(object.actions?.upload?.href).toMatch(/^http:/);
        expect(object.actions?.verify?.href).toMatch(/^http:/);
      }
      expect(parts.filter((n) => n > 0).length).toBeGreaterThan(0);
      expect(parts.every((n) => n <= DEFAULT_STORAGE_LIMITS.maxPartsPerObject)).toBe(true);
    }, 30_000);
  }
});

describe("multipart parts on disk", () => {
  let hub: TestHub;
  let client: LfsClient;
  let bobToken = "";
  /** Room for one 300 000-byte upload in flight (three parts of 100 000). */
  const QUOTA = 300_000;
  beforeAll(async () => {
    hub = await startTestHub("lfs-parts", {
      HUBKIT_MULTIPART_THRESHOLD_BYTES: "100000",
      HUBKIT_MULTIPART_CHUNK_BYTES: "65536",
      HUBKIT_MAX_PARTS_PER_OBJECT: "3",
      HUBKIT_MAX_PARTS_PER_BATCH: "4",
      HUBKIT_MULTIPART_BYTES_PER_USER: String(QUOTA),
    });
    client = new LfsClient(hub.url);
    await hub.admin("/api/admin/users", { name: "bob" });
    const answer = await hub.admin("/api/admin/tokens", { user: "bob", role: "write", name: "w" });
    bobToken = String(((await answer.json()) as { token: string }).token);
    expect(await client.createRepo(hub.writeToken, "parts")).toBe(200);
    expect(await client.createRepo(bobToken, "parts")).toBe(200);
  }, 120_000);
  afterAll(() => hub?.close());

  const multipart = () => (hub.ctx.lfs as FolderLargeFileStore).multipart;

  it("grows the part size past the per-object cap, moves objects past the batch budget to one PUT, and both work", async () => {
    const first = randomBytes(300_000);
    const second = randomBytes(300_000);
    const objects = [first, second].map((bytes) => ({ oid: sha256(bytes), size: bytes.length }));
    const answer = await client.batch(hub.writeToken, "alice/parts", "upload", objects, ["basic", "multipart"]);
    const [a, b] = answer.objects;
    expect(a?.actions?.upload?.header?.chunk_size).toBe("100000"); // 300 000 / 3 parts, not 5 parts of 65 536
    const urls = partUrls(a);
    expect(urls).toHaveLength(3);
    expect(b?.actions?.upload?.header).toBeUndefined(); // 3 + 3 > 4: the second goes in one PUT
    const parts: { partNumber: number; etag: string }[] = [];
    for (const [index, url] of urls.entries()) {
      const response = await fetch(url, {
        method: "PUT",
        body: first.subarray(index * 100_000, (index + 1) * 100_000),
      });
      expect(response.status).toBe(200);
      parts.push({ partNumber: index + 1, etag: response.headers.get("etag") ?? "" });
    }
    const href = a?.actions?.upload?.href as string;
    expect((await fetch(href, { method: "POST", body: JSON.stringify({ oid: objects[0]?.oid, parts }) })).status).toBe(
      200,
    );
    expect((await fetch(b?.actions?.upload?.href as string, { method: "PUT", body: second })).status).toBe(200);
    const committed = await client.commitLfs(hub.writeToken, "alice/parts", [
      { path: "a.bin", ...(objects[0] as { oid: string; size: number }) },
      { path: "b.bin", ...(objects[1] as { oid: string; size: number }) },
    ]);
    expect(committed.status).toBe(200);
    const resolved = await fetch(`${hub.url}/alice/parts/resolve/main/a.bin`);
    expect(Buffer.from(await resolved.arrayBuffer()).equals(first)).toBe(true);
    expect(await multipart().inFlight("alice")).toBe(0);
  });

  it("answers hostile completions and tampered part URLs with 4xx, never 500", async () => {
    const bytes = randomBytes(200_000);
    const object = { oid: sha256(bytes), size: bytes.length };
    const answer = await client.batch(hub.writeToken, "alice/parts", "upload", [object], ["basic", "multipart"]);
    const href = answer.objects[0]?.actions?.upload?.href as string;
    for (const body of [
      "null",
      "[]",
      '{"parts":[null,1,"x"]}',
      '{"parts":{"1":2}}',
      "{",
      '{"parts":[{"partNumber":1}]}',
    ])
      expect((await fetch(href, { method: "POST", body })).status).toBe(400);
    const [part] = partUrls(answer.objects[0]);
    const url = part as string;
    // Another user's quota, another repository, another chunk size, an unknown type: not what was signed.
    for (const [from, to] of [
      ["user=alice", "user=bob"],
      ["repo=alice%2Fparts", "repo=bob%2Fparts"],
      ["chunk=", "chunk=9"],
    ])
      expect((await fetch(url.replace(from as string, to as string), { method: "PUT", body: "x" })).status).toBe(403);
    expect((await fetch(url.replace("type=model", "type=bogus"), { method: "PUT", body: "x" })).status).toBe(404);
    expect((await fetch(url.replace("/parts/1?", "/parts/0?"), { method: "PUT", body: "x" })).status).toBe(400);
    expect((await fetch(url.replace("/parts/1?", "/parts/99?"), { method: "PUT", body: "x" })).status).toBe(400);
    expect(await multipart().inFlight("alice")).toBe(0);
  });

  it("keeps one file per part however often it is sent again, counting its bytes once", async () => {
    const bytes = randomBytes(250_000);
    const object = { oid: sha256(bytes), size: bytes.length };
    const answer = await client.batch(hub.writeToken, "alice/parts", "upload", [object], ["basic", "multipart"]);
    const [url] = partUrls(answer.objects[0]);
    for (let i = 0; i < 20; i++)
      expect((await fetch(url as string, { method: "PUT", body: randomBytes(80_000) })).status).toBe(200);
    const root = multipart().root;
    const files = readdirSync(join(root, "alice")).flatMap((dir) => readdirSync(join(root, "alice", dir)));
    expect(files).toEqual(["1"]);
    expect(await multipart().inFlight("alice")).toBe(80_000);
  });

  it("refuses parts past the user's quota of bytes in flight with 429, for that user only; expired uploads free it", async () => {
    const bytes = randomBytes(300_000);
    const object = { oid: sha256(bytes), size: bytes.length };
    const answer = await client.batch(hub.writeToken, "alice/parts", "upload", [object], ["basic", "multipart"]);
    const urls = partUrls(answer.objects[0]);
    // 80 000 in flight from the previous test; each part reserves a whole chunk (100 000) while it streams.
    for (const index of [0, 1])
      expect(
        (
          await fetch(urls[index] as string, {
            method: "PUT",
            body: bytes.subarray(index * 100_000, (index + 1) * 100_000),
          })
        ).status,
      ).toBe(200);
    const refused = await fetch(urls[2] as string, { method: "PUT", body: bytes.subarray(200_000) });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toContain(
      "Too many bytes in unfinished multipart uploads for this account",
    );
    expect(await multipart().inFlight("alice")).toBe(280_000);
    // bob's quota is his own.
    const bobAnswer = await client.batch(bobToken, "bob/parts", "upload", [object], ["basic", "multipart"]);
    const [bobUrl] = partUrls(bobAnswer.objects[0]);
    expect((await fetch(bobUrl as string, { method: "PUT", body: bytes.subarray(0, 100_000) })).status).toBe(200);
    // Abandoned: untouched for longer than a signed URL lives, the uploads are swept and their bytes freed.
    const userDir = join(multipart().root, "alice");
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    for (const dir of readdirSync(userDir)) utimesSync(join(userDir, dir), old, old);
    expect((await multipart().sweep(Date.now(), 100)).removed).toBe(2);
    expect(readdirSync(userDir)).toEqual([]);
    expect(await multipart().inFlight("alice")).toBe(0);
    expect((await fetch(urls[1] as string, { method: "PUT", body: bytes.subarray(100_000, 200_000) })).status).toBe(
      200,
    );
  });
});

it("removes expired upload folders at start and counts the others against their users", async () => {
  const root = mkdtempSync(join(tmpdir(), "hubkit-parts-"));
  try {
    for (const [dir, part, size] of [
      ["dave/old", "1", 1000],
      ["dave/fresh", "1", 2000],
      ["dave/fresh", "2", 3000],
    ] as const) {
      mkdirSync(join(root, dir), { recursive: true });
      const { writeFileSync } = await import("node:fs");
      writeFileSync(join(root, dir, part), Buffer.alloc(size));
    }
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    utimesSync(join(root, "dave/old"), old, old);
    const area = await new MultipartArea(root, { bytesInFlightPerUser: 10_000, expireAfterMs: 3600 * 1000 }).open();
    area.close();
    expect(readdirSync(join(root, "dave"))).toEqual(["fresh"]);
    expect(await area.inFlight("dave")).toBe(5000);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
