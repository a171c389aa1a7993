// Issue 20, point 10: tree listings and their last commits are read through the repository's cat-file process
// (repos/git-objects.ts) instead of `git ls-tree` and one `git log -1` per entry. They must say exactly what git
// says: every entry, folders before their contents in git's order, sizes, names with spaces and non-ASCII
// letters, symbolic links as files, submodules left out, and for each entry (folders included) the newest commit
// that changed it, with its author, date and message.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, expect, test, vi } from "vitest";
import { GitStorage } from "../src/repos/git-storage.js";
import type { RepoRef } from "../src/repos/repo-ref.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { temporaryFolder } from "./files.js";

// Every git process the storage starts, by its first arguments: what a listing costs in child processes.
const started = vi.hoisted(() => [] as string[][]);
vi.mock("node:child_process", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:child_process")>();
  const spawn = ((command: string, args: readonly string[], ...rest: unknown[]) => {
    if (command === "git") started.push([...args]);
    return (actual.spawn as (...all: unknown[]) => unknown)(command, args, ...rest);
  }) as typeof actual.spawn;
  return { ...actual, spawn, default: { ...actual, spawn } };
});

const root = temporaryFolder("tree-listing");
const storage = new GitStorage(join(root, "repos"), DEFAULT_STORAGE_LIMITS);
const model: RepoRef = { type: "model", id: "alice/listed" };
const file = (path: string, content: string) => ({ kind: "file" as const, path, content: Buffer.from(content) });
const git = (...args: string[]) =>
  execFileSync("git", ["--git-dir", storage.gitDir(model), ...args], { encoding: "utf8" });

let head = "";
beforeAll(async () => {
  await storage.create(model);
  const commit = async (summary: string, description: string, operations: ReturnType<typeof file>[]) =>
    (await storage.commit(model, { branch: "main", author: "alice", summary, description, operations })).commitOid;
  await commit("first", "", [
    file("a.txt", "a"),
    file("dir/b.txt", "bb"),
    file("dir/sub/c.txt", "ccc"),
    file("dir-x/d.txt", "d"),
    file("ünï code/e f.txt", "eeee"),
  ]);
  await commit("second", "changes c\n\nand says why", [file("dir/sub/c.txt", "cccc"), file("z.txt", "z")]);
  head = await commit("third", "", [file("a.txt", "aa")]);
  // What only git itself can write: a symbolic link and a submodule (gitlink), then that tree as the branch head.
  const base = git("ls-tree", head).trim();
  const link = git("hash-object", "-w", "--stdin", "--no-filters").trim(); // empty blob as the link's target
  const listing = `${base}\n120000 blob ${link}\tlink\n160000 commit ${head}\tmodule\n`;
  const withExtras = execFileSync("git", ["--git-dir", storage.gitDir(model), "mktree"], {
    input: listing,
    encoding: "utf8",
  }).trim();
  head = git("commit-tree", withExtras, "-p", head, "-m", "fourth: link and module").trim();
  git("update-ref", "refs/heads/main", head);
});

/** `git ls-tree --long -z [-r -t] <commit>[:folder]` as entries (submodules left out). */
function gitListing(folder: string, recursive: boolean) {
  const out = git("ls-tree", "-z", "--long", ...(recursive ? ["-r", "-t"] : []), folder ? `${head}:${folder}` : head);
  return out
    .split("\0")
    .filter((record) => record.includes("\t") && !record.includes(" commit "))
    .map((record) => {
      const [meta = "", name = ""] = record.split("\t");
      const [, type, oid, size] = meta.trim().split(/\s+/);
      return {
        type: type === "tree" ? "directory" : "file",
        path: folder ? `${folder}/${name}` : name,
        oid,
        size: type === "tree" ? 0 : Number(size),
      };
    });
}

test("listings, flat and recursive, at the root and in folders, are git's", async () => {
  for (const folder of ["", "dir", "dir/sub", "ünï code"])
    for (const recursive of [false, true])
      expect(await storage.listTree(model, head, folder, { recursive }), `${folder} ${recursive}`).toEqual(
        gitListing(folder, recursive),
      );
  const root = await storage.listTree(model, head, "", { recursive: false });
  const names = root?.map((entry) => entry.path) ?? [];
  expect(names).toEqual(expect.arrayContaining(["a.txt", "dir", "dir-x", "link", "z.txt", "ünï code"]));
  expect(names).not.toContain("module");
  expect(root?.find((entry) => entry.path === "link")?.type).toBe("file");
  expect(await storage.listTree(model, head, "a.txt", { recursive: false })).toBeUndefined();
  expect(await storage.listTree(model, head, "missing", { recursive: false })).toBeUndefined();
});

