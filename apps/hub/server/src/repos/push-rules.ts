// The commit API's rules applied to a git push, by the server, while git holds the pushed objects in quarantine
// (pre-receive; git-http/push-check-server.ts receives the hook's call). Every new commit of every pushed ref is
// checked: its message (commit-message.ts), every path it adds or changes (repo-paths.ts, the very function the
// commit API uses), the size of every regular file it adds (the storage limit), no submodules. Ref names are the
// ones the API can address, and the default branch cannot be deleted (as over the API). A push with more new commits
// than we check is refused, never waved through.
import { ApiError } from "../api/api-error.js";
import { MAX_MESSAGE_BYTES, messageTooLong } from "./commit-message.js";
import { git } from "./git-run.js";
import { invalidPathMessage, pathProblem } from "./repo-paths.js";
import { isSafeRefName } from "./revisions.js";

export const MAX_PUSH_REFS = 1000;
/** New commits one push may bring; a longer history is pushed in parts (oldest first). */
export const MAX_PUSH_COMMITS = 10_000;
/** Commit headers (tree, parents, people, signature) beside the message; a larger commit object is refused. */
const MAX_COMMIT_HEADER_BYTES = 64 * 1024;
/** Most bytes of changed-path listing read for one push (~500 000 paths). */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;
/** Commit or tag objects read whole at once when their message must be measured. */
const READ_BATCH = 64;
const ZERO_OID = "0".repeat(40);
const DEFAULT_BRANCH_REF = "refs/heads/main";
const SUBMODULE_MODE = "160000";
const BLOB_MODES = new Set(["100644", "100755", "120000"]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

export interface PushLimits {
  maxRegularFileBytes: number;
  gitTimeoutMs: number;
}

/** Where git keeps the pushed objects until the hook agrees (the hook's own environment, checked by the caller). */
export interface QuarantineEnv {
  GIT_OBJECT_DIRECTORY: string;
  GIT_ALTERNATE_OBJECT_DIRECTORIES: string;
}

interface RefUpdate {
  old: string;
  new: string;
  ref: string;
}

/** Why the push must be refused (the text git shows the pusher), or undefined when every rule holds. */
export async function pushProblem(
  gitDir: string,
  updateLines: string,
  quarantine: QuarantineEnv,
  limits: PushLimits,
): Promise<string | undefined> {
  const run: Run = (args, input, maxOutputBytes, env) =>
    git(args, {
      gitDir,
      input,
      timeoutMs: limits.gitTimeoutMs,
      env: { ...quarantine, ...env },
      ...(maxOutputBytes !== undefined ? { maxOutputBytes } : {}),
    });
  const parsed = parseUpdates(updateLines);
  if (typeof parsed === "string") return parsed;
  const tips = [...new Set(parsed.filter((update) => update.new !== ZERO_OID).map((update) => update.new))];
  if (tips.length === 0) return undefined;
  try {
    const tipsProblem = await tipProblem(run, tips);
    if (tipsProblem !== undefined) return tipsProblem;
    // `--not --all`: what no ref reaches yet (the refs have not moved while the hook runs).
    const commits = (await run(["rev-list", `--max-count=${MAX_PUSH_COMMITS + 1}`, ...tips, "--not", "--all"]))
      .toString()
      .split("\n")
      .filter((line) => line !== "");
    if (commits.length > MAX_PUSH_COMMITS)
      return `Your push was rejected: it adds more than ${MAX_PUSH_COMMITS} commits; push the history in parts (git push <remote> <commit>:<branch>, oldest first)`;
    return (
      (await arrivalProblem(run, tips, quarantine)) ??
      (commits.length === 0
        ? undefined
        : ((await commitsProblem(run, commits)) ?? (await changesProblem(run, commits, limits.maxRegularFileBytes))))
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 413)
      return `Your push was rejected: it changes too many files to check at once; push it in parts (git push <remote> <commit>:<branch>, oldest first)`;
    throw error;
  }
}

type Run = (
  args: readonly string[],
  input?: string | Buffer,
  maxOutputBytes?: number,
  env?: Record<string, string>,
) => Promise<Buffer>;

function parseUpdates(text: string): RefUpdate[] | string {
  const updates: RefUpdate[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    if (updates.length >= MAX_PUSH_REFS) return `Your push was rejected: it updates more than ${MAX_PUSH_REFS} refs`;
    const match = /^([0-9a-f]{40}) ([0-9a-f]{40}) (\S+)$/.exec(line);
    if (match === null) return "Your push was rejected: the server could not read its ref updates";
    const [, old, next, ref] = match as unknown as [string, string, string, string];
    // A pull request's ref `refs/pr/<num>` is a name too: who may move it is the server's ref check
    // (community/push-policy.ts, before these rules).
    const name = ref.startsWith("refs/heads/")
      ? ref.slice("refs/heads/".length)
      : ref.startsWith("refs/tags/")
        ? ref.slice("refs/tags/".length)
        : /^refs\/pr\/[1-9][0-9]{0,8}$/.test(ref)
          ? "pr"
          : undefined;
    if (name === undefined || !isSafeRefName(name) || name.startsWith("refs/") || name === "HEAD")
      return `Your push was rejected: invalid ref ${JSON.stringify(ref.slice(0, 200))} (push branches refs/heads/<name> and tags refs/tags/<name>, names of letters, digits and . _ / + -)`;
    if (ref === DEFAULT_BRANCH_REF && next === ZERO_OID)
      return `Your push was rejected: cannot delete ${DEFAULT_BRANCH_REF}`;
    updates.push({ old, new: next, ref });
  }
  return updates;
}

/** Every pushed tip is a commit or a tag of one; a tag's message obeys the commit message rule. */
async function tipProblem(run: Run, tips: readonly string[]): Promise<string | undefined> {
  const input = tips.map((tip) => `${tip}\n${tip}^{commit}\n`).join("");
  const lines = (await run(["cat-file", "--batch-check=%(objecttype) %(objectsize)"], input)).toString().split("\n");
  const tags: { oid: string; size: number }[] = [];
  for (const [index, tip] of tips.entries()) {
    const [type, size] = (lines[index * 2] ?? "").split(" ");
    if ((lines[index * 2 + 1] ?? "").split(" ")[0] !== "commit")
      return `Your push was rejected: ${tip} is not a commit (refs must point to commits or tags of commits)`;
    if (type === "tag") tags.push({ oid: tip, size: Number(size) });
  }
  return messagesProblem(run, tags, "tag");
}

/** At most MAX_PUSH_COMMITS new commits, each with a message within the limit. */
/**
 * Every object the push makes reachable arrived with it. A deleted branch's objects stay on disk until git prunes
 * them; without this, a writer who knows a commit or blob id could point a new ref (or a new tree) at it without
 * sending it — receive-pack only checks that the objects exist — and make it readable again.
 */
async function arrivalProblem(
  run: Run,
  tips: readonly string[],
  quarantine: QuarantineEnv,
): Promise<string | undefined> {
  if (!/[\\/](?:tmp_objdir-)?incoming-[A-Za-z0-9]+$/.test(quarantine.GIT_OBJECT_DIRECTORY)) return undefined;
  const objects = await run(
    ["rev-list", "--objects", "--no-object-names", ...tips, "--not", "--all"],
    undefined,
    MAX_LISTING_BYTES,
  );
  if (objects.length === 0) return undefined;
  // The same objects looked up with the repository's own store hidden: only what this push brought is found.
  const answers = await run(["cat-file", "--batch-check=%(objectname) %(objecttype)"], objects, MAX_LISTING_BYTES, {
    GIT_ALTERNATE_OBJECT_DIRECTORIES: "",
  });
  const missing = /^([0-9a-f]{40}) missing$/m.exec(answers.toString());
  if (missing !== null)
    return `Your push was rejected: it refers to ${missing[1]}, which it did not send and no ref reaches`;
  return undefined;
}

async function commitsProblem(run: Run, commits: readonly string[]): Promise<string | undefined> {
  const lines = (await run(["cat-file", "--batch-check=%(objectname) %(objectsize)"], `${commits.join("\n")}\n`))
    .toString()
    .split("\n");
  const sized = lines.flatMap((line) => {
    const [oid, size] = line.split(" ");
    return oid !== undefined && size !== undefined ? [{ oid, size: Number(size) }] : [];
  });
  return messagesProblem(run, sized, "commit");
}

/**
 * Objects up to MAX_MESSAGE_BYTES cannot hold a longer message and are not read; larger ones (rare) are read in
 * small batches and their message (after the header's blank line) measured; beyond the header allowance they are
 * refused unread.
 */
async function messagesProblem(
  run: Run,
  objects: readonly { oid: string; size: number }[],
  kind: "commit" | "tag",
): Promise<string | undefined> {
  const suspects: string[] = [];
  for (const { oid, size } of objects) {
    if (!Number.isSafeInteger(size)) return `Your push was rejected: could not read ${kind} ${oid}`;
    if (size > MAX_MESSAGE_BYTES + MAX_COMMIT_HEADER_BYTES)
      return `Your push was rejected: ${kind} ${oid} is ${size} bytes (${messageTooLong(size)})`;
    if (size > MAX_MESSAGE_BYTES) suspects.push(oid);
  }
  for (let start = 0; start < suspects.length; start += READ_BATCH) {
    const batch = suspects.slice(start, start + READ_BATCH);
    const out = await run(
      ["cat-file", "--batch"],
      `${batch.join("\n")}\n`,
      batch.length * (MAX_MESSAGE_BYTES + MAX_COMMIT_HEADER_BYTES + 128),
    );
    let offset = 0;
    for (const oid of batch) {
      const headerEnd = out.indexOf(0x0a, offset);
      const size = Number(out.subarray(offset, headerEnd).toString().split(" ")[2]);
      const body = out.subarray(headerEnd + 1, headerEnd + 1 + size);
      offset = headerEnd + 1 + size + 1;
      const blank = body.indexOf("\n\n");
      const messageBytes = blank === -1 ? 0 : body.length - blank - 2;
      if (messageBytes > MAX_MESSAGE_BYTES)
        return `Your push was rejected: ${kind} ${oid}: ${messageTooLong(messageBytes)}`;
    }
  }
  return undefined;
}

/**
 * Every path the new commits add or change (against each parent, so a merge is covered too) obeys the path rules;
 * no submodule; every regular file within the size limit.
 */
async function changesProblem(run: Run, commits: readonly string[], maxBytes: number): Promise<string | undefined> {
  const listing = await run(
    ["diff-tree", "--stdin", "-r", "-t", "-z", "--root", "--no-renames", "-m"],
    `${commits.join("\n")}\n`,
    MAX_LISTING_BYTES,
  );
  const blobs = new Map<string, string>();
  let commit = "";
  let meta: string | undefined;
  let start = 0;
  while (start < listing.length) {
    let end = listing.indexOf(0, start);
    if (end === -1) end = listing.length;
    const token = listing.subarray(start, end);
    start = end + 1;
    if (meta === undefined) {
      const text = token.toString("latin1");
      if (text.startsWith(":")) meta = text;
      else commit = text.slice(0, 40);
      continue;
    }
    // `:<old mode> <new mode> <old oid> <new oid> <status>`, then the path.
    const [, mode, , oid, status] = meta.slice(1).split(" ");
    meta = undefined;
    if (status === "D") continue;
    let path: string;
    try {
      path = utf8.decode(token);
    } catch {
      return `Your push was rejected: commit ${commit} adds a path that is not valid UTF-8 (${JSON.stringify(token.toString("latin1").slice(0, 200))})`;
    }
    const problem = pathProblem(path);
    if (problem !== undefined) return `Your push was rejected: ${invalidPathMessage(path, problem)} (commit ${commit})`;
    if (mode === SUBMODULE_MODE)
      return `Your push was rejected: submodules are not supported (${JSON.stringify(path.slice(0, 200))}, commit ${commit})`;
    if (mode !== undefined && oid !== undefined && BLOB_MODES.has(mode) && !blobs.has(oid)) blobs.set(oid, path);
  }
  return sizesProblem(run, blobs, maxBytes);
}

async function sizesProblem(run: Run, blobs: Map<string, string>, maxBytes: number): Promise<string | undefined> {
  if (blobs.size === 0) return undefined;
  const oids = [...blobs.keys()];
  const lines = (await run(["cat-file", "--batch-check=%(objectsize)"], `${oids.join("\n")}\n`)).toString().split("\n");
  for (const [index, oid] of oids.entries()) {
    const size = Number(lines[index]);
    if (!Number.isSafeInteger(size) || size > maxBytes)
      return `Your push was rejected because it contains files larger than 10 MiB (${blobs.get(oid)}). Please use https://git-lfs.github.com/ to store large files.`;
  }
  return undefined;
}
