// A scripted fetch for unit tests: records every call and answers from a handler.
export interface RecordedCall {
  url: string;
  init: RequestInit;
}

export type Handler = (url: string, init: RequestInit, index: number) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
}

export function fakeFetch(handler: Handler): FakeFetch {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    if (init.signal?.aborted) throw init.signal.reason;
    return handler(url, init, calls.length - 1);
  };
  return { fetch: fetchFn as typeof fetch, calls };
}

export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

export const text = (body: string, status: number, contentType = "text/plain") =>
  new Response(body, { status, headers: { "Content-Type": contentType } });

/** A hub answer mapping `model` to a provider id for each listed provider. */
export function mappingAnswer(entries: Record<string, { providerId: string; task: string; status?: string }>) {
  const mapping: Record<string, unknown> = {};
  for (const [provider, entry] of Object.entries(entries)) mapping[provider] = { status: "live", ...entry };
  return json({ _id: "x", id: "model", inferenceProviderMapping: mapping });
}

/** An SSE response whose body is delivered in the given chunks. */
export function sseResponse(chunks: (string | Uint8Array)[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
  return new Response(body, { status, headers: { "Content-Type": "text/event-stream" } });
}

export { collect, outputMessage, rejection } from "../common.js";
