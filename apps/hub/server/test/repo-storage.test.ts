// GitStorage against real bare repositories: the initial commit byte for byte, commits as real git objects
// (fsck clean), the compare-and-swap under racing writers, refs, trees with LFS pointers, and hostile paths.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { text } from "node:stream/consumers";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError, StaleParentError } from "../src/api/api-error.js";
import { GitStorage } from "../src/repos/git-storage.js";
import type { RepoRef } from "../src/repos/repo-ref.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { temporaryFolder } from "./files.js";

const root = temporaryFolder("repo-storage");
const storage = new GitStorage(join(root, "repos"), { ...DEFAULT_STORAGE_LIMITS, maxRegularFileBytes: 4096 });
const model: RepoRef = { type: "model", id: "alice/tiny" };
const dataset: RepoRef = { type: "dataset", id: "alice/rows" };

const fsck = (ref: RepoRef) =>
  execFileSync("git", ["--git-dir", storage.gitDir(ref), "fsck", "--strict", "--no-progress"], { encoding: "utf8" });
const gitOut = (ref: RepoRef, ...args: string[]) =>
  execFileSync("git", ["--git-dir", storage.gitDir(ref), ...args], { encoding: "utf8" }).trim();
const file = (path: string, content: string) => ({ kind: "file" as const, path, content: Buffer.from(content) });

let initial = "";
beforeAll(async () => {
  initial = (await storage.create(model)).commitOid;
  await storage.create(dataset);
});

