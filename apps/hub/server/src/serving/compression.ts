// gzip / brotli for the JSON API, negotiated by Accept-Encoding. The site's files come precompressed from the
// build (web-assets.ts); this middleware compresses the API's JSON answers, which are built in memory per request.
// Never touched: anything not JSON (file downloads, git, LFS and Xet bodies, even a `.json` file of a repository,
// which the resolve routes serve with its own type and whose Content-Length the clients check), a ranged or
// partial answer, an answer already encoded, a HEAD, a body streamed straight to the socket, and small bodies.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context, MiddlewareHandler } from "hono";
import { type Coding, preferredCoding } from "./accept-encoding.js";

/** Smaller bodies fit in a packet either way: compressing them costs more than it saves. */
export const MIN_COMPRESSED_BYTES = 1024;
/** The API's answers are built in memory; one larger than this is passed through as it is. */
const MAX_COMPRESSED_BYTES = 32 * 1024 * 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Per-request levels (the zlib thread pool runs them off the event loop): fast, most of the gain on JSON. */
export function compressBytes(bytes: Uint8Array, coding: Coding): Promise<Buffer> {
  return coding === "br"
    ? brotli(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      })
    : gzipAsync(bytes, { level: 6 });
}

/** Adds `value` to a response's Vary list once. */
export function addVary(headers: Headers, value: string): void {
  const current = headers.get("vary");
  if (current === null || current.trim() === "") headers.set("vary", value);
  else if (current.trim() === "*") return;
  else if (!current.split(",").some((item) => item.trim().toLowerCase() === value.toLowerCase()))
    headers.set("vary", `${current}, ${value}`);
}

function isJson(type: string | null): boolean {
  const media = (type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return media === "application/json" || (media.startsWith("application/") && media.endsWith("+json"));
}

/** Replaces the answer whole: Hono's `c.res =` would copy the old answer's headers over the new one's. */
function replaceResponse(
  c: Context,
  body: ConstructorParameters<typeof Response>[0],
  res: Response,
  headers: Headers,
): void {
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (res === RESPONSE_ALREADY_SENT || c.req.method === "HEAD" || res.body === null) return;
  if (!isJson(res.headers.get("content-type"))) return;
  if (res.status === 206 || res.headers.has("content-range") || res.headers.has("content-encoding")) return;
  if (c.req.header("range") !== undefined) return;
  // Every JSON answer varies by Accept-Encoding from here on, compressed or not: caches must keep them apart.
  const headers = new Headers(res.headers);
  addVary(headers, "Accept-Encoding");
  const coding = preferredCoding(c.req.header("accept-encoding"));
  const declared = Number(res.headers.get("content-length") ?? Number.NaN);
  if (coding === undefined || declared > MAX_COMPRESSED_BYTES) {
    replaceResponse(c, res.body, res, headers);
    return;
  }
  const bytes = new Uint8Array(await res.arrayBuffer());
  let body: Uint8Array = bytes;
  if (bytes.length >= MIN_COMPRESSED_BYTES && bytes.length <= MAX_COMPRESSED_BYTES) {
    const compressed = await compressBytes(bytes, coding);
    if (compressed.length < bytes.length) {
      body = compressed;
      headers.set("content-encoding", coding);
      // The same entity in another encoding: a strong validator would claim byte-identity it no longer has.
      const etag = headers.get("etag");
      if (etag !== null && !etag.startsWith("W/")) headers.set("etag", `W/${etag}`);
    }
  }
  headers.set("content-length", String(body.length));
  replaceResponse(c, body, res, headers);
};
