// Rewrites a repository's history so that no commit holds an LFS pointer file to one of a set of objects
// (`permanently_delete_lfs_files` with `rewriteHistory`, api/lfs-files.ts). Every branch, tag, `refs/pr/*` and
// `refs/convert/*` ref is followed; each reachable commit gets its tree rebuilt without those pointer files
// (folders left empty go too) and its parents mapped, keeping author, committer, dates and message (a signature
// no longer matches and is dropped). Commits whose tree and parents do not change keep their id, so only the
// history from the first commit that added such a pointer changes. The refs then move in ONE `update-ref --stdin`
// transaction with each ref's old value: all of them or none (a push meanwhile → 409, nothing changed).
// The caller runs this in the repository's write turn (git-storage.ts `inTurn`), so commits through the server
// wait for it. The pointer blobs are found with one `rev-list` (small blobs only) and one `cat-file --batch`;
// commits and trees are then read through one cat-file process, a few hundred per job, and not kept (memory holds
// the old → new id maps, not the history). The new objects are hashed here, put in a private folder at once and
// stored by `hash-object --stdin-paths` (one process per object type, not one per object), which also checks that
// each is well-formed and has the id computed here. Bounds: the commit count (the caller's limit), the distinct
// trees, the folder depth, and one overall deadline (504).
import { createHash, randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ApiError } from "../api/api-error.js";
import { MAX_POINTER_BYTES, parseLfsPointer } from "../lfs/pointer.js";
import { CatFileProcess } from "./cat-file-process.js";
import { git, runGit } from "./git-run.js";