describe("create", () => {
  it("makes the hub's initial commit with the default .gitattributes (model and dataset blobs)", async () => {
    expect(initial).toMatch(/^[0-9a-f]{40}$/);
    expect(storage.gitDir(model)).toBe(join(root, "repos", "models", "alice", "tiny.git"));
    const modelTree = await storage.listTree(model, initial, "", { recursive: false });
    expect(modelTree).toEqual([
      { type: "file", path: ".gitattributes", oid: "a6344aac8c09253b3b630fb776ae94478aa0275b", size: 1519 },
    ]);
    const head = await storage.resolveRevision(dataset, "main");
    const dataTree = await storage.listTree(dataset, head as string, "", { recursive: false });
    expect(dataTree?.[0]).toMatchObject({ oid: "55cab133643a2a73e083373d2106533678d0edd5", size: 2419 });
    const log = await storage.log(model, initial, { offset: 0, limit: 10 });
    expect(log.total).toBe(1);
    expect(log.commits[0]).toMatchObject({ id: initial, title: "initial commit", message: "", authors: ["system"] });
    expect(log.commits[0]?.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(gitOut(model, "log", "-1", "--format=%ae")).toBe("system@users.noreply.hubkit");
    fsck(model);
    fsck(dataset);
  });

  it("refuses a second repository with the same id (409)", async () => {
    await expect(storage.create(model)).rejects.toMatchObject({ status: 409 });
  });
});

describe("commit", () => {
  it("writes files, LFS pointers and deletions as one real git commit", async () => {
    const oid = createHash("sha256").update("big").digest("hex");
    const { commitOid } = await storage.commit(model, {
      branch: "main",
      author: "alice",
      summary: "Upload model",
      description: "first files",
      parentCommit: initial.slice(0, 7),
      operations: [
        file("config.json", '{"a":1}'),
        file("nested/deep/notes.txt", "hello"),
        { kind: "lfsFile", path: "weights.safetensors", oid, size: 123456789 },
        { kind: "lfsFile", path: "data/odd name.dat", oid, size: 3 },
      ],
    });
    expect(await storage.resolveRevision(model, "main")).toBe(commitOid);
    expect(await storage.resolveRevision(model, "HEAD")).toBe(commitOid);
    expect(await storage.resolveRevision(model, commitOid.slice(0, 10))).toBe(commitOid);
    expect(await storage.resolveRevision(model, "main~1")).toBeUndefined();
    const tree = await storage.listTree(model, commitOid, "", { recursive: true });
    expect(tree?.map((entry) => entry.path).sort()).toEqual([
      ".gitattributes",
      "config.json",
      "data",
      "data/odd name.dat",
      "nested",
      "nested/deep",
      "nested/deep/notes.txt",
      "weights.safetensors",
    ]);
    const weights = tree?.find((entry) => entry.path === "weights.safetensors");
    expect(weights).toMatchObject({ size: 123456789, lfs: { oid, size: 123456789, pointerSize: 134 } });
    // The .gitattributes gained a line for the LFS file its patterns did not cover; git agrees it is LFS.
    const index = { ...process.env, GIT_INDEX_FILE: join(root, "check-index") };
    execFileSync("git", ["--git-dir", storage.gitDir(model), "read-tree", commitOid], { env: index });
    const attr = execFileSync(
      "git",
      [
        "--git-dir",
        storage.gitDir(model),
        "check-attr",
        "--cached",
        "filter",
        "--",
        "data/odd name.dat",
        "config.json",
      ],
      { env: index, encoding: "utf8" },
    );
    expect(attr).toBe("data/odd name.dat: filter: lfs\nconfig.json: filter: unspecified\n");
    expect((await storage.stat(model, commitOid, "nested"))?.type).toBe("directory");
    expect(await storage.stat(model, commitOid, "missing.txt")).toBeUndefined();
    const notes = await storage.stat(model, commitOid, "nested/deep/notes.txt");
    expect(await text(storage.streamBlob(model, notes?.oid as string, { start: 1, end: 3 }))).toBe("ell");
    expect((await storage.readBlob(model, notes?.oid as string, 100)).toString()).toBe("hello");
    const log = await storage.log(model, commitOid, { offset: 0, limit: 1 });
    expect(log).toMatchObject({ total: 2, commits: [{ title: "Upload model", message: "first files" }] });
    const last = await storage.lastCommits(model, commitOid, [".gitattributes", "config.json"]);
    expect(last.get("config.json")?.id).toBe(commitOid);

    const removed = await storage.commit(model, {
      branch: "main",
      author: "alice",
      summary: "Remove",
      operations: [
        { kind: "deletedFolder", path: "nested/" },
        { kind: "deletedFile", path: "data" },
      ],
    });
    const after = await storage.listTree(model, removed.commitOid, "", { recursive: true });
    expect(after?.map((entry) => entry.path).sort()).toEqual([".gitattributes", "config.json", "weights.safetensors"]);
    fsck(model);
  });

  it("gives one success and one 412 to two commits racing on the same parent, and loses no update", async () => {
    const head = (await storage.resolveRevision(model, "main")) as string;
    const results = await Promise.allSettled(
      ["a", "b", "c"].map((name) =>
        storage.commit(model, {
          branch: "main",
          author: "alice",
          summary: `race ${name}`,
          parentCommit: head,
          operations: [file(`race-${name}.txt`, name)],
        }),
      ),
    );
    const won = results.filter((result) => result.status === "fulfilled");
    const lost = results.filter((result) => result.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(2);
    for (const result of lost) expect((result as PromiseRejectedResult).reason).toBeInstanceOf(StaleParentError);
    // Without a parentCommit, racing writers are rebuilt on the new head: every file arrives.
    await Promise.all(
      ["x", "y"].map((name) =>
        storage.commit(model, {
          branch: "main",
          author: "bob",
          summary: name,
          operations: [file(`free-${name}`, name)],
        }),
      ),
    );
    const tree = await storage.listTree(model, (await storage.resolveRevision(model, "main")) as string, "", {
      recursive: false,
    });
    expect(tree?.map((entry) => entry.path)).toEqual(expect.arrayContaining(["free-x", "free-y"]));
    fsck(model);
  });

  it("refuses hostile paths with 422 and writes nothing", async () => {
    const before = await storage.resolveRevision(model, "main");
    for (const path of [
      "../escape",
      "a/../../b",
      "..\\ddd",
      "/etc/passwd",
      "C:/x",
      ".git/config",
      "sub/.GIT/hooks/x",
      "a\0b",
      "a\nb",
      "a//b",
      "./x",
      `${"x".repeat(300)}/y`,
      "y/".repeat(2100),
    ]) {
      const attempt = storage.commit(model, {
        branch: "main",
        author: "a",
        summary: "x",
        operations: [file(path, "x")],
      });
      await expect(attempt, path.slice(0, 40)).rejects.toMatchObject({ status: 422 });
    }
    expect(await storage.resolveRevision(model, "main")).toBe(before);
  });

  it("refuses oversized regular files (413), file/folder clashes (409), missing deletions (404), bad branches", async () => {
    const commit = (operations: Parameters<typeof storage.commit>[1]["operations"], branch = "main") =>
      storage.commit(model, { branch, author: "a", summary: "x", operations });
    await expect(commit([file("big.txt", "x".repeat(5000))])).rejects.toMatchObject({ status: 413 });
    await expect(commit([file("config.json/inner", "x")])).rejects.toMatchObject({ status: 409 });
    await expect(commit([{ kind: "deletedFile", path: "nope.txt" }])).rejects.toMatchObject({
      status: 404,
      code: "EntryNotFound",
      message: expect.stringContaining("A file with this name doesn't exist"),
    });
    await expect(commit([file("ok", "x")], "no-such-branch")).rejects.toMatchObject({ code: "RevisionNotFound" });
  });
});

describe("refs", () => {
  it("creates and deletes branches and tags with the hub's statuses", async () => {
    const head = (await storage.resolveRevision(model, "main")) as string;
    await storage.createBranch(model, "dev", initial);
    await expect(storage.createBranch(model, "dev", head)).rejects.toMatchObject({
      status: 409,
      message: "Reference refs/heads/dev already exists",
    });
    await expect(storage.createBranch(model, "refs/pr/5", head)).rejects.toMatchObject({ status: 400 });
    await storage.createTag(model, "v1", head);
    await storage.createTag(model, "v2", initial, "annotated");
    await expect(storage.createTag(model, "v1", head)).rejects.toMatchObject({ status: 409 });
    const refs = await storage.refs(model);
    expect(refs.branches).toEqual(
      expect.arrayContaining([
        { name: "main", ref: "refs/heads/main", targetCommit: head },
        { name: "dev", ref: "refs/heads/dev", targetCommit: initial },
      ]),
    );
    expect(refs.tags).toEqual([
      { name: "v1", ref: "refs/tags/v1", targetCommit: head },
      { name: "v2", ref: "refs/tags/v2", targetCommit: initial },
    ]);
    expect(await storage.resolveRevision(model, "v2")).toBe(initial);
    await expect(storage.deleteBranch(model, "main")).rejects.toBeInstanceOf(ApiError);
    await expect(storage.deleteBranch(model, "v1")).rejects.toMatchObject({ code: "RevisionNotFound" });
    await storage.deleteBranch(model, "dev");
    await storage.deleteTag(model, "v2");
    await expect(storage.deleteTag(model, "v2")).rejects.toMatchObject({ code: "RevisionNotFound" });
    expect((await storage.refs(model)).branches.map((branch) => branch.name)).toEqual(["main"]);
    fsck(model);
  });

  it("moves and deletes repositories", async () => {
    const other: RepoRef = { type: "model", id: "alice/other" };
    await storage.create(other);
    await expect(storage.move(other, model)).rejects.toMatchObject({ status: 409 });
    await storage.move(other, { type: "model", id: "acme/moved" });
    expect(await storage.exists({ type: "model", id: "acme/moved" })).toBe(true);
    expect(await storage.exists(other)).toBe(false);
    await storage.delete({ type: "model", id: "acme/moved" });
    expect(await storage.exists({ type: "model", id: "acme/moved" })).toBe(false);
  });
});
