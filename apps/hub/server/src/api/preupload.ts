// `POST /api/{type}s/{id}/preupload/{rev}` (hub-api.md §4.4): which files go to LFS, the current id of files
// that already exist so the clients skip unchanged ones, and which the root .gitignore excludes (`shouldIgnore`,
// api/gitignore.ts), which `upload_folder` then leaves out.
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { commitTarget } from "../community/pull-requests.js";
import type { HubContext } from "../hub-context.js";
import { lfsPatterns } from "../lfs/attributes.js";
import { uploadMode } from "../lfs/upload-mode.js";
import { defaultGitattributes } from "../repos/default-gitattributes.js";
import { checkedPath } from "../repos/repo-paths.js";
import { ApiError, RevisionNotFoundError } from "./api-error.js";
import { GitignoreMatcher } from "./gitignore.js";
import { apiRepoUrl, revisionAndPath } from "./repo-url.js";
import { jsonObjectBody, truthy } from "./request-body.js";

const MAX_FILES = 1000;
const MAX_BODY = 8 * 1024 * 1024;
const MAX_ATTRIBUTES_BYTES = 1024 * 1024;
const MAX_GITIGNORE_BYTES = 1024 * 1024;

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.post("/api/:segment/:ns/:name/preupload/*", async (c) => {
    const url = apiRepoUrl(c);
    if (url === undefined) return c.notFound();
    const { revision } = revisionAndPath(url.rest);
    // With create_pr (or onto refs/pr/N) any reader with a write token may prepare a pull request's commit.
    const { ref } = await commitTarget(ctx, c, url.ref, revision, truthy(c.req.query("create_pr")));
    const body = await jsonObjectBody(c, MAX_BODY);
    if (!Array.isArray(body.files)) throw new ApiError(400, 'Missing "files" array in the request body');
    if (body.files.length > MAX_FILES) throw new ApiError(400, `At most ${MAX_FILES} files per request`);
    // A revision that does not exist yet is fine for preupload (a branch about to be created): use the default one.
    const commit =
      (await ctx.storage.resolveRevision(ref, revision)) ?? (await ctx.storage.resolveRevision(ref, "HEAD"));
    if (commit === undefined) throw new RevisionNotFoundError(revision);
    let attributes = typeof body.gitAttributes === "string" ? body.gitAttributes : undefined;
    const existing = new Map(
      ((await ctx.storage.listTree(ref, commit, "", { recursive: true })) ?? []).map((entry) => [entry.path, entry]),
    );
    if (attributes === undefined) {
      const committed = existing.get(".gitattributes");
      attributes =
        committed === undefined
          ? defaultGitattributes(ref.type)
          : (await ctx.storage.readBlob(ref, committed.oid, MAX_ATTRIBUTES_BYTES)).toString("utf8");
    }
    const patterns = lfsPatterns(attributes);
    // `gitIgnore`: the text of a .gitignore committed in the same operation; else the one at this revision.
    let ignoreText = typeof body.gitIgnore === "string" ? body.gitIgnore : undefined;
    if (ignoreText === undefined) {
      const committed = existing.get(".gitignore");
      if (committed?.type === "file" && committed.lfs === undefined)
        ignoreText = (await ctx.storage.readBlob(ref, committed.oid, MAX_GITIGNORE_BYTES)).toString("utf8");
    }
    if (ignoreText !== undefined && Buffer.byteLength(ignoreText) > MAX_GITIGNORE_BYTES)
      throw new ApiError(413, `"gitIgnore" is larger than ${MAX_GITIGNORE_BYTES} bytes`);
    const ignore = ignoreText === undefined ? undefined : new GitignoreMatcher(ignoreText);
    const files = body.files.map((raw: unknown) => {
      const file = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
      if (typeof file.path !== "string") throw new ApiError(400, 'Each file needs a string "path"');
      const path = checkedPath(file.path);
      const size = typeof file.size === "number" && Number.isSafeInteger(file.size) && file.size >= 0 ? file.size : 0;
      const sample =
        typeof file.sample === "string" ? Buffer.from(file.sample.slice(0, 1024), "base64") : Buffer.alloc(0);
      const mode = uploadMode({ path, size, sample }, patterns, ctx.config.storageLimits);
      const current = existing.get(path);
      const oid = current?.type === "file" ? (current.lfs?.oid ?? current.oid) : undefined;
      const shouldIgnore = ignore?.ignores(path) ?? false;
      return { path, uploadMode: mode, shouldIgnore, ...(oid !== undefined ? { oid } : {}) };
    });
    return c.json({ files, commitOid: commit });
  });
}
