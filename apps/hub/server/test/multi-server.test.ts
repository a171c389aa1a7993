// Issue 23, "Several servers" and "Operations": two real servers (separate processes) on one PostgreSQL database
// and one data folder behind nginx round-robin (multi-server-harness.ts). Commits to one branch through both take
// turns (no lost update, git fsck clean, the index at the ref), and a commit held long between its parent read and
// its ref swap is not starved into a 412 by the other server's commits (the repository lock); a server's restart
// leaves the other's upload in flight alone (it failed with ENOENT when each start emptied lfs/tmp); SIGTERM drains
// an upload; kill -9 mid-upload and mid-commit leaves the other serving and nothing half-visible; the official
// client uploads and downloads through nginx byte-identical; /api/health reports the database, the repository
// volume and the object store.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fsckAll } from "./faults-harness.js";
import {
  type Cluster,
  lfsUploadHref,
  partialPut,
  sha256,
  startCluster,
  testDatabaseUrl,
  uploadAndSnapshot,
} from "./multi-server-harness.js";
import { lastJsonLine, run } from "./run-command.js";

const baseUrl = testDatabaseUrl();
const REPO = "alice/shared";
/** A server whose heartbeat is this old is dead (the servers beat every 500 ms). */
const STALE_MS = 3000;
const ndjson = (lines: readonly unknown[]) => lines.map((line) => JSON.stringify(line)).join("\n");
const header = (summary: string) => ({ key: "header", value: { summary } });
const file = (path: string, content: string) => ({
  key: "file",
  value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/** Files (not folders) directly in `dir`. */
const filesIn = (dir: string) =>
  existsSync(dir) ? readdirSync(dir).filter((name) => statSync(join(dir, name)).isFile()) : [];

describe.skipIf(baseUrl === undefined)("two servers behind nginx on one PostgreSQL and one data folder", () => {
  let cluster: Cluster;
  const gitDir = () => join(cluster.dataDir, "repos", "models", `${REPO}.git`);
  const lfsTmp = () => join(cluster.dataDir, "lfs", "tmp");
  const headOnDisk = async () => {
    const result = await run("git", ["--git-dir", gitDir(), "rev-parse", "refs/heads/main"]);
    if (result.code !== 0) throw new Error(result.stderr);
    return result.stdout.trim();
  };
  const commit = (body: string, via?: 0 | 1) =>
    cluster.authed(
      `/api/models/${REPO}/commit/main`,
      { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body },
      via,
    );
  const uploadHref = (bytes: Buffer, via?: 0 | 1) => lfsUploadHref(cluster, REPO, bytes, via);
  /** The index (repo info's sha and files, the listing's sha) must be exactly at git's ref. */
  const expectIndexAtRef = async () => {
    const head = await headOnDisk();
    await until(async () => {
      const info = (await (await cluster.authed(`/api/models/${REPO}`)).json()) as { sha: string };
      return info.sha === head;
    }, "the index at the ref");
    const info = (await (await cluster.authed(`/api/models/${REPO}`)).json()) as {
      sha: string;
      siblings: { rfilename: string }[];
    };
    const listing = (await (await cluster.authed("/api/models?author=alice&expand[]=sha")).json()) as {
      id: string;
      sha: string;
    }[];
    expect(listing.find((row) => row.id === REPO)?.sha).toBe(head);
    const tree = (await (await cluster.authed(`/api/models/${REPO}/tree/main?recursive=true`)).json()) as {
      type: string;
      path: string;
    }[];
    const treeFiles = tree.filter((entry) => entry.type === "file").map((entry) => entry.path);
    expect(info.siblings.map((sibling) => sibling.rfilename).sort()).toEqual(treeFiles.sort());
    expect(await fsckAll(cluster.dataDir)).toEqual([]);
    return { head, files: treeFiles };
  };

  beforeAll(async () => {
    cluster = await startCluster("main", baseUrl as string, {
      // Fast heartbeats, so that a killed server counts as dead within the test.
      HUBKIT_INSTANCE_HEARTBEAT_MS: "500",
      HUBKIT_INSTANCE_STALE_MS: String(STALE_MS),
      HUBKIT_SHUTDOWN_DRAIN_MS: "20000",
    });
    const created = await cluster.authed("/api/repos/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "shared" }),
    });
    expect(created.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it("health: 200 with the database, repository volume and object store checks on both servers and through nginx", async () => {
    for (const url of [...cluster.serverUrls, cluster.url]) {
      const response = await fetch(`${url}/api/health`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ status: "ok", mode: "local", database: "postgres" });
      expect(body.checks).toEqual({
        database: { status: "ok" },
        repositories: { status: "ok" },
        objects: { status: "ok" },
      });
    }
  });

  it("20 concurrent commits to one branch through both servers all land: no lost update, fsck clean, index at the ref", async () => {
    const before = cluster.upstreams().length;
    const baseCount = Number((await run("git", ["--git-dir", gitDir(), "rev-list", "--count", "main"])).stdout);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => commit(ndjson([header(`commit ${i}`), file(`c/${i}.txt`, `content ${i}`)]))),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    // nginx spread them over both servers.
    const served = new Set(cluster.upstreams().slice(before));
    expect(served).toEqual(new Set(cluster.serverUrls.map((url) => url.replace("http://", ""))));
    // A straight line of 20 new commits, each one's file there: none overwrote another.
    const count = await run("git", ["--git-dir", gitDir(), "rev-list", "--count", "main"]);
    expect(Number(count.stdout)).toBe(baseCount + 20);
    expect((await run("git", ["--git-dir", gitDir(), "rev-list", "--merges", "--count", "main"])).stdout.trim()).toBe(
      "0",
    );
    const log = await run("git", ["--git-dir", gitDir(), "log", "--format=%s", "main"]);
    for (let i = 0; i < 20; i++) expect(log.stdout.split("\n")).toContain(`commit ${i}`);
    const { files } = await expectIndexAtRef();
    for (let i = 0; i < 20; i++) expect(files).toContain(`c/${i}.txt`);
  }, 60_000);

  it("a commit slow between reading its parent and moving the ref lands while the other server commits all along", async () => {
    // What the repository lock adds to update-ref's compare-and-swap: a commit without parentCommit whose window
    // (parent read .. ref swap) is long is not starved by another server's quick commits. Without the lock each of
    // its attempts loses the swap to server 1 and it answers 412 after MAX_REBASE_ATTEMPTS; with it, server 1's
    // commits wait for its turn. Server 0 holds every commit 1.5 s right before update-ref (repos/test-pause.ts).
    expect(await cluster.stop(0)).toBe(0);
    await cluster.start(0, { HUBKIT_TEST_PAUSE: "commit-objects-written", HUBKIT_TEST_PAUSE_MS: "1500" });
    try {
      let settled = false;
      const slow = commit(ndjson([header("slow"), file("slow.txt", "slow")]), 0).then((answer) => {
        settled = true;
        return answer;
      });
      await cluster.server(0).waitFor(/test pause: commit-objects-written/);
      // Server 1 commits one after another until the slow one has answered (bounded by time: each takes a while).
      const fast: number[] = [];
      const deadline = Date.now() + 30_000;
      while (!settled && Date.now() < deadline) {
        const i = fast.length;
        fast.push((await commit(ndjson([header(`fast ${i}`), file(`fast/${i}.txt`, `fast ${i}`)]), 1)).status);
      }
      expect((await slow).status).toBe(200);
      expect(fast.length).toBeGreaterThan(0);
      expect(fast).toEqual(Array(fast.length).fill(200));
      // One attempt: a lost swap would have rebuilt the commit and paused again.
      const pauses = cluster
        .server(0)
        .output()
        .match(/test pause: commit-objects-written/g);
      expect(pauses).toHaveLength(1);
      // Server 1's first commit waited for the slow one's turn: it is the slow commit's child.
      const subjects = (await run("git", ["--git-dir", gitDir(), "log", "--format=%s", "main"])).stdout.split("\n");
      expect(subjects.indexOf("slow")).toBe(subjects.indexOf("fast 0") + 1);
      const { files } = await expectIndexAtRef();
      expect(files).toContain("slow.txt");
      for (let i = 0; i < fast.length; i++) expect(files).toContain(`fast/${i}.txt`);
    } finally {
      expect(await cluster.stop(0)).toBe(0);
      await cluster.start(0);
    }
  }, 90_000);

  it("a restart of one server leaves the other's upload in flight alone", async () => {
    // Server 1 receives an upload; server 0 restarts meanwhile (its start-up clean-up runs).
    const first = randomBytes(3 * 1024 * 1024);
    const upload = partialPut(await uploadHref(first, 1), first, 1024 * 1024);
    await until(() => filesIn(lfsTmp()).length > 0, "the upload's temporary file");
    const temporary = filesIn(lfsTmp());
    expect(await cluster.stop(0)).toBe(0);
    // Straight into the next test's mode: commits on server 0 pause once their objects are written.
    await cluster.start(0, { HUBKIT_TEST_PAUSE: "commit-objects-written" });
    expect(filesIn(lfsTmp())).toEqual(temporary);
    expect(await upload.finish()).toBe(200);
    const oid = sha256(first);
    const stored = join(cluster.dataDir, "lfs", "objects", oid.slice(0, 2), oid.slice(2, 4), oid);
    expect(sha256(readFileSync(stored))).toBe(oid);
  }, 60_000);

  it("kill -9 mid-upload and mid-commit: the other server keeps serving, the retried upload succeeds, nothing half-visible", async () => {
    const before = await headOnDisk();
    // Server 0 (started paused by the previous test) receives an upload and a commit that stops before its ref moves.
    const bytes = randomBytes(3 * 1024 * 1024);
    const cut = partialPut(await uploadHref(bytes, 0), bytes, 1024 * 1024);
    await until(() => filesIn(lfsTmp()).length > 0, "the upload's temporary file");
    const paused = commit(ndjson([header("never visible"), file("paused.txt", "half")]), 0).catch(() => undefined);
    await cluster.server(0).waitFor(/test pause: commit-objects-written/);
    // Server 1's commit to the same repository waits for server 0's turn (the repository lock) ...
    let otherDone = false;
    const other = commit(ndjson([header("from server 1"), file("other.txt", "landed")]), 1).then((answer) => {
      otherDone = true;
      return answer;
    });
    await new Promise((done) => setTimeout(done, 1500));
    expect(otherDone, "a commit on server 1 ran while server 0 held the repository's turn").toBe(false);
    // ... and goes on once server 0 dies (its database session ends, the lock with it).
    await cluster.server(0).kill9();
    const killedAt = Date.now();
    cut.destroy();
    await paused;
    expect((await other).status).toBe(200);
    expect(await headOnDisk()).not.toBe(before);

    // The retried upload through nginx reaches server 1 and is committed.
    const href = await uploadHref(bytes);
    expect((await fetch(href, { method: "PUT", body: bytes })).status).toBe(200);
    const lfsCommit = await commit(
      ndjson([
        header("weights"),
        { key: "lfsFile", value: { path: "w.bin", algo: "sha256", oid: sha256(bytes), size: bytes.length } },
      ]),
    );
    expect(lfsCommit.status).toBe(200);
    const resolved = await cluster.authed(`/${REPO}/resolve/main/w.bin`);
    expect(sha256(Buffer.from(await resolved.arrayBuffer()))).toBe(sha256(bytes));
    const { files } = await expectIndexAtRef();
    expect(files).toContain("other.txt");
    expect(files).not.toContain("paused.txt");
    const log = await run("git", ["--git-dir", gitDir(), "log", "--format=%s", "main"]);
    expect(log.stdout).not.toContain("never visible");

    // The dead server's partial upload is removed by the live one's periodic sweep once its heartbeat is stale
    // (not before: the file stays until then), with no restart.
    expect(filesIn(lfsTmp()).length).toBeGreaterThan(0);
    await until(() => filesIn(lfsTmp()).length === 0, "server 1's sweep of the dead server's upload", 20_000);
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(STALE_MS);
    await cluster.start(0);
  }, 60_000);

  it("huggingface_hub 2.x upload_folder and snapshot_download through nginx: byte-identical", async () => {
    const folder = join(cluster.work, "upload");
    mkdirSync(join(folder, "sub"), { recursive: true });
    writeFileSync(join(folder, "config.json"), '{"model_type": "bert"}\n');
    writeFileSync(join(folder, "sub", "notes.txt"), "small file\n");
    writeFileSync(join(folder, "weights.bin"), randomBytes(2 * 1024 * 1024 + 7));
    const target = join(cluster.work, "download");
    const result = await uploadAndSnapshot(cluster, "alice/clients", folder, target);
    expect(result.code, result.stderr.slice(-3000)).toBe(0);
    expect(lastJsonLine(result.stdout)).toEqual({ path: target });
    for (const name of ["config.json", "sub/notes.txt", "weights.bin"])
      expect(sha256(readFileSync(join(target, name))), name).toBe(sha256(readFileSync(join(folder, name))));
  }, 60_000);

  it("health: 503 naming the database while it refuses connections, 200 again once it is back", async () => {
    await cluster.admin(`ALTER DATABASE ${cluster.database} ALLOW_CONNECTIONS false`);
    try {
      await cluster.admin(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${cluster.database}'`,
      );
      for (const url of cluster.serverUrls) {
        const response = await fetch(`${url}/api/health`);
        expect(response.status).toBe(503);
        const body = (await response.json()) as { status: string; checks: Record<string, { status: string }> };
        expect(body.status).toBe("not-ready");
        expect(body.checks.database?.status).toBe("fail");
        expect(body.checks.repositories?.status).toBe("ok");
        // Requests that need the database: a clear 503 to retry, not a 500 (nor a 404 for a repository unknown).
        for (const path of ["/api/models?author=alice", "/api/models/alice/unknown"]) {
          const refused = await fetch(`${url}${path}`);
          expect(refused.status).toBe(503);
          expect(refused.headers.get("retry-after")).toBe("5");
          expect(await refused.json()).toEqual({ error: "The database is unavailable: try again shortly" });
        }
      }
    } finally {
      await cluster.admin(`ALTER DATABASE ${cluster.database} ALLOW_CONNECTIONS true`);
    }
    for (const url of cluster.serverUrls)
      await until(async () => (await fetch(`${url}/api/health`)).status === 200, "health 200 again");
  }, 30_000);

  it("SIGTERM lets an upload in flight finish: no new connections meanwhile, then exit 0", async () => {
    const second = randomBytes(3 * 1024 * 1024);
    const draining = partialPut(await uploadHref(second, 1), second, 1024 * 1024);
    await until(() => filesIn(lfsTmp()).length > 0, "the upload's temporary file");
    const exited = cluster.stop(1);
    await until(
      () =>
        fetch(`${cluster.serverUrls[1]}/api/health`).then(
          () => false,
          () => true,
        ),
      "server 1 to stop accepting",
    );
    expect((await fetch(`${cluster.url}/api/health`)).status).toBe(200); // nginx: server 0 answers
    expect(await draining.finish()).toBe(200);
    expect(await exited).toBe(0);
    const oid = sha256(second);
    expect(sha256(readFileSync(join(cluster.dataDir, "lfs", "objects", oid.slice(0, 2), oid.slice(2, 4), oid)))).toBe(
      oid,
    );
  }, 30_000);
});
