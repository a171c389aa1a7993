// GET/HEAD `/{repo}/resolve/{rev}/{path}` and `/raw/…` (hub-api.md §3): the file's bytes streamed from disk (LFS
// objects from the large-file store on resolve, the git blob otherwise), with the headers the clients' caches and
// size checks rely on, one byte range per request, and no compression.
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { assertDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import { pathProblem } from "../repos/repo-paths.js";
import { presignedDownload } from "../s3/redirect.js";
import { wantsXetFileInfo, XET_FILEINFO_TYPE, xetResolveHeaders } from "../xet/resolve-headers.js";
import { EntryNotFoundError, RevisionNotFoundError } from "./api-error.js";
import { downloadRequest } from "./download-request.js";
import { readableRepo } from "./repo-access.js";
import { fileRepoUrl, revisionAndPath } from "./repo-url.js";
import { lfsObjectServable, sendRepoFile } from "./send-repo-file.js";

function contentDisposition(path: string): string {
  const name = path.slice(path.lastIndexOf("/") + 1);
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename*=UTF-8''${encodeURIComponent(name)}; filename="${ascii}";`;
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const handler = (raw: boolean) => async (c: Context<HubEnv>) => {
    const url = fileRepoUrl(c);
    if (url === undefined) return c.notFound();
    const ref = await readableRepo(ctx, c, url.ref);
    const { revision, path } = revisionAndPath(url.rest);
    // A gated repository's files (all but the card) need access (gating/gate.ts): 401/403 GatedRepo.
    await assertDownloadAllowed(ctx, c, ref, path);
    const commit = await ctx.storage.resolveRevision(ref, revision);
    if (commit === undefined) throw new RevisionNotFoundError(revision);
    const repoHeaders = { "X-Repo-Commit": commit };
    const entry = pathProblem(path) === undefined ? await ctx.storage.stat(ref, commit, path) : undefined;
    if (entry === undefined || entry.type !== "file") throw new EntryNotFoundError(path, repoHeaders);
    if (!raw) await ctx.index.recordDownload(ref, path, downloadRequest(c)).catch(() => {});

    const lfs = raw ? undefined : entry.lfs;
    // Tree entries of LFS files carry the object's size; /raw/ serves the pointer blob itself.
    const total = lfs?.size ?? entry.lfs?.pointerSize ?? entry.size;
    if (lfs !== undefined && !(await lfsObjectServable(ctx, ref, lfs)))
      throw new EntryNotFoundError(`${path} (its LFS object is missing from the store)`, repoHeaders);
    const headers: Record<string, string> = {
      ...repoHeaders,
      ETag: `"${lfs?.oid ?? entry.oid}"`,
      "Accept-Ranges": "bytes",
      "Content-Type": "application/octet-stream",
      "Content-Disposition": contentDisposition(path),
      "Cache-Control": "private, max-age=0, must-revalidate",
      ...(lfs !== undefined ? { "X-Linked-Etag": `"${lfs.oid}"`, "X-Linked-Size": String(lfs.size) } : {}),
    };
    // Stored through Xet: the headers that let the clients download through Xet (the bytes stay available whole).
    const xetHeaders = lfs !== undefined ? await xetResolveHeaders(c, ctx, ref, commit, lfs.oid) : undefined;
    if (xetHeaders !== undefined) {
      Object.assign(headers, xetHeaders);
      if (wantsXetFileInfo(c))
        return c.json({ hash: xetHeaders["X-Xet-Hash"], size: lfs?.size, etag: lfs?.oid }, 200, {
          ...headers,
          "Content-Type": XET_FILEINFO_TYPE,
        });
    }
    // HUBKIT_S3_REDIRECT: the bytes come straight from the object store (s3/redirect.ts); the headers the clients
    // read (X-Repo-Commit, X-Linked-Etag, X-Linked-Size, Xet's) stay on this 302, as on the hub's CDN redirects.
    const location =
      lfs !== undefined ? await presignedDownload(ctx.lfs, lfs.oid, headers["Content-Disposition"]) : undefined;
    if (location !== undefined) return c.body(null, 302, { ...headers, Location: location });
    return sendRepoFile(c, ctx, { ref, blobOid: entry.oid, lfs, total }, headers);
  };
  for (const prefix of ["", "/datasets", "/spaces"]) {
    app.get(`${prefix}/:ns/:name/resolve/*`, handler(false));
    app.get(`${prefix}/:ns/:name/raw/*`, handler(true));
  }
}
