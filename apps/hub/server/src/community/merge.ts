// Merging a pull request: a three-way merge at file level. The files the PR changed since its merge base with the
// target branch are applied onto the target's current tree, as one new commit whose parent is the target's head.
// A path the target changed differently since the base is a conflict (409, nothing written). The branch moves by
// `update-ref <branch> <new> <old>`, the compare-and-swap every writer of the repository uses: when another merge
// or commit moved it meanwhile, the merge is recomputed on the new head (and then lands or conflicts), so no
// change is ever lost.
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { ApiError } from "../api/api-error.js";
import { commitMessage } from "../repos/commit-message.js";
import { type Change, changedPaths, conflictsOf, type GitAccess, mergeBase, prRef, refHead } from "./pr-git.js";

/** Attempts when the target keeps moving under us (each recomputes the merge on the new head). */
const MAX_MERGE_ATTEMPTS = 5;

export class MergeConflictError extends ApiError {
  constructor(readonly files: string[]) {
    super(
      409,
      `Merge conflict: the target branch changed ${files.slice(0, 20).join(", ").slice(0, 2000)} differently`,
      {
        body: { filesWithConflicts: files.slice(0, 1000) },
      },
    );
  }
}

/** Merges refs/pr/{num} into `branch`; returns the new head of the branch. */
export async function mergePullRequest(
  access: GitAccess,
  input: { num: number; branch: string; title: string; author: string; comment?: string },
): Promise<string> {
  const targetRef = `refs/heads/${input.branch}`;
  for (let attempt = 1; attempt <= MAX_MERGE_ATTEMPTS; attempt++) {
    const targetHead = await refHead(access, targetRef);
    if (targetHead === undefined) throw new ApiError(409, `The target branch ${input.branch} no longer exists`);
    const prHead = await refHead(access, prRef(input.num));
    if (prHead === undefined) throw new ApiError(409, `The pull request's ref ${prRef(input.num)} is missing`);
    const base = await mergeBase(access, prHead, targetHead);
    if (base === undefined) throw new ApiError(409, "The pull request shares no history with its target branch");
    const [mine, theirs] = await Promise.all([
      changedPaths(access, base, prHead),
      changedPaths(access, base, targetHead),
    ]);
    if (mine.size === 0) throw new ApiError(409, "This pull request has no changes to merge");
    const conflicts = conflictsOf(mine, theirs);
    if (conflicts.length > 0) throw new MergeConflictError(conflicts);
    const tree = await mergedTree(access, targetHead, mine);
    // The target already holds every change (the same edits made there, or a racing merge of this same PR):
    // nothing to commit; the PR is merged as of the target's head, and the branch gets no empty commit.
    if (tree === (await access.run(["rev-parse", `${targetHead}^{tree}`])).toString().trim()) return targetHead;
    const message = commitMessage(
      `Merge pull request #${input.num}: ${input.title}`.slice(0, 1000),
      input.comment !== undefined && input.comment !== "" ? input.comment : undefined,
    );
    const commit = (
      await access.run(["commit-tree", tree, "-p", targetHead, "-F", "-"], {
        input: message,
        env: identity(input.author),
      })
    )
      .toString()
      .trim();
    const moved = await access.tryRun(["update-ref", targetRef, commit, targetHead]);
    if (moved.code === 0) return commit;
  }
  throw new ApiError(409, `The branch ${input.branch} kept moving while merging; try again`);
}

/** The target's tree with the PR's changes applied (a private index, removed afterwards). */
async function mergedTree(access: GitAccess, targetHead: string, changes: Map<string, Change>): Promise<string> {
  const files = new Map<string, { mode: string; oid: string }>();
  const listing = await access.run(["ls-tree", "-r", "-z", "--full-tree", targetHead]);
  for (const record of listing.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    if (tab === -1) continue;
    const [mode, , oid] = record.slice(0, tab).split(" ");
    if (mode !== undefined && oid !== undefined) files.set(record.slice(tab + 1), { mode, oid });
  }
  for (const [path, change] of changes) {
    if (change === null) files.delete(path);
    else files.set(path, change);
  }
  for (const path of files.keys()) {
    for (let slash = path.indexOf("/"); slash !== -1; slash = path.indexOf("/", slash + 1))
      if (files.has(path.slice(0, slash)))
        throw new MergeConflictError([path.slice(0, slash), path].map((p) => p.slice(0, 200)));
  }
  const indexFile = join(access.gitDir, `hubkit-index-merge-${randomBytes(8).toString("hex")}`);
  const env = { GIT_INDEX_FILE: indexFile };
  try {
    const info = [...files].map(([path, entry]) => `${entry.mode} ${entry.oid}\t${path}\0`).join("");
    await access.run(["update-index", "-z", "--index-info"], { input: info, env });
    return (await access.run(["write-tree"], { env })).toString().trim();
  } finally {
    await rm(indexFile, { force: true });
  }
}

function identity(user: string): Record<string, string> {
  const name = user.replace(/[<>\n]/g, "") || "unknown";
  const email = `${name.replace(/[^A-Za-z0-9._-]/g, "_")}@users.noreply.hubkit`;
  const date = `${Math.floor(Date.now() / 1000)} +0000`;
  return {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: email,
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: email,
    GIT_COMMITTER_DATE: date,
  };
}
