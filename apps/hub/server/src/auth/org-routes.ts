// Organizations for their members (Bearer write token, or a browser session with its CSRF token, which the
// middleware turns into the user's principal): create one, list its members, and, as one of its admins, add,
// re-role and remove members; any member may leave. The last admin can neither leave nor be demoted (409). The
// admin principal may do everything. Who may do what is decided by auth/permissions.ts.
//   GET    /api/organizations/{org}/members          → [{ user, fullname, type, avatarUrl, isFollowing, role? }]
//   POST   /api/organizations/{org}/members          { user, role }
//   PUT    /api/organizations/{org}/members/{user}   { role }
//   DELETE /api/organizations/{org}/members/{user}
//   POST   /api/organizations/new                    { name, fullname? }
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { readJsonObject } from "../api/json-body.js";
import type { HubContext } from "../hub-context.js";
import type { Authenticator } from "./accounts.js";
import { canManageMembers } from "./permissions.js";
import type { HubEnv, Principal } from "./principal.js";

type AccountsContext = Pick<HubContext, "accounts">;

const avatarUrl = (name: string) => `/avatars/${encodeURIComponent(name)}.svg`;

/** The caller of a change: signed in, with a write token (or a session, or the admin). */
function writer(c: Context<HubEnv>): Principal {
  const principal = c.get("principal");
  if (principal.kind === "anonymous")
    throw new ApiError(401, "You must be authenticated (Authorization: Bearer <token>) to do this");
  if (principal.kind === "user" && principal.role !== "write")
    throw new ApiError(403, "This needs a write token: a read token cannot change organizations");
  return principal;
}

/** The organization named in the path, by its stored name; 404 when there is none (or it is a user). */
async function organization(accounts: Authenticator, name: string): Promise<string> {
  const account = await accounts.account(name);
  if (account === undefined || account.kind !== "org")
    throw new ApiError(404, `Organization ${name.slice(0, 100)} not found`);
  return account.name;
}

function bodyString(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== "string" || value === "") throw new ApiError(400, `"${key}" is required`);
  return value;
}

export function register(app: Hono<HubEnv>, ctx: AccountsContext): void {
  const { accounts } = ctx;

  app.get("/api/organizations/:org/members", async (c) => {
    const org = await organization(accounts, c.req.param("org"));
    const members = await accounts.members(org);
    const principal = c.get("principal");
    // Roles are for the organization's own members (and the admin); everyone else sees who, not which role.
    const showRoles =
      principal.kind === "admin" ||
      (principal.kind === "user" && principal.orgs.some((o) => o.name.toLowerCase() === org.toLowerCase()));
    c.header("Cache-Control", "private, no-store");
    return c.json(
      members.map((member) => ({
        user: member.name,
        fullname: member.fullname,
        type: "user",
        avatarUrl: avatarUrl(member.name),
        isFollowing: false,
        ...(showRoles ? { role: member.role } : {}),
      })),
    );
  });

  app.post("/api/organizations/new", async (c) => {
    const principal = writer(c);
    if (principal.kind !== "user")
      throw new ApiError(400, "The administrator creates organizations with POST /api/admin/organizations");
    const body = await readJsonObject(c);
    const fullname = body.fullname;
    if (fullname !== undefined && fullname !== null && typeof fullname !== "string")
      throw new ApiError(400, '"fullname" must be a string');
    const org = await accounts.createOrganization(
      bodyString(body, "name"),
      [principal.name],
      typeof fullname === "string" && fullname.trim() !== "" ? fullname.trim() : undefined,
    );
    return c.json({ type: "org", id: org.id, name: org.name, fullname: org.fullname, role: "admin" });
  });

  app.post("/api/organizations/:org/members", async (c) => {
    const principal = writer(c);
    const org = await organization(accounts, c.req.param("org"));
    if (!canManageMembers(principal, org)) throw new ApiError(403, `Only the admins of ${org} may add members`);
    const body = await readJsonObject(c);
    const user = bodyString(body, "user");
    const role = body.role ?? "write";
    await accounts.addMember(org, user, role, { ifAbsent: true });
    return c.json({ organization: org, user, role });
  });

  app.put("/api/organizations/:org/members/:user", async (c) => {
    const principal = writer(c);
    const org = await organization(accounts, c.req.param("org"));
    if (!canManageMembers(principal, org)) throw new ApiError(403, `Only the admins of ${org} may change roles`);
    const body = await readJsonObject(c);
    const user = c.req.param("user");
    await accounts.setMemberRole(org, user, body.role);
    return c.json({ organization: org, user, role: body.role });
  });

  app.delete("/api/organizations/:org/members/:user", async (c) => {
    const principal = writer(c);
    const org = await organization(accounts, c.req.param("org"));
    const user = c.req.param("user");
    const leaving = principal.kind === "user" && principal.name.toLowerCase() === user.toLowerCase();
    if (!leaving && !canManageMembers(principal, org))
      throw new ApiError(403, `Only the admins of ${org} may remove other members`);
    await accounts.removeMember(org, user);
    return c.json({ organization: org, user, removed: true });
  });
}
