// Streaming calls (§8): build, send with 503 retries, check the answer, then yield the JSON of each SSE message
// until [DONE]. The reader is always released, also when the consumer stops early or the signal aborts.
import type { ProviderHelper } from "../providers/types.js";
import { discardBody, readText } from "./body.js";
import type { CallContext } from "./call.js";
import { InferenceClientHttpError, InferenceClientStreamError, redactRequest } from "./errors.js";
import { type Fetched, failure } from "./fetched.js";
import { limitOf } from "./limits.js";
import { type AnyArgs, makeRequestOptions } from "./makeRequestOptions.js";
import { chatCompletionErrorMessage, errorModel, type InnerRequestOptions, requestIdOf } from "./request.js";
import { fetchWithRetry } from "./retry.js";
import { type SseLimits, SseParser } from "./sse.js";

export async function* innerStreamingRequest<T>(
  args: AnyArgs,
  helper: ProviderHelper<unknown>,
  options: InnerRequestOptions,
  call: CallContext,
): AsyncGenerator<T> {
  const { url, info } = await makeRequestOptions(args, helper, options, call);
  const fetched = await fetchWithRetry(call, url, info);
  const { response } = fetched;
  if (!response.ok) {
    throw await streamHttpError(fetched, url, info, errorModel(args), options.chatCompletion === true, call);
  }
  const contentType = response.headers.get("Content-Type");
  if (!contentType?.startsWith("text/event-stream")) {
    await discardBody(fetched);
    throw new InferenceClientStreamError(
      `Server does not support event stream content type, it returned ${contentType}`,
    );
  }
  if (!response.body) {
    fetched.finish();
    return;
  }
  try {
    yield* readEvents<T>(response.body, fetched.signal, {
      onData: fetched.touch,
      url,
      maxLineLength: limitOf(call.options, "maxSseLineLength"),
      maxEventLength: limitOf(call.options, "maxSseEventLength"),
    });
  } finally {
    fetched.finish();
  }
}

export interface ReadEventsOptions extends Partial<SseLimits> {
  /** Called for each chunk received (feeds the idle watch). */
  onData?: () => void;
  /** Named in the error when the connection breaks mid-stream. */
  url?: string;
}

/** Yields the parsed JSON of each message of an SSE body until `[DONE]` or the end of the body. */
export async function* readEvents<T>(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
  options: ReadEventsOptions = {},
): AsyncGenerator<T> {
  const reader = body.getReader();
  const parser = new SseParser(options);
  let exhausted = false;
  // One listener per stream rather than a race per chunk: cancelling settles a pending read (a custom fetch may
  // ignore the signal), and the abort reason is thrown once the read returns.
  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {});
  };
  signal?.addEventListener("abort", onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) throw signal.reason;
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        throw failure(signal, options.url ?? "the event stream", error);
      }
      if (signal?.aborted) throw signal.reason;
      const { done, value } = chunk;
      if (done) {
        exhausted = true;
        parser.end();
        return;
      }
      options.onData?.();
      for (const message of parser.feed(value)) {
        if (message.data === "") continue;
        if (message.data === "[DONE]") return;
        yield parseEventData<T>(message.data);
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    if (!exhausted) await reader.cancel().catch(() => {});
    try {
      reader.releaseLock();
    } catch {
      // already released
    }
  }
}

/** JSON of one message; error events become `Error forwarded from backend: …` (§8). */
export function parseEventData<T>(data: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new InferenceClientStreamError(`Failed to parse server-sent event data as JSON: ${data.slice(0, 200)}`);
  }
  if (parsed && typeof parsed === "object" && "error" in parsed) {
    const error = (parsed as { error: unknown }).error;
    const text =
      typeof error === "string"
        ? error
        : error && typeof (error as { message?: unknown }).message === "string"
          ? (error as { message: string }).message
          : JSON.stringify(error);
    throw new InferenceClientStreamError(`Error forwarded from backend: ${text}`);
  }
  return parsed as T;
}

/** The §8 step 3 error of a non-OK streaming answer. */
async function streamHttpError(
  fetched: Fetched,
  url: string,
  init: RequestInit,
  model: string | undefined,
  chatCompletion: boolean,
  call: CallContext,
): Promise<InferenceClientHttpError> {
  const { response } = fetched;
  const status = response.status;
  const contentType = response.headers.get("Content-Type") ?? "";
  let body: unknown;
  let message = `Server response contains error: ${status}`;
  if (contentType.startsWith("application/json")) {
    const text = await readText(fetched, call.options, "maxErrorBytes");
    try {
      body = JSON.parse(text);
      const record = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
      const error = record.error as { message?: unknown } | string | undefined;
      const chatMessage = chatCompletion ? chatCompletionErrorMessage(model, status, record) : undefined;
      if (chatMessage !== undefined) message = chatMessage;
      else if (typeof error === "string") message = error;
      else if (error && typeof error.message === "string") message = error.message;
      else if (typeof record.message === "string") message = record.message;
    } catch {
      // unparsable JSON: keep the generic message
    }
  } else {
    await discardBody(fetched);
  }
  return new InferenceClientHttpError(message, redactRequest(url, init), {
    status,
    requestId: requestIdOf(response),
    body,
  });
}
