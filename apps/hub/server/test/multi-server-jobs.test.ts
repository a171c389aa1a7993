// Issue 23: two hub servers on one PostgreSQL (a fresh database of TEST_DATABASE_URL's cluster) and one data folder,
// started at the same moment in this process. Background work runs exactly once across them (the seed, a dataset's
// conversion, the daily trending refresh, a named lease), a dead server's conversion job is taken over once its lease
// expires, and shared state agrees: the URL-signing key, sessions, a repository made private. The signing key's
// creation race is tested with processes (it needs no database).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import type { HubContext } from "../src/hub-context.js";
import { claimLease, runLeased } from "../src/jobs/lease.js";
import { MultipartArea } from "../src/lfs/multipart-area.js";
import type { RepoRef } from "../src/repos/repo-ref.js";
import { type RunningServer, startServer } from "../src/server.js";
import type { Db } from "../src/store/db.js";
import { DbRepoIndex } from "../src/store/db-repo-index.js";
import { notifyBusOf } from "../src/store/notify.js";
import { ADMIN_TOKEN } from "./auth-harness.js";
import { type FreshDatabase, freshDatabase } from "./cluster-database.js";
import { createRepoWithFiles, hubEnv } from "./hub-harness.js";
import { statusFrom } from "./request-from.js";
import { run } from "./run-command.js";

const testUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && (testUrl === undefined || testUrl === ""))
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the multi-server tests need PostgreSQL");

const serverDir = resolve(import.meta.dirname, "..");

async function until<T>(check: () => Promise<T | undefined>, what: string, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resume) => setTimeout(resume, 100));
  }
}