test("each entry's last commit is the newest that changed it (folders: anything under them)", async () => {
  const paths = ["a.txt", "dir", "dir/sub", "dir/b.txt", "dir-x", "ünï code", "z.txt", "link", "", "nowhere"];
  const last = await storage.lastCommits(model, head, paths);
  for (const path of paths) {
    const expected = git("--literal-pathspecs", "log", "-1", "--format=%H", head, ...(path ? ["--", path] : [])).trim();
    expect(last.get(path)?.id, path).toBe(expected === "" ? undefined : expected);
  }
  expect(last.get("dir")).toMatchObject({ title: "second", message: "changes c\n\nand says why", authors: ["alice"] });
  expect(last.get("dir")?.date).toBe(
    new Date(Number(git("log", "-1", "--format=%at", last.get("dir")?.id ?? "").trim()) * 1000).toISOString(),
  );
  expect(last.get("a.txt")?.title).toBe("third");
  expect(last.get("")?.title).toBe("fourth: link and module");
});

test("a listing starts no git process, nor do the last commits of a short linear history", async () => {
  await storage.listTree(model, head, "", { recursive: false }); // the repository's cat-file process is up
  started.splice(0);
  await storage.listTree(model, head, "", { recursive: false });
  await storage.listTree(model, head, "dir", { recursive: true });
  await storage.lastCommits(model, head, ["a.txt", "dir", "dir-x", "link", "z.txt", "ünï code"]);
  expect(started).toEqual([]);
});

test("through a merge, each path follows the parent it came from, as git log -1 -- <path> does", async () => {
  // A side branch off the "first" commit adding y.txt, merged into head.
  const base = git("rev-list", "--reverse", head).split("\n")[1]?.trim() ?? ""; // "first", after the initial commit
  expect(git("log", "-1", "--format=%s", base).trim()).toBe("first");
  const blob = execFileSync("git", ["--git-dir", storage.gitDir(model), "hash-object", "-w", "--stdin"], {
    input: "side",
    encoding: "utf8",
  }).trim();
  const sideTree = execFileSync("git", ["--git-dir", storage.gitDir(model), "mktree"], {
    input: `${git("ls-tree", base).trim()}\n100644 blob ${blob}\ty.txt\n`,
    encoding: "utf8",
  }).trim();
  const side = git("commit-tree", sideTree, "-p", base, "-m", "side: y").trim();
  const mergedTree = execFileSync("git", ["--git-dir", storage.gitDir(model), "mktree"], {
    input: `${git("ls-tree", head).trim()}\n100644 blob ${blob}\ty.txt\n`,
    encoding: "utf8",
  }).trim();
  const merge = git("commit-tree", mergedTree, "-p", head, "-p", side, "-m", "merge side").trim();
  const paths = ["a.txt", "dir", "y.txt", "z.txt", "ünï code"];
  started.splice(0);
  const last = await storage.lastCommits(model, merge, paths);
  expect(started).toEqual([]);
  for (const path of paths)
    expect(last.get(path)?.id, path).toBe(
      git("--literal-pathspecs", "log", "-1", "--format=%H", merge, "--", path).trim(),
    );
  expect(last.get("y.txt")?.title).toBe("side: y");
});

test("past the walk's bound (a long history), git log -1 per path gives the same answer", async () => {
  let tip = head;
  const tree = git("rev-parse", `${head}^{tree}`).trim();
  for (let i = 0; i < 205; i++) tip = git("commit-tree", tree, "-p", tip, "-m", `empty ${i}`).trim();
  started.splice(0);
  const last = await storage.lastCommits(model, tip, ["a.txt", "dir"]);
  expect(started.filter((args) => args.includes("log")).length).toBeGreaterThan(0);
  expect(last.get("a.txt")?.title).toBe("third");
  expect(last.get("dir")?.title).toBe("second");
});
