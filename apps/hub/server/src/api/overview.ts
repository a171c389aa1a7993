// The hub's owner overviews (huggingface_hub `get_user_overview`, `get_organization_overview`):
// `GET /api/users/{user}/overview` and `GET /api/organizations/{org}/overview`. The repository counts count only
// what the caller may read (collections/viewer.ts `readableRepoSql`, the SQL form of auth/permissions.ts `can`),
// so a private repository never shows in anyone else's count. An unknown, disabled or wrong-kind name is a 404,
// as on the hub.
import type { Hono } from "hono";
import type { HubEnv, Principal } from "../auth/principal.js";
import { readableRepoSql, viewerOf } from "../collections/viewer.js";
import type { HubContext } from "../hub-context.js";
import { DbRepoIndex } from "../store/db-repo-index.js";
import { ApiError } from "./api-error.js";
import { visibleAccount } from "./visible-account.js";

interface Counts {
  numModels: number;
  numDatasets: number;
  numSpaces: number;
}

/** The caller-readable repositories of `owner` by type (zeros in a hub without a database index). */
export async function readableCounts(ctx: HubContext, owner: string, principal: Principal): Promise<Counts> {
  if (!(ctx.index instanceof DbRepoIndex)) return { numModels: 0, numDatasets: 0, numSpaces: 0 };
  const viewer = viewerOf(principal);
  const count = (table: string) =>
    `(SELECT count(*) FROM ${table} r WHERE split_part(lower(r.id), '/', 1) = lower($1) AND ${readableRepoSql("r", 2, 3)})`;
  const rows = await ctx.index.store.db.query<{ models: string; datasets: string; spaces: string }>(
    `SELECT ${count("hub_models")} AS models, ${count("hub_datasets")} AS datasets, ${count("hub_spaces")} AS spaces`,
    [owner, viewer.admin, viewer.namespaces],
  );
  const row = rows[0];
  return {
    numModels: Number(row?.models ?? 0),
    numDatasets: Number(row?.datasets ?? 0),
    numSpaces: Number(row?.spaces ?? 0),
  };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/users/:user/overview", async (c) => {
    const account = await visibleAccount(ctx, c.req.param("user"), "user");
    if (account === undefined) throw new ApiError(404, "User not found");
    const orgs = await ctx.accounts.organizationsOf(account.name);
    return c.json({
      _id: account.id,
      user: account.name,
      fullname: account.fullname,
      avatarUrl: "",
      type: "user",
      isPro: false,
      createdAt: account.createdAt,
      ...(await readableCounts(ctx, account.name, c.get("principal"))),
      orgs: orgs.map((org) => ({ name: org.name, fullname: org.name, avatarUrl: "" })),
    });
  });

  app.get("/api/organizations/:org/overview", async (c) => {
    const account = await visibleAccount(ctx, c.req.param("org"), "org");
    if (account === undefined) throw new ApiError(404, "Organization not found");
    return c.json({
      _id: account.id,
      name: account.name,
      fullname: account.fullname,
      avatarUrl: "",
      type: "org",
      isVerified: false,
      createdAt: account.createdAt,
      numUsers: (await ctx.accounts.members(account.name)).length,
      ...(await readableCounts(ctx, account.name, c.get("principal"))),
    });
  });
}
