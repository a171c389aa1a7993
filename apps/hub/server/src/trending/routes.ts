// A site-only route: `GET /api/web/downloads/{models|datasets|spaces}/{owner}/{name}` → `{"days": [{"date":
// "2026-11-01", "downloads": 3}, …]}`, the repository's downloads of each of the last 30 UTC days (today last,
// days without downloads as 0), for the model page's downloads graph. A repository the caller cannot read answers
// exactly as a missing one (api/repo-access.ts readableRepo).
import type { Hono } from "hono";
import { ApiError, RepoNotFoundError } from "../api/api-error.js";
import { readableRepo } from "../api/repo-access.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { isValidRepoId, typeFromSegment } from "../repos/repo-ref.js";
import { DbRepoIndex } from "../store/db-repo-index.js";

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/web/downloads/:segment/:ns/:name", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const type = typeFromSegment(c.req.param("segment"));
    if (type === undefined) throw new ApiError(404, "Not found");
    const id = `${c.req.param("ns")}/${c.req.param("name")}`;
    if (!isValidRepoId(id)) throw new RepoNotFoundError(c.get("principal").kind === "anonymous");
    const ref = await readableRepo(ctx, c, { type, id });
    const days = ctx.index instanceof DbRepoIndex ? await ctx.index.trending.series(ref.type, ref.id) : [];
    return c.json({ days });
  });
}
