// Resolves the caller once per request and puts it in the context as `principal`. A credential that is sent but
// not valid is refused here, before any route runs: 401 "Invalid credentials in Authorization header" (the exact
// text Python compares) on the API and file routes; on git and LFS routes the answer is a Basic challenge, the
// only 401 git and git-lfs act on (they ask their credential helper again). No credential = ANONYMOUS.
import type { MiddlewareHandler } from "hono";
import { type Authenticator, INVALID_CREDENTIALS } from "./accounts.js";
import { ANONYMOUS, type HubEnv } from "./principal.js";
import type { SessionResolver } from "./session-cookie.js";

export const INVALID_CREDENTIALS_MESSAGE = "Invalid credentials in Authorization header";
export const BASIC_CHALLENGE = 'Basic realm="Hubkit", charset="UTF-8"';

// git smart HTTP (`…/info/refs`, `…/git-upload-pack`, `…/git-receive-pack`) and the LFS API (`….git/info/lfs/…`).
const GIT_PATH = /\/(?:info\/refs|git-upload-pack|git-receive-pack)$|\/info\/lfs(?:\/|$)/;

export function isGitPath(pathname: string): boolean {
  // The JSON API is never git, even when a file path in it ends like one (`…/tree/main/info/refs`).
  return !pathname.startsWith("/api/") && GIT_PATH.test(pathname);
}

export function authMiddleware(accounts: Authenticator, sessions?: SessionResolver): MiddlewareHandler<HubEnv> {
  return async (c, next) => {
    let principal = await accounts.authenticate(c.req.header("authorization"));
    // No Authorization header: a browser's session cookie may stand in (auth/session-cookie.ts, CSRF-checked).
    if (principal === ANONYMOUS && sessions !== undefined) principal = await sessions(c);
    if (principal === INVALID_CREDENTIALS) {
      const pathname = new URL(c.req.url).pathname;
      if (isGitPath(pathname)) {
        const headers = { "WWW-Authenticate": BASIC_CHALLENGE, "LFS-Authenticate": BASIC_CHALLENGE };
        if (pathname.includes("/info/lfs"))
          return c.json({ message: INVALID_CREDENTIALS_MESSAGE, error: INVALID_CREDENTIALS_MESSAGE }, 401, {
            ...headers,
            "Content-Type": "application/vnd.git-lfs+json",
          });
        return c.text(`${INVALID_CREDENTIALS_MESSAGE}\n`, 401, headers);
      }
      return c.json({ error: INVALID_CREDENTIALS_MESSAGE }, 401, { "X-Error-Message": INVALID_CREDENTIALS_MESSAGE });
    }
    c.set("principal", principal);
    await next();
  };
}
