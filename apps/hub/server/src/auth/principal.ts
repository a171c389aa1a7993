// Who is calling: resolved once per request from `Authorization` (a Bearer token, or Basic with the token as the
// password for git) or a browser session, and kept in the request context as `principal`.

export type TokenRole = "read" | "write";

/** A member's role in an organization, with the hub's names: read < write < admin. */
export type OrgRole = "admin" | "write" | "read";
export const ORG_ROLES: readonly OrgRole[] = ["admin", "write", "read"];

export function isOrgRole(value: unknown): value is OrgRole {
  return typeof value === "string" && (ORG_ROLES as readonly string[]).includes(value);
}

/** One organization of a user, with the user's role in it (as of this request). */
export interface OrgMembership {
  /** The organization's name as created (its case). */
  name: string;
  role: OrgRole;
}

export type Principal =
  | { kind: "anonymous" }
  /** The operator's bootstrap token (HUBKIT_ADMIN_TOKEN) or the admin socket (auth/admin-socket.ts): may do anything. */
  | { kind: "admin" }
  | {
      kind: "user";
      name: string;
      /** The user's organizations and role in each (auth/permissions.ts decides what each role may do). */
      orgs: OrgMembership[];
      /** The token's role; a browser session counts as write. */
      role: TokenRole;
      token?: { displayName: string; createdAt: string };
    };

export const ANONYMOUS: Principal = { kind: "anonymous" };

/** The Hono context variables every route can read (`c.get("principal")`). */
export interface HubEnv {
  Variables: { principal: Principal };
}
