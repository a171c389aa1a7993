// The site's account routes (browser only, hub-api.md has no equivalent): sign up, sign in, sign out, the current
// session, the signed-in user's tokens, and the public facts of a user or organization page. Sign-up and sign-in
// need a JSON body (a cross-site HTML form cannot send one, and a cross-site fetch with it needs a CORS preflight
// the API refuses), which keeps another site from signing a visitor in to an account of its choosing. Token routes
// need the session itself (not a token: a read token must not mint a write token), and the session's CSRF token
// on writes.
import type { Context, Hono } from "hono";
import { isReservedNamespace } from "../../../shared/reserved-names.js";
import { clientAddress } from "../auth/client-address.js";
import { LoginLimiter } from "../auth/login-limiter.js";
import { hashing, hashPassword, passwordProblem } from "../auth/passwords.js";
import type { HubEnv } from "../auth/principal.js";
import {
  CSRF_HEADER,
  clearedSessionCookie,
  csrfMatches,
  sessionCookie,
  sessionCookieName,
  sessionIdOf,
} from "../auth/session-cookie.js";
import { csrfTokenOf, type IssuedSession, SESSION_TTL_SECONDS } from "../auth/session-store.js";
import type { HubContext } from "../hub-context.js";
import { isValidNamespace } from "../repos/repo-ref.js";
import { ApiError } from "./api-error.js";
import { readJsonObject } from "./json-body.js";
import { isLegacyName } from "./legacy-id-table.js";
import { readableCounts } from "./overview.js";
import { visibleAccount } from "./visible-account.js";

/** Sign-up attempts (successful or not) from one address per hour: enough for a classroom behind one NAT, not for a script. */
const JOINS_PER_HOUR = 30;

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(c.req.header("content-type") ?? ""))
    throw new ApiError(400, "Send the form as JSON (Content-Type: application/json)");
  return readJsonObject(c, 4096);
}

function text(body: Record<string, unknown>, key: string, what: string): string {
  const value = body[key];
  if (typeof value !== "string" || value === "") throw new ApiError(400, `${what} is required`);
  return value;
}

function noStore(c: Context): void {
  c.header("Cache-Control", "no-store");
}

function tooMany(message: string, wait: number): ApiError {
  return new ApiError(429, message, { headers: { "Retry-After": `${wait}` } });
}

