// Fault matching and the response writer that applies a fault's delays, splits, stalls and resets.
import type { ServerResponse } from "node:http";
import type { Reply } from "./reply.js";
import type { Fault, RecordedRequest } from "./types.js";

export interface PendingFault {
  fault: Fault;
  remaining: number;
}

/** Takes (and counts down) the first pending fault that matches the request. */
export function takeFault(pending: PendingFault[], request: RecordedRequest): Fault | undefined {
  const index = pending.findIndex(({ fault: { match = {} } }) => {
    if (request.service === "hub" && !match.includeHub) return false;
    if (match.method && match.method.toUpperCase() !== request.method) return false;
    if (match.host && match.host !== request.host) return false;
    if (typeof match.path === "string" && !request.path.includes(match.path)) return false;
    if (match.path instanceof RegExp && !match.path.test(request.path)) return false;
    return true;
  });
  if (index < 0) return undefined;
  const entry = pending[index];
  entry.remaining--;
  if (entry.remaining <= 0) pending.splice(index, 1);
  return entry.fault;
}

const encoder = new TextEncoder();

/** The reply after the fault's status, headers and body overrides. */
export function applyFault(reply: Reply, fault: Fault | undefined): Reply {
  if (!fault) return reply;
  const headers = { ...reply.headers };
  let body = reply.body;
  if ("body" in fault) {
    const value = fault.body;
    if (value instanceof Uint8Array) {
      body = value;
      headers["content-type"] = "application/octet-stream";
    } else if (typeof value === "string") {
      body = encoder.encode(value);
      headers["content-type"] = "text/plain";
    } else {
      body = encoder.encode(JSON.stringify(value));
      headers["content-type"] = "application/json";
    }
  }
  if (fault.contentType === null) delete headers["content-type"];
  else if (fault.contentType !== undefined) headers["content-type"] = fault.contentType;
  for (const [name, value] of Object.entries(fault.headers ?? {})) headers[name.toLowerCase()] = value;
  return { status: fault.status ?? reply.status, headers, body };
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

/** Byte offsets at which the body is cut into separate writes. */
function cutPoints(length: number, fault: Fault | undefined): number[] {
  if (fault?.splitAt) return [...new Set(fault.splitAt.filter((n) => n > 0 && n < length))].sort((a, b) => a - b);
  if (fault?.chunkSize && fault.chunkSize > 0) {
    const cuts: number[] = [];
    for (let n = fault.chunkSize; n < length; n += fault.chunkSize) cuts.push(n);
    return cuts;
  }
  return [];
}

const DEFAULT_REPEAT_MAX_BYTES = 1024 ** 3;

/** Writes `chunk` until the client leaves or the byte budget is spent, waiting for the socket to drain. */
async function writeRepeated(res: ServerResponse, repeat: NonNullable<Fault["repeat"]>): Promise<void> {
  const chunk = typeof repeat.chunk === "string" ? encoder.encode(repeat.chunk) : repeat.chunk;
  const maxBytes = repeat.maxBytes ?? DEFAULT_REPEAT_MAX_BYTES;
  if (chunk.length === 0) return;
  for (let sent = 0; sent + chunk.length <= maxBytes; sent += chunk.length) {
    if (res.destroyed || res.writableEnded) return;
    const flushed = res.write(chunk);
    if (repeat.intervalMs) await sleep(repeat.intervalMs);
    else if (!flushed) await drainOrClose(res);
  }
}

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

/** Writes the reply, honouring the fault's timing and connection faults. */
export async function writeReply(
  res: ServerResponse,
  reply: Reply,
  fault: Fault | undefined,
  extraHeaders: Record<string, string>,
) {
  if (fault?.delayMs) await sleep(fault.delayMs);
  if (res.destroyed) return;
  const cutoff = fault?.stallAfterBytes ?? fault?.resetAfterBytes;
  const cuts = cutPoints(reply.body.length, fault);
  const whole = cutoff === undefined && cuts.length === 0 && !fault?.repeat;
  const headers: Record<string, string> = { ...extraHeaders, ...reply.headers };
  if (whole) headers["content-length"] = String(reply.body.length);
  res.writeHead(reply.status, headers);
  if (whole) {
    res.end(reply.body);
    return;
  }
  res.flushHeaders();
  const limit = cutoff === undefined ? reply.body.length : Math.min(cutoff, reply.body.length);
  let start = 0;
  for (const end of [...cuts.filter((c) => c < limit), limit]) {
    if (end > start) res.write(reply.body.subarray(start, end));
    start = end;
    if (end < limit || cutoff !== undefined) await sleep(fault?.chunkDelayMs ?? 0);
    if (res.destroyed) return;
  }
  if (fault?.repeat) {
    await writeRepeated(res, fault.repeat);
    if (res.destroyed) return;
  }
  if (fault?.stallAfterBytes !== undefined) return; // never finish: the client must time out or abort
  if (fault?.resetAfterBytes !== undefined) {
    await sleep(10);
    res.socket?.destroy();
    return;
  }
  res.end();
}
