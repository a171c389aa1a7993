// `GET /api/models`, `/api/datasets`, `/api/spaces` (hub-api.md §2.1): search, filters, sort, keyset pages with an
// absolute `Link: <…>; rel="next"`, and private repositories only for the owner and the owner's organizations.
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { ANONYMOUS } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { REPO_TYPES, type RepoType } from "../repos/repo-ref.js";
import { requestBaseUrl } from "./base-url.js";
import { encodeCursor, parseModelQuery } from "./model-query.js";
import { type ListShape, listItem, needsRecord, parseExpand } from "./repo-shape.js";

/** `true`/`True`/`1` (Python 0.x sends `True`). */
export function isTrue(value: string | undefined): boolean {
  return value !== undefined && /^(true|1)$/i.test(value);
}

/** The absolute URL of the next page: the request's own URL at the caller's base, with the new cursor. */
export function nextPageUrl(c: Context, cursor: string): string {
  const url = new URL(c.req.url);
  url.searchParams.set("cursor", cursor);
  return `${requestBaseUrl(c)}${url.pathname}${url.search}`;
}

async function list(ctx: HubContext, c: Context<HubEnv>, type: RepoType): Promise<Response> {
  const params = new URL(c.req.url).searchParams;
  const query = parseModelQuery(params);
  const shape: ListShape = {
    full: isTrue(params.get("full") ?? undefined),
    config: isTrue(params.get("config") ?? undefined),
    cardData: isTrue(params.get("cardData") ?? undefined),
    expand: parseExpand(type, params),
  };
  const principal = c.get("principal") ?? ANONYMOUS;
  const page = await ctx.index.list(type, query, principal, needsRecord(type, shape));
  if (page.next !== undefined) c.header("Link", `<${nextPageUrl(c, encodeCursor(page.next))}>; rel="next"`);
  // Gating lives in its own table (gating/gate-store.ts): one look-up for the page's gated repositories.
  const gated =
    (await ctx.gates?.modes(
      type,
      page.rows.map((row) => row.id),
    )) ?? new Map<string, string>();
  return c.json(page.rows.map((row) => listItem(type, row, shape, gated.get(row.id.toLowerCase()) ?? false)));
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  for (const type of REPO_TYPES) app.get(`/api/${type}s`, (c) => list(ctx, c, type));
}
