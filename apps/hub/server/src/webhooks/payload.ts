// The JSON a webhook receives (the hub's payload version 3, as huggingface_hub's `WebhookPayload` reads it):
// `event {action, scope}`, `repo {type, name, id, private, url, owner, headSha}`, and per event `discussion`,
// `comment`, `movedTo`, `updatedRefs`, `updatedConfig`; `webhook {id, version}` is added per webhook. Built once per
// event, from the state right after it (the repository's privacy, the discussion's status, the comment's text).
import { createHash } from "node:crypto";
import { storedComment } from "../community/discussion-store.js";
import { discussionUrl } from "../community/render.js";
import type { HubContext } from "../hub-context.js";
import { type RepoRef, urlPrefix } from "../repos/repo-ref.js";
import { repoObjectId } from "../store/db-repo-index.js";
import type { HubEvent } from "./events.js";
import { MAX_UPDATED_REFS } from "./limits.js";
import type { WebhookDomain } from "./webhook-store.js";

/** An event ready to fan out: which domain it belongs to, the repository and its privacy, the payload body. */
export interface PreparedEvent {
  domain: WebhookDomain;
  action: "create" | "update" | "delete" | "move";
  scope: string;
  /** The repository as it is now; for a move, also the id it had (watched items of either id match). */
  repo: RepoRef;
  formerRepo?: RepoRef;
  private: boolean;
  body: Record<string, unknown>;
}

const hashId = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 24);

async function accountId(ctx: HubContext, name: string): Promise<string> {
  const account = await ctx.accounts.account(name).catch(() => undefined);
  return account?.id ?? hashId(`account:${name.toLowerCase()}`);
}

async function repoJson(ctx: HubContext, base: string, repo: RepoRef, isPrivate: boolean, exists: boolean) {
  const headSha = exists ? await ctx.storage.resolveRevision(repo, "HEAD").catch(() => undefined) : undefined;
  return {
    type: repo.type,
    name: repo.id,
    id: repoObjectId(repo.type, repo.id),
    private: isPrivate,
    url: { web: `${base}/${urlPrefix(repo.type)}${repo.id}`, api: `${base}/api/${repo.type}s/${repo.id}` },
    owner: { id: await accountId(ctx, repo.id.split("/")[0] ?? "") },
    ...(headSha !== undefined ? { headSha } : {}),
  };
}

async function discussionJson(ctx: HubContext, base: string, repo: RepoRef, num: number) {
  const row = await ctx.discussions?.get(repo, num);
  if (row === undefined) return undefined;
  return {
    id: hashId(`discussion:${repo.type}:${repo.id.toLowerCase()}#${num}`),
    num,
    author: { id: await accountId(ctx, row.author) },
    url: {
      web: discussionUrl(base, repo, num),
      api: `${base}/api/${repo.type}s/${repo.id}/discussions/${num}`,
    },
    title: row.title,
    isPullRequest: row.isPullRequest,
    status: row.status,
    ...(row.isPullRequest
      ? {
          changes: {
            base: `refs/heads/${row.targetBranch ?? "main"}`,
            ...(row.mergeCommit !== undefined ? { mergeCommitId: row.mergeCommit } : {}),
          },
        }
      : {}),
    pinned: false,
  };
}

/** The event's payload (without `webhook`), or undefined when its subject is already gone (nothing to send). */
export async function prepareEvent(ctx: HubContext, event: HubEvent): Promise<PreparedEvent | undefined> {
  const { change, base } = event;
  if (change.kind === "repo.deleted")
    return {
      domain: "repo",
      action: "delete",
      scope: "repo",
      repo: change.repo,
      private: change.private,
      body: {
        event: { action: "delete", scope: "repo" },
        repo: await repoJson(ctx, base, change.repo, change.private, false),
      },
    };
  const current = change.kind === "repo.moved" ? change.to : change.repo;
  const registration = await ctx.index.lookup(current);
  if (registration === undefined) return undefined;
  const repo: RepoRef = { type: current.type, id: registration.id };
  const repoBody = await repoJson(ctx, base, repo, registration.private, true);
  const common = { repo, private: registration.private };
  switch (change.kind) {
    case "repo.content":
      return {
        ...common,
        domain: "repo",
        action: "update",
        scope: "repo.content",
        body: {
          event: { action: "update", scope: "repo.content" },
          repo: repoBody,
          updatedRefs: change.updatedRefs.slice(0, MAX_UPDATED_REFS),
        },
      };
    case "repo.created":
      return {
        ...common,
        domain: "repo",
        action: "create",
        scope: "repo",
        body: { event: { action: "create", scope: "repo" }, repo: repoBody },
      };
    case "repo.moved":
      return {
        ...common,
        formerRepo: change.repo,
        domain: "repo",
        action: "move",
        scope: "repo",
        body: {
          event: { action: "move", scope: "repo" },
          // The hub sends the repository as it was, and where it went in `movedTo`.
          repo: { ...repoBody, name: change.repo.id },
          movedTo: { name: repo.id, owner: { id: await accountId(ctx, repo.id.split("/")[0] ?? "") } },
        },
      };
    case "repo.config":
      return {
        ...common,
        domain: "repo",
        action: "update",
        scope: "repo.config",
        body: {
          event: { action: "update", scope: "repo.config" },
          repo: repoBody,
          updatedConfig: change.updatedConfig,
        },
      };
    case "discussion": {
      const discussion = await discussionJson(ctx, base, repo, change.num);
      if (discussion === undefined) return undefined;
      return {
        ...common,
        domain: "discussion",
        action: change.action,
        scope: "discussion",
        body: { event: { action: change.action, scope: "discussion" }, repo: repoBody, discussion },
      };
    }
    case "discussion.comment": {
      const discussion = await discussionJson(ctx, base, repo, change.num);
      const stored = await ctx.discussions?.event(repo, change.num, change.commentId);
      if (discussion === undefined || stored === undefined) return undefined;
      const data = storedComment(stored.data);
      return {
        ...common,
        domain: "discussion",
        action: "create",
        scope: "discussion.comment",
        body: {
          event: { action: "create", scope: "discussion.comment" },
          repo: repoBody,
          discussion,
          comment: {
            id: stored.id,
            author: { id: await accountId(ctx, stored.author) },
            hidden: data.hidden,
            content: data.history[0]?.raw ?? "",
            url: { web: `${discussion.url.web}#${stored.id}` },
          },
        },
      };
    }
  }
}
