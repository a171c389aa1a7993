// Issue 22 (5): `permanently_delete_lfs_files` with `rewriteHistory` (the clients' default) removes the deleted
// objects' pointer files from every commit of every branch, tag and pull-request ref, as on the hub: the other
// files keep their bytes, the commits their count, messages, authors and dates, a clone fscks clean and holds no
// pointer to the object, a commit racing the rewrite is not lost, the refs move all together or not at all, a
// too-long history is refused (413) before any change, and `rewriteHistory: false` keeps the history. Then through
// huggingface_hub 2.0.0 and 1.33.0 (Xet as installed).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { lfsPointer } from "../src/lfs/pointer.js";
import { apiFetch } from "./api-call.js";
import { type AuthHub, PYTHON_CLIENTS, pythonFor, startAuthHub } from "./auth-harness.js";
import { LfsClient, sha256 } from "./lfs-client.js";
import { gitClientEnv, hfClientEnv, run } from "./run-command.js";

let hub: AuthHub;
let lfs: LfsClient;
let token = "";
const work = mkdtempSync(join(tmpdir(), "hubkit-lfs-rewrite-"));

beforeAll(async () => {
  FolderLargeFileStore.uploadLinkGraceMs = 0;
  hub = await startAuthHub();
  await hub.user("alice");
  token = await hub.token("alice", "write");
  lfs = new LfsClient(hub.url);
}, 60_000);
afterAll(async () => {
  await hub?.close();
  rmSync(work, { recursive: true, force: true });
});

const call = (method: string, path: string, body?: unknown) => apiFetch(hub.url, method, path, token, body);

async function ok<T>(response: Response): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as T;
}

type Operation =
  | { key: "file"; path: string; text: string }
  | { key: "lfsFile"; path: string; bytes: Buffer }
  | { key: "deletedFile"; path: string };

