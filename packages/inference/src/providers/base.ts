// Building blocks shared by the provider files: a helper factory with the common defaults, the
// OpenAI-compatible chat helper, and image/video result conversion (data URL, Blob, download).
import { blobFromBase64, blobFromDataUrl } from "../lib/base64.js";
import { discardBody, readBlob } from "../lib/body.js";
import { getRequestError, InferenceOutputError } from "../lib/errors.js";
import { callFetch } from "../lib/fetched.js";
import type { BodyParams, HeaderParams, InferenceProvider, InferenceTask, UrlParams } from "../types.js";
import type { ProviderHelper, ResponseContext } from "./types.js";
import { isChatCompletionOutput } from "./validate.js";

export interface HelperSpec<TOutput> {
  provider: InferenceProvider;
  task: InferenceTask | undefined;
  /** Base URL used with a provider key. */
  directUrl: string;
  /** Key of the URL override (options.providerUrls / env); default the provider id. */
  directUrlKey?: InferenceProvider | "fal-ai-queue";
  /** Authorization scheme with a provider key (router calls always use Bearer). */
  keyScheme?: "Bearer" | "X-Key" | "Key";
  /** Headers every request of this provider carries (replicate: Prefer: wait). */
  extraHeaders?: Record<string, string>;
  clientSideRoutingOnly?: boolean;
  route: string | ((params: UrlParams) => string);
  payload: (params: BodyParams) => Record<string, unknown>;
  getResponse: (response: unknown, context: ResponseContext) => TOutput | Promise<TOutput>;
  makeUrl?: ProviderHelper<TOutput>["makeUrl"];
  makeBaseUrl?: ProviderHelper<TOutput>["makeBaseUrl"];
}

export function defineHelper<TOutput>(spec: HelperSpec<TOutput>): ProviderHelper<TOutput> {
  const { route } = spec;
  return {
    provider: spec.provider,
    task: spec.task,
    clientSideRoutingOnly: spec.clientSideRoutingOnly ?? false,
    makeBaseUrl:
      spec.makeBaseUrl ??
      ((params) =>
        params.authMethod === "provider-key"
          ? params.directUrl(spec.directUrlKey ?? spec.provider, spec.directUrl)
          : `${params.routerUrl}/${spec.provider}`),
    makeUrl:
      spec.makeUrl ?? (({ baseUrl, ...params }) => joinUrl(baseUrl, typeof route === "string" ? route : route(params))),
    preparePayload: spec.payload,
    prepareAuthHeaders: ({ accessToken, authMethod }: HeaderParams) => {
      const headers: Record<string, string> = {};
      if (accessToken) {
        const scheme = authMethod === "provider-key" ? (spec.keyScheme ?? "Bearer") : "Bearer";
        headers.Authorization = `${scheme} ${accessToken}`;
      }
      return spec.extraHeaders ? { ...headers, ...spec.extraHeaders } : headers;
    },
    getResponse: spec.getResponse,
  };
}

/** `${base}/${route}` with the route's leading slashes removed (§3.3). */
export function joinUrl(base: string, route: string): string {
  return `${base}/${route.replace(/^\/+/, "")}`;
}

/** Splits `args` into `R` (everything but inputs/parameters), `inputs` and `parameters` (§4.2 notation). */
export function splitArgs(args: Record<string, unknown>): {
  rest: Record<string, unknown>;
  inputs: unknown;
  parameters: Record<string, unknown> | undefined;
} {
  const { inputs, parameters, ...rest } = args;
  return { rest, inputs, parameters: parameters as Record<string, unknown> | undefined };
}

/** The OpenAI-compatible chat-completion helper: `...A, model: {id}` and the §4.3 output check. */
export function openAIConversational(
  provider: InferenceProvider,
  directUrl: string,
  route: string,
  extra: Partial<HelperSpec<unknown>> = {},
): ProviderHelper<unknown> {
  return defineHelper<unknown>({
    provider,
    task: "conversational",
    directUrl,
    route,
    payload: ({ args, model }) => ({ ...args, model }),
    getResponse: (response) => {
      if (isChatCompletionOutput(response)) return response;
      throw new InferenceOutputError("Expected ChatCompletionOutput");
    },
    ...extra,
  });
}

/** A text-to-image result given as base64 bytes (hyperbolic, nebius, together, hf-inference `b64_json`). */
export function imageFromBase64(b64: string, outputType: "url" | "blob" | undefined): string | Blob {
  return outputType === "url" ? `data:image/jpeg;base64,${b64}` : blobFromBase64(b64, "image/jpeg");
}

/** A result given as a URL: returned as is for `outputType: "url"`, else downloaded. */
export async function imageFromUrl(url: string, context: ResponseContext): Promise<string | Blob> {
  return context.outputType === "url" ? url : download(url, context);
}

/** Downloads an asset through the call's fetch and signal; `data:` URLs are decoded locally. */
export async function download(url: string, context: Pick<ResponseContext, "call">): Promise<Blob> {
  const local = blobFromDataUrl(url);
  if (local) return local;
  const fetched = await callFetch(context.call, url, { method: "GET" });
  const { response } = fetched;
  if (!response.ok) {
    await discardBody(fetched);
    throw getRequestError(`Failed to download ${url}: ${response.status} ${response.statusText}`.trim(), url, response);
  }
  return readBlob(fetched, context.call.options);
}
