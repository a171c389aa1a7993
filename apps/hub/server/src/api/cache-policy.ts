// Shared caches must never hand one caller's answer to another. Every API and file answer varies with the caller's
// credentials (`Vary: Authorization, Cookie`), and an answer to an authenticated request (a token, a session, or a
// refused credential) is `Cache-Control: private` — `public` and `s-maxage` are dropped, and an answer that said
// nothing becomes `private, no-store`. Anonymous answers keep their own policy: public reads may stay cacheable.
// The site's pages and assets are the same for everyone and are left alone (markSitePage).
import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context, MiddlewareHandler } from "hono";
import type { HubEnv } from "../auth/principal.js";

export const VARY = "Authorization, Cookie";

const sitePages = new WeakSet<Response>();

/** Marks a response of the web app (same bytes for every caller): no Vary, no rewritten Cache-Control. */
export function markSitePage(response: Response): Response {
  sitePages.add(response);
  return response;
}

function nodeOutgoing(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing !== undefined && typeof outgoing.setHeader === "function" ? outgoing : undefined;
}

/** `Cache-Control` for an authenticated answer, from what the route said (if anything). */
export function privateCacheControl(existing: string | null): string {
  if (existing === null || existing.trim() === "") return "private, no-store";
  const directives = existing
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !/^(public|s-maxage=.*)$/i.test(part));
  if (!directives.some((part) => /^(private|no-store)$/i.test(part))) directives.unshift("private");
  return directives.join(", ");
}

function mergedVary(existing: string | null): string {
  if (existing === null || existing.trim() === "") return VARY;
  const names = existing.split(",").map((name) => name.trim().toLowerCase());
  const missing = VARY.split(", ").filter((name) => !names.includes(name.toLowerCase()));
  return missing.length === 0 ? existing : `${existing}, ${missing.join(", ")}`;
}

export const cachePolicy: MiddlewareHandler<HubEnv> = async (c, next) => {
  // A body streamed straight to the socket writes its own head (stream-response.ts): Node merges these headers in
  // (the route's own Cache-Control, if it sets one, wins; file answers say `private` themselves).
  const outgoing = nodeOutgoing(c);
  const sendsCredentials = c.req.header("authorization") !== undefined || c.req.header("cookie") !== undefined;
  outgoing?.setHeader("Vary", VARY);
  if (sendsCredentials) outgoing?.setHeader("Cache-Control", "private, no-store");
  await next();
  // (Hono copies a streamed answer into a new Response when a middleware such as cors touched c.res first.)
  if (c.res === RESPONSE_ALREADY_SENT || outgoing?.headersSent === true) return;
  outgoing?.removeHeader("Vary");
  outgoing?.removeHeader("Cache-Control");
  if (sitePages.has(c.res)) return;
  const principal = c.get("principal");
  const credentialed =
    (principal !== undefined && principal.kind !== "anonymous") || c.req.header("authorization") !== undefined;
  const apply = (headers: Headers) => {
    headers.set("Vary", mergedVary(headers.get("Vary")));
    if (credentialed) headers.set("Cache-Control", privateCacheControl(headers.get("Cache-Control")));
  };
  try {
    apply(c.res.headers);
  } catch {
    // Immutable headers (a Response.redirect): Hono's setter copies the answer into a fresh, mutable one.
    c.res = new Response(c.res.body, c.res);
    apply(c.res.headers);
  }
};
