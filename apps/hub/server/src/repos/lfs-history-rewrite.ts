// Rewrites a repository's history so that no commit holds an LFS pointer file to one of a set of objects
// (`permanently_delete_lfs_files` with `rewriteHistory`, api/lfs-files.ts). Every branch, tag, `refs/pr/*` and
// `refs/convert/*` ref is followed; each reachable commit gets its tree rebuilt without those pointer files
// (folders left empty go too) and its parents mapped, keeping author, committer, dates and message (a signature
// no longer matches and is dropped). Commits whose tree and parents do not change keep their id, so only the
// history from the first commit that added such a pointer changes. The refs then move in ONE `update-ref --stdin`
// transaction with each ref's old value: all of them or none (a push meanwhile → 409, nothing changed).
// The caller runs this in the repository's write turn (git-storage.ts `inTurn`), so commits through the server
// wait for it. Reads go through one `rev-list` and one `cat-file --batch` with a bounded output; the new objects
// are hashed here and written by `hash-object --stdin-paths` (one process per object type, not one per object),
// which also checks that each is well-formed and that its id is the one computed here.
import { createHash, randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ApiError } from "../api/api-error.js";
import { MAX_POINTER_BYTES, parseLfsPointer } from "../lfs/pointer.js";
import { git, runGit } from "./git-run.js";

/** Namespaces of refs that are moved (what the hub serves or converts from). */
const REWRITTEN_REFS = ["refs/heads", "refs/tags", "refs/pr", "refs/convert"];
/** Most bytes of commits, trees and small blobs read; a larger history is refused (413), never buffered. */
const MAX_READ_BYTES = 64 * 1024 * 1024;

export interface RewriteLimits {
  timeoutMs: number;
  /** Most commits reachable from the refs; more → 413 before any work. */
  maxCommits: number;
}

export interface MovedRef {
  ref: string;
  oldSha: string;
  newSha: string;
}

export interface RewriteOutcome {
  /** Commits that got a new id. */
  rewrittenCommits: number;
  movedRefs: MovedRef[];
}

interface RawObject {
  type: string;
  content: Buffer;
}

interface RefTip {
  ref: string;
  oid: string;
}

/**
 * Removes from every commit of `gitDir` the LFS pointer files whose object id is in `lfsOids`; prefix names the
 * private temporary folder (removed at start if a crash leaves it).
 */
