// The browser session's cookie and how a request carrying it becomes a principal (used by middleware.ts when no
// Authorization header is sent). CSRF rule: a request with an unsafe method (anything but GET/HEAD/OPTIONS) gets the
// session's principal only when it carries the session's CSRF token in `X-CSRF-Token`; without it the request goes
// on as anonymous, so a forged cross-site form or fetch can do nothing a stranger could not. (Answering anonymous
// rather than 403 also keeps LFS uploads to signed hrefs working: the browser sends the cookie there too, and the
// signature, not the session, authorises them.) Bearer-token calls never look at the cookie.
import { timingSafeEqual } from "node:crypto";
import type { Context } from "hono";
import { isHttpsRequest } from "../api/base-url.js";
import type { Authenticator } from "./accounts.js";
import { ANONYMOUS, type Principal } from "./principal.js";
import { csrfTokenOf, isSessionId, type SessionStore } from "./session-store.js";

export const SESSION_COOKIE = "hubkit_session";
/**
 * The name over HTTPS. A `__Host-` cookie is only accepted by browsers when set over https with `Secure`,
 * `Path=/` and no `Domain`: a page on another subdomain or on plain http cannot plant or overwrite it (session
 * fixation). Over plain http (a hub on localhost) browsers refuse such a cookie, so the plain name stays.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
export const CSRF_HEADER = "x-csrf-token";
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);
/** Longest Cookie header we parse (browsers send at most a few KB per site). */
const MAX_COOKIE_HEADER = 8192;

/** Is the request https, as far as we may believe (api/base-url.ts)? Then the cookie is `__Host-…; Secure`. */
export function isHttps(c: Context): boolean {
  return isHttpsRequest(c);
}

/** The session cookie's name for this request: SECURE_SESSION_COOKIE over https, else SESSION_COOKIE. */
export function sessionCookieName(c: Context): string {
  return isHttps(c) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

/** The session id in the request's cookie of this request's name (only that one), if well-formed. */
export function sessionIdOf(c: Context): string | undefined {
  const cookieHeader = c.req.header("cookie");
  if (cookieHeader === undefined || cookieHeader.length > MAX_COOKIE_HEADER) return undefined;
  const name = sessionCookieName(c);
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (isSessionId(value)) return value;
  }
  return undefined;
}

export function sessionCookie(c: Context, id: string, maxAgeSeconds: number): string {
  const secure = isHttps(c) ? "; Secure" : "";
  return `${sessionCookieName(c)}=${id}; HttpOnly; SameSite=Lax; Path=/; Max-Age=${maxAgeSeconds}${secure}`;
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
    const id = sessionIdOf(c);
    if (id === undefined) return ANONYMOUS;
    if (!SAFE_METHODS.has(c.req.method) && !csrfMatches(id, c.req.header(CSRF_HEADER))) return ANONYMOUS;
    const session = await sessions.session(id);
    if (session === undefined) return ANONYMOUS;
    // The user's organizations with their roles; a user disabled since is anonymous at once.
    return (await accounts.userPrincipal(session.user, "write")) ?? ANONYMOUS;
  };
}