describe("the URL-signing key of a shared data folder", () => {
  it("is created once: eight processes starting at the same moment all read the same key", async () => {
    const folder = mkdtempSync(join(tmpdir(), "hubkit-secret-"));
    try {
      const file = join(folder, "data", "secret");
      const module = `file://${join(serverDir, "src", "lfs", "signing.ts")}`;
      const code = `const { sharedSecret } = await import(${JSON.stringify(module)}); console.log(sharedSecret(${JSON.stringify(file)}));`;
      const keys = await Promise.all(
        Array.from(
          { length: 8 },
          () =>
            new Promise<string>((done, fail) => {
              const child = spawn(
                process.execPath,
                ["--conditions=hubkit-source", "--import", "tsx", "--input-type=module", "-e", code],
                { cwd: serverDir, stdio: ["ignore", "pipe", "pipe"] },
              );
              let out = "";
              let err = "";
              child.stdout.on("data", (chunk: Buffer) => {
                out += chunk.toString();
              });
              child.stderr.on("data", (chunk: Buffer) => {
                err += chunk.toString();
              });
              child.once("error", fail);
              child.once("exit", (code) => (code === 0 ? done(out.trim()) : fail(new Error(`exit ${code}: ${err}`))));
            }),
        ),
      );
      expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
      expect(new Set(keys).size).toBe(1);
      expect(readFileSync(file, "utf8")).toBe(keys[0]);
      // No temporary file of a losing process is left beside it.
      const listing = await run("ls", ["-A", join(folder, "data")]);
      expect(listing.stdout.trim()).toBe("secret");
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});

/** Commits README.md "# two\n" (the next head after createRepoWithFiles' "# one") to `repo`'s main through `url`. */
function commitSecondReadme(url: string, token: string, repo: string): Promise<Response> {
  return fetch(`${url}/api/models/${repo}/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    body: `${[
      JSON.stringify({ key: "header", value: { summary: "two", description: "" } }),
      JSON.stringify({ key: "file", value: { path: "README.md", content: "IyB0d28K", encoding: "base64" } }),
    ].join("\n")}\n`,
  });
}

interface Hub {
  server: RunningServer;
  ctx: HubContext;
  url: string;
  lines: string[];
}

/**
 * A sync of `ref` by `hub`'s index that stalls right after its first read of a revision (the branch's head), as a
 * slow derivation would: `readHead` settles once it read, `resume` lets it go on, `done` settles when it ended.
 */
function stalledSync(hub: Hub, ref: RepoRef): { readHead: Promise<void>; resume: () => void; done: Promise<void> } {
  let resume: () => void = () => {};
  const stalled = new Promise<void>((done) => {
    resume = done;
  });
  let readHead: () => void = () => {};
  const read = new Promise<void>((done) => {
    readHead = done;
  });
  let reads = 0;
  const slowStorage = new Proxy(hub.ctx.storage, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== "resolveRevision" || typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const sha = await value.apply(target, args);
        reads += 1;
        if (reads === 1) {
          readHead();
          await stalled;
        }
        return sha;
      };
    },
  });
  const done = new DbRepoIndex((hub.ctx.index as DbRepoIndex).store, slowStorage, hub.ctx.lfs).sync(ref);
  return { readHead: read, resume, done };
}

describe.skipIf(testUrl === undefined || testUrl === "")(
  "two hub servers on one PostgreSQL and one data folder",
  () => {
    let database: FreshDatabase | undefined;
    let work: string;
    let sql: pg.Client;
    let a: Hub;
    let b: Hub;
    let writeToken: string;
    const savedEnv: Record<string, string | undefined> = {};
    // The viewer's limits are read from the process environment: a short lease and poll so a dead job is retaken soon.
    const viewerEnv = { HUBKIT_DATASETS_LEASE_MS: "2000", HUBKIT_DATASETS_POLL_MS: "300" };
    // The first server to import the models seed, and the first to write the seed repositories, waits 3 s inside
    // the start-up lock first (jobs/test-stall.ts), so the other one's start certainly reaches the same step
    // meanwhile: the one-model fixture alone is written too fast for the two to overlap reliably, and the "imports
    // once" case passed without the lock.
    const stallEnv = { HUBKIT_TEST_STALL_SEED_MS: "3000" };

    const q = async <Row extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
      (await sql.query<Row>(text, params)).rows;

    beforeAll(async () => {
      for (const [key, value] of Object.entries({ ...viewerEnv, ...stallEnv })) {
        savedEnv[key] = process.env[key];
        process.env[key] = value;
      }
      database = await freshDatabase(testUrl as string, "hubkit_multi");
      sql = new pg.Client({ connectionString: database.url });
      await sql.connect();
      work = mkdtempSync(join(tmpdir(), "hubkit-multi-"));
      const env = await hubEnv(work, { DATABASE_URL: database.url });
      // Both at once on the empty database and the empty folder.
      const start = async (): Promise<Hub> => {
        const lines: string[] = [];
        const server = await startServer(loadConfig(env), (line) => lines.push(line));
        if (server.hub === undefined) throw new Error("no local hub");
        return { server, ctx: server.hub, url: server.url, lines };
      };
      const started = await Promise.allSettled([start(), start()]);
      const failed = started.find((result) => result.status === "rejected");
      if (failed !== undefined) {
        // The one that did start must not outlive the test (it holds connections to the database dropped below).
        for (const result of started) if (result.status === "fulfilled") await result.value.server.close();
        throw failed.reason;
      }
      [a, b] = started.map((result) => (result as PromiseFulfilledResult<Hub>).value) as [Hub, Hub];
      const adminCall = (path: string, body: unknown) =>
        fetch(`${a.url}${path}`, {
          method: "POST",
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
      expect((await adminCall("/api/admin/users", { name: "alice" })).status).toBeLessThan(300);
      const token = await adminCall("/api/admin/tokens", { user: "alice", role: "write", name: "write" });
      writeToken = ((await token.json()) as { token: string }).token;
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a?.server.close(), b?.server.close()]);
      await sql?.end();
      await database?.drop();
      if (work !== undefined) rmSync(work, { recursive: true, force: true });
      for (const [key, value] of Object.entries(savedEnv))
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
    }, 60_000);

    it("seeds once when both start together on an empty database", async () => {
      const seeded = [...a.lines, ...b.lines].filter((line) => /\[hub\] seed: \d+ repositories written/.test(line));
      expect(seeded).toHaveLength(1);
      expect(await q("SELECT id FROM hub_models WHERE id = 'seed-org/seed-model'")).toHaveLength(1);
      const gitDir = join(work, "data", "repos", "models", "seed-org", "seed-model.git");
      // The seed template's initial commit, then one seed commit (a second seeding server would add its own).
      const log = await run("git", ["--git-dir", gitDir, "log", "--format=%s", "HEAD"]);
      const subjects = log.stdout.trim().split("\n");
      expect(subjects.filter((subject) => subject.startsWith("Hubkit seed"))).toHaveLength(1);
      expect(subjects).toHaveLength(2);
      // The stall did widen the window, once: the second server waited for the lock and found the seed written.
      const stalls = [...a.lines, ...b.lines].filter((line) => line.startsWith("[hub] test stall: seed repositories"));
      expect(stalls).toHaveLength(1);
    });

    it("imports the models seed into the index once when both start together on an empty database", async () => {
      const imports = [...a.lines, ...b.lines].filter((line) => /\[hub\] loaded \d+ models into the index/.test(line));
      expect(imports).toHaveLength(1);
      // The stall did widen the window, once: the second server waited for the lock and found the import done.
      const stalls = [...a.lines, ...b.lines].filter((line) => line.startsWith("[hub] test stall: models seed import"));
      expect(stalls).toHaveLength(1);
      expect(await q("SELECT value FROM hub_meta WHERE key = 'seed_sha256'")).toHaveLength(1);
    });

    it("signs with one key: an LFS upload URL handed out by A is accepted by B", async () => {
      await createRepoWithFiles({ url: a.url, writeToken }, "model", "signed", { "README.md": "# signed\n" });
      const body = Buffer.from("bytes signed by A, uploaded to B\n");
      const { createHash } = await import("node:crypto");
      const oid = createHash("sha256").update(body).digest("hex");
      const batch = await fetch(`${a.url}/alice/signed.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${writeToken}`,
          Accept: "application/vnd.git-lfs+json",
          "Content-Type": "application/vnd.git-lfs+json",
        },
        body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size: body.length }] }),
      });
      expect(batch.status).toBe(200);
      const answer = (await batch.json()) as {
        objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[];
      };
      const upload = answer.objects[0]?.actions?.upload;
      expect(upload?.href.startsWith(a.url)).toBe(true);
      const onB = (upload?.href ?? "").replace(a.url, b.url);
      const put = await fetch(onB, { method: "PUT", headers: upload?.header ?? {}, body });
      expect(put.status).toBe(200);
      // A forged signature is refused by B (the check is real).
      const forged = await fetch(onB.replace(/sig=[0-9a-f]{8}/, "sig=00000000"), { method: "PUT", body });
      expect(forged.status).toBeGreaterThanOrEqual(400);
      const signed = new URLSearchParams(a.ctx.xet?.signer.sign("subject", 60));
      const check = (subject: string) =>
        b.ctx.xet?.signer.verify(subject, signed.get("expires") ?? undefined, signed.get("sig") ?? undefined);
      expect([check("subject"), check("other subject")]).toEqual([true, false]);
    });

    it("a repository made private through A is 404 on B at once (API and resolve)", async () => {
      await createRepoWithFiles({ url: a.url, writeToken }, "model", "soon-private", { "README.md": "# hello\n" });
      expect((await fetch(`${b.url}/api/models/alice/soon-private`)).status).toBe(200);
      expect((await fetch(`${b.url}/alice/soon-private/resolve/main/README.md`)).status).toBe(200);
      const made = await fetch(`${a.url}/api/models/alice/soon-private/settings`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${writeToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ private: true }),
      });
      expect(made.status).toBe(200);
      const hidden = (status: number) => status === 401 || status === 404;
      expect(hidden((await fetch(`${b.url}/api/models/alice/soon-private`)).status)).toBe(true);
      expect(hidden((await fetch(`${b.url}/alice/soon-private/resolve/main/README.md`)).status)).toBe(true);
      const listed = (await (await fetch(`${b.url}/api/models?author=alice`)).json()) as { id: string }[];
      expect(listed.map((row) => row.id)).not.toContain("alice/soon-private");
      // Its owner still reads it on B.
      const owner = { Authorization: `Bearer ${writeToken}` };
      expect((await fetch(`${b.url}/api/models/alice/soon-private`, { headers: owner })).status).toBe(200);
    });

    it("a session signed in on A is a session on B; signing out on B ends it on A", async () => {
      const joined = await fetch(`${a.url}/api/web/join`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "sessioner", password: "a long shared password" }),
      });
      expect(joined.status).toBe(200);
      const cookie = (joined.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const { csrfToken } = (await joined.json()) as { csrfToken: string };
      const onB = (await (await fetch(`${b.url}/api/web/session`, { headers: { cookie } })).json()) as {
        user?: { name: string };
        csrfToken?: string;
      };
      expect(onB.user?.name).toBe("sessioner");
      expect(onB.csrfToken).toBe(csrfToken);
      const out = await fetch(`${b.url}/api/web/logout`, {
        method: "POST",
        headers: { cookie, "X-CSRF-Token": csrfToken, "Content-Type": "application/json" },
        body: "{}",
      });
      expect(out.status).toBeLessThan(300);
      const afterOnA = (await (await fetch(`${a.url}/api/web/session`, { headers: { cookie } })).json()) as {
        user?: unknown;
      };
      expect(afterOnA.user ?? null).toBeNull();
    });

    const converted = (repo: string) =>
      until(async () => {
        const rows = await q<{ state: string; attempts: number; lease_owner: string | null }>(
          "SELECT state, attempts, lease_owner FROM hub_dataset_conversions WHERE repo_key = $1",
          [repo],
        );
        return rows[0]?.state === "done" || rows[0]?.state === "error" ? rows[0] : undefined;
      }, `the conversion of ${repo}`);
    const convertCommits = async (name: string) => {
      const gitDir = join(work, "data", "repos", "datasets", "alice", `${name}.git`);
      const counted = await run("git", ["--git-dir", gitDir, "rev-list", "--count", "refs/convert/parquet"]);
      return Number(counted.stdout.trim());
    };

    it("converts each dataset exactly once across both servers", async () => {
      const names = ["table-a", "table-b", "table-c", "table-d"];
      // Committed half through A, half through B: both servers claim from one queue.
      await Promise.all(
        names.map((name, i) =>
          createRepoWithFiles({ url: (i % 2 === 0 ? a : b).url, writeToken }, "dataset", name, {
            "train.csv": `n,word\n${Array.from({ length: 50 }, (_, row) => `${row},${name}-${row}`).join("\n")}\n`,
          }),
        ),
      );
      const owners = new Set<string>();
      for (const name of names) {
        const row = await converted(`alice/${name}`);
        expect(row).toMatchObject({ state: "done", attempts: 1 });
        owners.add(String(row.lease_owner));
        expect(await convertCommits(name)).toBe(1);
      }
      // Both servers' viewers answer from the one conversion.
      for (const hub of [a, b]) {
        const valid = await fetch(`${hub.url}/api/datasets-server/is-valid?dataset=alice/table-a`);
        expect(((await valid.json()) as { viewer: boolean }).viewer).toBe(true);
      }
      expect(owners.size).toBeGreaterThanOrEqual(1);
    }, 180_000);

    it("takes over the job of a server that died (its lease expired), once", async () => {
      await createRepoWithFiles({ url: a.url, writeToken }, "dataset", "orphan", { "train.csv": "n\n1\n2\n" });
      await converted("alice/orphan");
      expect(await convertCommits("orphan")).toBe(1);
      // As a server killed mid-job leaves it: running, leased to an owner nobody renews, lease just expired.
      await q(
        `UPDATE hub_dataset_conversions SET state = 'running', lease_owner = 'dead-server',
         lease_until = now() - interval '1 second' WHERE repo_key = 'alice/orphan'`,
      );
      const row = await converted("alice/orphan");
      expect(row.state).toBe("done");
      expect(row.lease_owner).not.toBe("dead-server");
      expect(await convertCommits("orphan")).toBe(2);
      // A lease still live is left alone: nobody converts while 'busy-server' holds it.
      await q(
        `UPDATE hub_dataset_conversions SET state = 'running', lease_owner = 'busy-server',
         lease_until = now() + interval '1 hour' WHERE repo_key = 'alice/orphan'`,
      );
      await new Promise((resume) => setTimeout(resume, 1_500)); // five polls of each server
      const held = await q<{ state: string; lease_owner: string }>(
        "SELECT state, lease_owner FROM hub_dataset_conversions WHERE repo_key = 'alice/orphan'",
      );
      expect(held[0]).toEqual({ state: "running", lease_owner: "busy-server" });
      expect(await convertCommits("orphan")).toBe(2);
      await q("UPDATE hub_dataset_conversions SET state = 'done', lease_until = NULL WHERE repo_key = 'alice/orphan'");
    }, 120_000);

    it("runs the daily trending refresh on one server per day", async () => {
      const stores = [a, b].map((hub) => {
        if (!(hub.ctx.index instanceof DbRepoIndex)) throw new Error("no database index");
        return hub.ctx.index.trending;
      });
      let runs = 0;
      for (const store of stores) {
        const original = store.refreshAll.bind(store);
        store.refreshAll = async (today?: string) => {
          runs += 1;
          await new Promise((resume) => setTimeout(resume, 300)); // overlapping, as two servers' refreshes would
          await original(today);
        };
      }
      for (const [days, expected] of [
        [3, 1],
        [4, 2],
      ] as const) {
        const day = new Date(Date.now() + days * 86_400_000);
        for (const store of stores) store.now = () => day;
        await Promise.all(stores.map((store) => store.ensureFresh()));
        expect(runs).toBe(expected);
        const lease = await q<{ done_period: string }>(
          "SELECT done_period FROM hub_job_leases WHERE name = 'trending-refresh'",
        );
        expect(lease[0]?.done_period).toBe(day.toISOString().slice(0, 10));
      }
    });

    it("leases a named task to one server at a time; a dead holder's lease is taken over when it expires", async () => {
      const [dbA, dbB] = [a, b].map((hub) => (hub.ctx.index as DbRepoIndex).store.db);
      if (dbA === undefined || dbB === undefined) throw new Error("no databases");
      let inside = 0;
      let most = 0;
      const work = async () => {
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resume) => setTimeout(resume, 200));
        inside -= 1;
      };
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          runLeased(i % 2 === 0 ? dbA : dbB, "test-task", { ttlMs: 10_000, period: "p1" }, work),
        ),
      );
      expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
      expect(most).toBe(1);
      expect(outcomes.filter((outcome) => !outcome.ran && outcome.why === "held").length).toBeGreaterThan(0);
      // A claim that is never renewed (its server died): held until its ttl runs out, then B takes it.
      const dead = await claimLease(dbA, "test-dead", { ttlMs: 500 });
      expect(typeof dead).toBe("object");
      expect(await claimLease(dbB, "test-dead", { ttlMs: 500 })).toBe("held");
      await new Promise((resume) => setTimeout(resume, 700));
      const taken = await claimLease(dbB, "test-dead", { ttlMs: 500 });
      expect(typeof taken).toBe("object");
      if (typeof dead === "object") expect(await dead.renew()).toBe(false);
    });

    it("collects Xet garbage on one server at a time, and the other forgets a collected xorb at once", async () => {
      const [xetA, xetB] = [a.ctx.xet, b.ctx.xet];
      if (xetA === undefined || xetB === undefined) throw new Error("no Xet service");
      const { randomBytes } = await import("node:crypto");
      const hash = randomBytes(32).toString("hex");
      expect(await xetB.index.addXorb(hash, [{ hash: randomBytes(32), size: 10, byteEnd: 18 }])).toBe(true);
      expect(await xetB.index.xorb(hash)).toBeDefined(); // now in B's cache
      const gc = () =>
        fetch(`${a.url}/api/admin/xet/gc?grace_days=0`, {
          method: "POST",
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        });
      // While B holds the collection's lease, A refuses to start a second one.
      const dbB = (b.ctx.index as DbRepoIndex).store.db;
      const held = await claimLease(dbB, "xet-gc", { ttlMs: 30_000 });
      if (typeof held === "string") throw new Error(`the gc lease was ${held}`);
      expect((await gc()).status).toBe(409);
      await held.release();
      await notifyBusOf(dbB).ready();
      const report = (await (await gc()).json()) as { xorbsDeleted: number };
      expect(report.xorbsDeleted).toBeGreaterThanOrEqual(1);
      // B hears of it: its cached chunk list goes (a shard naming the xorb would otherwise be accepted on B).
      await until(async () => ((await xetB.index.xorb(hash)) === undefined ? true : undefined), "B's cache", 10_000);
    });

    it("leaves the index at the ref's head when an earlier, slower sync of the repository writes last", async () => {
      await createRepoWithFiles({ url: a.url, writeToken }, "model", "synced", { "README.md": "# one\n" });
      const ref = { type: "model" as const, id: "alice/synced" };
      const head = async () => (await a.ctx.storage.resolveRevision(ref, "main")) ?? "";
      const indexed = async () =>
        (await q<{ sha: string }>("SELECT sha FROM hub_models WHERE id = $1", [ref.id]))[0]?.sha;
      const first = await head();
      // A's sync reads the head, then stalls (a slow derivation) until B has committed and synced the next head.
      const slow = stalledSync(a, ref);
      await slow.readHead;
      const commit = await commitSecondReadme(b.url, writeToken, "alice/synced");
      expect(commit.status).toBe(200);
      const second = await head();
      expect(second).not.toBe(first);
      expect(await indexed()).toBe(second);
      slow.resume();
      await slow.done;
      expect(await indexed()).toBe(second);
    });

    it("never writes an older head over a newer one, and an uncontended sync reads the ref once", async () => {
      await createRepoWithFiles({ url: a.url, writeToken }, "model", "cas", { "README.md": "# one\n" });
      const ref = { type: "model" as const, id: "alice/cas" };
      const indexed = async () =>
        (await q<{ sha: string }>("SELECT sha FROM hub_models WHERE id = $1", [ref.id]))[0]?.sha;
      // Reads of the branch's head (not of a commit id, which derivation resolves too).
      let headReads = 0;
      let stall: Promise<void> | undefined;
      const seen: (string | undefined)[] = [];
      const storage = new Proxy(a.ctx.storage, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver);
          if (key !== "resolveRevision" || typeof value !== "function") return value;
          return async (...args: unknown[]) => {
            if (args[1] !== "main") return value.apply(target, args);
            headReads += 1;
            // What a sync that was overtaken finds in the row when it looks at the ref again.
            if (stall === undefined) seen.push(await indexed());
            const sha = await value.apply(target, args);
            const waiting = stall;
            stall = undefined;
            if (waiting !== undefined) await waiting;
            return sha;
          };
        },
      });
      const index = new DbRepoIndex((a.ctx.index as DbRepoIndex).store, storage, a.ctx.lfs);
      await index.sync(ref);
      expect(headReads).toBe(1);
      const first = await indexed();
      // This sync reads the head, then stalls while B commits and syncs the next head.
      let resume: () => void = () => {};
      stall = new Promise<void>((done) => {
        resume = done;
      });
      headReads = 0;
      seen.length = 0;
      const slowSync = index.sync(ref);
      await until(async () => (headReads > 0 ? true : undefined), "the slow sync's read", 10_000);
      const commit = await commitSecondReadme(b.url, writeToken, "alice/cas");
      expect(commit.status).toBe(200);
      const second = await indexed();
      expect(second).not.toBe(first);
      resume();
      await slowSync;
      // The stale sync never put its older head back, not even for a moment (the old re-check did, then re-synced).
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((sha) => sha === second)).toBe(true);
      expect(await indexed()).toBe(second);
    });

    it("a sync keeps the privacy and the counts written while it derived (no row read before them written back)", async () => {
      await createRepoWithFiles({ url: a.url, writeToken }, "model", "kept", {
        "README.md": "# kept\n",
        "config.json": "{}\n",
      });
      const ref = { type: "model" as const, id: "alice/kept" };
      const row = async () =>
        (
          await q<{ private: boolean; downloads: number; record_private: boolean; record_downloads: number }>(
            `SELECT private, downloads::int AS downloads, (record->>'private')::boolean AS record_private,
               (record->>'downloads')::int AS record_downloads FROM hub_models WHERE id = $1`,
            [ref.id],
          )
        )[0];
      // This sync reads the row and the head, then stalls (a slow derivation) while B changes the row.
      const slow = stalledSync(a, ref);
      await slow.readHead;
      const downloaded = await fetch(`${b.url}/alice/kept/resolve/main/config.json`);
      expect(downloaded.status).toBe(200);
      await downloaded.arrayBuffer();
      // Its count folded into the row now (download-pending.ts), as B's timer would while the sync stalls.
      await (b.ctx.index as DbRepoIndex).downloads.foldNow();
      const made = await fetch(`${b.url}/api/models/alice/kept/settings`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${writeToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ private: true }),
      });
      expect(made.status).toBe(200);
      expect(await row()).toEqual({ private: true, downloads: 1, record_private: true, record_downloads: 1 });
      slow.resume();
      await slow.done;
      // The sync wrote its derivation (same head) without putting back the public flag and zero count it read.
      expect(await row()).toEqual({ private: true, downloads: 1, record_private: true, record_downloads: 1 });
      const missing = (await fetch(`${a.url}/api/models/alice/never-made`)).status;
      expect((await fetch(`${a.url}/api/models/alice/kept`)).status).toBe(missing);
      const listed = (await (await fetch(`${a.url}/api/models?author=alice`)).json()) as { id: string }[];
      expect(listed.map((listedRow) => listedRow.id)).not.toContain(ref.id);
    });

    it("counts a dataset download once per client across both servers within the window", async () => {
      await createRepoWithFiles({ url: a.url, writeToken }, "dataset", "counted", { "data.csv": "a\n1\n" });
      // The row's count once every pending one is folded in (download-pending.ts).
      const downloads = async () => {
        await (a.ctx.index as DbRepoIndex).downloads.foldNow();
        return (
          await q<{ n: number }>("SELECT downloads::int AS n FROM hub_datasets WHERE id = $1", ["alice/counted"])
        )[0]?.n;
      };
      const path = "/datasets/alice/counted/resolve/main/data.csv";
      const get = (server: Hub, localAddress: string) => statusFrom(new URL(path, server.url), { localAddress });
      expect(await downloads()).toBe(0);
      // One client through both servers, as a round-robin balancer would send it: once.
      for (const server of [a, b, a, b]) expect(await get(server, "127.0.0.1")).toBe(200);
      expect(await downloads()).toBe(1);
      // Another client: once more, whichever server it reaches.
      expect(await get(b, "127.0.0.2")).toBe(200);
      expect(await get(a, "127.0.0.2")).toBe(200);
      expect(await downloads()).toBe(2);
    });

    it("reconciles without undoing another server's creation or move in progress, and still heals old leftovers", async () => {
      const index = a.ctx.index as DbRepoIndex;
      const storage = a.ctx.storage;
      // B's creation between its folder's rename into place and its registration.
      const created = { type: "model" as const, id: "alice/in-flight" };
      await storage.create(created);
      // B's move between the folder's rename and the row's.
      await createRepoWithFiles({ url: b.url, writeToken }, "model", "moving", { "README.md": "# moving\n" });
      const source = { type: "model" as const, id: "alice/moving" };
      const target = { type: "model" as const, id: "alice/moved" };
      await storage.move(source, target);
      await index.reconcile();
      expect(await index.lookup(created)).toBeUndefined();
      expect(await index.lookup(source)).toMatchObject({ id: source.id, private: false });
      expect(await index.lookup(target)).toBeUndefined();
      // B finishes both: its registration and its rename go through.
      await index.register(created, { private: false });
      await index.rename(source, target);
      expect(await index.lookup(created)).toMatchObject({ private: false });
      expect(await index.lookup(target)).toMatchObject({ id: target.id, private: false });
      // A crash's leftover (a folder nobody touched for a while) is still registered, privately.
      const orphan = { type: "model" as const, id: "carol/orphan" };
      await storage.create(orphan);
      const old = new Date(Date.now() - 2 * 3600 * 1000);
      utimesSync(dirname(storage.gitDir(orphan)), old, old);
      await index.reconcile();
      expect(await index.lookup(orphan)).toMatchObject({ id: orphan.id, private: true });
    });

    it("sweeps expired multipart uploads on one server per sweep interval", async () => {
      const [dbA, dbB] = [a, b].map((hub) => (hub.ctx.index as DbRepoIndex).store.db) as [Db, Db];
      const root = join(work, "shared-parts");
      const limits = { bytesInFlightPerUser: 10_000, expireAfterMs: 3600 * 1000 };
      const [areaA, areaB] = await Promise.all([
        new MultipartArea(root, limits).open(),
        new MultipartArea(root, limits).open(),
      ]);
      areaA.close();
      areaB.close();
      areaA.sweepOnceAcross(dbA);
      areaB.sweepOnceAcross(dbB);
      const old = new Date(Date.now() - 2 * 3600 * 1000);
      for (const name of ["one", "two"]) {
        mkdirSync(join(root, "dave", name), { recursive: true });
        utimesSync(join(root, "dave", name), old, old);
      }
      // An interval of this test's own (far from the real clock's), so no earlier run has it done.
      const now = Date.now() + 365 * 24 * 3600 * 1000;
      const runs = await Promise.all([areaA.periodicSweep(now), areaB.periodicSweep(now), areaA.periodicSweep(now)]);
      expect(runs.filter((run) => run.ran)).toHaveLength(1);
      expect(runs.find((run) => run.ran)).toMatchObject({ value: { removed: 2 } });
      expect(readdirSync(join(root, "dave"))).toEqual([]);
      // The same interval again: done on both; the next interval: one of them sweeps again.
      expect(await areaB.periodicSweep(now)).toEqual({ ran: false, why: "done" });
      const next = now + 5 * 60 * 1000;
      const later = await Promise.all([areaA.periodicSweep(next), areaB.periodicSweep(next)]);
      expect(later.filter((run) => run.ran)).toHaveLength(1);
    });

    it("carries a notification published through one server to the other's subscribers", async () => {
      const [dbA, dbB] = [a, b].map((hub) => (hub.ctx.index as DbRepoIndex).store.db);
      if (dbA === undefined || dbB === undefined) throw new Error("no databases");
      const received: string[] = [];
      let gaps = 0;
      const subscription = notifyBusOf(dbB).subscribe(
        "test_channel",
        (payload) => received.push(payload),
        () => {
          gaps += 1;
        },
      );
      await notifyBusOf(dbB).ready();
      await notifyBusOf(dbA).publish("test_channel", "from A");
      await until(async () => (received.length > 0 ? true : undefined), "the notification", 10_000);
      expect(received).toEqual(["from A"]);
      // The listening connections cut (a database restart, a proxy's idle cut): subscribers hear of the gap (their
      // caches may have missed messages), the bus listens again by itself, and later messages arrive.
      await q(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`,
      );
      await until(async () => (gaps > 0 ? true : undefined), "the gap", 10_000);
      await until(
        async () => {
          await notifyBusOf(dbA).publish("test_channel", "after the cut");
          await new Promise((resume) => setTimeout(resume, 200));
          return received.includes("after the cut") ? true : undefined;
        },
        "a notification after the reconnection",
        20_000,
      );
      subscription.close();
    });
  },
);
