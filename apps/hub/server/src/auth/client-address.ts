// The client's address, the key of the per-address limits (sign-in, sign-up, bad tokens). The socket's peer: a
// reverse proxy in front would make every client one address (the limits then apply to all together).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown"; // app.fetch called without a socket (the CLI's in-process admin requests, tests)
  }
}
