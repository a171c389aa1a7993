// Request building (§3.2–3.5): the checks in their exact order, model resolution, URL, headers and body.
// The snippet generator uses `makeRequestOptionsFromResolvedModel` so URLs/headers/bodies come from this one place.
import {
  DEFAULT_PROVIDER,
  getHubUrl,
  getProviderUrl,
  getRouterUrl,
  getUserAgent,
  HF_HEADER_X_BILL_TO,
} from "../config.js";
import type { ProviderHelper } from "../providers/types.js";
import type { AuthMethod, InferenceProvider, InferenceTask, Options } from "../types.js";
import type { CallContext } from "./call.js";
import { getDefaultModel } from "./defaultModel.js";
import { InferenceClientInputError } from "./errors.js";
import { getProviderModelId } from "./providerMapping.js";

/** Args as the request builder sees them: BaseArgs plus any task fields. */
export type AnyArgs = {
  accessToken?: string;
  model?: string;
  endpointUrl?: string;
  provider?: InferenceProvider;
  [key: string]: unknown;
};

export interface BuildOptions extends Options {
  task?: InferenceTask;
}

export interface BuiltRequest {
  url: string;
  info: RequestInit & { headers: Record<string, string>; method: "POST" };
}

const isModelUrl = (model: string) => model.startsWith("http:") || model.startsWith("https:") || model.startsWith("/");

/**
 * Validates, resolves the provider model id (default model, hub mapping) and builds the request.
 * `call` carries the fetch/signal used by the look-ups (defaults to one built from `options`).
 */
export async function makeRequestOptions(
  args: AnyArgs,
  helper: ProviderHelper<unknown>,
  options: BuildOptions = {},
  call?: CallContext,
): Promise<BuiltRequest> {
  const provider = args.provider ?? DEFAULT_PROVIDER;
  const task = options.task;
  const lookupCall: CallContext = call ?? { fetch: options.fetch ?? globalThis.fetch, signal: options.signal, options };
  if (args.endpointUrl && provider !== "hf-inference") {
    throw new InferenceClientInputError("Cannot use endpointUrl with a third-party provider.");
  }
  if (args.model && isModelUrl(args.model)) {
    throw new InferenceClientInputError("Model URLs are no longer supported. Use endpointUrl instead.");
  }
  if (!args.model && !task) {
    throw new InferenceClientInputError("No model provided, and no task has been specified.");
  }
  if (helper.clientSideRoutingOnly && !args.model) {
    throw new InferenceClientInputError(`Provider ${provider} requires a model ID to be passed directly.`);
  }
  // The hub URL (env look-up) is only needed by the look-ups below, so it is read only when one happens.
  let model = args.model;
  if (!model && !args.endpointUrl && task) model = await getDefaultModel(task, getHubUrl(options), lookupCall);

  let resolvedModel: string | undefined;
  if (helper.clientSideRoutingOnly) {
    const prefix = `${provider}/`;
    if (!model?.startsWith(prefix)) {
      throw new InferenceClientInputError(`Models from ${provider} must be prefixed by "${prefix}". Got "${model}".`);
    }
    resolvedModel = model.slice(prefix.length);
  } else if (model && provider !== "hf-inference") {
    resolvedModel = await getProviderModelId(
      { model, provider, task, accessToken: args.accessToken, hubUrl: getHubUrl(options) },
      lookupCall,
    );
  } else {
    // hf-inference uses the hub model id as is (§5).
    resolvedModel = model;
  }
  // `args.model` is not needed further: the request builder drops it from the payload and uses `resolvedModel`.
  return makeRequestOptionsFromResolvedModel(resolvedModel, helper, args, options);
}

/** Auth method of §3.2 step 8 (throws for an hf_ token on a client-side-routing provider). */
export function getAuthMethod(
  helper: ProviderHelper<unknown>,
  accessToken: string | undefined,
  options: Options,
): AuthMethod {
  if (helper.clientSideRoutingOnly) {
    if (accessToken?.startsWith("hf_")) {
      throw new InferenceClientInputError(
        `Provider ${helper.provider} is closed-source and does not support HF tokens.`,
      );
    }
    return "provider-key";
  }
  if (accessToken) return accessToken.startsWith("hf_") ? "hf-token" : "provider-key";
  return options.includeCredentials === "include" ? "credentials-include" : "none";
}

/**
 * Synchronous part of request building, from an already resolved provider model id (no network).
 * Used by the task functions after resolution and by the snippet generator.
 */
export function makeRequestOptionsFromResolvedModel(
  resolvedModel: string | undefined,
  helper: ProviderHelper<unknown>,
  args: AnyArgs,
  options: BuildOptions = {},
): BuiltRequest {
  const { accessToken, endpointUrl, provider: _provider, model: _model, ...remaining } = args;
  const task = options.task;
  const authMethod = getAuthMethod(helper, accessToken, options);
  const model = resolvedModel ?? "";
  // Getters: the router URL (an environment look-up when no option sets it) is read only if the URL uses it.
  const url = helper.makeUrl({
    get baseUrl() {
      return helper.makeBaseUrl({
        authMethod,
        get routerUrl() {
          return getRouterUrl(options);
        },
        directUrl: (key, fallback) => getProviderUrl(key, fallback, options),
      });
    },
    authMethod,
    model,
    task,
    endpointUrl,
  });

  const binary = remaining.data ? (remaining.data as Blob | ArrayBuffer) : undefined;
  const headers: Record<string, string> = helper.prepareAuthHeaders({ accessToken, authMethod });
  if (!binary) headers["Content-Type"] = "application/json";
  if (options.billTo) headers[HF_HEADER_X_BILL_TO] = options.billTo;
  headers["User-Agent"] = getUserAgent();

  const body = binary ?? JSON.stringify(helper.preparePayload({ args: remaining, model, task }));
  const info: BuiltRequest["info"] = { method: "POST", headers, body };
  const credentials =
    typeof options.includeCredentials === "string"
      ? options.includeCredentials
      : options.includeCredentials === true
        ? "include"
        : undefined;
  if (credentials) info.credentials = credentials as RequestInit["credentials"];
  return { url, info };
}
