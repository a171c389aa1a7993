// The internal request context and reply values the route handlers exchange with the server.
import type { EmulatedModel } from "./types.js";

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Mutable state shared by the handlers of one emulator instance. */
export interface EmulatorState {
  models: Map<string, EmulatedModel>;
  taskDefaults: Record<string, string[]>;
  settings: { bflPendingPolls: number; falQueuePolls: number; strictProviderAuth: boolean };
  /** Async jobs (bfl polling, fal queue), by id. */
  jobs: Map<string, Job>;
  nextId: () => number;
  emulatorUrl: string;
}

export interface Job {
  kind: "bfl" | "fal";
  polls: number;
  /** What the finished job yields (an asset URL for bfl, the result object for fal). */
  result: unknown;
}

export interface RequestContext {
  method: string;
  /** Logical host, or `127.0.0.1:<port>` for direct hits. */
  host: string;
  /** Logical origin for URLs handed out in answers (`https://api.us1.bfl.ai`, or the emulator URL). */
  origin: string;
  pathname: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Uint8Array;
  text: string;
  json: unknown;
  state: EmulatorState;
}

const encoder = new TextEncoder();

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return {
    status,
    headers: { "content-type": "application/json", ...headers },
    body: encoder.encode(JSON.stringify(value)),
  };
}

export function bytesReply(contentType: string, body: Uint8Array, status = 200): Reply {
  return { status, headers: { "content-type": contentType }, body };
}

export function textReply(status: number, text: string, contentType = "text/plain"): Reply {
  return { status, headers: { "content-type": contentType }, body: encoder.encode(text) };
}

/** An SSE stream of JSON events, ending with `data: [DONE]`. */
export function sseReply(events: unknown[]): Reply {
  const text = `${events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("")}data: [DONE]\n\n`;
  return {
    status: 200,
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    body: encoder.encode(text),
  };
}

export const errorReply = (status: number, message: string): Reply => jsonReply(status, { error: message });

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Splits a reply text into word-sized pieces (spaces kept) so streams have several events. */
export function pieces(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}
