// A site-only route: `GET /api/web/permissions/{models|datasets|spaces}/{owner}/{name}` → `{ write, pullRequest }`,
// what the caller may do to the repository's files, decided by the server's one access rule (community/access.ts
// on auth/permissions.ts `can`) so that the Files tab never guesses from names: `write` = commit directly (upload,
// create, edit, delete); `pullRequest` = open a pull request with a commit (`create_pr=1`: any signed-in reader with
// a write token or a session). A repository the caller cannot read answers exactly as a missing one.
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { communityAccess } from "../community/access.js";
import type { HubContext } from "../hub-context.js";
import { isValidRepoId, typeFromSegment } from "../repos/repo-ref.js";
import { ApiError, RepoNotFoundError } from "./api-error.js";

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/web/permissions/:segment/:ns/:name", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const type = typeFromSegment(c.req.param("segment"));
    if (type === undefined) throw new ApiError(404, "Not found");
    const id = `${c.req.param("ns")}/${c.req.param("name")}`;
    if (!isValidRepoId(id)) throw new RepoNotFoundError(c.get("principal").kind === "anonymous");
    const access = await communityAccess(ctx, c, { type, id });
    return c.json({
      write: access.writer && access.canPost,
      pullRequest: access.canPost && ctx.discussions !== undefined,
    });
  });
}
