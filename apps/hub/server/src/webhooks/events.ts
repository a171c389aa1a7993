// The hub's event bus: the places that change a repository or a discussion call `emitHubEvent` once the change is
// done. Emitting only queues the event in memory (service.ts matches it to webhooks later): it never waits, never
// throws and never slows the request that caused it.
import type { Context } from "hono";
import { baseUrl } from "../api/repo-url.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { RefList } from "../repos/storage.js";

export interface UpdatedRef {
  ref: string;
  oldSha?: string;
  newSha?: string;
}

/** What happened (the payload's `event.action` and `event.scope` follow from it, payload.ts). */
export type HubEventChange =
  /** Commits, pushes, branches and tags: the refs that moved. */
  | { kind: "repo.content"; repo: RepoRef; updatedRefs: UpdatedRef[] }
  | { kind: "repo.created"; repo: RepoRef }
  /** `private` as it was before the deletion (the index no longer knows it afterwards). */
  | { kind: "repo.deleted"; repo: RepoRef; private: boolean }
  | { kind: "repo.moved"; repo: RepoRef; to: RepoRef }
  | { kind: "repo.config"; repo: RepoRef; updatedConfig: { private?: boolean } }
  | { kind: "discussion"; action: "create" | "update"; repo: RepoRef; num: number }
  | { kind: "discussion.comment"; repo: RepoRef; num: number; commentId: string };

export interface HubEvent {
  change: HubEventChange;
  /** The hub's public base URL as the request that caused the event saw it (for the payload's links). */
  base: string;
  at: number;
}

/** Queues `change` for the webhooks (a no-op on a hub without them). Never throws. */
export function emitHubEvent(ctx: HubContext, c: Context<HubEnv>, change: HubEventChange): void {
  try {
    ctx.webhooks?.emit({ change, base: baseUrl(c), at: Date.now() });
  } catch (error) {
    console.error(`[hub] webhook event dropped: ${String(error)}`);
  }
}

/** The refs that differ between two listings of a repository's branches and tags (for a git push). */
export function refChanges(before: RefList | undefined, after: RefList | undefined): UpdatedRef[] {
  const map = (list: RefList | undefined) =>
    new Map([...(list?.branches ?? []), ...(list?.tags ?? [])].map((target) => [target.ref, target.targetCommit]));
  const old = map(before);
  const now = map(after);
  const changes: UpdatedRef[] = [];
  for (const [ref, sha] of now) {
    const previous = old.get(ref);
    if (previous !== sha) changes.push({ ref, ...(previous !== undefined ? { oldSha: previous } : {}), newSha: sha });
  }
  for (const [ref, sha] of old) if (!now.has(ref)) changes.push({ ref, oldSha: sha });
  return changes;
}

/** The repository's refs before a git push (undefined on a hub without webhooks: nothing will compare them). */
export async function refsBeforePush(ctx: HubContext, repo: RepoRef): Promise<RefList | undefined> {
  if (ctx.webhooks === undefined) return undefined;
  return ctx.storage.refs(repo).catch(() => undefined);
}

/** After a git push: emits the refs that moved since `before` (nothing when none did, e.g. a refused push). */
export async function emitPushEvent(
  ctx: HubContext,
  c: Context<HubEnv>,
  repo: RepoRef,
  before: RefList | undefined,
): Promise<void> {
  if (before === undefined) return;
  const after = await ctx.storage.refs(repo).catch(() => undefined);
  if (after === undefined) return;
  const updatedRefs = refChanges(before, after);
  if (updatedRefs.length > 0) emitHubEvent(ctx, c, { kind: "repo.content", repo, updatedRefs });
}
