// `POST /api/{type}s/{repo}/super-squash/{branch}` (huggingface_hub `super_squash_history`, gating/README.md): the
// branch becomes one parentless commit of its current tree. The old commits are then served only while another
// ref reaches them (repos/reachability.ts: resolve by id and git fetch check reachability from the refs). Writers
// only; the branch moves by compare-and-swap from the head read here (412 when it moved meanwhile).
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { datasetViewerOf } from "../dataset-viewer/service.js";
import type { HubContext } from "../hub-context.js";
import { urlPrefix } from "../repos/repo-ref.js";
import { emitHubEvent } from "../webhooks/events.js";
import { ApiError, RevisionNotFoundError } from "./api-error.js";
import { readJsonObject } from "./json-body.js";
import { apiRepoUrl, baseUrl, decodedSegment } from "./repo-url.js";
import { writableBySignedIn } from "./write-access.js";

async function squash(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  const url = apiRepoUrl(c);
  if (url === undefined) throw new ApiError(404, "Not found");
  const ref = await writableBySignedIn(ctx, c, url.ref);
  const body = await readJsonObject(c);
  const message = body.message;
  if (message !== undefined && message !== null && typeof message !== "string")
    throw new ApiError(400, '"message" must be a string');
  // Python quotes the branch whole (`refs%2Fheads%2Fx`); a raw slash-separated name means the same.
  let revision = url.rest.map(decodedSegment).join("/");
  if (revision === "") revision = await ctx.storage.defaultBranch(ref);
  if (revision.length > 256) throw new RevisionNotFoundError(revision);
  const refs = await ctx.storage.refs(ref);
  const name = revision.startsWith("refs/heads/") ? revision.slice("refs/heads/".length) : revision;
  const branch = refs.branches.find((candidate) => candidate.name === name);
  if (branch === undefined) {
    if (revision.startsWith("refs/tags/") || refs.tags.some((tag) => tag.name === revision))
      throw new ApiError(400, "Invalid reference for a branch: you cannot squash history on tags");
    throw new RevisionNotFoundError(revision);
  }
  if (ctx.storage.squash === undefined) throw new ApiError(501, "Super-squash is not supported by this storage");
  const principal = c.get("principal");
  const author = principal.kind === "user" ? principal.name : "admin";
  const summary = typeof message === "string" && message.trim() !== "" ? message : `Super-squash branch '${name}'`;
  const { commitOid } = await ctx.storage.squash(ref, branch.name, branch.targetCommit, summary, author);
  await ctx.index.sync(ref).catch((error: unknown) => {
    console.error(`[hub] index sync after super-squash of ${ref.type} ${ref.id} failed: ${String(error)}`);
  });
  void datasetViewerOf(ctx)?.enqueue(ref); // a new default-branch head → its Parquet conversion (dataset-viewer/)
  emitHubEvent(ctx, c, {
    kind: "repo.content",
    repo: ref,
    updatedRefs: [{ ref: branch.ref, oldSha: branch.targetCommit, newSha: commitOid }],
  });
  return c.json({
    commitId: commitOid,
    commitUrl: `${baseUrl(c)}/${urlPrefix(ref.type)}${ref.id}/commit/${commitOid}`,
  });
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.post("/api/:segment/:ns/:name/super-squash", (c) => squash(ctx, c));
  app.post("/api/:segment/:ns/:name/super-squash/*", (c) => squash(ctx, c));
}