/** The sign-up name checks that cost no hashing: 400 for a malformed or reserved name (any letter case). */
function checkNewName(username: string): void {
  if (isReservedNamespace(username) || isLegacyName(username))
    throw new ApiError(400, `The name ${JSON.stringify(username.slice(0, 100))} is reserved`);
  if (!isValidNamespace(username))
    throw new ApiError(
      400,
      "Invalid username: 2-42 letters, digits or single dashes, not starting or ending with a dash, not all digits",
    );
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const sessions = ctx.sessions;
  if (sessions === undefined) return;
  const limiter = new LoginLimiter();
  // Sign-up attempts are counted per address only (both of the limiter's keys are the address).
  const joins = new LoginLimiter({
    windowMs: 60 * 60 * 1000,
    maxPerUser: JOINS_PER_HOUR,
    maxPerAddress: JOINS_PER_HOUR,
  });

  const signedIn = async (c: Context, session: IssuedSession) => {
    c.header("Set-Cookie", sessionCookie(c, session.id, SESSION_TTL_SECONDS));
    noStore(c);
    return c.json(await sessionBody(ctx, session.user, session.id, session.expiresAt));
  };

  // Every attempt is counted before any work, then the cheap refusals (name malformed, reserved or taken), and
  // only then the password is hashed: a refused sign-up never costs a scrypt.
  app.post("/api/web/join", async (c) => {
    const body = await jsonBody(c);
    const address = clientAddress(c);
    const wait = joins.reserve(address, address);
    if (wait > 0) throw tooMany("Too many sign-ups from this address", wait);
    const username = text(body, "username", "A username");
    const password = text(body, "password", "A password");
    checkNewName(username);
    const problem = passwordProblem(password);
    if (problem !== undefined) throw new ApiError(400, problem);
    if (password.toLowerCase() === username.toLowerCase())
      throw new ApiError(400, "The password must not be the username");
    const fullname =
      typeof body.fullname === "string" && body.fullname.trim() !== "" ? body.fullname.trim() : undefined;
    if ((await ctx.accounts.account(username)) !== undefined)
      throw new ApiError(409, `The name ${username} is already taken by a user or an organization`);
    // The hash before the account: when hashing is refused (busy), no account is left behind without a password.
    const hash = await hashing(() => hashPassword(password));
    const user = await ctx.accounts.createUser(username, fullname);
    await sessions.storePasswordHash(user.name, hash);
    return signedIn(c, await sessions.createSession(user.name));
  });

  // The attempt takes its slot before the password is hashed, so a concurrent burst gets at most the limit's
  // verdicts; a success gives the slot back.
  app.post("/api/web/login", async (c) => {
    const body = await jsonBody(c);
    const username = text(body, "username", "A username");
    const password = text(body, "password", "A password");
    if (username.length > 100 || password.length > 1024) throw new ApiError(401, "Invalid username or password");
    const address = clientAddress(c);
    const wait = limiter.reserve(username, address);
    if (wait > 0) throw tooMany(`Too many failed sign-ins: try again in ${wait} seconds`, wait);
    const user = await hashing(() => sessions.checkPassword(username, password));
    if (user === undefined) throw new ApiError(401, "Invalid username or password");
    limiter.recordSuccess(username, address);
    if (await ctx.accounts.isDisabled(user)) throw new ApiError(403, "This account is disabled");
    return signedIn(c, await sessions.createSession(user));
  });

  app.post("/api/web/logout", async (c) => {
    const id = sessionIdOf(c);
    if (id !== undefined) {
      if (!csrfMatches(id, c.req.header(CSRF_HEADER))) throw new ApiError(403, "Missing or wrong CSRF token");
      await sessions.deleteSession(id);
    }
    c.header("Set-Cookie", clearedSessionCookie(c));
    noStore(c);
    return c.json({ ok: true });
  });

  app.get("/api/web/session", async (c) => {
    noStore(c);
    const id = sessionIdOf(c);
    const session = id === undefined ? undefined : await sessions.session(id);
    if (id === undefined || session === undefined) {
      // A stale cookie is cleared so that the browser stops sending it.
      if (c.req.header("cookie")?.includes(`${sessionCookieName(c)}=`)) c.header("Set-Cookie", clearedSessionCookie(c));
      return c.json({ user: null });
    }
    return c.json(await sessionBody(ctx, session.user, id, session.expiresAt));
  });

  /** The signed-in user of a session route: a live session, with the CSRF token on writes. */
  const sessionOf = async (c: Context, write: boolean): Promise<{ user: string; id: string }> => {
    const id = sessionIdOf(c);
    const session = id === undefined ? undefined : await sessions.session(id);
    if (id === undefined || session === undefined) throw new ApiError(401, "Sign in first");
    if (write && !csrfMatches(id, c.req.header(CSRF_HEADER))) throw new ApiError(403, "Missing or wrong CSRF token");
    noStore(c);
    return { user: session.user, id };
  };
  const sessionUser = async (c: Context, write: boolean): Promise<string> => (await sessionOf(c, write)).user;

  // A new password needs the current one (a borrowed session alone cannot take the account over; the guesses
  // count like sign-ins); the user's other sessions end, this one stays.
  app.post("/api/web/password", async (c) => {
    const { user, id } = await sessionOf(c, true);
    const body = await jsonBody(c);
    const current = text(body, "currentPassword", "The current password");
    const next = text(body, "newPassword", "A new password");
    const problem = passwordProblem(next);
    if (problem !== undefined) throw new ApiError(400, problem);
    if (next.toLowerCase() === user.toLowerCase()) throw new ApiError(400, "The password must not be the username");
    if (current.length > 1024) throw new ApiError(403, "The current password is wrong");
    const address = clientAddress(c);
    const wait = limiter.reserve(user, address);
    if (wait > 0) throw tooMany(`Too many wrong passwords: try again in ${wait} seconds`, wait);
    if ((await hashing(() => sessions.checkPassword(user, current))) === undefined)
      throw new ApiError(403, "The current password is wrong");
    limiter.recordSuccess(user, address);
    await hashing(() => sessions.setPassword(user, next));
    await sessions.deleteSessionsOf(user, id);
    return c.json({ ok: true });
  });

  app.get("/api/web/sessions", async (c) => {
    const { user, id } = await sessionOf(c, false);
    return c.json(await sessions.sessionsOf(user, id));
  });

  app.delete("/api/web/sessions/:id", async (c) => {
    const { user, id } = await sessionOf(c, true);
    if (!(await sessions.deleteSessionOf(user, c.req.param("id")))) throw new ApiError(404, "No such session");
    // Ending this very session signs this browser out too.
    if ((await sessions.session(id)) === undefined) c.header("Set-Cookie", clearedSessionCookie(c));
    return c.json({ ok: true });
  });

  // Sign out everywhere: every session of the user ends, this one included; access tokens are untouched.
  app.post("/api/web/sessions/revoke-all", async (c) => {
    const { user } = await sessionOf(c, true);
    await sessions.deleteSessionsOf(user);
    c.header("Set-Cookie", clearedSessionCookie(c));
    return c.json({ ok: true });
  });

  app.get("/api/web/tokens", async (c) => c.json(await sessions.tokensOf(await sessionUser(c, false))));

  app.post("/api/web/tokens", async (c) => {
    const user = await sessionUser(c, true);
    const body = await jsonBody(c);
    if ((await sessions.tokensOf(user)).length >= 100)
      throw new ApiError(409, "You have 100 active tokens: revoke one first");
    const issued = await ctx.accounts.createToken(user, body.role, body.name);
    return c.json({ ...issued, id: await sessions.tokenIdOf(issued.token) });
  });

  app.delete("/api/web/tokens/:id", async (c) => {
    const user = await sessionUser(c, true);
    if (!(await sessions.revokeTokenOf(user, c.req.param("id")))) throw new ApiError(404, "No such active token");
    return c.json({ ok: true });
  });

  app.get("/api/web/accounts/:name", async (c) => {
    const account = await visibleAccount(ctx, c.req.param("name"));
    if (account === undefined) throw new ApiError(404, "No such user or organization");
    // The counts are the caller's readable repositories (a private one never shows in another's count).
    const counts = await readableCounts(ctx, account.name, c.get("principal"));
    const base = {
      name: account.name,
      kind: account.kind,
      fullname: account.fullname,
      createdAt: account.createdAt,
      ...counts,
    };
    if (account.kind === "org")
      return c.json({ ...base, members: (await ctx.accounts.members(account.name)).map((member) => member.name) });
    return c.json({ ...base, orgs: (await ctx.accounts.organizationsOf(account.name)).map((org) => org.name) });
  });
}

/**
 * What the page knows about its visitor: who, their organizations (owner picker) and their role in each (settings
 * pages), the CSRF token for writes.
 */
async function sessionBody(ctx: HubContext, user: string, id: string, expiresAt: string) {
  const account = await ctx.accounts.account(user);
  const memberships = (await ctx.accounts.organizationsOf(user)).map((org) => ({ name: org.name, role: org.role }));
  return {
    user: { name: user, fullname: account?.fullname ?? user },
    orgs: memberships.map((org) => org.name),
    memberships,
    csrfToken: csrfTokenOf(id),
    expiresAt,
  };
}
