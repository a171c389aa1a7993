// The owner's view of a repository's large files and their permanent deletion (huggingface_hub `list_lfs_files`,
// `permanently_delete_lfs_files`):
//   GET  /api/{type}s/{id}/lfs-files         pages of `{oid, fileOid, size, pushedAt, ref, filename}` (Link: next)
//   POST /api/{type}s/{id}/lfs-files/batch   `{deletions: {sha: [...], rewriteHistory}}`
// The objects listed are those linked to the repository (lfs/repo-objects.ts): LFS uploads and Xet-uploaded files
// alike. Listing needs write access (what writers may overwrite); deleting needs `manage`, like deleting the whole
// repository, since it cannot be undone. A deletion removes the object's link to THIS repository. With
// `rewriteHistory` (true unless sent as false, as huggingface_hub's default) the history is rewritten first, as on
// the hub: every commit of every branch, tag, `refs/pr/*` and `refs/convert/*` ref loses the pointer files to the
// deleted objects (repos/lfs-history-rewrite.ts: new commit ids from the first such commit on, author, dates and
// messages kept; at most 10 000 commits, else 413; the refs move together or not at all, 409 when a push moved
// one meanwhile; commits through the server wait for it), and then the index, the dataset viewer and webhooks
// learn of the moved refs as after a super-squash. With `rewriteHistory: false` the pointer files stay in the
// history and answer 404 for that file from then on. The bytes in the store (folder or bucket) go when no
// repository links them any more and no upload holds them (the store's removeUnlinked), and a Xet file's
// chunks go at the next `xet gc` once it is past the grace period (xet/gc.ts).
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { datasetViewerOf } from "../dataset-viewer/service.js";
import type { HubContext } from "../hub-context.js";
import { SHA256_HEX } from "../lfs/pointer.js";
import { MAX_LINK_QUERY } from "../lfs/repo-objects.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { emitHubEvent } from "../webhooks/events.js";
import { ApiError } from "./api-error.js";
import { nextPageUrl } from "./listing.js";
import { readableRepo, writableRepo } from "./repo-access.js";
import { apiRepoUrl } from "./repo-url.js";
import { jsonObjectBody } from "./request-body.js";

const DEFAULT_PAGE = 1000;
/** Branches searched for a file name of each listed object (the default branch first). */
const MAX_BRANCHES_SEARCHED = 10;
const MAX_BATCH_BODY = 256 * 1024;

/** The repository, for a caller allowed `action` on it; anonymous callers get 401 after the existence check. */
async function allowedRepo(ctx: HubContext, c: Context<HubEnv>, action: "write" | "manage"): Promise<RepoRef> {
  const url = apiRepoUrl(c);
  if (url === undefined) throw new ApiError(404, "Not found");
  if (c.get("principal").kind === "anonymous") {
    await readableRepo(ctx, c, url.ref);
    throw new ApiError(401, "You must be authenticated to manage this repository's LFS files");
  }
  return writableRepo(ctx, c, url.ref, action);
}

/** A path and branch where each of `oids` is an LFS file, searching the branch heads (default branch first). */
async function whereFound(
  ctx: HubContext,
  ref: RepoRef,
  oids: ReadonlySet<string>,
): Promise<Map<string, { path: string; branch: string }>> {
  const found = new Map<string, { path: string; branch: string }>();
  const main = await ctx.storage.defaultBranch(ref);
  const branches = (await ctx.storage.refs(ref)).branches
    .sort((a, b) => (a.name === main ? -1 : b.name === main ? 1 : a.name.localeCompare(b.name)))
    .slice(0, MAX_BRANCHES_SEARCHED);
  for (const branch of branches) {
    if (found.size === oids.size) break;
    const entries = await ctx.storage.listTree(ref, branch.targetCommit, "", { recursive: true }).catch(() => []);
    for (const entry of entries ?? []) {
      const oid = entry.lfs?.oid;
      if (oid !== undefined && oids.has(oid) && !found.has(oid))
        found.set(oid, { path: entry.path, branch: branch.name });
    }
  }
  return found;
}