export async function rewriteWithoutLfsObjects(
  gitDir: string,
  lfsOids: ReadonlySet<string>,
  limits: RewriteLimits,
  privatePrefix: string,
): Promise<RewriteOutcome> {
  const run = (args: readonly string[], input?: string | Buffer, maxOutputBytes?: number) =>
    git(args, { gitDir, timeoutMs: limits.timeoutMs, input, ...(maxOutputBytes ? { maxOutputBytes } : {}) });
  const tips = await refTips(run);
  if (tips.length === 0) return { rewrittenCommits: 0, movedRefs: [] };
  const tipInput = `${[...new Set(tips.map((tip) => tip.oid))].join("\n")}\n`;
  const count = Number((await run(["rev-list", "--count", "--stdin"], tipInput)).toString().trim());
  if (!Number.isSafeInteger(count) || count > limits.maxCommits)
    throw new ApiError(
      413,
      `This repository has ${count} commits; history rewriting is limited to ${limits.maxCommits} commits`,
    );
  // Every object reachable from the refs except blobs too large to be a pointer.
  const reachable = (
    await run(
      ["rev-list", "--objects", "--no-object-names", `--filter=blob:limit=${MAX_POINTER_BYTES}`, "--stdin"],
      tipInput,
    )
  )
    .toString("utf8")
    .split("\n")
    .filter((line) => /^[0-9a-f]{40}$/.test(line));
  const objects = await readObjects(run, [...new Set([...reachable, ...tips.map((tip) => tip.oid)])]);
  const doomed = new Set<string>();
  for (const [oid, object] of objects)
    if (object.type === "blob") {
      const pointer = parseLfsPointer(object.content);
      if (pointer !== undefined && lfsOids.has(pointer.oid)) doomed.add(oid);
    }
  if (doomed.size === 0) return { rewrittenCommits: 0, movedRefs: [] };

  const written: Array<{ type: string; oid: string; content: Buffer }> = [];
  const remember = (type: string, content: Buffer): string => {
    const oid = objectId(type, content);
    written.push({ type, oid, content });
    return oid;
  };
  const trees = new Map<string, string | null>(); // old tree → new tree (null: empty after the removal)
  const newTree = (oid: string, depth: number): string | null => {
    const known = trees.get(oid);
    if (known !== undefined) return known;
    if (depth > 4096) throw new ApiError(413, "A folder is nested too deeply to rewrite");
    const tree = objects.get(oid);
    if (tree?.type !== "tree") throw new Error(`git tree ${oid} is missing`);
    const parts: Buffer[] = [];
    let changed = false;
    for (const entry of treeEntries(tree.content)) {
      let target = entry.oid;
      if (entry.mode === "40000") {
        const sub = newTree(entry.oid, depth + 1);
        if (sub === null) {
          changed = true;
          continue;
        }
        target = sub;
      } else if ((entry.mode === "100644" || entry.mode === "100755") && doomed.has(entry.oid)) {
        changed = true;
        continue;
      }
      if (target !== entry.oid) changed = true;
      parts.push(Buffer.from(`${entry.mode} `), entry.name, Buffer.from([0]), Buffer.from(target, "hex"));
    }
    const result = !changed ? oid : parts.length === 0 ? null : remember("tree", Buffer.concat(parts));
    trees.set(oid, result);
    return result;
  };

  const commits = new Map<string, string>(); // old commit → new commit
  const order = (await run(["rev-list", "--topo-order", "--reverse", "--stdin"], tipInput))
    .toString("utf8")
    .split("\n")
    .filter((line) => line !== "");
  let rewrittenCommits = 0;
  for (const oid of order) {
    const commit = objects.get(oid);
    if (commit?.type !== "commit") throw new Error(`git commit ${oid} is missing`);
    const rebuilt = rebuiltCommit(
      commit.content,
      (tree) => newTree(tree, 0) ?? emptyTree(remember),
      (parent) => {
        const mapped = commits.get(parent);
        if (mapped === undefined) throw new Error(`git commit ${parent} came before its parent`);
        return mapped;
      },
    );
    if (rebuilt === undefined) commits.set(oid, oid);
    else {
      commits.set(oid, remember("commit", rebuilt));
      rewrittenCommits++;
    }
  }
  if (rewrittenCommits === 0) return { rewrittenCommits: 0, movedRefs: [] };

  // Annotated tags point at their new commit (or at a rewritten tag), in as many rounds as tags nest.
  const targets = new Map(commits);
  const tagOids = tips.map((tip) => tip.oid).filter((oid) => objects.get(oid)?.type === "tag");
  for (let round = 0; round < 8; round++) {
    let progress = false;
    for (const oid of tagOids) {
      if (targets.has(oid)) continue;
      const tag = objects.get(oid) as RawObject;
      const target = /^object ([0-9a-f]{40})\n/.exec(tag.content.toString("latin1"))?.[1];
      if (target === undefined) targets.set(oid, oid);
      else if (targets.has(target)) {
        const mapped = targets.get(target) as string;
        targets.set(oid, mapped === target ? oid : remember("tag", retargetedTag(tag.content, mapped)));
        progress = true;
      } else if (objects.get(target)?.type !== "tag") targets.set(oid, oid); // a tag of a tree or a blob
    }
    if (!progress) break;
  }

  await writeObjects(gitDir, limits.timeoutMs, privatePrefix, written);
  const movedRefs: MovedRef[] = [];
  for (const tip of tips) {
    const newSha = targets.get(tip.oid) ?? tip.oid;
    if (newSha !== tip.oid) movedRefs.push({ ref: tip.ref, oldSha: tip.oid, newSha });
  }
  const transaction = movedRefs.map((move) => `update ${move.ref} ${move.newSha} ${move.oldSha}\n`).join("");
  const moved = await runGit(["update-ref", "--stdin"], { gitDir, timeoutMs: limits.timeoutMs, input: transaction });
  if (moved.code !== 0)
    throw new ApiError(409, "The repository changed while its history was being rewritten; nothing was changed, retry");
  return { rewrittenCommits, movedRefs };
}

type Run = (args: readonly string[], input?: string | Buffer, maxOutputBytes?: number) => Promise<Buffer>;

async function refTips(run: Run): Promise<RefTip[]> {
  const out = await run(["for-each-ref", "--format=%(refname) %(objectname)", ...REWRITTEN_REFS]);
  const tips: RefTip[] = [];
  for (const line of out.toString("utf8").split("\n")) {
    const match = /^(\S+) ([0-9a-f]{40})$/.exec(line);
    if (match !== null) tips.push({ ref: match[1] as string, oid: match[2] as string });
  }
  return tips;
}

