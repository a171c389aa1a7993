// A pull request in git: the ref `refs/pr/{num}` in the repository, its commits beyond the target branch, the diff
// from the merge base, and the files both sides changed differently (the merge conflicts). Plumbing only; every
// git process bounded by the storage's timeout and an output cap.
import { ApiError } from "../api/api-error.js";
import type { HubContext } from "../hub-context.js";
import { type GitResult, git, runGit } from "../repos/git-run.js";
import { parseLog } from "../repos/git-tree.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { CommitSummary } from "../repos/storage.js";

export const ZERO_OID = "0".repeat(40);
/** Commits of a pull request listed as events. */
export const MAX_PR_COMMITS = 250;
/** Bytes of diff handed out; beyond it the diff is cut at a line. */
export const MAX_DIFF_BYTES = 1024 * 1024;
/** Most bytes of diff git may produce before we stop it (then only the notice is sent). */
const MAX_DIFF_OUTPUT = 16 * 1024 * 1024;
/** Changed-path listings (diff-tree) read for a conflict check or a merge. */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;

const PR_REF = /^refs\/pr\/([1-9][0-9]{0,8})$/;

export function prRef(num: number): string {
  return `refs/pr/${num}`;
}

/** The PR number of `refs/pr/{num}`, or undefined for any other name. */
export function prNumberOf(revision: string): number | undefined {
  const match = PR_REF.exec(revision);
  return match === null ? undefined : Number(match[1]);
}

export interface GitAccess {
  run(
    args: readonly string[],
    options?: { input?: string | Buffer; env?: Record<string, string>; max?: number },
  ): Promise<Buffer>;
  tryRun(
    args: readonly string[],
    options?: { input?: string | Buffer; env?: Record<string, string>; max?: number },
  ): Promise<GitResult>;
  gitDir: string;
}

export function gitAccess(ctx: HubContext, repo: RepoRef): GitAccess {
  const gitDir = ctx.storage.gitDir(repo);
  const timeoutMs = ctx.config.storageLimits.gitTimeoutMs;
  const options = (extra: { input?: string | Buffer; env?: Record<string, string>; max?: number } = {}) => ({
    gitDir,
    timeoutMs,
    ...(extra.input !== undefined ? { input: extra.input } : {}),
    ...(extra.env !== undefined ? { env: extra.env } : {}),
    maxOutputBytes: extra.max ?? MAX_LISTING_BYTES,
  });
  return {
    gitDir,
    run: (args, extra) => git(args, options(extra)),
    tryRun: (args, extra) => runGit(args, options(extra)),
  };
}

/** The commit a full ref name points to, or undefined. */
export async function refHead(access: GitAccess, ref: string): Promise<string | undefined> {
  const result = await access.tryRun(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  const oid = result.stdout.toString().trim();
  return result.code === 0 && /^[0-9a-f]{40}$/.test(oid) ? oid : undefined;
}

/** Creates `refs/pr/{num}` at `commit`; it must not exist yet (a stale ref of a deleted repository's PR is replaced). */
export async function createPrRef(access: GitAccess, num: number, commit: string): Promise<void> {
  const current = await refHead(access, prRef(num));
  await access.run(["update-ref", prRef(num), commit, current ?? ZERO_OID]);
}

export async function mergeBase(access: GitAccess, a: string, b: string): Promise<string | undefined> {
  const result = await access.tryRun(["merge-base", a, b]);
  const oid = result.stdout.toString().trim();
  return result.code === 0 && /^[0-9a-f]{40}$/.test(oid) ? oid : undefined;
}

/** The PR's own commits (reachable from its head, not from the target), newest first. */
export async function prCommits(
  access: GitAccess,
  prHead: string,
  targetHead: string | undefined,
): Promise<CommitSummary[]> {
  const out = await access.run([
    "log",
    "--format=%H%x00%an%x00%at%x00%B%x1e",
    `--max-count=${MAX_PR_COMMITS}`,
    prHead,
    ...(targetHead !== undefined ? [`^${targetHead}`] : []),
  ]);
  return parseLog(out);
}

/** `git diff` from the merge base to the PR's head, cut at MAX_DIFF_BYTES. */
export async function prDiff(access: GitAccess, base: string, prHead: string): Promise<string> {
  const result = await access
    .tryRun(["diff", "--no-color", "--no-ext-diff", "--no-renames", base, prHead], { max: MAX_DIFF_OUTPUT })
    .catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 413) return undefined;
      throw error;
    });
  if (result === undefined) return "… diff too large to show\n";
  if (result.code !== 0) throw new Error(`git diff failed: ${result.stderr.trim()}`);
  const text = result.stdout;
  if (text.length <= MAX_DIFF_BYTES) return text.toString("utf8");
  const cut = text.lastIndexOf(0x0a, MAX_DIFF_BYTES);
  return `${text.subarray(0, cut === -1 ? MAX_DIFF_BYTES : cut + 1).toString("utf8")}… diff truncated\n`;
}

/** One side's change of a path since the merge base: the new entry, or null when deleted. */
export type Change = { mode: string; oid: string } | null;

/** Every path `from` → `to` changed (files only, recursive), with its new state. */
export async function changedPaths(access: GitAccess, from: string, to: string): Promise<Map<string, Change>> {
  const listing = await access.run(["diff-tree", "-r", "-z", "--no-renames", from, to]);
  const changes = new Map<string, Change>();
  const tokens = listing.toString("utf8").split("\0");
  for (let i = 0; i + 1 < tokens.length; i += 2) {
    const meta = tokens[i] ?? "";
    const path = tokens[i + 1] ?? "";
    if (!meta.startsWith(":")) break;
    const [, mode, , oid, status] = meta.slice(1).split(" ");
    if (mode === undefined || oid === undefined || status === undefined) continue;
    changes.set(path, status === "D" ? null : { mode, oid });
  }
  return changes;
}

const sameChange = (a: Change, b: Change) =>
  a === null ? b === null : b !== null && a.mode === b.mode && a.oid === b.oid;

/** Paths the PR changed that the target also changed, differently, since their merge base. */
export function conflictsOf(prChanges: Map<string, Change>, targetChanges: Map<string, Change>): string[] {
  const conflicts: string[] = [];
  for (const [path, change] of prChanges) {
    const theirs = targetChanges.get(path);
    if (theirs !== undefined && !sameChange(change, theirs)) conflicts.push(path);
  }
  return conflicts.sort();
}

/** The conflicting paths of the PR against its target now (empty when it merges cleanly or has no base). */
export async function currentConflicts(access: GitAccess, prHead: string, targetHead: string): Promise<string[]> {
  const base = await mergeBase(access, prHead, targetHead);
  if (base === undefined) return [];
  const [mine, theirs] = await Promise.all([
    changedPaths(access, base, prHead),
    changedPaths(access, base, targetHead),
  ]);
  return conflictsOf(mine, theirs);
}
