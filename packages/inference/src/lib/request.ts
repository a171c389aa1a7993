// Send a built request and turn the answer into data or a typed error (§7), for the non-streaming functions.

import { getRouterUrl } from "../config.js";
import type { ProviderHelper, ResponseContext } from "../providers/types.js";
import type { Options } from "../types.js";
import { discardBody, readBlob, readJson, readText } from "./body.js";
import type { CallContext } from "./call.js";
import { InferenceClientHttpError, redactRequest } from "./errors.js";
import type { Fetched } from "./fetched.js";
import { type AnyArgs, type BuildOptions, makeRequestOptions } from "./makeRequestOptions.js";
import { fetchWithRetry } from "./retry.js";

export interface InnerRequestOptions extends BuildOptions {
  /** Only `request`/`streamingRequest` set it (§7). */
  chatCompletion?: boolean;
  outputType?: "url" | "blob";
}

export interface InnerResult<T> {
  data: T;
  context: ResponseContext;
}

/** Builds the request once, sends it (with 503 retries) and returns the parsed body plus the response context. */
export async function innerRequest<T>(
  args: AnyArgs,
  helper: ProviderHelper<unknown>,
  options: InnerRequestOptions,
  call: CallContext,
): Promise<InnerResult<T>> {
  const { url, info } = await makeRequestOptions(args, helper, options, call);
  const fetched = await fetchWithRetry(call, url, info);
  const { response } = fetched;
  if (!response.ok) {
    throw await httpError(fetched, url, info, errorModel(args), options.chatCompletion === true, call.options);
  }
  const contentType = response.headers.get("Content-Type") ?? "";
  const data = contentType.startsWith("application/json")
    ? await readJson(fetched, call.options)
    : await readBlob(fetched, call.options);
  const context: ResponseContext = {
    url,
    headers: info.headers,
    call,
    // Only fal-ai queue polling reads it: resolve it (an environment look-up) on demand.
    get routerUrl() {
      return getRouterUrl(options);
    },
    outputType: options.outputType,
  };
  return { data: data as T, context };
}

/** `${model}` of the chat error message: args.model, or the endpoint URL when there is no model. */
export function errorModel(args: AnyArgs): string | undefined {
  return args.model ?? args.endpointUrl;
}

/** `JSON.stringify` unless already a string (error bodies, §7). */
export function asMessage(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

const CHAT_ERROR_STATUSES = new Set([400, 422, 404, 500]);

/**
 * The chat-completion branch of §7 and §8 (set only by `request`/`streamingRequest` with `chatCompletion: true`):
 * the message for a JSON error body with one of the listed statuses, else undefined.
 */
export function chatCompletionErrorMessage(
  model: string | undefined,
  status: number,
  body: Record<string, unknown>,
): string | undefined {
  if (!CHAT_ERROR_STATUSES.has(status)) return undefined;
  const detail = body.error === undefined ? "undefined" : asMessage(body.error);
  return `Server ${model} does not seem to support chat completion. Error: ${detail}`;
}

export function requestIdOf(response: Response): string | null {
  return response.headers.get("x-request-id");
}

/** The §7 error for a non-OK, non-streaming answer. */
export async function httpError(
  fetched: Fetched,
  url: string,
  init: RequestInit,
  model: string | undefined,
  chatCompletion: boolean,
  options: Options,
): Promise<InferenceClientHttpError> {
  const { response } = fetched;
  const contentType = response.headers.get("Content-Type") ?? "";
  const status = response.status;
  const make = (message: string, body: unknown) =>
    new InferenceClientHttpError(message, redactRequest(url, init), { status, requestId: requestIdOf(response), body });

  const isJson = contentType.startsWith("application/json") || contentType.startsWith("application/problem+json");
  if (isJson || contentType.startsWith("text/plain")) {
    const text = await readText(fetched, options, "maxErrorBytes");
    if (isJson) {
      let body: unknown;
      let parsed = true;
      try {
        body = JSON.parse(text);
      } catch {
        parsed = false;
      }
      if (parsed) {
        const record = (body && typeof body === "object" ? body : {}) as Record<string, unknown>;
        const chatMessage = chatCompletion ? chatCompletionErrorMessage(model, status, record) : undefined;
        if (chatMessage !== undefined) return make(chatMessage, body);
        // `error ?? detail`: a null field counts as absent.
        if (record.error != null) return make(asMessage(record.error), body);
        if (record.detail != null) return make(asMessage(record.detail), body);
        return make(JSON.stringify(body), body);
      }
    }
    return make(text, text);
  }
  await discardBody(fetched);
  return make("An error occurred while fetching the blob", undefined);
}
