// Sends a file body: one byte range or the whole, HEAD without a body, and on Node the stream piped straight from
// disk into the socket (no web-stream copy, constant memory whatever the file size).
import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context } from "hono";
import { sendFileRange } from "./send-file.js";

export type ByteRange = { start: number; end: number };

/**
 * A single `bytes=a-b`, `a-` or `-n` range → the inclusive byte range; undefined for no (or an unsupported
 * multi-) range, which is answered whole; "unsatisfiable" for a range outside the file (416).
 */
export function parseRange(header: string | undefined, total: number): ByteRange | "unsatisfiable" | undefined {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d{0,16})-(\d{0,16})$/.exec(header.trim());
  if (match === null) return undefined;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    const length = Number(last);
    if (length === 0 || total === 0) return "unsatisfiable";
    return { start: Math.max(0, total - length), end: total - 1 };
  }
  const start = Number(first);
  if (start >= total) return "unsatisfiable";
  const end = last === "" ? total - 1 : Math.min(Number(last), total - 1);
  if (end < start) return "unsatisfiable";
  return { start, end };
}

interface NodeBindings {
  outgoing: ServerResponse;
}

function nodeOutgoing(c: Context): ServerResponse | undefined {
  const env = c.env as Partial<NodeBindings> | undefined;
  return env?.outgoing !== undefined && typeof env.outgoing.writeHead === "function" ? env.outgoing : undefined;
}

/** Writes the bytes of `range` into `outgoing` (head already set) and ends it, or destroys it; never rejects. */
export type NodeSender = (outgoing: ServerResponse, range: ByteRange) => Promise<void>;

export interface StreamSource {
  headers: Record<string, string>;
  total: number;
  range: ByteRange | undefined;
  open(range?: ByteRange): Readable;
  /** A file holding exactly these bytes: on Node it is sent through reused buffers (send-file.ts says why). */
  path?: string;
  /** Writes these bytes itself on Node (e.g. a Xet file rebuilt from its xorbs, xet/bridge-send.ts). */
  send?: NodeSender;
}

export function streamResponse(c: Context, source: StreamSource): Response {
  const { range, total } = source;
  const status = range !== undefined ? 206 : 200;
  const length = range !== undefined ? range.end - range.start + 1 : total;
  const headers: Record<string, string> = {
    ...source.headers,
    "X-Content-Type-Options": "nosniff",
    "Content-Length": String(length),
    ...(range !== undefined ? { "Content-Range": `bytes ${range.start}-${range.end}/${total}` } : {}),
  };
  // HEAD goes through Hono's own GET-to-HEAD wrapping, which needs an ordinary Response.
  if (c.req.method === "HEAD" || length === 0) return c.body(null, status, headers);
  const outgoing = nodeOutgoing(c);
  if (outgoing !== undefined) {
    outgoing.writeHead(status, headers);
    if (source.path !== undefined) {
      void sendFileRange(outgoing, source.path, range ?? { start: 0, end: total - 1 });
      return RESPONSE_ALREADY_SENT;
    }
    if (source.send !== undefined) {
      void source.send(outgoing, range ?? { start: 0, end: total - 1 });
      return RESPONSE_ALREADY_SENT;
    }
    const body = source.open(range);
    // A client that disconnects ends the pipeline with an error: nothing to report, the file is only closed.
    pipeline(body, outgoing).catch(() => body.destroy());
    return RESPONSE_ALREADY_SENT;
  }
  return c.body(Readable.toWeb(source.open(range)) as ReadableStream, status, headers);
}
