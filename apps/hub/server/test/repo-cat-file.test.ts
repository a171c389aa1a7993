// The long-lived `git cat-file --batch-command` readers against real bare repositories: answers match git's own,
// a killed process is replaced, a job past its byte cap or deadline fails alone, the pool stays within its size,
// and a repository deleted and re-created under the same name is read fresh.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatFilePool } from "../src/repos/cat-file-pool.js";
import { CatFileProcess } from "../src/repos/cat-file-process.js";
import { GitStorage } from "../src/repos/git-storage.js";
import type { RepoRef } from "../src/repos/repo-ref.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { temporaryFolder } from "./files.js";

const root = temporaryFolder("repo-cat-file");
const storage = new GitStorage(join(root, "repos"), DEFAULT_STORAGE_LIMITS);
const repo: RepoRef = { type: "model", id: "alice/reader" };
const limits = { timeoutMs: 10_000, maxBytes: 1024 * 1024 };
const gitOut = (gitDir: string, ...args: string[]) =>
  execFileSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8" }).trim();
const file = (path: string, content: string) => ({ kind: "file" as const, path, content: Buffer.from(content) });

let head = "";
beforeAll(async () => {
  await storage.create(repo);
  head = (
    await storage.commit(repo, {
      branch: "main",
      author: "alice",
      summary: "files",
      operations: [file("a.txt", "alpha\n"), file("dir/with space.txt", "spaced\n"), file("big.bin", "x".repeat(5000))],
    })
  ).commitOid;
});
afterAll(() => storage.close());

describe("CatFilePool", () => {
  it("answers info and contents as git does, in order, for many commands in one job", async () => {
    const pool = new CatFilePool();
    const gitDir = storage.gitDir(repo);
    const answers = await pool.run(
      gitDir,
      [
        { kind: "info", object: "refs/heads/main^{commit}" },
        { kind: "contents", object: `${head}:dir/with space.txt` },
        { kind: "info", object: `${head}:no such file` },
        { kind: "contents", object: `${head}:a.txt` },
        { kind: "info", object: `${head}:dir` },
      ],
      limits,
    );
    expect(answers[0]?.info).toEqual({ oid: head, type: "commit", size: expect.any(Number) });
    expect(answers[1]?.content?.toString()).toBe("spaced\n");
    expect(answers[1]?.info?.oid).toBe(gitOut(gitDir, "rev-parse", `${head}:dir/with space.txt`));
    expect(answers[2]?.info).toBeUndefined();
    expect(answers[3]?.content?.toString()).toBe("alpha\n");
    expect(answers[4]?.info?.type).toBe("tree");
    pool.close();
  });

  it("replaces a process that was killed, and refuses names that would be two commands", async () => {
    const pool = new CatFilePool();
    const gitDir = storage.gitDir(repo);
    expect(await pool.info(gitDir, "refs/heads/main", limits)).toMatchObject({ oid: head });
    const pid = Number(execFileSync("pgrep", ["-n", "-f", `${gitDir} cat-file --batch-command`]).toString());
    process.kill(pid, "SIGKILL");
    await new Promise((done) => setTimeout(done, 100));
    expect(await pool.info(gitDir, "refs/heads/main", limits)).toMatchObject({ oid: head });
    await expect(pool.info(gitDir, `${head}\ninfo HEAD`, limits)).rejects.toMatchObject({ status: 400 });
    expect(pool.count).toBe(1);
    pool.close();
  });

  it("fails a job over its byte cap (413) without harming the next one", async () => {
    const pool = new CatFilePool();
    const gitDir = storage.gitDir(repo);
    const capped = pool.run(gitDir, [{ kind: "contents", object: `${head}:big.bin` }], { ...limits, maxBytes: 100 });
    await expect(capped).rejects.toMatchObject({ status: 413 });
    const [answer] = await pool.run(gitDir, [{ kind: "contents", object: `${head}:a.txt` }], limits);
    expect(answer?.content?.toString()).toBe("alpha\n");
    pool.close();
  });

  it("fails a job past its deadline with a 504 and kills the process", async () => {
    // A repository whose HEAD is a FIFO nobody writes: git blocks reading it at start and never answers.
    const stuck = join(root, "stuck.git");
    mkdirSync(join(stuck, "objects"), { recursive: true });
    mkdirSync(join(stuck, "refs"), { recursive: true });
    execFileSync("mkfifo", [join(stuck, "HEAD")]);
    let gone = false;
    const process = new CatFileProcess(stuck, () => {
      gone = true;
    });
    const started = Date.now();
    await expect(
      process.run([{ kind: "info", object: "HEAD" }], { timeoutMs: 300, maxBytes: 0 }),
    ).rejects.toMatchObject({ status: 504 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(process.alive).toBe(false);
    expect(gone).toBe(true);
  });

  it("keeps at most `size` processes, closing the least recently used", async () => {
    const pool = new CatFilePool({ size: 2 });
    const refs: RepoRef[] = [1, 2, 3].map((n) => ({ type: "dataset", id: `alice/many-${n}` }));
    for (const ref of refs) await storage.create(ref);
    for (const ref of refs) expect(await pool.info(storage.gitDir(ref), "HEAD", limits)).toBeDefined();
    expect(pool.count).toBe(2);
    pool.close();
    expect(pool.count).toBe(0);
  });
});

describe("GitStorage reads through the pool", () => {
  it("sees new commits, and a re-created repository's own objects after a delete", async () => {
    const ref: RepoRef = { type: "model", id: "alice/again" };
    const first = (await storage.create(ref)).commitOid;
    const { commitOid } = await storage.commit(ref, {
      branch: "main",
      author: "alice",
      summary: "s",
      operations: [file("old.txt", "old")],
    });
    expect(await storage.resolveRevision(ref, "main")).toBe(commitOid);
    expect(await storage.stat(ref, commitOid, "old.txt")).toMatchObject({ type: "file", size: 3 });
    await storage.delete(ref);
    const again = (await storage.create(ref)).commitOid;
    expect(again).not.toBe(commitOid);
    expect(await storage.resolveRevision(ref, "main")).toBe(again);
    expect(await storage.resolveRevision(ref, commitOid)).toBeUndefined();
    expect(first).toMatch(/^[0-9a-f]{40}$/);
  });
});
