// The operator's API (HUBKIT_ADMIN_TOKEN only): create users, organizations (with members) and tokens. Bodies
// are small JSON objects, checked field by field; errors are the hub's JSON errors (400/401/403/404/409).
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { readJsonObject } from "../api/json-body.js";
import type { HubContext } from "../hub-context.js";
import type { HubEnv } from "./principal.js";

async function adminBody(c: Context<HubEnv>): Promise<Record<string, unknown>> {
  const principal = c.get("principal");
  if (principal.kind === "anonymous")
    throw new ApiError(401, "The admin API needs the HUBKIT_ADMIN_TOKEN bearer token");
  if (principal.kind !== "admin") throw new ApiError(403, "Only the administrator (HUBKIT_ADMIN_TOKEN) may do this");
  return readJsonObject(c);
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ApiError(400, `"${key}" must be a string`);
  return value;
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.post("/api/admin/users", async (c) => {
    const body = await adminBody(c);
    const user = await ctx.accounts.createUser(body.name, optionalString(body, "fullname"));
    return c.json({ type: "user", id: user.id, name: user.name, fullname: user.fullname, createdAt: user.createdAt });
  });

  app.post("/api/admin/organizations", async (c) => {
    const body = await adminBody(c);
    const members = body.members ?? [];
    if (!Array.isArray(members)) throw new ApiError(400, '"members" must be a list of user names');
    const org = await ctx.accounts.createOrganization(body.name, members, optionalString(body, "fullname"));
    return c.json({ type: "org", id: org.id, name: org.name, fullname: org.fullname, members });
  });

  app.post("/api/admin/organizations/:org/members", async (c) => {
    const body = await adminBody(c);
    await ctx.accounts.addMember(c.req.param("org"), body.user);
    return c.json({ organization: c.req.param("org"), user: body.user });
  });

  app.post("/api/admin/tokens/revoke", async (c) => {
    const body = await adminBody(c);
    if (typeof body.token !== "string" || body.token.length > 1024)
      throw new ApiError(400, '"token" must be the token to revoke');
    if (!(await ctx.accounts.revokeToken(body.token))) throw new ApiError(404, "No active token matches");
    return c.json({ revoked: true });
  });

  app.post("/api/admin/tokens", async (c) => {
    const body = await adminBody(c);
    const issued = await ctx.accounts.createToken(body.user, body.role, body.name);
    return c.json({
      token: issued.token,
      user: issued.user,
      role: issued.role,
      name: issued.displayName,
      createdAt: issued.createdAt,
    });
  });
}
