// `GET /api/{type}s/{id}/tree/{rev}[/{path}]` and `POST …/paths-info/{rev}` (hub-api.md §2.3, §2.4): tree entries
// with LFS facts, `xetHash` for files stored through Xet and, on request, each entry's last commit.
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { pathProblem } from "../repos/repo-paths.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { TreeEntry } from "../repos/storage.js";
import { ApiError, EntryNotFoundError, RevisionNotFoundError } from "./api-error.js";
import { readableRepo } from "./repo-access.js";
import { apiRepoUrl, baseUrl, revisionAndPath } from "./repo-url.js";
import { boundedBody, truthy } from "./request-body.js";

const PAGE_SIZE = 1000;
const EXPANDED_PAGE_SIZE = 50;
const MAX_PATHS_INFO = 1000;
const MAX_PATHS_INFO_BODY = 4 * 1024 * 1024;

interface TreeItem {
  type: "file" | "directory";
  oid: string;
  size: number;
  path: string;
  lfs?: { oid: string; size: number; pointerSize: number };
  xetHash?: string;
  lastCommit?: { id: string; title: string; date: string };
}

async function items(
  ctx: HubContext,
  ref: RepoRef,
  commit: string,
  entries: readonly TreeEntry[],
  expand: boolean,
): Promise<TreeItem[]> {
  const last = expand
    ? await ctx.storage.lastCommits(
        ref,
        commit,
        entries.map((entry) => entry.path),
      )
    : new Map();
  // Files stored through Xet carry their Xet hash (snapshot_download then skips a HEAD per file).
  const xetHashes =
    ctx.xet !== undefined
      ? await ctx.xet.index.xetHashes(entries.flatMap((entry) => (entry.lfs !== undefined ? [entry.lfs.oid] : [])))
      : new Map<string, string>();
  return entries.map((entry) => {
    const summary = last.get(entry.path);
    const xetHash = entry.lfs !== undefined ? xetHashes.get(entry.lfs.oid) : undefined;
    return {
      type: entry.type,
      oid: entry.oid,
      size: entry.size,
      path: entry.path,
      ...(entry.lfs !== undefined ? { lfs: entry.lfs } : {}),
      ...(xetHash !== undefined ? { xetHash } : {}),
      ...(summary !== undefined ? { lastCommit: { id: summary.id, title: summary.title, date: summary.date } } : {}),
    };
  });
}

async function resolveCommit(ctx: HubContext, ref: RepoRef, revision: string): Promise<string> {
  const commit = await ctx.storage.resolveRevision(ref, revision);
  if (commit === undefined) throw new RevisionNotFoundError(revision);
  return commit;
}

/** paths-info takes a form (Python) or JSON (JS) body: `paths` (repeated) and `expand`. */
async function pathsInfoRequest(c: Context): Promise<{ paths: string[]; expand: boolean }> {
  const bytes = await boundedBody(c, MAX_PATHS_INFO_BODY);
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    let body: unknown;
    try {
      body = JSON.parse(bytes.toString("utf8"));
    } catch {
      throw new ApiError(400, "The request body is not valid JSON");
    }
    const record = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const paths = Array.isArray(record.paths) ? record.paths.filter((p): p is string => typeof p === "string") : [];
    return { paths, expand: record.expand === true || truthy(String(record.expand)) };
  }
  const form = new URLSearchParams(bytes.toString("utf8"));
  return { paths: form.getAll("paths"), expand: truthy(form.get("expand")) };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/:segment/:ns/:name/tree/*", async (c) => {
    const url = apiRepoUrl(c);
    if (url === undefined) return c.notFound();
    const ref = await readableRepo(ctx, c, url.ref);
    const { revision, path } = revisionAndPath(url.rest);
    const commit = await resolveCommit(ctx, ref, revision);
    const folder = path.replace(/\/+$/, "");
    const query = new URL(c.req.url).searchParams;
    const expand = truthy(query.get("expand"));
    const entries =
      folder === "" || pathProblem(folder) === undefined
        ? await ctx.storage.listTree(ref, commit, folder, { recursive: truthy(query.get("recursive")) })
        : undefined;
    if (entries === undefined) throw new EntryNotFoundError(folder, { "X-Repo-Commit": commit });
    const pageSize = expand ? EXPANDED_PAGE_SIZE : PAGE_SIZE;
    const cursor = query.get("cursor") ?? "";
    const offset = /^\d{1,9}$/.test(cursor) ? Number(cursor) : 0;
    const page = entries.slice(offset, offset + pageSize);
    if (offset + pageSize < entries.length) {
      const next = new URL(c.req.url);
      next.searchParams.set("cursor", String(offset + pageSize));
      c.header("Link", `<${baseUrl(c)}${next.pathname}${next.search}>; rel="next"`);
    }
    return c.json(await items(ctx, ref, commit, page, expand));
  });

  app.post("/api/:segment/:ns/:name/paths-info/*", async (c) => {
    const url = apiRepoUrl(c);
    if (url === undefined) return c.notFound();
    const ref = await readableRepo(ctx, c, url.ref);
    const commit = await resolveCommit(ctx, ref, revisionAndPath(url.rest).revision);
    const request = await pathsInfoRequest(c);
    if (request.paths.length > MAX_PATHS_INFO) throw new ApiError(400, `At most ${MAX_PATHS_INFO} paths per request`);
    const found: TreeEntry[] = [];
    for (const path of new Set(request.paths.map((p) => p.replace(/\/+$/, "")))) {
      if (pathProblem(path) !== undefined) continue;
      const entry = await ctx.storage.stat(ref, commit, path);
      if (entry !== undefined) found.push(entry);
    }
    return c.json(await items(ctx, ref, commit, found, request.expand));
  });
}
