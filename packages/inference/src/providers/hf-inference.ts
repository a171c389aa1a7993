// hf-inference: the hosted router's own inference API — 28 tasks plus the generic handler used by `request`
// without a task. Base URL is always the router; with `endpointUrl` the endpoint replaces the URL (§3.3, §4.2).
import type { InferenceTask, UrlParams } from "../types.js";
import { defineHelper, joinUrl } from "./base.js";
import type { ProviderHelper } from "./types.js";

/** Route of an hf-inference task (§4.2). */
export function hfInferenceRoute({ model, task }: UrlParams): string {
  if (task === "conversational") return `models/${model}/v1/chat/completions`;
  if (task === "feature-extraction" || task === "sentence-similarity") return `pipeline/${task}/${model}`;
  return `models/${model}`;
}

/** Chat URL derived from an endpoint URL: trim, drop trailing `/`, then complete to `/v1/chat/completions`. */
export function chatUrlFromEndpoint(endpointUrl: string): string {
  const base = endpointUrl.trim().replace(/\/+$/, "");
  if (base.endsWith("/v1")) return `${base}/chat/completions`;
  if (base.endsWith("/chat/completions")) return base;
  return `${base}/v1/chat/completions`;
}

/** An hf-inference helper for `task` whose response goes through `getResponse`. */
export function hfInferenceHelper<T>(
  task: InferenceTask | undefined,
  getResponse: ProviderHelper<T>["getResponse"],
): ProviderHelper<T> {
  return defineHelper<T>({
    provider: "hf-inference",
    task,
    directUrl: "",
    route: hfInferenceRoute,
    makeBaseUrl: (params) => `${params.routerUrl}/hf-inference`,
    // The base URL (the router's, an environment look-up) is read only when no endpoint replaces it.
    makeUrl: (params) => {
      const { endpointUrl } = params;
      if (endpointUrl) return params.task === "conversational" ? chatUrlFromEndpoint(endpointUrl) : endpointUrl;
      return joinUrl(params.baseUrl, hfInferenceRoute(params));
    },
    payload: ({ args, model, task: payloadTask }) =>
      payloadTask === "conversational" ? { ...args, model: model || undefined } : { ...args },
    getResponse,
  });
}

/** The generic handler: route `models/{model}`, body = args, response unvalidated (§3.2 4a). */
export const hfInferenceGeneric = /* @__PURE__ */ hfInferenceHelper<unknown>(undefined, (response) => response);
