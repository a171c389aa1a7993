// The likes listings (huggingface_hub `list_liked_repos`, `list_repo_likers`): `GET /api/users/{user}/likes` and
// `GET /api/{type}s/{id}/likers`, from hub_likes (api/repo-info.ts writes it). A like of a private repository is
// listed only to callers who may read that repository, and the likers of a private repository only to them: the
// same `can()` decision as every read (auth/permissions.ts), in SQL for the listing. Pages follow the hub's
// `Link: <…>; rel="next"` convention, which the Python client's paginate() follows.
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { linkNextOffset, offsetFromCursor } from "../api/offset-cursor.js";
import { readableRepo } from "../api/repo-access.js";
import { apiRepoUrl, baseUrl } from "../api/repo-url.js";
import type { HubEnv, Principal } from "../auth/principal.js";
import { readableRepoSql, viewerOf } from "../collections/viewer.js";
import type { HubContext } from "../hub-context.js";
import { isValidNamespace } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { DbRepoIndex } from "../store/db-repo-index.js";

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** The repositories of every type with their privacy, for joining likes (ids compared in lower case). */
const ALL_REPOS = `(SELECT id, 'model' AS type, private FROM hub_models
  UNION ALL SELECT id, 'dataset', private FROM hub_datasets
  UNION ALL SELECT id, 'space', private FROM hub_spaces)`;

interface Page {
  limit: number;
  offset: number;
}

function page(c: Context<HubEnv>): Page {
  const limitText = c.req.query("limit") ?? String(DEFAULT_LIMIT);
  if (!/^\d{1,5}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > MAX_LIMIT)
    throw new ApiError(400, `"limit" must be a number from 1 to ${MAX_LIMIT}`);
  return { limit: Number(limitText), offset: offsetFromCursor(c.req.query("cursor")) };
}

async function likesOf(db: Db, user: string, principal: Principal, current: Page) {
  const viewer = viewerOf(principal);
  return db.query<{ id: string; type: string; created_at: string | Date }>(
    `SELECT r.id, r.type, l.created_at FROM hub_likes l
     JOIN ${ALL_REPOS} r ON r.type = l.repo_type AND lower(r.id) = l.repo_key
     WHERE l.user_key = lower($1)
       AND ${readableRepoSql("r", 4, 5)}
     ORDER BY l.created_at DESC, l.repo_type, l.repo_key LIMIT $2 OFFSET $3`,
    [user, current.limit, current.offset, viewer.admin, viewer.namespaces],
  );
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  // The index's database (the likes live beside the repositories' rows); none in a hub without one.
  const db = ctx.index instanceof DbRepoIndex ? ctx.index.store.db : undefined;

  app.get("/api/users/:user/likes", async (c) => {
    const user = c.req.param("user");
    if (!isValidNamespace(user)) throw new ApiError(404, "User not found");
    const account = await ctx.accounts.account(user);
    if (account === undefined || account.kind !== "user") throw new ApiError(404, "User not found");
    if (db === undefined) return c.json([]);
    const current = page(c);
    const rows = await likesOf(db, account.name, c.get("principal"), current);
    linkNextOffset(c, current.offset, rows.length, current.limit);
    return c.json(
      rows.map((row) => ({
        createdAt: new Date(row.created_at).toISOString(),
        repo: { name: row.id, type: row.type },
      })),
    );
  });

  app.get("/api/:segment/:ns/:name/likers", async (c) => {
    const url = apiRepoUrl(c);
    if (url === undefined) throw new ApiError(404, "Not found");
    const repo = await readableRepo(ctx, c, url.ref);
    if (db === undefined) return c.json([]);
    const current = page(c);
    const rows = await db.query<{ name: string; fullname: string }>(
      `SELECT a.name, a.fullname FROM hub_likes l JOIN hub_accounts a ON a.name_key = l.user_key
       WHERE l.repo_type = $1 AND l.repo_key = lower($2)
       ORDER BY l.created_at DESC, l.user_key LIMIT $3 OFFSET $4`,
      [repo.type, repo.id, current.limit, current.offset],
    );
    linkNextOffset(c, current.offset, rows.length, current.limit);
    const base = baseUrl(c);
    return c.json(
      rows.map((row) => ({
        user: row.name,
        fullname: row.fullname,
        type: "user",
        avatarUrl: `${base}/avatars/${encodeURIComponent(row.name)}.svg`,
        isPro: false,
      })),
    );
  });
}
