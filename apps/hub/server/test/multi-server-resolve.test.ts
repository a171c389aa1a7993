// Issue 23, small-file resolve: each server keeps what it read of a commit's tree and of small blobs (GitStorage's
// entry and blob caches, keyed by commit id and blob id), so that a resolve costs one cat-file round trip (the
// branch → commit step). These tests pin what the caches must not change, with two real servers on one PostgreSQL
// and one data folder: a commit made through one server is served at once by the other that has cached the file
// at the older commit, a file deleted is gone at once, the older commit still answers its own bytes, and a
// repository made private or gated through one server is refused at once by the other.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, startCluster, testDatabaseUrl } from "./multi-server-harness.js";
import { run } from "./run-command.js";

const baseUrl = testDatabaseUrl();
const REPO = "alice/resolved";
const ndjson = (lines: readonly unknown[]) => lines.map((line) => JSON.stringify(line)).join("\n");
const header = (summary: string) => ({ key: "header", value: { summary } });
const file = (path: string, content: string) => ({
  key: "file",
  value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});
const deleted = (path: string) => ({ key: "deletedFile", value: { path } });

describe.skipIf(baseUrl === undefined)("resolve through two servers with cached trees and blobs", () => {
  let cluster: Cluster;
  const commit = async (lines: readonly unknown[], via: 0 | 1) => {
    const answer = await cluster.authed(
      `/api/models/${REPO}/commit/main`,
      { method: "POST", headers: { "Content-Type": "application/x-ndjson" }, body: ndjson(lines) },
      via,
    );
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { commitOid: string }).commitOid;
  };
  /** An anonymous resolve straight to one server: status, body and the commit it answered from. */
  const resolveOn = async (via: 0 | 1, revision: string, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${cluster.serverUrls[via]}/${REPO}/resolve/${revision}/${path}`, init);
    return {
      status: response.status,
      body: await response.text(),
      commit: response.headers.get("x-repo-commit"),
      code: response.headers.get("x-error-code"),
    };
  };
  const settings = async (body: Record<string, unknown>, via: 0 | 1) => {
    const answer = await cluster.authed(
      `/api/models/${REPO}/settings`,
      { method: "PUT", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
      via,
    );
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    cluster = await startCluster("resolve", baseUrl as string);
    const created = await cluster.authed("/api/repos/create", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "resolved" }),
    });
    expect(created.status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it("a commit through one server is served at once by the other, which had the file cached at the older commit", async () => {
    const first = await commit([header("v1"), file("config.json", '{"v":1}'), file("sub/a.txt", "a1")], 0);
    // Server 1 reads (and caches) both files at the first commit, several times.
    for (let i = 0; i < 3; i += 1) {
      expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 200, body: '{"v":1}', commit: first });
      expect(await resolveOn(1, "main", "sub/a.txt")).toMatchObject({ status: 200, body: "a1", commit: first });
    }
    const second = await commit([header("v2"), file("config.json", '{"v":2}'), deleted("sub/a.txt")], 0);
    expect(second).not.toBe(first);
    // No wait: the branch is read on every resolve, the caches only below a commit id.
    expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 200, body: '{"v":2}', commit: second });
    expect(await resolveOn(1, "main", "sub/a.txt")).toMatchObject({ status: 404, code: "EntryNotFound" });
    // The first commit still answers its own bytes (by its id), whole and as a range.
    expect(await resolveOn(1, first, "config.json")).toMatchObject({ status: 200, body: '{"v":1}', commit: first });
    expect(await resolveOn(1, first, "sub/a.txt")).toMatchObject({ status: 200, body: "a1", commit: first });
    expect(await resolveOn(1, first, "config.json", { headers: { Range: "bytes=1-3" } })).toMatchObject({
      status: 206,
      body: '"v"',
    });
    // The same path put back with the first bytes (the same blob id) is a file of the newest commit again.
    const third = await commit([header("v3"), file("sub/a.txt", "a1")], 1);
    expect(await resolveOn(0, "main", "sub/a.txt")).toMatchObject({ status: 200, body: "a1", commit: third });
    expect(await resolveOn(1, "main", "sub/a.txt")).toMatchObject({ status: 200, body: "a1", commit: third });
  });

  it("a branch is read from its loose ref, and from git when the refs are packed or the branch is gone", async () => {
    const gitDir = join(cluster.dataDir, "repos", "models", `${REPO}.git`);
    const git = async (...args: string[]) => {
      const result = await run("git", [
        "-c",
        "user.name=t",
        "-c",
        "user.email=t@example.com",
        "--git-dir",
        gitDir,
        ...args,
      ]);
      expect(result.code, result.stderr).toBe(0);
      return result.stdout.trim();
    };
    const before = await git("rev-parse", "refs/heads/main");
    expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 200, commit: before });
    // Packed (no loose file left): git answers, the same commit.
    await git("pack-refs", "--all", "--prune");
    expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 200, commit: before });
    // A commit writes a loose ref again, newer than the packed one: that one wins, at once on the other server.
    const next = await commit([header("after packing"), file("config.json", '{"v":2}')], 0);
    expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 200, body: '{"v":2}', commit: next });
    // A branch made and deleted through one server: the other answers it, then not.
    await git("branch", "side", before);
    expect(await resolveOn(1, "side", "config.json")).toMatchObject({ status: 200, commit: before });
    await git("branch", "-D", "side");
    expect(await resolveOn(1, "side", "config.json")).toMatchObject({ status: 404, code: "RevisionNotFound" });
    // A tag of the same name as no branch still resolves through git.
    await git("tag", "-a", "v1", "-m", "v1", before);
    expect(await resolveOn(1, "v1", "config.json")).toMatchObject({ status: 200, commit: before });
  });

  it("made private or gated through one server, the repository is refused at once by the other", async () => {
    for (let i = 0; i < 3; i += 1) expect((await resolveOn(1, "main", "config.json")).status).toBe(200);
    await settings({ private: true }, 0);
    expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 401, code: "RepoNotFound" });
    await settings({ private: false }, 0);
    expect((await resolveOn(1, "main", "config.json")).status).toBe(200);
    await settings({ gated: "auto" }, 0);
    expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 401, code: "GatedRepo" });
    await settings({ gated: false }, 0);
    expect(await resolveOn(1, "main", "config.json")).toMatchObject({ status: 200, body: '{"v":2}' });
  });
});
