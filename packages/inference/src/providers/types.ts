// The strategy every (provider, task) pair implements: where to send, what to send, how to read the answer.
import type { CallContext } from "../lib/call.js";
import type { AuthMethod, BodyParams, HeaderParams, InferenceProvider, InferenceTask, UrlParams } from "../types.js";

/** What a helper's `getResponse` may use besides the parsed response: the request it answered and the call. */
export interface ResponseContext {
  /** URL of the main request (polling derives its URLs from it). */
  url: string;
  /** Headers of the main request (fal-ai polling reuses them). */
  headers: Record<string, string>;
  /** The call's fetch and signal, for polling and downloads. */
  call: CallContext;
  /** Router base URL of the call (fal-ai queue polling goes back through it). */
  routerUrl: string;
  /** textToImage only. */
  outputType?: "url" | "blob";
}

export interface ProviderHelper<TOutput = unknown> {
  readonly provider: InferenceProvider;
  /** undefined = the generic hf-inference handler used by `request` without a task. */
  readonly task: InferenceTask | undefined;
  /** openai: the model id must be `openai/<id>`, provider keys only, no hub look-up. */
  readonly clientSideRoutingOnly: boolean;
  /**
   * Base URL for this auth method (router for hf-token/credentials-include/none, own URL for provider-key).
   * `routerUrl` may be a getter (an environment look-up): read it only when the router is the base.
   */
  makeBaseUrl(params: {
    authMethod: AuthMethod;
    routerUrl: string;
    directUrl: (key: InferenceProvider | "fal-ai-queue", fallback: string) => string;
  }): string;
  /**
   * Full URL; by default `${base}/${route}` (hf-inference overrides it for endpointUrl). `baseUrl` may be a getter:
   * read it only when the URL is built from it.
   */
  makeUrl(params: UrlParams & { baseUrl: string; endpointUrl?: string }): string;
  /** The JSON payload, keys in the exact order of inference.md §4.2. */
  preparePayload(params: BodyParams): Record<string, unknown>;
  /** Authorization (and provider-specific) headers. */
  prepareAuthHeaders(params: HeaderParams): Record<string, string>;
  /** Validates/reshapes the response; may poll or download. */
  getResponse(response: unknown, context: ResponseContext): TOutput | Promise<TOutput>;
}
