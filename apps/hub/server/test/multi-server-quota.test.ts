// Issue 23: the multipart quota (bytes a user holds in unfinished multipart uploads) across two hub servers on one
// PostgreSQL (a fresh database of TEST_DATABASE_URL's cluster) and one data folder. It is counted in the database
// (hub_multipart_bytes, lfs/multipart-ledger.ts), so parts stored through A count against an upload on B; a dead
// server's parts being received and an expired upload's parts stop counting.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { type RunningServer, startServer } from "../src/server.js";
import { ADMIN_TOKEN } from "./auth-harness.js";
import { type FreshDatabase, freshDatabase } from "./cluster-database.js";
import { hubEnv } from "./hub-harness.js";
import { type BatchObject, LfsClient, sha256 } from "./lfs-client.js";

const testUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && (testUrl === undefined || testUrl === ""))
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the multi-server tests need PostgreSQL");

/** Room for one 300 000-byte upload in flight: three parts of 100 000 (a whole part is reserved while it streams). */
const QUOTA = 300_000;
const PART = 100_000;

function partUrls(object: BatchObject | undefined): string[] {
  const header = object?.actions?.upload?.header ?? {};
  return Object.keys(header)
    .filter((key) => /^\d+$/.test(key))
    .sort()
    .map((key) => header[key] as string);
}

describe.skipIf(testUrl === undefined || testUrl === "")(
  "the multipart quota of two hub servers on one PostgreSQL",
  () => {
    let database: FreshDatabase | undefined;
    let work: string;
    let sql: pg.Client;
    let a: RunningServer;
    let b: RunningServer;
    const tokens: Record<string, string> = {};

    const q = async <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      (await sql.query<Row>(text, params)).rows;

    beforeAll(async () => {
      database = await freshDatabase(testUrl as string, "hubkit_quota");
      sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
      work = mkdtempSync(join(tmpdir(), "hubkit-quota-"));
      const env = await hubEnv(work, {
        DATABASE_URL: database.url,
        HUBKIT_MULTIPART_THRESHOLD_BYTES: String(PART),
        HUBKIT_MULTIPART_CHUNK_BYTES: "65536",
        HUBKIT_MAX_PARTS_PER_OBJECT: "3",
        HUBKIT_MULTIPART_BYTES_PER_USER: String(QUOTA),
      });
      a = await startServer(loadConfig(env));
      b = await startServer(loadConfig(env));
      for (const user of ["alice", "bob", "carol"]) {
        const call = (path: string, body: unknown) =>
          fetch(`${a.url}${path}`, {
            method: "POST",
            headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
            body: JSON.stringify(body),
          });
        expect((await call("/api/admin/users", { name: user })).status).toBeLessThan(300);
        const token = await call("/api/admin/tokens", { user, role: "write", name: "write" });
        tokens[user] = ((await token.json()) as { token: string }).token;
        expect(await new LfsClient(a.url).createRepo(tokens[user] as string, "quota")).toBe(200);
      }
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a?.close(), b?.close()]);
      await sql?.end();
      await database?.drop();
      if (work !== undefined) rmSync(work, { recursive: true, force: true });
    }, 60_000);

    /** The part URLs of a new 300 000-byte object of `user`, asked of server A (three parts of 100 000). */
    const newUpload = async (user: string): Promise<{ bytes: Buffer; urls: string[] }> => {
      const bytes = randomBytes(3 * PART);
      const answer = await new LfsClient(a.url).batch(
        tokens[user] as string,
        `${user}/quota`,
        "upload",
        [{ oid: sha256(bytes), size: bytes.length }],
        ["basic", "multipart"],
      );
      const urls = partUrls(answer.objects[0]);
      expect(urls).toHaveLength(3);
      return { bytes, urls };
    };
    /** PUTs part `index` (0-based) through `server`; the status (and the message of a refusal). */
    const put = async (server: RunningServer, upload: { bytes: Buffer; urls: string[] }, index: number) => {
      const url = (upload.urls[index] as string).replace(a.url, server.url);
      const response = await fetch(url, {
        method: "PUT",
        body: upload.bytes.subarray(index * PART, (index + 1) * PART),
      });
      const text = await response.text();
      return { status: response.status, text };
    };

    it("counts a user's parts stored through A against an upload on B, and the reverse", async () => {
      const x = await newUpload("alice");
      const y = await newUpload("alice");
      expect((await put(a, x, 0)).status).toBe(200);
      expect((await put(a, x, 1)).status).toBe(200);
      // 200 000 held through A: room for one more part, on B.
      expect((await put(b, y, 0)).status).toBe(200);
      const refused = await put(b, y, 1);
      expect(refused.status).toBe(429);
      expect(refused.text).toContain("Too many bytes in unfinished multipart uploads for this account");
      // And A sees what B stored.
      expect((await put(a, x, 2)).status).toBe(429);
      const rows = await q<{ total: string }>(
        "SELECT sum(bytes)::text AS total FROM hub_multipart_bytes WHERE user_name = 'alice' AND receiving_by IS NULL",
      );
      expect(Number(rows[0]?.total)).toBe(QUOTA);
      // An upload untouched past the expiry no longer counts (its part URLs are dead): B takes the part now.
      await q("UPDATE hub_multipart_bytes SET touched_at = now() - interval '2 hours' WHERE user_name = 'alice'");
      expect((await put(b, y, 1)).status).toBe(200);
    });

    it("lets exactly the quota through when parts race on both servers at once", async () => {
      const uploads = await Promise.all([1, 2, 3, 4].map(() => newUpload("carol")));
      const statuses = await Promise.all(
        uploads.flatMap((upload, u) => [0, 1, 2].map((index) => put((u + index) % 2 === 0 ? a : b, upload, index))),
      );
      const codes = statuses.map((answer) => answer.status);
      // Room for three parts: a check and a reservation are one step per user across servers (no two pass together).
      expect(codes.filter((code) => code === 200)).toHaveLength(3);
      expect(codes.filter((code) => code === 429)).toHaveLength(9);
    });

    it("counts a part being received while its server lives, not after its heartbeat stops", async () => {
      const upload = await newUpload("bob");
      const [live] = await q<{ id: string }>("SELECT id FROM hub_server_instances ORDER BY id LIMIT 1");
      // A whole quota being received by a live server (as if a slow part were streaming into it): no room.
      await q(
        "INSERT INTO hub_multipart_bytes (key, user_name, bytes, receiving_by) VALUES ('receiving:test', 'bob', $1, $2)",
        [QUOTA, live?.id],
      );
      expect((await put(b, upload, 0)).status).toBe(429);
      // The same reservation of a server that is gone (no fresh heartbeat) holds nothing.
      await q("UPDATE hub_multipart_bytes SET receiving_by = 'gone-host-1-000000000000' WHERE key = 'receiving:test'");
      expect((await put(b, upload, 0)).status).toBe(200);
      // The periodic sweep prunes it (here: the sweep a start runs, through a sweep call on A's area).
      await a.hub?.lfs.multipart?.sweep(Date.now(), 10);
      expect(await q("SELECT key FROM hub_multipart_bytes WHERE key = 'receiving:test'")).toEqual([]);
    });
  },
);
