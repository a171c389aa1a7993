// Who may do what in a repository's Community tab (README.md §1), decided with the one access rule
// (auth/permissions.ts `can`, through api/repo-access.ts): reading follows the repository's visibility (a private
// repository stays exactly as missing for those who cannot read it); posting needs a signed-in caller with a write
// token or a browser session; status changes, merges and hiding need the repository's write permission.
import type { Context } from "hono";
import { ApiError } from "../api/api-error.js";
import { readableRepo, writableRepo } from "../api/repo-access.js";
import { LoginLimiter } from "../auth/login-limiter.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { DiscussionStore } from "./discussion-store.js";

export interface CommunityAccess {
  repo: RepoRef;
  /** May write to the repository (status, merge, hide, any PR ref). */
  writer: boolean;
  /** The signed-in user's name ("admin" for the operator), or undefined for anonymous callers. */
  user: string | undefined;
  /** Signed in with a write token or a session: may open discussions and comment. */
  canPost: boolean;
}

export async function communityAccess(ctx: HubContext, c: Context<HubEnv>, ref: RepoRef): Promise<CommunityAccess> {
  const principal = c.get("principal");
  let repo: RepoRef;
  let writer = false;
  try {
    repo = await writableRepo(ctx, c, ref);
    writer = true;
  } catch (error) {
    // 403: readable but not writable; anything else (missing, private, moved) is the caller's answer as it is.
    if (!(error instanceof ApiError) || error.status !== 403) throw error;
    repo = await readableRepo(ctx, c, ref);
  }
  const user = principal.kind === "user" ? principal.name : principal.kind === "admin" ? "admin" : undefined;
  const canPost = principal.kind === "admin" || (principal.kind === "user" && principal.role === "write");
  return { repo, writer, user, canPost };
}

/** The caller's name if they may post (open, comment, commit to a PR), else 401 (anonymous) or 403 (read token). */
export function poster(access: CommunityAccess): string {
  if (access.user === undefined)
    throw new ApiError(401, "You must be authenticated with a write token to take part in discussions");
  if (!access.canPost)
    throw new ApiError(403, "Your token is read-only: use a write token to take part in discussions");
  return access.user;
}

/** The caller's name if they may write to the repository (status, merge, hide), else 401/403. */
export function writer(access: CommunityAccess): string {
  const name = poster(access);
  if (!access.writer) throw new ApiError(403, `You don't have the rights to write to ${access.repo.id}`);
  return name;
}

/** The discussion store, or a clear 501 when this server runs without one (upstream mode). */
export function storeOf(ctx: HubContext): DiscussionStore {
  if (ctx.discussions === undefined)
    throw new ApiError(501, "Discussions and pull requests are not available on this Hubkit server");
  return ctx.discussions;
}

/** Per user and repository, in a rolling hour: new discussions and new events (comments, renames, …). */
export const RATE_WINDOW_MS = 60 * 60 * 1000;
export const MAX_NEW_DISCUSSIONS = 20;
export const MAX_NEW_EVENTS = 120;

/** In-memory attempt counters per hub (its store): check and count in one synchronous step (login-limiter.ts). */
const attemptCounters = new WeakMap<DiscussionStore, Record<"discussion" | "event", LoginLimiter>>();

function countersOf(store: DiscussionStore): Record<"discussion" | "event", LoginLimiter> {
  let counters = attemptCounters.get(store);
  if (counters === undefined) {
    const limiter = (max: number) =>
      new LoginLimiter({ windowMs: RATE_WINDOW_MS, maxPerUser: max, maxPerAddress: max, maxKeys: 10_000 });
    counters = { discussion: limiter(MAX_NEW_DISCUSSIONS), event: limiter(MAX_NEW_EVENTS) };
    attemptCounters.set(store, counters);
  }
  return counters;
}

/**
 * Refuses (429) past the hourly limits. The stored activity is the durable count (it survives a restart); the
 * in-memory counter also counts attempts still in flight, so a concurrent burst cannot all pass the check before
 * any of them is stored.
 */
export async function checkRate(
  store: DiscussionStore,
  repo: RepoRef,
  user: string,
  kind: "discussion" | "event",
): Promise<void> {
  if (user === "admin") return;
  const since = new Date(Date.now() - RATE_WINDOW_MS);
  const activity = await store.recentActivity(repo, user, since);
  const stored =
    kind === "discussion" ? activity.discussions >= MAX_NEW_DISCUSSIONS : activity.events >= MAX_NEW_EVENTS;
  const key = `${repo.type}:${repo.id.toLowerCase()}:${user.toLowerCase()}`;
  const wait = stored ? 600 : countersOf(store)[kind].reserve(key, key);
  if (wait > 0)
    throw new ApiError(
      429,
      kind === "discussion"
        ? `You opened ${MAX_NEW_DISCUSSIONS} discussions in this repository in the last hour; try again later`
        : `You posted ${MAX_NEW_EVENTS} times in this repository in the last hour; try again later`,
      { headers: { "Retry-After": String(wait) } },
    );
}
