// `X-Request-Id` on every answer (API, files, git, site), as the hub sends it: huggingface_hub puts it into its error
// messages ("(Request ID: …)") and the server's error log lines carry it, so a user's report leads to the log line.
// A caller's own id is kept when it is sane — `X-Request-Id`, else the `X-Amzn-Trace-Id` huggingface_hub sends
// with every request (the id in its debug log) — and replaced by a random one otherwise: bounded, and made of
// characters that cannot split a header or a log line.
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { Context, MiddlewareHandler } from "hono";

export const REQUEST_ID_HEADER = "X-Request-Id";
const MAX_LENGTH = 128;
const SANE = /^[A-Za-z0-9._:=+-]+$/;

const ids = new WeakMap<Request, string>();

/** The caller's id if it is one we may repeat in a header and a log line, else undefined. */
export function acceptedRequestId(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= MAX_LENGTH && SANE.test(trimmed) ? trimmed : undefined;
}

/** This request's id (the middleware below decides it; a request it never saw gets "-"). */
export function requestIdOf(c: Context): string {
  return ids.get(c.req.raw) ?? "-";
}

function nodeOutgoing(c: Context): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing !== undefined && typeof outgoing.setHeader === "function" ? outgoing : undefined;
}

/** First of all middleware: decides the id and puts it on whatever answer leaves, streamed bodies included. */
export const requestIdMiddleware: MiddlewareHandler = async (c, next) => {
  const id =
    acceptedRequestId(c.req.header("x-request-id")) ??
    acceptedRequestId(c.req.header("x-amzn-trace-id")) ??
    randomUUID();
  ids.set(c.req.raw, id);
  // A body streamed straight to the socket (stream-response.ts) writes its own head: Node merges this in.
  const outgoing = nodeOutgoing(c);
  outgoing?.setHeader(REQUEST_ID_HEADER, id);
  await next();
  if (c.res === RESPONSE_ALREADY_SENT || outgoing?.headersSent === true) return;
  outgoing?.removeHeader(REQUEST_ID_HEADER);
  c.header(REQUEST_ID_HEADER, id);
};
