// The client's address, the key of the per-address limits (sign-in, sign-up, bad tokens). Normally the socket's
// peer. Behind a reverse proxy every client would be the proxy's one address (the limits would then apply to all
// together), so with HUBKIT_TRUST_PROXY=1 the address is the last X-Forwarded-For entry: the one our proxy
// appended, which the client cannot choose (entries before it are the client's own words and are ignored).
import { isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

const remembered = new WeakMap<Request, string>();

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.fetch called without a socket (the CLI's in-process admin requests, tests)
  }
}

/** The address the proxy saw, when we trust it and it sent a well-formed one. */
function forwardedAddress(c: Context): string | undefined {
  const header = c.req.header("x-forwarded-for");
  if (header === undefined || header.length > 4096) return undefined;
  const last = header.split(",").at(-1)?.trim() ?? "";
  return isIP(last) !== 0 ? last.toLowerCase() : undefined;
}

/** Works out the request's client address once, before any route (app.ts). */
export function rememberClientAddress(c: Context, trustProxy: boolean): void {
  remembered.set(c.req.raw, (trustProxy ? forwardedAddress(c) : undefined) ?? socketAddress(c));
}

export function clientAddress(c: Context): string {
  return remembered.get(c.req.raw) ?? socketAddress(c);
}
