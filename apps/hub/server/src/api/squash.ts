// `POST /api/{type}s/{repo}/super-squash/{branch}` (huggingface_hub `super_squash_history`, gating/README.md): the
// branch (or a pull request's `refs/pr/N`, as the hub allows) becomes one parentless commit of its current tree. The
// old commits are then served only while another ref reaches them (repos/reachability.ts: resolve by id and git
// fetch check reachability from the refs). Writers only (on a PR, also its author, as for commits onto it); the ref
// moves by compare-and-swap from the head read here (412 when it moved meanwhile).
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { commitTarget, prRef } from "../community/pull-requests.js";
import { datasetViewerOf } from "../dataset-viewer/service.js";
import type { HubContext } from "../hub-context.js";
import { type RepoRef, urlPrefix } from "../repos/repo-ref.js";
import { emitHubEvent } from "../webhooks/events.js";
import { ApiError, RevisionNotFoundError } from "./api-error.js";
import { readJsonObject } from "./json-body.js";
import { apiRepoUrl, baseUrl, decodedSegment } from "./repo-url.js";

async function squash(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  const url = apiRepoUrl(c);
  if (url === undefined) throw new ApiError(404, "Not found");
  // Python quotes the branch whole (`refs%2Fheads%2Fx`); a raw slash-separated name means the same.
  const named = url.rest.map(decodedSegment).join("/");
  // Who may squash is who may commit there (community/pull-requests.ts): a pull request's `refs/pr/N`, its author
  // or the repository's writers while it is open or draft; anything else, the repository's writers.
  const target = await commitTarget(ctx, c, url.ref, named, false);
  const ref = target.ref;
  const body = await readJsonObject(c);
  const message = body.message;
  if (message !== undefined && message !== null && typeof message !== "string")
    throw new ApiError(400, '"message" must be a string');
  const head =
    target.kind === "pull-request" ? await pullRequestHead(ctx, ref, target.num) : await branchHead(ctx, ref, named);
  if (ctx.storage.squash === undefined) throw new ApiError(501, "Super-squash is not supported by this storage");
  const principal = c.get("principal");
  const author = principal.kind === "user" ? principal.name : "admin";
  const summary = typeof message === "string" && message.trim() !== "" ? message : `Super-squash branch '${head.name}'`;
  const { commitOid } = await ctx.storage.squash(ref, head.name, head.targetCommit, summary, author);
  if (target.kind !== "pull-request") {
    await ctx.index.sync(ref).catch((error: unknown) => {
      console.error(`[hub] index sync after super-squash of ${ref.type} ${ref.id} failed: ${String(error)}`);
    });
    void datasetViewerOf(ctx)?.enqueue(ref); // a new default-branch head → its Parquet conversion (dataset-viewer/)
  }
  emitHubEvent(ctx, c, {
    kind: "repo.content",
    repo: ref,
    updatedRefs: [{ ref: head.ref, oldSha: head.targetCommit, newSha: commitOid }],
  });
  return c.json({
    commitId: commitOid,
    commitUrl: `${baseUrl(c)}/${urlPrefix(ref.type)}${ref.id}/commit/${commitOid}`,
  });
}

/** What is squashed: `name` as storage.squash takes it, the full ref (for webhooks) and its current head. */
interface SquashHead {
  name: string;
  ref: string;
  targetCommit: string;
}

/** A branch by name or `refs/heads/…` (the default one when empty); 400 for a tag, 404 for anything else. */
async function branchHead(ctx: HubContext, ref: RepoRef, named: string): Promise<SquashHead> {
  const revision = named === "" ? await ctx.storage.defaultBranch(ref) : named;
  if (revision.length > 256) throw new RevisionNotFoundError(revision);
  const refs = await ctx.storage.refs(ref);
  const name = revision.startsWith("refs/heads/") ? revision.slice("refs/heads/".length) : revision;
  const branch = refs.branches.find((candidate) => candidate.name === name);
  if (branch === undefined) {
    if (revision.startsWith("refs/tags/") || refs.tags.some((tag) => tag.name === revision))
      throw new ApiError(400, "Invalid reference for a branch: you cannot squash history on tags");
    throw new RevisionNotFoundError(revision);
  }
  return { name: branch.name, ref: branch.ref, targetCommit: branch.targetCommit };
}

async function pullRequestHead(ctx: HubContext, ref: RepoRef, num: number): Promise<SquashHead> {
  const name = prRef(num);
  const targetCommit = await ctx.storage.resolveRevision(ref, name);
  if (targetCommit === undefined) throw new RevisionNotFoundError(name);
  return { name, ref: name, targetCommit };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.post("/api/:segment/:ns/:name/super-squash", (c) => squash(ctx, c));
  app.post("/api/:segment/:ns/:name/super-squash/*", (c) => squash(ctx, c));
}