async function list(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  const ref = await allowedRepo(ctx, c, "write");
  const params = new URL(c.req.url).searchParams;
  const cursor = params.get("cursor") ?? "";
  if (cursor !== "" && !SHA256_HEX.test(cursor)) throw new ApiError(400, "Invalid cursor");
  const limitText = params.get("limit");
  // a limit that is not a whole number is the caller's mistake, said as such (not quietly a full page)
  if (limitText !== null && !/^\d{1,9}$/.test(limitText))
    throw new ApiError(400, "Invalid limit: expected a whole number");
  const limit = limitText === null ? DEFAULT_PAGE : Math.max(1, Math.min(DEFAULT_PAGE, Number(limitText)));
  const page = await ctx.lfsLinks.page(ref, cursor, limit);
  const names = await whereFound(ctx, ref, new Set(page.map((object) => object.oid)));
  const last = page.at(-1);
  if (last !== undefined && page.length === limit) c.header("Link", `<${nextPageUrl(c, last.oid)}>; rel="next"`);
  return c.json(
    page.map((object) => {
      const where = names.get(object.oid);
      return {
        oid: object.oid,
        fileOid: object.oid,
        size: object.size,
        pushedAt: object.linkedAt,
        ref: where === undefined ? null : `refs/heads/${where.branch}`,
        // Not in any branch head (only in older commits): the oid stands in for a name.
        filename: where?.path ?? object.oid,
      };
    }),
  );
}

async function deleteBatch(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  const ref = await allowedRepo(ctx, c, "manage");
  const body = await jsonObjectBody(c, MAX_BATCH_BODY);
  const deletions = body.deletions;
  if (typeof deletions !== "object" || deletions === null || Array.isArray(deletions))
    throw new ApiError(400, 'Missing "deletions" object in the request body');
  const { sha, rewriteHistory } = deletions as Record<string, unknown>;
  if (!Array.isArray(sha) || sha.length === 0 || sha.length > MAX_LINK_QUERY)
    throw new ApiError(400, `"deletions.sha" must be a list of 1 to ${MAX_LINK_QUERY} object ids`);
  for (const oid of sha)
    if (typeof oid !== "string" || !SHA256_HEX.test(oid))
      throw new ApiError(400, `Invalid LFS object id: ${JSON.stringify(String(oid).slice(0, 80))}`);
  if (rewriteHistory !== undefined && typeof rewriteHistory !== "boolean")
    throw new ApiError(400, '"deletions.rewriteHistory" must be true or false');
  // Rewritten before the unlink: a refused rewrite (409, 413) leaves everything as it was.
  if (rewriteHistory !== false) await rewriteHistoryWithout(ctx, c, ref, new Set(sha as string[]));
  const unlinked = await ctx.lfsLinks.unlink(ref, sha as string[]);
  const store = ctx.lfs;
  if (store.removeUnlinked !== undefined)
    for (const oid of unlinked) await store.removeUnlinked(oid, () => ctx.lfsLinks.linkedAnywhere(oid));
  return c.json({ deleted: unlinked.length });
}

/** The history without the pointer files to `oids`, then the bookkeeping of moved refs (as api/squash.ts). */
async function rewriteHistoryWithout(
  ctx: HubContext,
  c: Context<HubEnv>,
  ref: RepoRef,
  oids: ReadonlySet<string>,
): Promise<void> {
  if (ctx.storage.rewriteWithoutLfs === undefined)
    throw new ApiError(501, "Rewriting history is not supported by this storage");
  const { movedRefs } = await ctx.storage.rewriteWithoutLfs(ref, oids);
  if (movedRefs.length === 0) return;
  await ctx.index.sync(ref).catch((error: unknown) => {
    console.error(`[hub] index sync after an LFS history rewrite of ${ref.type} ${ref.id} failed: ${String(error)}`);
  });
  void datasetViewerOf(ctx)?.enqueue(ref);
  emitHubEvent(ctx, c, { kind: "repo.content", repo: ref, updatedRefs: movedRefs });
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/:segment/:ns/:name/lfs-files", (c) => list(ctx, c));
  app.post("/api/:segment/:ns/:name/lfs-files/batch", (c) => deleteBatch(ctx, c));
}
