// What the download counter needs from a resolve request (store/download-rules.ts): the client's address (the
// socket's peer: forwarded-for headers are anyone's to write, so they are not trusted), the Range header, and
// whether the hub's own site asked while showing a page (never a download).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import { type DownloadRequest, sitePageRequest } from "../store/download-rules.js";

export function downloadRequest(c: Context): DownloadRequest {
  let client = "unknown";
  try {
    client = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.fetch called without a socket (in-process requests): every such request is one client.
  }
  const range = c.req.header("range");
  const sitePage = sitePageRequest(c.req.header("sec-fetch-site"), c.req.header("sec-fetch-mode"));
  return { client, ...(range === undefined ? {} : { range }), ...(sitePage ? { sitePage } : {}) };
}
