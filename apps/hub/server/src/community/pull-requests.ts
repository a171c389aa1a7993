// Pull requests through the commit API (api/commit.ts, api/preupload.ts, the LFS batch): who may commit where, and
// opening a PR for `create_pr=1`. A PR is a discussion row (its number) plus the git ref `refs/pr/{num}`, created
// at the target branch's head (or the given parent commit) before the first commit lands on it.
import type { Context } from "hono";
import { ApiError, RevisionNotFoundError } from "../api/api-error.js";
import { writableBySignedIn } from "../api/write-access.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { checkRate, communityAccess, poster, storeOf } from "./access.js";
import type { DiscussionStatus } from "./discussion-store.js";
import { createPrRef, gitAccess, prNumberOf, prRef } from "./pr-git.js";

/** Statuses in which a PR takes commits. */
export const WRITABLE_PR_STATUSES: readonly DiscussionStatus[] = ["open", "draft"];

export type CommitTarget =
  /** An ordinary commit onto a branch (the repository's writers). */
  | { kind: "branch"; ref: RepoRef }
  /** `create_pr=1`: a new PR will be opened by `user` against `branch`. */
  | { kind: "create-pr"; ref: RepoRef; user: string }
  /** A commit onto the open PR `num` (its author or a writer). */
  | { kind: "pull-request"; ref: RepoRef; num: number; user: string };

/** Where a commit (or an upload for one) may go, and who makes it; refuses what the caller may not do. */
export async function commitTarget(
  ctx: HubContext,
  c: Context<HubEnv>,
  ref: RepoRef,
  revision: string,
  createPr: boolean,
): Promise<CommitTarget> {
  const num = prNumberOf(revision);
  if (!createPr && num === undefined) return { kind: "branch", ref: await writableBySignedIn(ctx, c, ref) };
  const access = await communityAccess(ctx, c, ref);
  const user = poster(access);
  const store = storeOf(ctx);
  if (createPr) {
    if (num !== undefined || (revision.startsWith("refs/") && !revision.startsWith("refs/heads/")))
      throw new ApiError(
        400,
        "A pull request is opened against a branch: use create_pr with a branch, or commit to refs/pr/<num>",
      );
    await checkRate(store, access.repo, user, "discussion");
    return { kind: "create-pr", ref: access.repo, user };
  }
  const pr = await store.get(access.repo, num as number);
  if (pr === undefined || !pr.isPullRequest) throw new RevisionNotFoundError(revision);
  if (!access.writer && pr.author.toLowerCase() !== user.toLowerCase())
    throw new ApiError(403, `Only the author of pull request #${pr.num} and the repository's writers may commit to it`);
  if (!WRITABLE_PR_STATUSES.includes(pr.status))
    throw new ApiError(409, `Pull request #${pr.num} is ${pr.status}: reopen it to add commits`);
  return { kind: "pull-request", ref: access.repo, num: pr.num, user };
}

/** Opens a pull request: the discussion (its number) and `refs/pr/{num}` at `start`. */
export async function openPullRequest(
  ctx: HubContext,
  repo: RepoRef,
  input: { title: string; description?: string; author: string; targetBranch: string; start: string },
): Promise<number> {
  const num = await storeOf(ctx).create(repo, {
    title: input.title,
    author: input.author,
    isPullRequest: true,
    status: "draft",
    targetBranch: input.targetBranch,
    ...(input.description !== undefined ? { description: input.description } : {}),
  });
  await createPrRef(gitAccess(ctx, repo), num, input.start);
  return num;
}

/**
 * The PR a commit lands on: for `create_pr=1`, a new one against `branch`, starting at the branch head or at the
 * header's `parentCommit` (hub-api.md §4.6); for `refs/pr/N`, N; for a branch commit, undefined.
 */
export async function pullRequestOfCommit(
  ctx: HubContext,
  target: CommitTarget,
  branch: string,
  header: { summary: string; description?: string; parentCommit?: string },
): Promise<number | undefined> {
  if (target.kind === "branch") return undefined;
  if (target.kind === "pull-request") return target.num;
  const startName = header.parentCommit ?? `refs/heads/${branch}`;
  const start = await ctx.storage.resolveRevision(target.ref, startName);
  if (start === undefined) throw new RevisionNotFoundError(header.parentCommit ?? branch);
  const description = header.description?.trim();
  return openPullRequest(ctx, target.ref, {
    title: titleFromSummary(header.summary),
    author: target.user,
    targetBranch: branch,
    start,
    ...(description !== undefined && description !== "" ? { description } : {}),
  });
}

/**
 * Undoes openPullRequest when the commit it was opened for fails (a refused path, a 412, a crash of git): the draft
 * discussion and `refs/pr/{num}` go, so the commit API's answer is whole or nothing. Best effort: a failure here is
 * logged, the commit's own error is what the client gets.
 */
export async function abandonPullRequest(ctx: HubContext, repo: RepoRef, num: number): Promise<void> {
  try {
    await storeOf(ctx).removeDraft(repo, num);
    await gitAccess(ctx, repo).tryRun(["update-ref", "-d", prRef(num)]);
  } catch (error) {
    console.error(`[hub] could not remove draft pull request ${repo.id}#${num}: ${String(error)}`);
  }
}

/** A title for a PR opened by a commit: the summary, within the title bounds. */
export function titleFromSummary(summary: string): string {
  const title = summary.replace(/\s+/g, " ").trim().slice(0, 200);
  return title.length >= 3 ? title : `Upload ${title}`.trim().padEnd(3, ".");
}

export { prRef };

/**
 * The repository an LFS batch upload goes to. The clients omit `ref` when uploading for a new pull request
 * (hub-api.md §4.6) and name `refs/pr/N` for an existing one: those are open to the PR's possible authors (any
 * reader with a write token; the objects are only linked to the repository, a commit still decides what lands).
 * Any other ref needs write access.
 */
export async function uploadTarget(
  ctx: HubContext,
  c: Context<HubEnv>,
  ref: RepoRef,
  batchRef: unknown,
): Promise<RepoRef> {
  const name =
    typeof batchRef === "object" && batchRef !== null ? (batchRef as Record<string, unknown>).name : undefined;
  if (name === undefined || name === null) return (await commitTarget(ctx, c, ref, "main", true)).ref;
  if (typeof name === "string" && prNumberOf(name) !== undefined)
    return (await commitTarget(ctx, c, ref, name, false)).ref;
  return writableBySignedIn(ctx, c, ref);
}

/** Most pull-request refs listed by `/refs?include_prs=1`. */
const MAX_LISTED_PRS = 10_000;

/** `refs/pr/*` of the repository, as `/refs?include_prs=1` lists them (hub-api.md §2.5), lowest number first. */
export async function pullRequestRefs(
  ctx: HubContext,
  repo: RepoRef,
): Promise<{ name: string; ref: string; targetCommit: string }[]> {
  const out = await gitAccess(ctx, repo).run([
    "for-each-ref",
    `--count=${MAX_LISTED_PRS}`,
    "--format=%(refname) %(objectname)",
    "refs/pr/",
  ]);
  return out
    .toString()
    .split("\n")
    .flatMap((line) => {
      const [name, oid] = line.split(" ");
      return name !== undefined && oid !== undefined && prNumberOf(name) !== undefined
        ? [{ name, ref: name, targetCommit: oid }]
        : [];
    })
    .sort((a, b) => (prNumberOf(a.name) ?? 0) - (prNumberOf(b.name) ?? 0));
}
