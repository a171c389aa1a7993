// The access log: one JSON line per request on stdout, written when the answer has left (or the client went away):
//   {"time":"…","method":"GET","path":"/api/models","status":200,"bytes":5123,"ms":4.1,"requestId":"…"}
// `path` is the path alone: the query (where signed URLs and search terms live) is dropped, and so is every
// header (Authorization, Cookie). `bytes` counts what went out on the socket for this answer, headers included.
// `aborted` marks an answer cut short. HUBKIT_ACCESS_LOG=0 turns it off (config.ts).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { REQUEST_ID_HEADER } from "../api/request-id.js";

export interface AccessLogLine {
  time: string;
  method: string;
  path: string;
  status: number;
  bytes: number;
  ms: number;
  requestId: string;
  aborted?: true;
}

/** Longest path written: a hostile URL cannot make one line megabytes long. */
const MAX_PATH = 512;

/** The path of a request target, without its query or fragment, bounded (JSON.stringify escapes the rest). */
export function loggedPath(target: string | undefined): string {
  const path = (target ?? "").split(/[?#]/, 1)[0] ?? "";
  return path.slice(0, MAX_PATH);
}

type FetchCallback = (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>;

/** Wraps a server's fetch so each request writes one line to `write` once its answer is done. */
export function withAccessLog(fetch: FetchCallback, write: (line: string) => void): FetchCallback {
  return (request, env) => {
    const started = performance.now();
    // The server is HTTP/1.1 (server.ts): its bindings are node:http's.
    const incoming = env.incoming as IncomingMessage;
    const outgoing = env.outgoing as ServerResponse;
    const socket = outgoing.socket;
    const sentBefore = socket?.bytesWritten ?? 0;
    let written = false;
    const done = () => {
      if (written) return;
      written = true;
      const id = outgoing.getHeader(REQUEST_ID_HEADER);
      const line: AccessLogLine = {
        time: new Date().toISOString(),
        method: (incoming.method ?? "-").slice(0, 16),
        path: loggedPath(incoming.url),
        status: outgoing.statusCode,
        bytes: Math.max(0, (socket?.bytesWritten ?? sentBefore) - sentBefore),
        ms: Math.round((performance.now() - started) * 10) / 10,
        requestId: typeof id === "string" ? id : "-",
        ...(outgoing.writableFinished ? {} : { aborted: true as const }),
      };
      // JSON.stringify escapes quotes and control characters: a path cannot forge a second line.
      write(JSON.stringify(line));
    };
    outgoing.once("finish", done);
    outgoing.once("close", done);
    return fetch(request, env);
  };
}
