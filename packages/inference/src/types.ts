// Core public types of the client (inference.md §2.1, §2.3).
import type { PipelineType } from "@hubkit/tasks";
import type { INFERENCE_PROVIDERS } from "./config.js";

/** Every pipeline type of the catalogue except "other", plus "conversational". */
export type InferenceTask = Exclude<PipelineType, "other"> | "conversational";

export type InferenceProvider = (typeof INFERENCE_PROVIDERS)[number];

/** A model id on the hub, e.g. `meta-llama/Llama-3.1-8B-Instruct`. */
export type ModelId = string;

export type AuthMethod = "none" | "hf-token" | "credentials-include" | "provider-key";

export interface Options {
  /** Retry an HTTP 503 (default true). */
  retry_on_error?: boolean;
  /** Used for every network call instead of `globalThis.fetch` (looked up at call time). */
  fetch?: typeof fetch;
  /** Aborts the request, retry waits, polling and downloads. */
  signal?: AbortSignal;
  /** String → `credentials: <string>`; `true` → `"include"`; otherwise no `credentials` field. */
  includeCredentials?: string | boolean;
  /** Adds `X-HF-Bill-To` when non-empty. */
  billTo?: string;
  /** Total budget of the whole call in ms (ours). */
  timeout?: number;
  /** No byte received for this many ms (before headers, mid-body, mid-stream) → InferenceTimeoutError; default 60 000 (ours). */
  idleTimeout?: number;
  /** Cap on a JSON or text body, in bytes; default 64 MiB (ours). */
  maxJsonBytes?: number;
  /** Cap on an error (non-2xx) body, in bytes; default 64 MiB (ours). */
  maxErrorBytes?: number;
  /** Cap on a binary body or download, in bytes; default 256 MiB (ours). */
  maxBlobBytes?: number;
  /** Cap on one server-sent-events line, in characters; default 16 Mi (ours). */
  maxSseLineLength?: number;
  /** Cap on one server-sent event (its data lines joined), in characters; default 64 Mi (ours). */
  maxSseEventLength?: number;
  /** Maximum number of 503 retries; default unlimited (ours). */
  maxRetries?: number;
  /** First backoff delay in ms; default 1000 (ours). */
  retryBaseDelay?: number;
  /** Hub base URL (ours; default env HUBKIT_HUB_URL / HF_ENDPOINT, else https://huggingface.co). */
  hubUrl?: string;
  /** Router base URL (ours; default env HUBKIT_ROUTER_URL / HF_ROUTER_URL, else https://router.huggingface.co). */
  routerUrl?: string;
  /** Direct provider base URLs by provider id (plus `fal-ai-queue`), used with provider keys (ours). */
  providerUrls?: Partial<Record<InferenceProvider | "fal-ai-queue", string>>;
}

export interface BaseArgs {
  /** `hf_…` token (router) or a provider key (direct call). */
  accessToken?: string;
  /** Model id on the hub (or, for openai, `openai/<model>`). */
  model?: ModelId;
  /** A dedicated endpoint (hf-inference only); replaces the URL. */
  endpointUrl?: string;
  /** Default `hf-inference`. */
  provider?: InferenceProvider;
}

export type RequestArgs = BaseArgs &
  (
    | { data: Blob | ArrayBuffer }
    | { inputs: unknown }
    | { prompt: string }
    | { text: string }
    | { audio_url: string }
    | ChatCompletionLikeArgs
  ) & {
    parameters?: Record<string, unknown>;
  };

interface ChatCompletionLikeArgs {
  messages: unknown[];
  [key: string]: unknown;
}

/** Options accepted by `request` / `streamingRequest`. */
export interface RequestOptions extends Options {
  task?: InferenceTask;
  /** Makes 400/404/422/500 answers report "does not seem to support chat completion". */
  chatCompletion?: boolean;
}

export interface HeaderParams {
  accessToken?: string;
  authMethod: AuthMethod;
}

export interface UrlParams {
  authMethod: AuthMethod;
  model: string;
  task?: InferenceTask;
}

export interface BodyParams<T extends Record<string, unknown> = Record<string, unknown>> {
  args: T;
  model: string;
  task?: InferenceTask;
}
