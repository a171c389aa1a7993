// The operator's API (HUBKIT_ADMIN_TOKEN, or the admin socket the CLI uses): create, delete and disable users, set
// their passwords, create organizations (with members) and set members' roles, create and revoke tokens. Bodies
// are small JSON objects, checked field by field; errors are the hub's JSON errors (400/401/403/404/409). The
// organizations' own routes (auth/org-routes.ts) are registered from here too: the admin uses them as well.
//   POST   /api/admin/users                          { name, fullname? }
//   DELETE /api/admin/users/{name}                   409 while repositories live under the name
//   POST   /api/admin/users/{name}/disable           { disabled: true|false }
//   POST   /api/admin/users/{name}/password          { password }   (ends the user's sessions)
//   POST   /api/admin/organizations                  { name, members?: [user…], fullname? }  (first member: admin)
//   POST   /api/admin/organizations/{org}/members    { user, role? }  (adds, or sets the role of a member)
//   POST   /api/admin/tokens                         { user, role, name? }
//   POST   /api/admin/tokens/revoke                  { token }
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { readJsonObject } from "../api/json-body.js";
import type { HubContext } from "../hub-context.js";
import { register as registerOrgRoutes } from "./org-routes.js";
import { hashing, passwordProblem } from "./passwords.js";
import type { HubEnv } from "./principal.js";

function requireAdmin(c: Context<HubEnv>): void {
  const principal = c.get("principal");
  if (principal.kind === "anonymous")
    throw new ApiError(401, "The admin API needs the HUBKIT_ADMIN_TOKEN bearer token");
  if (principal.kind !== "admin") throw new ApiError(403, "Only the administrator (HUBKIT_ADMIN_TOKEN) may do this");
}

async function adminBody(c: Context<HubEnv>): Promise<Record<string, unknown>> {
  requireAdmin(c);
  return readJsonObject(c);
}

function optionalString(body: Record<string, unknown>, key: string): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ApiError(400, `"${key}" must be a string`);
  return value;
}

export function register(app: Hono<HubEnv>, ctx: Pick<HubContext, "accounts" | "sessions">): void {
  registerOrgRoutes(app, ctx);

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

  app.delete("/api/admin/users/:name", async (c) => {
    requireAdmin(c);
    await ctx.accounts.deleteUser(c.req.param("name"));
    return c.json({ deleted: true, name: c.req.param("name") });
  });

  app.post("/api/admin/users/:name/disable", async (c) => {
    const body = await adminBody(c);
    if (typeof body.disabled !== "boolean") throw new ApiError(400, '"disabled" must be true or false');
    await ctx.accounts.setDisabled(c.req.param("name"), body.disabled);
    return c.json({ name: c.req.param("name"), disabled: body.disabled });
  });

  app.post("/api/admin/users/:name/password", async (c) => {
    const body = await adminBody(c);
    const sessions = ctx.sessions;
    if (sessions === undefined) throw new ApiError(404, "This hub has no passwords (no browser sign-in)");
    const problem = passwordProblem(body.password);
    if (problem !== undefined || typeof body.password !== "string") throw new ApiError(400, problem ?? "Bad password");
    const account = await ctx.accounts.account(c.req.param("name"));
    if (account === undefined || account.kind !== "user")
      throw new ApiError(404, `User ${JSON.stringify(c.req.param("name").slice(0, 100))} not found`);
    const password = body.password;
    await hashing(() => sessions.setPassword(account.name, password));
    // A password set by the operator (lost or leaked) ends every session opened with the old one.
    await sessions.deleteSessionsOf(account.name);
    return c.json({ name: account.name, passwordSet: true });
  });

  app.post("/api/admin/organizations/:org/members", async (c) => {
    const body = await adminBody(c);
    await ctx.accounts.addMember(c.req.param("org"), body.user, body.role);
    return c.json({ organization: c.req.param("org"), user: body.user, role: body.role ?? "write" });
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
