// A namespace's repositories with their storage (huggingface_hub `list_user_repos`, `hf repos ls`):
//   GET /api/settings/repositories                        the signed-in user's own repositories
//   GET /api/organizations/{org}/settings/repositories    an organization's, for its members
// Each item is `{id, type, updatedAt, visibility, storage, storagePercent}`; private repositories are included, as
// only the namespace itself (the user, the organization's members, the admin) may ask. `storage` counts the bytes
// of the large files linked to the repository (LFS and Xet uploads, lfs/repo-objects.ts) — git's own objects are
// small beside them and not counted — and `storagePercent` is its share of the page's namespace total. Pages of
// one repository type at a time, models then datasets then spaces, chained by the `Link: <…>; rel="next"` header.
import type { Context, Hono } from "hono";
import { can } from "../auth/permissions.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { REPO_TYPES, type RepoType } from "../repos/repo-ref.js";
import type { SearchCursor } from "../store/model-store.js";
import { ApiError } from "./api-error.js";
import { nextPageUrl } from "./listing.js";
import { decodeCursor, encodeCursor } from "./model-query.js";

const PAGE = 500;

interface Position {
  type: RepoType;
  after?: SearchCursor;
}

/** `cursor` is `<type>` (that type from its start) or `<type>.<listing cursor>`. */
function parsePosition(text: string | null): Position {
  if (text === null || text === "") return { type: "model" };
  const dot = text.indexOf(".");
  const type = REPO_TYPES.find((candidate) => candidate === (dot < 0 ? text : text.slice(0, dot)));
  if (type === undefined) throw new ApiError(400, 'Invalid "cursor": pass back the value from the Link header');
  return dot < 0 ? { type } : { type, after: decodeCursor(text.slice(dot + 1)) };
}

async function listNamespace(ctx: HubContext, c: Context<HubEnv>, namespace: string): Promise<Response> {
  const position = parsePosition(new URL(c.req.url).searchParams.get("cursor"));
  const principal = c.get("principal");
  const page = await ctx.index.list(
    position.type,
    {
      author: namespace,
      sort: "id",
      direction: 1,
      limit: PAGE,
      ...(position.after !== undefined ? { cursor: position.after } : {}),
    },
    principal,
    false,
  );
  const rows = page.rows.filter((row) => row.author.toLowerCase() === namespace.toLowerCase());
  const bytes = await ctx.lfsLinks.bytesByRepo(
    position.type,
    rows.map((row) => row.id),
  );
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0);
  const nextType = REPO_TYPES[REPO_TYPES.indexOf(position.type) + 1];
  const next =
    page.next !== undefined ? `${position.type}.${encodeCursor(page.next)}` : nextType !== undefined ? nextType : "";
  if (next !== "") c.header("Link", `<${nextPageUrl(c, next)}>; rel="next"`);
  return c.json(
    rows.map((row) => {
      const storage = bytes.get(row.id.toLowerCase()) ?? 0;
      return {
        id: row.id,
        type: position.type,
        updatedAt: row.lastModified ?? row.createdAt ?? new Date(0).toISOString(),
        visibility: row.private ? "private" : "public",
        storage,
        storagePercent: total === 0 ? 0 : (storage / total) * 100,
      };
    }),
  );
}

async function ownRepositories(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  const principal = c.get("principal");
  if (principal.kind !== "user")
    throw new ApiError(
      401,
      "You must be signed in as a user (Authorization: Bearer <token>) to list your repositories",
    );
  return listNamespace(ctx, c, principal.name);
}

async function organizationRepositories(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  const principal = c.get("principal");
  if (principal.kind === "anonymous") throw new ApiError(401, "You must be authenticated to list these repositories");
  const org = await ctx.accounts.account(c.req.param("org") ?? "");
  if (org === undefined || org.kind !== "org") throw new ApiError(404, "Organization not found");
  // Members of any role (and the admin) may read the organization's private repositories: the same ones see this.
  if (!can(principal, "read", { owner: org.name, private: true }))
    throw new ApiError(403, `You must be a member of ${org.name} to list its repositories`);
  return listNamespace(ctx, c, org.name);
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/settings/repositories", (c) => ownRepositories(ctx, c));
  app.get("/api/organizations/:org/settings/repositories", (c) => organizationRepositories(ctx, c));
}