async function commit(repo: string, branch: string, summary: string, operations: Operation[]): Promise<Response> {
  const lines: unknown[] = [{ key: "header", value: { summary } }];
  for (const operation of operations)
    if (operation.key === "file")
      lines.push({
        key: "file",
        value: { path: operation.path, content: Buffer.from(operation.text).toString("base64"), encoding: "base64" },
      });
    else if (operation.key === "lfsFile")
      lines.push({
        key: "lfsFile",
        value: { path: operation.path, algo: "sha256", oid: sha256(operation.bytes), size: operation.bytes.length },
      });
    else lines.push({ key: "deletedFile", value: { path: operation.path } });
  return fetch(`${hub.url}/api/models/${repo}/commit/${encodeURIComponent(branch)}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
}

async function commitOk(repo: string, branch: string, summary: string, operations: Operation[]): Promise<void> {
  const response = await commit(repo, branch, summary, operations);
  expect(response.status, await response.clone().text()).toBe(200);
}

interface Entry {
  type: string;
  path: string;
  oid: string;
  lfs?: { oid: string };
}

/** Every file of a revision: path → git blob oid and LFS oid. */
async function files(repo: string, revision: string): Promise<Map<string, { oid: string; lfs?: string }>> {
  const entries = await ok<Entry[]>(
    await call("GET", `/api/models/${repo}/tree/${encodeURIComponent(revision)}?recursive=true`),
  );
  return new Map(
    entries
      .filter((entry) => entry.type === "file")
      .map((entry) => [entry.path, { oid: entry.oid, ...(entry.lfs ? { lfs: entry.lfs.oid } : {}) }]),
  );
}

async function history(repo: string, revision: string): Promise<Array<{ id: string; title: string }>> {
  return ok(await call("GET", `/api/models/${repo}/commits/${encodeURIComponent(revision)}?limit=100`));
}

async function deleteObjects(repo: string, oids: string[], rewriteHistory?: boolean): Promise<Response> {
  const deletions = rewriteHistory === undefined ? { sha: oids } : { sha: oids, rewriteHistory };
  return call("POST", `/api/models/${repo}/lfs-files/batch`, { deletions });
}

const blobId = (content: string) =>
  createHash("sha1")
    .update(`blob ${Buffer.byteLength(content)}\0`)
    .update(content)
    .digest("hex");

const IDENTITIES = ["log", "--all", "--format=%s|%an|%ae|%ad|%cn|%ce|%cd", "--date=raw"];

const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env: gitClientEnv(work), timeoutMs: 120_000 });

describe("rewriteHistory", () => {
  const doomed = Buffer.from("the object to delete ".repeat(200));
  const kept = Buffer.from("an object that stays ".repeat(200));
  const later = Buffer.from("a later object ".repeat(200));
  const repo = "alice/history";
  const refs = ["main", "dev", "v1", "refs/pr/1"];
  const before = new Map<string, { files: Map<string, { oid: string; lfs?: string }>; commits: string[] }>();
  let heads: Record<string, string> = {};
  let identities: string[] = [];

  beforeAll(async () => {
    expect(await lfs.createRepo(token, "history")).toBe(200);
    for (const bytes of [doomed, kept, later]) expect(await lfs.upload(token, repo, bytes)).toBe(200);
    await commitOk(repo, "main", "first", [
      { key: "file", path: "notes.txt", text: "one" },
      { key: "lfsFile", path: "weights/model.bin", bytes: doomed },
      { key: "lfsFile", path: "kept.bin", bytes: kept },
    ]);
    await commitOk(repo, "main", "second", [
      { key: "file", path: "notes.txt", text: "two" },
      { key: "lfsFile", path: "weights/model.bin", bytes: later },
      { key: "lfsFile", path: "copy/only.bin", bytes: doomed },
    ]);
    await ok(await call("POST", `/api/models/${repo}/branch/dev`, {}));
    await commitOk(repo, "dev", "on dev", [
      { key: "lfsFile", path: "dev.bin", bytes: doomed },
      { key: "file", path: "dev.txt", text: "dev" },
    ]);
    await ok(await call("POST", `/api/models/${repo}/tag/main`, { tag: "v1", message: "release one" }));
    await commitOk(repo, "main", "third", [{ key: "file", path: "notes.txt", text: "three" }]);
    // A pull request ref, written straight into the repository as the community feature keeps them.
    const gitDir = hub.ctx.storage.gitDir({ type: "model", id: repo });
    const dev = await run("git", ["--git-dir", gitDir, "rev-parse", "refs/heads/dev"]);
    expect((await run("git", ["--git-dir", gitDir, "update-ref", "refs/pr/1", dev.stdout.trim()])).code).toBe(0);
    identities = (await run("git", ["--git-dir", gitDir, ...IDENTITIES])).stdout.trim().split("\n").sort();
    expect(identities).toHaveLength(5);
    for (const revision of refs)
      before.set(revision, {
        files: await files(repo, revision),
        commits: (await history(repo, revision)).map((entry) => entry.title),
      });
    heads = Object.fromEntries(
      await Promise.all(
        refs.map(async (revision) => [revision, (await history(repo, revision))[0]?.id ?? ""] as const),
      ),
    );
    expect(before.get("main")?.files.get("copy/only.bin")?.lfs).toBe(sha256(doomed));
    expect(before.get("v1")?.files.get("copy/only.bin")?.lfs).toBe(sha256(doomed));
  }, 120_000);

  test("every ref loses the pointer files to the object; the rest stays byte-identical", async () => {
    // rewriteHistory absent: true, as huggingface_hub sends by default.
    expect((await ok<{ deleted: number }>(await deleteObjects(repo, [sha256(doomed)]))).deleted).toBe(1);
    for (const revision of refs) {
      const was = before.get(revision);
      if (was === undefined) throw new Error(revision);
      const now = await files(repo, revision);
      const expected = new Map([...was.files].filter(([, file]) => file.lfs !== sha256(doomed)));
      expect(expected.size).toBeLessThan(was.files.size);
      expect(now, revision).toEqual(expected);
      expect(
        (await history(repo, revision)).map((entry) => entry.title),
        revision,
      ).toEqual(was.commits);
      expect((await history(repo, revision))[0]?.id, revision).not.toBe(heads[revision]);
    }
    // Every commit of every ref, not only the heads, lost the pointer files.
    for (const revision of refs)
      for (const entry of await history(repo, revision))
        for (const file of (await files(repo, entry.id)).values()) expect(file.lfs).not.toBe(sha256(doomed));
    // The initial commit (before any pointer to the object) keeps its id.
    const initial = (await history(repo, "main")).at(-1);
    expect(initial?.title).toBe("initial commit");
    expect((await history(repo, "dev")).at(-1)?.id).toBe(initial?.id);
    // The annotated tag kept its message (an annotated tag's own message is in the tag object).
    const gitDir = hub.ctx.storage.gitDir({ type: "model", id: repo });
    const tag = await run("git", ["--git-dir", gitDir, "cat-file", "-p", "refs/tags/v1"]);
    expect(tag.stdout).toMatch(/\ntag v1\n[\s\S]*release one/);
    expect((await run("git", ["--git-dir", gitDir, "fsck", "--strict"])).code).toBe(0);
  });

  test("a clone fscks clean, keeps the commits, and holds no pointer to the object", async () => {
    const clone = join(work, "clone");
    const url = `${hub.url.replace("://", `://alice:${token}@`)}/${repo}`;
    const cloned = await git(
      work,
      "-c",
      "filter.lfs.smudge=",
      "-c",
      "filter.lfs.process=",
      "clone",
      "--mirror",
      url,
      clone,
    );
    expect(cloned.code, cloned.stderr).toBe(0);
    expect((await git(clone, "fsck", "--full", "--strict")).code).toBe(0);
    const subjects = (await git(clone, "log", "--all", "--format=%s")).stdout.trim().split("\n").sort();
    expect(subjects).toEqual(["first", "initial commit", "on dev", "second", "third"]);
    const pointer = blobId(lfsPointer(sha256(doomed), doomed.length));
    expect((await git(clone, "cat-file", "-e", pointer)).code).not.toBe(0);
    const keptPointer = blobId(lfsPointer(sha256(kept), kept.length));
    expect((await git(clone, "cat-file", "-e", keptPointer)).code).toBe(0);
    // Authors, committers and their dates are those of the original commits.
    expect((await git(clone, ...IDENTITIES)).stdout.trim().split("\n").sort()).toEqual(identities);
  });

  test("a commit racing the rewrite is not lost", async () => {
    const racing = "alice/racing";
    expect(await lfs.createRepo(token, "racing")).toBe(200);
    expect(await lfs.upload(token, racing, doomed)).toBe(200);
    for (let i = 0; i < 5; i++)
      await commitOk(racing, "main", `step ${i}`, [
        { key: "lfsFile", path: `w${i}.bin`, bytes: doomed },
        { key: "file", path: `f${i}.txt`, text: String(i) },
      ]);
    const [deletion, racer] = await Promise.all([
      deleteObjects(racing, [sha256(doomed)], true),
      commit(racing, "main", "racer", [{ key: "file", path: "racer.txt", text: "here" }]),
    ]);
    expect(racer.status).toBe(200);
    expect([200, 409]).toContain(deletion.status);
    if (deletion.status === 409)
      expect((await ok<{ deleted: number }>(await deleteObjects(racing, [sha256(doomed)]))).deleted).toBe(1);
    const now = await files(racing, "main");
    expect(now.has("racer.txt")).toBe(true);
    expect([...now.values()].some((file) => file.lfs === sha256(doomed))).toBe(false);
    expect((await history(racing, "main")).map((entry) => entry.title)).toContain("racer");
  });

  test("the refs move all together or not at all: one ref that cannot move → 409, nothing changed", async () => {
    const locked = "alice/locked";
    expect(await lfs.createRepo(token, "locked")).toBe(200);
    expect(await lfs.upload(token, locked, doomed)).toBe(200);
    await commitOk(locked, "main", "add", [{ key: "lfsFile", path: "d.bin", bytes: doomed }]);
    await ok(await call("POST", `/api/models/${locked}/branch/dev`, {}));
    const heads = async () => [(await history(locked, "main"))[0]?.id, (await history(locked, "dev"))[0]?.id];
    const was = await heads();
    // A lock on dev, as a push holding it would leave: main could move, dev cannot.
    const lock = join(hub.ctx.storage.gitDir({ type: "model", id: locked }), "refs/heads/dev.lock");
    writeFileSync(lock, "");
    const refused = await deleteObjects(locked, [sha256(doomed)]);
    expect(refused.status).toBe(409);
    expect(typeof ((await refused.json()) as { error?: unknown }).error).toBe("string");
    expect(await heads()).toEqual(was);
    expect((await files(locked, "main")).get("d.bin")?.lfs).toBe(sha256(doomed));
    // Nothing unlinked either: the owner can retry.
    const listed = await ok<Array<{ oid: string }>>(await call("GET", `/api/models/${locked}/lfs-files`));
    expect(listed.map((file) => file.oid)).toEqual([sha256(doomed)]);
    rmSync(lock);
    expect((await ok<{ deleted: number }>(await deleteObjects(locked, [sha256(doomed)]))).deleted).toBe(1);
    const now = await heads();
    expect(now[0]).not.toBe(was[0]);
    expect(now[1]).not.toBe(was[1]);
    expect((await files(locked, "dev")).has("d.bin")).toBe(false);
  });

  test("rewriteHistory false keeps the history; a history over the limit is refused before any change", async () => {
    const keep = "alice/keep-history";
    expect(await lfs.createRepo(token, "keep-history")).toBe(200);
    expect(await lfs.upload(token, keep, kept)).toBe(200);
    await commitOk(keep, "main", "add", [{ key: "lfsFile", path: "k.bin", bytes: kept }]);
    const head = (await history(keep, "main"))[0]?.id;
    expect((await ok<{ deleted: number }>(await deleteObjects(keep, [sha256(kept)], false))).deleted).toBe(1);
    expect((await history(keep, "main"))[0]?.id).toBe(head);
    expect((await files(keep, "main")).get("k.bin")?.lfs).toBe(sha256(kept));

    const long = "alice/long-history";
    expect(await lfs.createRepo(token, "long-history")).toBe(200);
    expect(await lfs.upload(token, long, later)).toBe(200);
    await commitOk(long, "main", "add", [{ key: "lfsFile", path: "l.bin", bytes: later }]);
    const gitDir = hub.ctx.storage.gitDir({ type: "model", id: long });
    const stream = ["feature done"];
    for (let i = 0; i < 10_001; i++)
      stream.push(
        `commit refs/heads/main\ncommitter A <a@b> ${1_700_000_000 + i} +0000\ndata 2\nc\n${i === 0 ? "from refs/heads/main^0\n" : ""}`,
      );
    stream.push("done\n");
    const imported = await new Promise<number>((done) => {
      const child = spawn("git", ["--git-dir", gitDir, "fast-import", "--quiet"]);
      child.on("close", (code) => done(code ?? 1));
      child.stdin.end(stream.join("\n"));
    });
    expect(imported).toBe(0);
    const longHead = (await history(long, "main"))[0]?.id;
    const refused = await deleteObjects(long, [sha256(later)]);
    expect(refused.status).toBe(413);
    expect(String(((await refused.json()) as { error?: string }).error)).toMatch(/10000 commits/);
    expect((await history(long, "main"))[0]?.id).toBe(longHead);
    // Refused whole: the object is still linked to the repository.
    const listed = await ok<Array<{ oid: string }>>(await call("GET", `/api/models/${long}/lfs-files`));
    expect(listed.map((file) => file.oid)).toEqual([sha256(later)]);
  }, 120_000);
});

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  test("list_lfs_files + permanently_delete_lfs_files → list_repo_files on every ref drops the files", async () => {
    const tag = version.replace(/\./g, "-");
    const code = String.raw`
import json, os, tempfile
from huggingface_hub import HfApi
api = HfApi()
repo = "alice/py-rewrite-${tag}"
api.create_repo(repo)
folder = tempfile.mkdtemp()
for name, data in {"big.bin": os.urandom(150_000), "other.bin": os.urandom(120_000), "a.txt": b"text"}.items():
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
api.upload_folder(folder_path=folder, repo_id=repo)
api.create_branch(repo, branch="side")
api.upload_file(path_or_fileobj=b"side text", path_in_repo="side.txt", repo_id=repo, revision="side")
api.create_tag(repo, tag="v1")
out = {"before": {rev: sorted(api.list_repo_files(repo, revision=rev)) for rev in ["main", "side", "v1"]}}
big = [f for f in api.list_lfs_files(repo) if f.filename == "big.bin"]
out["found"] = len(big)
api.permanently_delete_lfs_files(repo, big)
out["after"] = {rev: sorted(api.list_repo_files(repo, revision=rev)) for rev in ["main", "side", "v1"]}
out["lfs_after"] = sorted(f.filename for f in api.list_lfs_files(repo))
out["commits"] = [c.title for c in api.list_repo_commits(repo, revision="side")]
print(json.dumps(out))
`;
    const home = mkdtempSync(join(tmpdir(), "hubkit-rewrite-py-"));
    try {
      const result = await run(await pythonFor(version), ["-c", code], {
        timeoutMs: 180_000,
        cwd: home,
        env: hfClientEnv({ endpoint: hub.url, home, token, xet: true }),
      });
      expect(result.stderr).not.toMatch(/Traceback/);
      const out = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "null") as Record<string, unknown>;
      expect(out.found).toBe(1);
      const before = out.before as Record<string, string[]>;
      expect(before.main).toEqual([".gitattributes", "a.txt", "big.bin", "other.bin"]);
      expect(out.after).toEqual({
        main: [".gitattributes", "a.txt", "other.bin"],
        side: [".gitattributes", "a.txt", "other.bin", "side.txt"],
        v1: [".gitattributes", "a.txt", "other.bin"],
      });
      expect(out.lfs_after).toEqual(["other.bin"]);
      expect((out.commits as string[]).length).toBe(3);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 300_000);
});
