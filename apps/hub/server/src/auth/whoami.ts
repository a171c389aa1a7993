// GET /api/whoami-v2 (hub-api.md §1): who the token belongs to, the organizations of that user and the token's
// own facts. The JS client requires `auth` to be an object; Python reads `name`, `orgs[].name` and
// `auth.accessToken.{role,displayName}`; each org carries `roleInOrg` (admin, write, read) as the hub's does.
import type { Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import type { HubContext } from "../hub-context.js";
import type { Account, Organization } from "./accounts.js";
import { INVALID_CREDENTIALS_MESSAGE } from "./middleware.js";
import type { HubEnv } from "./principal.js";

const avatar = (account: Pick<Account, "name">) => `/avatars/${encodeURIComponent(account.name)}.svg`;

function orgJson(org: Organization) {
  return {
    type: "org",
    id: org.id,
    name: org.name,
    fullname: org.fullname,
    email: null,
    canPay: false,
    avatarUrl: avatar(org),
    periodEnd: null,
    roleInOrg: org.role,
  };
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/whoami-v2", async (c) => {
    const principal = c.get("principal");
    if (principal.kind === "anonymous") throw new ApiError(401, INVALID_CREDENTIALS_MESSAGE);
    const common = { email: null, emailVerified: false, isPro: false, canPay: false, periodEnd: null };
    if (principal.kind === "admin")
      return c.json({
        type: "user",
        id: "000000000000000000000000",
        name: "admin",
        fullname: "Hubkit administrator",
        ...common,
        avatarUrl: avatar({ name: "admin" }),
        orgs: [],
        auth: { type: "access_token", accessToken: { displayName: "HUBKIT_ADMIN_TOKEN", role: "admin" } },
      });
    const account = await ctx.accounts.account(principal.name);
    if (account === undefined) throw new ApiError(401, INVALID_CREDENTIALS_MESSAGE);
    const orgs = await ctx.accounts.organizationsOf(account.name);
    return c.json({
      type: "user",
      id: account.id,
      name: account.name,
      fullname: account.fullname,
      ...common,
      avatarUrl: avatar(account),
      orgs: orgs.map(orgJson),
      auth: {
        type: "access_token",
        accessToken: {
          displayName: principal.token?.displayName ?? "session",
          role: principal.role,
          ...(principal.token !== undefined ? { createdAt: principal.token.createdAt } : {}),
        },
      },
    });
  });
}
