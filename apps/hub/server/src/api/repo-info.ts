// `GET|HEAD /api/{type}s/{id}` and `…/revision/{rev}` (hub-api.md §2.2): the default branch from the index, any
// other revision derived from storage at that commit; `blobs=true` adds file sizes and LFS facts; `expand[]`
// picks keys. Also `POST|DELETE /api/{type}s/{id}/like`. Every route passes readableRepo (private = not found).
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { deriveRepoMetadata } from "../derive/metadata.js";
import type { HubContext } from "../hub-context.js";
import { repoScopedStore } from "../lfs/repo-scoped-store.js";
import { REPO_TYPES, type RepoRef, type RepoType } from "../repos/repo-ref.js";
import { mergeRecord } from "../store/db-repo-index.js";
import type { IndexedRow } from "../store/model-store.js";
import { ApiError, RepoNotFoundError, RevisionNotFoundError } from "./api-error.js";
import { isTrue } from "./listing.js";
import { readableRepo } from "./repo-access.js";
import { fullInfo, parseExpand, pickExpand } from "./repo-shape.js";

const MAX_REVISION_LENGTH = 256;

/** The row describing `repo` at `revision`: the index's for the default branch, else derived at that commit. */
async function rowAt(ctx: HubContext, repo: RepoRef, revision: string | undefined): Promise<IndexedRow> {
  const row = await ctx.index.record(repo);
  if (row === undefined) throw new RepoNotFoundError();
  const defaultBranch = await ctx.storage.defaultBranch(repo).catch(() => "main");
  if (revision === undefined || revision === "HEAD" || revision === defaultBranch) {
    // A record without a commit is a hub record with no repository behind it (an imported dump): as stored.
    if (row.sha === null || revision === undefined) return row;
  }
  if (revision !== undefined && revision.length > MAX_REVISION_LENGTH) throw new RevisionNotFoundError(revision);
  if (!(await ctx.storage.exists(repo))) {
    if (revision === undefined || revision === "HEAD" || revision === defaultBranch) return row;
    throw new RevisionNotFoundError(revision);
  }
  const commit = await ctx.storage.resolveRevision(repo, revision ?? "HEAD");
  if (commit === undefined) throw new RevisionNotFoundError(revision ?? "HEAD");
  if (commit === row.sha) return row;
  const derived = await deriveRepoMetadata(ctx.storage, repoScopedStore(ctx.lfs, ctx.lfsLinks, repo), repo, commit);
  const record = mergeRecord(repo, derived, row.record, {
    private: row.private,
    createdAt: row.createdAt ?? derived.lastModified,
    downloads: row.downloads,
    likes: row.likes,
  });
  return {
    ...row,
    sha: commit,
    lastModified: derived.lastModified,
    tags: derived.tags,
    pipeline_tag: typeof record.pipeline_tag === "string" ? record.pipeline_tag : null,
    library_name: typeof record.library_name === "string" ? record.library_name : null,
    record,
  };
}

async function info(ctx: HubContext, c: Context<HubEnv>, type: RepoType, revision: string | undefined) {
  const params = new URL(c.req.url).searchParams;
  const expand = parseExpand(type, params);
  const repo = await readableRepo(ctx, c, { type, id: `${c.req.param("namespace")}/${c.req.param("name")}` });
  const row = await rowAt(ctx, repo, revision);
  const full = fullInfo(type, row, isTrue(params.get("blobs") ?? undefined));
  // Gating lives in its own table (gating/gate-store.ts), not in the derived record.
  full.gated = (await ctx.gates?.mode(repo)) ?? false;
  if (isTrue(params.get("securityStatus") ?? undefined))
    full.securityRepoStatus = { scansDone: true, filesWithIssues: [] };
  return c.json(expand.length > 0 ? pickExpand(full, expand) : full);
}

async function like(ctx: HubContext, c: Context<HubEnv>, type: RepoType, liked: boolean) {
  const principal = c.get("principal");
  if (principal.kind !== "user") throw new ApiError(401, "You must be logged in to like a repository");
  const repo = await readableRepo(ctx, c, { type, id: `${c.req.param("namespace")}/${c.req.param("name")}` });
  // A like is a write (it changes the repository's public count): a read token may not, as on the hub.
  if (principal.role !== "write") throw new ApiError(403, "You need a token with write access to like a repository");
  return c.json({ likes: await ctx.index.setLike(repo, principal.name, liked) });
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  for (const type of REPO_TYPES) {
    const base = `/api/${type}s/:namespace/:name`;
    app.get(base, (c) => info(ctx, c, type, undefined));
    app.get(`${base}/revision/:revision{.+}`, (c) => info(ctx, c, type, c.req.param("revision")));
    app.post(`${base}/like`, (c) => like(ctx, c, type, true));
    app.delete(`${base}/like`, (c) => like(ctx, c, type, false));
  }
}
