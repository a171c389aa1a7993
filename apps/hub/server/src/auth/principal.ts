// Who is calling: resolved once per request from `Authorization` (a Bearer token, or Basic with the token as the
// password for git) or a browser session, and kept in the request context as `principal`.

export type TokenRole = "read" | "write";

export type Principal =
  | { kind: "anonymous" }
  /** The operator's bootstrap token (HUBKIT_ADMIN_TOKEN): may do anything. */
  | { kind: "admin" }
  | {
      kind: "user";
      name: string;
      /** Organizations the user is a member of (they may write to their repositories). */
      orgs: string[];
      /** The token's role; a browser session counts as write. */
      role: TokenRole;
      token?: { displayName: string; createdAt: string };
    };

export const ANONYMOUS: Principal = { kind: "anonymous" };

/** The Hono context variables every route can read (`c.get("principal")`). */
export interface HubEnv {
  Variables: { principal: Principal };
}
