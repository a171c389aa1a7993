// Constants of the client (inference.md §1) and the lookup of configurable base URLs.
import type { InferenceProvider, Options } from "./types.js";

export const PACKAGE_NAME = "@hubkit/inference";
/** Must equal the `version` of packages/inference/package.json (a unit test checks it). */
export const PACKAGE_VERSION = "0.1.0";

export const HF_HUB_URL = "https://huggingface.co";
export const HF_ROUTER_URL = "https://router.huggingface.co";
export const HF_HEADER_X_BILL_TO = "X-HF-Bill-To";

/** The 13 providers, in the order of inference.md §1. */
export const INFERENCE_PROVIDERS = [
  "black-forest-labs",
  "cerebras",
  "cohere",
  "fal-ai",
  "fireworks-ai",
  "hf-inference",
  "hyperbolic",
  "nebius",
  "novita",
  "openai",
  "replicate",
  "sambanova",
  "together",
] as const;

export const DEFAULT_PROVIDER = "hf-inference";

/** Retry policy constants (§9). */
export const DEFAULT_RETRY_BASE_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 30_000;

/** Polling constants (§4.4). */
export const BFL_POLL_ATTEMPTS = 5;
export const BFL_POLL_INTERVAL_MS = 1000;
export const FAL_QUEUE_POLL_INTERVAL_MS = 500;

/** Environment variables read (only where a global `process` exists) when no option is given. */
export const ENV_HUB_URL = ["HUBKIT_HUB_URL", "HF_ENDPOINT"] as const;
export const ENV_ROUTER_URL = ["HUBKIT_ROUTER_URL", "HF_ROUTER_URL"] as const;
/** `HUBKIT_PROVIDER_URL_<KEY>` where KEY is the provider id upper-cased with `-` → `_` (fal queue: `FAL_AI_QUEUE`). */
export const ENV_PROVIDER_URL_PREFIX = "HUBKIT_PROVIDER_URL_";

function readEnv(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  const value = proc?.env?.[name];
  return value ? value : undefined;
}

function firstEnv(names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = readEnv(name);
    if (value) return value;
  }
  return undefined;
}

function trimTrailingSlashes(url: string): string {
  // Runs on every request: skip the regular expression in the usual case of no trailing slash.
  return url.endsWith("/") ? url.replace(/\/+$/, "") : url;
}

type UrlOptions = Pick<Options, "hubUrl" | "routerUrl" | "providerUrls">;

/** Hub base URL: option `hubUrl`, else env HUBKIT_HUB_URL / HF_ENDPOINT, else https://huggingface.co. */
export function getHubUrl(options?: UrlOptions): string {
  return trimTrailingSlashes(options?.hubUrl ?? firstEnv(ENV_HUB_URL) ?? HF_HUB_URL);
}

/** Router base URL: option `routerUrl`, else env HUBKIT_ROUTER_URL / HF_ROUTER_URL, else https://router.huggingface.co. */
export function getRouterUrl(options?: UrlOptions): string {
  return trimTrailingSlashes(options?.routerUrl ?? firstEnv(ENV_ROUTER_URL) ?? HF_ROUTER_URL);
}

/** Direct (provider-key) base URL of a provider; `key` is the provider id or `fal-ai-queue`. */
export function getProviderUrl(
  key: InferenceProvider | "fal-ai-queue",
  defaultUrl: string,
  options?: UrlOptions,
): string {
  const envName = ENV_PROVIDER_URL_PREFIX + key.toUpperCase().replace(/-/g, "_");
  return trimTrailingSlashes(options?.providerUrls?.[key] ?? readEnv(envName) ?? defaultUrl);
}

const BASE_USER_AGENT = `${PACKAGE_NAME}/${PACKAGE_VERSION}`;

/** `@hubkit/inference/<version>`, then ` navigator.userAgent` when a navigator exists (§1). */
export function getUserAgent(): string {
  const userAgent = (globalThis as { navigator?: { userAgent?: unknown } }).navigator?.userAgent;
  return typeof userAgent === "string" && userAgent ? `${BASE_USER_AGENT} ${userAgent}` : BASE_USER_AGENT;
}