/** Namespaces of refs that are moved (what the hub serves or converts from). */
const REWRITTEN_REFS = ["refs/heads", "refs/tags", "refs/pr", "refs/convert"];
/** Most bytes of the small blobs read at once (each at most a pointer's size); more is refused (413). */
const MAX_READ_BYTES = 64 * 1024 * 1024;
/** Largest commit, tree or tag read (one object at a time). */
const MAX_OBJECT_BYTES = 64 * 1024 * 1024;
/** Distinct trees walked over the whole history (the old → new map stays in memory); more → 413. */
const MAX_TREES = 2_000_000;
/** Folder nesting followed; git itself cannot check out much deeper. */
const MAX_DEPTH = 4096;
/** Objects read in one cat-file job. */
const READ_AHEAD = 256;
/** Annotated tags of annotated tags followed. */
const MAX_TAG_NESTING = 8;

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
  const deadline = Date.now() + limits.timeoutMs;
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
  // The reachable blobs small enough to be a pointer (git omits blobs of at least `limit`), read in one go.
  const small = (
    await run(
      [
        "rev-list",
        "--objects",
        "--no-object-names",
        `--filter=combine:object:type=blob+blob:limit=${MAX_POINTER_BYTES + 1}`,
        "--filter-provided-objects",
        "--stdin",
      ],
      tipInput,
    )
  )
    .toString("utf8")
    .split("\n")
    .filter((line) => /^[0-9a-f]{40}$/.test(line));
  const doomed = new Set<string>();
  for (const [oid, object] of await readObjects(run, small))
    if (object.type === "blob") {
      const pointer = parseLfsPointer(object.content);
      if (pointer !== undefined && lfsOids.has(pointer.oid)) doomed.add(oid);
    }
  if (doomed.size === 0) return { rewrittenCommits: 0, movedRefs: [] };

  // Commits, trees and tags are read one at a time from one cat-file process and not kept: memory holds the
  // old → new id maps, never the history itself. New objects go to files in a private folder at once.
  const reader = new CatFileProcess(gitDir, () => {});
  const folder = join(gitDir, `${privatePrefix}rewrite-${randomBytes(8).toString("hex")}`);
  await mkdir(folder);
  try {
    // Objects read ahead in one job (a tree's subtrees, the next commits), each used once and then dropped.
    const ahead = new Map<string, Buffer>();
    const readAhead = async (oids: readonly string[]): Promise<void> => {
      if (Date.now() > deadline) throw new ApiError(504, "Rewriting the history took too long");
      const wanted = oids.filter((oid) => !ahead.has(oid));
      const answers = await reader.run(
        wanted.map((oid) => ({ kind: "contents", object: oid })),
        { timeoutMs: limits.timeoutMs, maxBytes: MAX_OBJECT_BYTES },
      );
      for (const [i, answer] of answers.entries())
        if (answer.content !== undefined) ahead.set(wanted[i] as string, answer.content);
    };
    const read = async (oid: string, type: string): Promise<Buffer> => {
      if (!ahead.has(oid)) await readAhead([oid]);
      const content = ahead.get(oid);
      ahead.delete(oid);
      if (content === undefined) throw new Error(`git ${type} ${oid} is missing`);
      return content;
    };
    const written = new Map<string, string>(); // new object id → its type
    const remember = async (type: string, content: Buffer): Promise<string> => {
      const oid = objectId(type, content);
      if (!written.has(oid)) {
        await writeFile(join(folder, oid), content);
        written.set(oid, type);
      }
      return oid;
    };
    const trees = new Map<string, string | null>(); // old tree → new tree (null: empty after the removal)
    const newTree = async (oid: string, depth: number): Promise<string | null> => {
      const known = trees.get(oid);
      if (known !== undefined) return known;
      if (depth > MAX_DEPTH) throw new ApiError(413, "A folder is nested too deeply to rewrite");
      if (trees.size >= MAX_TREES) throw new ApiError(413, "This repository's history is too large to rewrite");
      const parts: Buffer[] = [];
      let changed = false;
      const entries = [...treeEntries(await read(oid, "tree"))];
      const unknown = entries.filter((entry) => entry.mode === "40000" && !trees.has(entry.oid));
      if (unknown.length > 1) await readAhead(unknown.slice(0, READ_AHEAD).map((entry) => entry.oid));
      for (const entry of entries) {
        let target = entry.oid;
        if (entry.mode === "40000") {
          const sub = await newTree(entry.oid, depth + 1);
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
      const result = !changed ? oid : parts.length === 0 ? null : await remember("tree", Buffer.concat(parts));
      trees.set(oid, result);
      return result;
    };

    const targets = new Map<string, string>(); // old commit or tag → new one
    const order = (await run(["rev-list", "--topo-order", "--reverse", "--stdin"], tipInput))
      .toString("utf8")
      .split("\n")
      .filter((line) => line !== "");
    let rewrittenCommits = 0;
    for (const [i, oid] of order.entries()) {
      if (i % READ_AHEAD === 0) await readAhead(order.slice(i, i + READ_AHEAD));
      const content = await read(oid, "commit");
      const tree = /^tree ([0-9a-f]{40})\n/.exec(content.toString("latin1", 0, 46))?.[1];
      if (tree === undefined) throw new Error(`git commit ${oid} has no tree`);
      const mappedTree = (await newTree(tree, 0)) ?? (await remember("tree", Buffer.alloc(0)));
      const rebuilt = rebuiltCommit(content, mappedTree, (parent) => {
        const mapped = targets.get(parent);
        if (mapped === undefined) throw new Error(`git commit ${parent} came before its child`);
        return mapped;
      });
      if (rebuilt === undefined) targets.set(oid, oid);
      else {
        targets.set(oid, await remember("commit", rebuilt));
        rewrittenCommits++;
      }
    }
    if (rewrittenCommits === 0) return { rewrittenCommits: 0, movedRefs: [] };

    // Annotated tags point at their new commit (or at a rewritten tag), in as many rounds as tags nest.
    const tags = new Map<string, Buffer>();
    for (const tip of tips)
      if (!targets.has(tip.oid) && !tags.has(tip.oid)) {
        const [answer] = await reader.run([{ kind: "contents", object: tip.oid }], {
          timeoutMs: limits.timeoutMs,
          maxBytes: MAX_OBJECT_BYTES,
        });
        if (answer?.info?.type === "tag" && answer.content !== undefined) tags.set(tip.oid, answer.content);
      }
    for (let round = 0; round < MAX_TAG_NESTING; round++) {
      let progress = false;
      for (const [oid, content] of tags) {
        if (targets.has(oid)) continue;
        const target = /^object ([0-9a-f]{40})\n/.exec(content.toString("latin1", 0, 48))?.[1];
        const mapped = target === undefined ? undefined : targets.get(target);
        if (mapped === undefined) continue;
        targets.set(oid, mapped === target ? oid : await remember("tag", retargetedTag(content, mapped)));
        progress = true;
      }
      if (!progress) break;
    }

    await writeObjects(gitDir, limits.timeoutMs, folder, written);
    const movedRefs: MovedRef[] = [];
    for (const tip of tips) {
      const newSha = targets.get(tip.oid) ?? tip.oid;
      if (newSha !== tip.oid) movedRefs.push({ ref: tip.ref, oldSha: tip.oid, newSha });
    }
    const transaction = movedRefs.map((move) => `update ${move.ref} ${move.newSha} ${move.oldSha}\n`).join("");
    const moved = await runGit(["update-ref", "--stdin"], { gitDir, timeoutMs: limits.timeoutMs, input: transaction });
    if (moved.code !== 0)
      throw new ApiError(
        409,
        "The repository changed while its history was being rewritten; nothing was changed, retry",
      );
    return { rewrittenCommits, movedRefs };
  } finally {
    reader.close();
    await rm(folder, { recursive: true, force: true });
  }
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

/** The commit with its new tree and its parents mapped; undefined when neither changes. */
function rebuiltCommit(content: Buffer, mappedTree: string, mapParent: (oid: string) => string): Buffer | undefined {
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
      if (mappedTree !== tree[1]) changed = true;
      kept.push(`tree ${mappedTree}`);
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

function objectId(type: string, content: Buffer): string {
  return createHash("sha1").update(`${type} ${content.length}\0`).update(content).digest("hex");
}

/** Stores the new objects written to `folder` (trees, then commits, then tags); git must compute the same ids. */
async function writeObjects(
  gitDir: string,
  timeoutMs: number,
  folder: string,
  objects: ReadonlyMap<string, string>,
): Promise<void> {
  for (const type of ["tree", "commit", "tag"]) {
    const ofType = [...objects].filter(([, objectType]) => objectType === type).map(([oid]) => oid);
    if (ofType.length === 0) continue;
    const out = await git(["hash-object", "-w", "-t", type, "--stdin-paths"], {
      gitDir,
      timeoutMs,
      input: `${ofType.map((oid) => join(folder, oid)).join("\n")}\n`,
    });
    const ids = out.toString("utf8").trim().split("\n");
    if (ids.length !== ofType.length || ids.some((id, i) => id !== ofType[i]))
      throw new Error(`git stored rewritten ${type}s under other ids than computed`);
  }
}