/** Objects by id through one `cat-file --batch` (its output bounded). */
async function readObjects(run: Run, oids: readonly string[]): Promise<Map<string, RawObject>> {
  const objects = new Map<string, RawObject>();
  if (oids.length === 0) return objects;
  let out: Buffer;
  try {
    out = await run(["cat-file", "--batch"], `${oids.join("\n")}\n`, MAX_READ_BYTES);
  } catch (error) {
    if (error instanceof ApiError && error.status === 413)
      throw new ApiError(413, "This repository's history is too large to rewrite");
    throw error;
  }
  let at = 0;
  while (at < out.length) {
    const newline = out.indexOf(10, at);
    if (newline === -1) break;
    const [oid, type, sizeText] = out.subarray(at, newline).toString("latin1").split(" ");
    at = newline + 1;
    if (type === "missing" || oid === undefined || type === undefined) continue;
    const size = Number(sizeText);
    objects.set(oid, { type, content: out.subarray(at, at + size) });
    at += size + 1;
  }
  return objects;
}

function* treeEntries(content: Buffer): Generator<{ mode: string; name: Buffer; oid: string }> {
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(32, at);
    const nul = content.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 21 > content.length) throw new Error("damaged git tree");
    yield {
      mode: content.subarray(at, space).toString("latin1"),
      name: content.subarray(space + 1, nul),
      oid: content.subarray(nul + 1, nul + 21).toString("hex"),
    };
    at = nul + 21;
  }
}

/** The commit with its tree and parents mapped; undefined when neither changes. */
function rebuiltCommit(
  content: Buffer,
  mapTree: (oid: string) => string,
  mapParent: (oid: string) => string,
): Buffer | undefined {
  const split = content.indexOf("\n\n");
  const headerEnd = split === -1 ? content.length : split;
  const lines = content.subarray(0, headerEnd).toString("latin1").split("\n");
  let changed = false;
  const kept: string[] = [];
  let inSignature = false;
  for (const line of lines) {
    if (inSignature && line.startsWith(" ")) continue;
    inSignature = false;
    const tree = /^tree ([0-9a-f]{40})$/.exec(line);
    const parent = /^parent ([0-9a-f]{40})$/.exec(line);
    if (tree !== null) {
      const mapped = mapTree(tree[1] as string);
      if (mapped !== tree[1]) changed = true;
      kept.push(`tree ${mapped}`);
    } else if (parent !== null) {
      const mapped = mapParent(parent[1] as string);
      if (mapped !== parent[1]) changed = true;
      kept.push(`parent ${mapped}`);
    } else if (line.startsWith("gpgsig ") || line.startsWith("gpgsig-sha256 ")) inSignature = true;
    else kept.push(line);
  }
  if (!changed) return undefined;
  // Header bytes are kept as they were (latin1 round-trips any byte); the message is copied untouched.
  return Buffer.concat([Buffer.from(kept.join("\n"), "latin1"), content.subarray(headerEnd)]);
}

function retargetedTag(content: Buffer, target: string): Buffer {
  return Buffer.concat([Buffer.from(`object ${target}\n`), content.subarray("object \n".length + 40)]);
}

function emptyTree(remember: (type: string, content: Buffer) => string): string {
  return remember("tree", Buffer.alloc(0));
}

function objectId(type: string, content: Buffer): string {
  return createHash("sha1").update(`${type} ${content.length}\0`).update(content).digest("hex");
}

/** Writes the new objects (trees, then commits, then tags) and checks git computed the same ids. */
async function writeObjects(
  gitDir: string,
  timeoutMs: number,
  privatePrefix: string,
  objects: ReadonlyArray<{ type: string; oid: string; content: Buffer }>,
): Promise<void> {
  const folder = join(gitDir, `${privatePrefix}rewrite-${randomBytes(8).toString("hex")}`);
  await mkdir(folder);
  try {
    for (const type of ["tree", "commit", "tag"]) {
      const ofType = [...new Map(objects.filter((o) => o.type === type).map((o) => [o.oid, o])).values()];
      if (ofType.length === 0) continue;
      const paths: string[] = [];
      for (const object of ofType) {
        const path = join(folder, object.oid);
        await writeFile(path, object.content);
        paths.push(path);
      }
      const out = await git(["hash-object", "-w", "-t", type, "--stdin-paths"], {
        gitDir,
        timeoutMs,
        input: `${paths.join("\n")}\n`,
      });
      const ids = out.toString("utf8").trim().split("\n");
      if (ids.length !== ofType.length || ids.some((id, i) => id !== ofType[i]?.oid))
        throw new Error(`git stored rewritten ${type}s under other ids than computed`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
