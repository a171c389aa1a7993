// `GET /api/quicksearch?q=…[&limit=N]` (the hub's global search box): the first few models, datasets and spaces whose
// id matches every word of `q` (the listing's prefix search, most downloaded first, private ones only for whom may
// see them), and the users and organizations whose name starts with `q`. Bounded: `q` at most 100 characters,
// at most 10 results per kind.
import type { Hono } from "hono";
import { ANONYMOUS, type HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { REPO_TYPES } from "../repos/repo-ref.js";
import { ApiError } from "./api-error.js";
import { indexDb } from "./web-facets.js";

const MAX_QUERY = 100;
const DEFAULT_LIMIT = 5;
const MAX_LIMIT = 10;

export interface QuickSearchAnswer {
  q: string;
  models: Array<{ id: string }>;
  datasets: Array<{ id: string }>;
  spaces: Array<{ id: string }>;
  users: Array<{ user: string; fullname: string }>;
  orgs: Array<{ name: string; fullname: string }>;
}

function parseLimit(text: string | null): number {
  if (text === null || text === "") return DEFAULT_LIMIT;
  if (!/^\d{1,2}$/.test(text) || Number(text) < 1 || Number(text) > MAX_LIMIT)
    throw new ApiError(400, `"limit" must be an integer between 1 and ${MAX_LIMIT}`);
  return Number(text);
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/quicksearch", async (c) => {
    const params = new URL(c.req.url).searchParams;
    if (params.getAll("q").length > 1) throw new ApiError(400, `Query parameter "q" must be given at most once`);
    const q = (params.get("q") ?? "").trim();
    if (q.length > MAX_QUERY) throw new ApiError(400, `"q" must be at most ${MAX_QUERY} characters`);
    if (q.includes("\u0000")) throw new ApiError(400, `"q" must not contain NUL characters`);
    const limit = parseLimit(params.get("limit"));
    const principal = c.get("principal") ?? ANONYMOUS;
    c.header("Cache-Control", "private, no-store");
    const answer: QuickSearchAnswer = { q, models: [], datasets: [], spaces: [], users: [], orgs: [] };
    if (q === "") return c.json(answer);
    const key = { model: "models", dataset: "datasets", space: "spaces" } as const;
    for (const type of REPO_TYPES) {
      const page = await ctx.index.list(type, { search: q, sort: "downloads", direction: -1, limit }, principal, false);
      answer[key[type]] = page.rows.map((row) => ({ id: row.id }));
    }
    // Accounts by name prefix: a name is letters, digits and `-_.`; anything else cannot match one.
    const db = indexDb(ctx);
    const prefix = q.toLowerCase();
    if (db !== undefined && /^[a-z0-9._-]+$/.test(prefix)) {
      const rows = await db.query<{ name: string; kind: string; fullname: string }>(
        `SELECT name, kind, fullname FROM hub_accounts WHERE left(name_key, $1) = $2
         ORDER BY length(name_key), name_key LIMIT $3`,
        [prefix.length, prefix, limit * 2],
      );
      for (const row of rows) {
        if (row.kind === "org" && answer.orgs.length < limit)
          answer.orgs.push({ name: row.name, fullname: row.fullname });
        if (row.kind === "user" && answer.users.length < limit)
          answer.users.push({ user: row.name, fullname: row.fullname });
      }
    }
    return c.json(answer);
  });
}
