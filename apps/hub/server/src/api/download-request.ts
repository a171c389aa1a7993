// What the download counter needs from a resolve request (store/download-rules.ts): the client's address (the
// socket's peer: forwarded-for headers are anyone's to write, so they are not trusted) and the Range header.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { DownloadRequest } from "../store/download-rules.js";

export function downloadRequest(c: Context): DownloadRequest {
  let client = "unknown";
  try {
    client = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.fetch called without a socket (in-process requests): every such request is one client.
  }
  const range = c.req.header("range");
  return range === undefined ? { client } : { client, range };
}
