// The site's account routes (browser only, hub-api.md has no equivalent): sign up, sign in, sign out, the current
// session, the signed-in user's tokens, and the public facts of a user or organization page. Sign-up and sign-in
// need a JSON body (a cross-site HTML form cannot send one, and a cross-site fetch with it needs a CORS preflight
// the API refuses), which keeps another site from signing a visitor in to an account of its choosing. Token routes
// need the session itself (not a token: a read token must not mint a write token), and the session's CSRF token
// on writes.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, Hono } from "hono";
import { LoginLimiter } from "../auth/login-limiter.js";
import { hashPassword, PasswordHashBusyError, passwordProblem } from "../auth/passwords.js";
import type { HubEnv } from "../auth/principal.js";
import {
  CSRF_HEADER,
  clearedSessionCookie,
  csrfMatches,
  SESSION_COOKIE,
  sessionCookie,
  sessionIdOf,
} from "../auth/session-cookie.js";
import { csrfTokenOf, type IssuedSession, SESSION_TTL_SECONDS } from "../auth/session-store.js";
import type { HubContext } from "../hub-context.js";
import { ApiError } from "./api-error.js";
import { readJsonObject } from "./json-body.js";

/** Sign-ups from one address per hour: enough for a classroom behind one NAT, not for a script. */
const JOINS_PER_HOUR = 30;

function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.fetch called without a socket (never in production)
  }
}

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

/** Password work refused because too many hashes are queued: a 503 with Retry-After, never a 500. */
async function hashing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasswordHashBusyError)
      throw new ApiError(503, error.message, { headers: { "Retry-After": "5" } });
    throw error;
  }
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const sessions = ctx.sessions;
  if (sessions === undefined) return;
  const limiter = new LoginLimiter();
  // Sign-ups are counted per address only (both of the limiter's keys are the address).
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

  app.post("/api/web/join", async (c) => {
    const body = await jsonBody(c);
    const username = text(body, "username", "A username");
    const password = text(body, "password", "A password");
    const problem = passwordProblem(password);
    if (problem !== undefined) throw new ApiError(400, problem);
    if (password.toLowerCase() === username.toLowerCase())
      throw new ApiError(400, "The password must not be the username");
    const fullname =
      typeof body.fullname === "string" && body.fullname.trim() !== "" ? body.fullname.trim() : undefined;
    const address = clientAddress(c);
    const wait = joins.retryAfter(address, address);
    if (wait > 0)
      throw new ApiError(429, "Too many sign-ups from this address", { headers: { "Retry-After": `${wait}` } });
    // The hash first: when hashing is refused (busy), no account is left behind without a password.
    const hash = await hashing(() => hashPassword(password));
    const user = await ctx.accounts.createUser(username, fullname);
    joins.recordFailure(address, address); // counts every sign-up, successful ones included
    await sessions.storePasswordHash(user.name, hash);
    return signedIn(c, await sessions.createSession(user.name));
  });

  app.post("/api/web/login", async (c) => {
    const body = await jsonBody(c);
    const username = text(body, "username", "A username");
    const password = text(body, "password", "A password");
    if (username.length > 100 || password.length > 1024) throw new ApiError(401, "Invalid username or password");
    const address = clientAddress(c);
    const wait = limiter.retryAfter(username, address);
    if (wait > 0)
      throw new ApiError(429, `Too many failed sign-ins: try again in ${wait} seconds`, {
        headers: { "Retry-After": `${wait}` },
      });
    const user = await hashing(() => sessions.checkPassword(username, password));
    if (user === undefined) {
      limiter.recordFailure(username, address);
      throw new ApiError(401, "Invalid username or password");
    }
    limiter.recordSuccess(username);
    return signedIn(c, await sessions.createSession(user));
  });

  app.post("/api/web/logout", async (c) => {
    const id = sessionIdOf(c.req.header("cookie"));
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
    const id = sessionIdOf(c.req.header("cookie"));
    const session = id === undefined ? undefined : await sessions.session(id);
    if (id === undefined || session === undefined) {
      // A stale cookie is cleared so that the browser stops sending it.
      if (c.req.header("cookie")?.includes(`${SESSION_COOKIE}=`)) c.header("Set-Cookie", clearedSessionCookie(c));
      return c.json({ user: null });
    }
    return c.json(await sessionBody(ctx, session.user, id, session.expiresAt));
  });

  /** The signed-in user of a token route: a live session, with the CSRF token on writes. */
  const sessionUser = async (c: Context, write: boolean): Promise<string> => {
    const id = sessionIdOf(c.req.header("cookie"));
    const session = id === undefined ? undefined : await sessions.session(id);
    if (id === undefined || session === undefined) throw new ApiError(401, "Sign in to manage your access tokens");
    if (write && !csrfMatches(id, c.req.header(CSRF_HEADER))) throw new ApiError(403, "Missing or wrong CSRF token");
    noStore(c);
    return session.user;
  };

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
    const account = await ctx.accounts.account(c.req.param("name"));
    if (account === undefined) throw new ApiError(404, "No such user or organization");
    const base = { name: account.name, kind: account.kind, fullname: account.fullname, createdAt: account.createdAt };
    if (account.kind === "org") return c.json({ ...base, members: await sessions.members(account.name) });
    return c.json({ ...base, orgs: (await ctx.accounts.organizationsOf(account.name)).map((org) => org.name) });
  });
}

/** What the page knows about its visitor: who, their organizations (owner picker), the CSRF token for writes. */
async function sessionBody(ctx: HubContext, user: string, id: string, expiresAt: string) {
  const account = await ctx.accounts.account(user);
  const orgs = (await ctx.accounts.organizationsOf(user)).map((org) => org.name);
  return { user: { name: user, fullname: account?.fullname ?? user }, orgs, csrfToken: csrfTokenOf(id), expiresAt };
}
