// Resolves the caller once per request and puts it in the context as `principal`. A credential that is sent but
// not valid is refused here, before any route runs: 401 "Invalid credentials in Authorization header" (the exact
// text Python compares) on the API and file routes; on git and LFS routes the answer is a Basic challenge, the
// only 401 git and git-lfs act on (they ask their credential helper again). No credential = ANONYMOUS. Bad tokens
// are counted per client address: past the limit the answer is 429 with Retry-After instead of 401 (a valid token
// is never counted nor slowed). Requests that came in through the admin socket (auth/admin-socket.ts) are the
// admin principal.
import type { Context, MiddlewareHandler } from "hono";
import { type Authenticator, INVALID_CREDENTIALS } from "./accounts.js";
import { isAdminSocketRequest } from "./admin-socket-marker.js";
import { clientAddress } from "./client-address.js";
import { LoginLimiter } from "./login-limiter.js";
import { ANONYMOUS, type HubEnv } from "./principal.js";
import type { SessionResolver } from "./session-cookie.js";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid credentials in Authorization header";
export const ADMIN_API_DISABLED_MESSAGE =
  "The admin API is disabled on this hub: start it with HUBKIT_ADMIN_TOKEN set, or run `npm run hub -- <command>` on the server (it talks through the admin socket)";
export const BASIC_CHALLENGE = 'Basic realm="Hubkit", charset="UTF-8"';

/** Bad bearer/basic tokens per address in the window before 429 (like sign-ins, a little more for git retries). */
export const BAD_TOKENS_PER_ADDRESS = 50;
const BAD_TOKEN_WINDOW_MS = 15 * 60 * 1000;

// git smart HTTP (`…/info/refs`, `…/git-upload-pack`, `…/git-receive-pack`) and the LFS API (`….git/info/lfs/…`).
const GIT_PATH = /\/(?:info\/refs|git-upload-pack|git-receive-pack)$|\/info\/lfs(?:\/|$)/;

export function isGitPath(pathname: string): boolean {
  // The JSON API is never git, even when a file path in it ends like one (`…/tree/main/info/refs`).
  return !pathname.startsWith("/api/") && GIT_PATH.test(pathname);
}

function refused(c: Context<HubEnv>, status: 401 | 429, message: string, extra: Record<string, string>): Response {
  const pathname = new URL(c.req.url).pathname;
  if (isGitPath(pathname)) {
    const headers: Record<string, string> = { ...extra };
    if (status === 401) {
      headers["WWW-Authenticate"] = BASIC_CHALLENGE;
      headers["LFS-Authenticate"] = BASIC_CHALLENGE;
    }
    if (pathname.includes("/info/lfs"))
      return c.json({ message, error: message }, status, {
        ...headers,
        "Content-Type": "application/vnd.git-lfs+json",
      });
    return c.text(`${message}\n`, status, headers);
  }
  return c.json({ error: message }, status, { "X-Error-Message": message, ...extra });
}

export function authMiddleware(accounts: Authenticator, sessions?: SessionResolver): MiddlewareHandler<HubEnv> {
  // Only bad tokens are counted (per address; the "user" key is the address too).
  const badTokens = new LoginLimiter({
    windowMs: BAD_TOKEN_WINDOW_MS,
    maxPerUser: BAD_TOKENS_PER_ADDRESS,
    maxPerAddress: BAD_TOKENS_PER_ADDRESS,
  });
  return async (c, next) => {
    if (isAdminSocketRequest(c.req.raw)) {
      c.set("principal", { kind: "admin" });
      await next();
      return;
    }
    // Without HUBKIT_ADMIN_TOKEN no bearer token can be the admin's: say so, rather than judge (and count) the
    // token sent as a bad user token.
    if (accounts.adminApiEnabled === false && new URL(c.req.url).pathname.startsWith("/api/admin/"))
      return c.json({ error: ADMIN_API_DISABLED_MESSAGE }, 403, { "X-Error-Message": ADMIN_API_DISABLED_MESSAGE });
    // The Xet CAS (xet/cas-routes.ts) checks its own short-lived tokens on every call; hub tokens mean nothing there.
    if (new URL(c.req.url).pathname.startsWith("/xet/")) {
      c.set("principal", ANONYMOUS);
      await next();
      return;
    }
    let principal = await accounts.authenticate(c.req.header("authorization"));
    // No Authorization header: a browser's session cookie may stand in (auth/session-cookie.ts, CSRF-checked).
    if (principal === ANONYMOUS && sessions !== undefined) principal = await sessions(c);
    if (principal === INVALID_CREDENTIALS) {
      const address = clientAddress(c);
      const wait = badTokens.reserve(address, address);
      if (wait > 0)
        return refused(c, 429, `Too many invalid tokens from this address: try again in ${wait} seconds`, {
          "Retry-After": `${wait}`,
        });
      return refused(c, 401, INVALID_CREDENTIALS_MESSAGE, {});
    }
    c.set("principal", principal);
    await next();
  };
}
