// Which refs a git push may move (git-http/smart-http.ts asks this through the pre-receive check): a repository's
// writers push branches and tags as before and `refs/pr/{num}` of open (or draft) pull requests; a reader with a
// write token pushes only to `refs/pr/{num}` of their own open pull requests. Nobody creates `refs/pr/{num}` by a
// push (a PR's ref is made when the PR is opened) or deletes one. The commit rules (repos/push-rules.ts) still
// apply to every pushed commit.
import type { Context } from "hono";
import { ApiError } from "../api/api-error.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { communityAccess, poster } from "./access.js";
import { gitAccess, prNumberOf, prRef, refHead, ZERO_OID } from "./pr-git.js";
import { WRITABLE_PR_STATUSES } from "./pull-requests.js";

const UPDATE_LINE = /^([0-9a-f]{40}) ([0-9a-f]{40}) (\S+)$/;
/** Ref updates looked at (the push rules refuse a push with more refs anyway). */
const MAX_UPDATES = 1000;

export interface PushPolicy {
  /** Why these ref updates are refused (the text git shows), or undefined when this pusher may make them. */
  check(updates: string): Promise<string | undefined>;
  /** After the push: a draft PR whose ref moved is open. */
  finish(): Promise<void>;
}

export function pushPolicy(ctx: HubContext, repo: RepoRef, pusher: { user: string; writer: boolean }): PushPolicy {
  const touched = new Map<number, string>();
  const prProblem = async (num: number, old: string, next: string): Promise<string | undefined> => {
    const discussion = await ctx.discussions?.get(repo, num);
    if (discussion === undefined || !discussion.isPullRequest)
      return `Your push was rejected: there is no pull request #${num} (open one first; its ref is refs/pr/${num})`;
    if (!pusher.writer && discussion.author.toLowerCase() !== pusher.user.toLowerCase())
      return `Your push was rejected: only the author of pull request #${num} and the repository's writers may push to refs/pr/${num}`;
    if (!WRITABLE_PR_STATUSES.includes(discussion.status))
      return `Your push was rejected: pull request #${num} is ${discussion.status}`;
    if (next === ZERO_OID) return `Your push was rejected: refs/pr/${num} cannot be deleted`;
    if (old === ZERO_OID) return `Your push was rejected: refs/pr/${num} cannot be created by a push`;
    return undefined;
  };
  return {
    async check(updates) {
      const lines = updates.split("\n").filter((line) => line !== "");
      for (const line of lines.slice(0, MAX_UPDATES)) {
        const match = UPDATE_LINE.exec(line);
        if (match === null) return "Your push was rejected: the server could not read its ref updates";
        const [, old, next, ref] = match as unknown as [string, string, string, string];
        const num = prNumberOf(ref);
        if (num === undefined) {
          if (!pusher.writer)
            return `Your push was rejected: you don't have the rights to write to ${repo.id} (${JSON.stringify(ref.slice(0, 200))}); you may push only to refs/pr/<num> of your own open pull requests`;
          continue;
        }
        const problem = await prProblem(num, old, next);
        if (problem !== undefined) return problem;
        touched.set(num, old);
      }
      return undefined;
    },
    async finish() {
      const store = ctx.discussions;
      if (store === undefined) return;
      const git = gitAccess(ctx, repo);
      for (const [num, old] of touched) if ((await refHead(git, prRef(num))) !== old) await store.markOpen(repo, num);
    },
  };
}

/**
 * May this caller push at all (`git-receive-pack`)? Writers: yes. A reader with a write token: yes, limited by the
 * policy to their own pull requests' refs. Read tokens: 403; anonymous: 401; no read access: the missing answer.
 */
export async function pushAccess(
  ctx: HubContext,
  c: Context<HubEnv>,
  ref: RepoRef,
): Promise<{ repo: RepoRef; policy: PushPolicy }> {
  const access = await communityAccess(ctx, c, ref);
  const user = access.writer ? (access.user ?? "admin") : poster(access);
  if (!access.writer && ctx.discussions === undefined)
    throw new ApiError(403, `You don't have the rights to write to ${access.repo.id}`);
  return { repo: access.repo, policy: pushPolicy(ctx, access.repo, { user, writer: access.writer }) };
}
