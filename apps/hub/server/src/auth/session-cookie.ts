// The browser session's cookie and how a request carrying it becomes a principal (used by middleware.ts when no
// Authorization header is sent). CSRF rule: a request with an unsafe method (anything but GET/HEAD/OPTIONS) gets the
// session's principal only when it carries the session's CSRF token in `X-CSRF-Token`; without it the request goes
// on as anonymous, so a forged cross-site form or fetch can do nothing a stranger could not. (Answering anonymous
// rather than 403 also keeps LFS uploads to signed hrefs working: the browser sends the cookie there too, and the
// signature, not the session, authorises them.) Bearer-token calls never look at the cookie.
import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import type { Authenticator } from "./accounts.js";
import { ANONYMOUS, type Principal } from "./principal.js";
import { csrfTokenOf, isSessionId, type SessionStore } from "./session-store.js";

export const SESSION_COOKIE = "hubkit_session";
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
/** Longest Cookie header we parse (browsers send at most a few KB per site). */
const MAX_COOKIE_HEADER = 8192;

/** The session id in a Cookie header, if it has a well-formed one. */
export function sessionIdOf(cookieHeader: string | undefined): string | undefined {
  if (cookieHeader === undefined || cookieHeader.length > MAX_COOKIE_HEADER) return undefined;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== SESSION_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (isSessionId(value)) return value;
  }
  return undefined;
}

/** Is the request https (directly, or as the reverse proxy in front of us says)? Then the cookie gets `Secure`. */
export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}

export function sessionCookie(c: Context, id: string, maxAgeSeconds: number): string {
  const secure = isHttps(c) ? "; Secure" : "";
  return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAgeSeconds}${secure}`;
}

export function clearedSessionCookie(c: Context): string {
  return sessionCookie(c, "", 0);
}

/** Constant-time comparison of the CSRF header with the session's token. */
export function csrfMatches(sessionId: string, presented: string | undefined): boolean {
  if (presented === undefined) return false;
  const expected = Buffer.from(csrfTokenOf(sessionId));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type SessionResolver = (c: Context) => Promise<Principal>;

/** The principal of a request's session cookie (role write, like the hub's browser sessions), or ANONYMOUS. */
export function sessionResolver(sessions: SessionStore, accounts: Authenticator): SessionResolver {
  return async (c) => {
    const id = sessionIdOf(c.req.header("cookie"));
    if (id === undefined) return ANONYMOUS;
    if (!SAFE_METHODS.has(c.req.method) && !csrfMatches(id, c.req.header(CSRF_HEADER))) return ANONYMOUS;
    const session = await sessions.session(id);
    if (session === undefined) return ANONYMOUS;
    // The user's organizations with their roles; a user disabled since is anonymous at once.
    return (await accounts.userPrincipal(session.user, "write")) ?? ANONYMOUS;
  };
}
