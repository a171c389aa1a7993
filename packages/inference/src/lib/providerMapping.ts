// Provider model-id resolution (§5): static overrides, then the hub's inferenceProviderMapping, cached per model
// (successful answers only) with concurrent look-ups of the same model sharing one request.
import type { InferenceProvider, InferenceTask } from "../types.js";
import { readJson } from "./body.js";
import { type CallContext, raceAbort } from "./call.js";
import { InferenceClientInputError } from "./errors.js";
import { callFetch } from "./fetched.js";

export interface ProviderMappingEntry {
  providerId: string;
  status: "live" | "staging";
  task: string;
}
export type ProviderMapping = Partial<Record<string, ProviderMappingEntry>>;

/** Static overrides `provider → HF model id → provider id` (empty by default; checked before the hub). */
export const PROVIDER_MODEL_OVERRIDES: Record<InferenceProvider, Record<string, string>> = {
  "black-forest-labs": {},
  cerebras: {},
  cohere: {},
  "fal-ai": {},
  "fireworks-ai": {},
  "hf-inference": {},
  hyperbolic: {},
  nebius: {},
  novita: {},
  openai: {},
  replicate: {},
  sambanova: {},
  together: {},
};

interface SharedLookup {
  promise: Promise<ProviderMapping | undefined>;
  controller: AbortController;
  waiters: number;
}

const mappingCache = new Map<string, ProviderMapping>();
const inflight = new Map<string, SharedLookup>();

/** Forgets every cached mapping (tests). */
export function clearProviderMappingCache(): void {
  mappingCache.clear();
}

export interface ProviderModelIdParams {
  model: string;
  provider: InferenceProvider;
  task?: InferenceTask;
  accessToken?: string;
  hubUrl: string;
}

export async function getProviderModelId(params: ProviderModelIdParams, call: CallContext): Promise<string> {
  const { model, provider, task } = params;
  if (provider === "hf-inference") return model;
  if (!task) throw new InferenceClientInputError("task must be specified when using a third-party provider");
  const override = PROVIDER_MODEL_OVERRIDES[provider]?.[model];
  if (override) return override;

  const mapping = await getMapping(params, call);
  if (!mapping) {
    throw new InferenceClientInputError(
      `We have not been able to find inference provider information for model ${model}.`,
    );
  }
  const entry = mapping[provider];
  if (!entry) throw new InferenceClientInputError(`Model ${model} is not supported provider ${provider}.`);
  if (entry.task !== task) {
    throw new InferenceClientInputError(
      `Model ${model} is not supported for task ${task} and provider ${provider}. Supported task: ${entry.task}.`,
    );
  }
  if (entry.status === "staging") {
    console.warn(`Model ${model} is in staging mode for provider ${provider}. Meant for test purposes only.`);
  }
  return entry.providerId;
}

async function getMapping(params: ProviderModelIdParams, call: CallContext): Promise<ProviderMapping | undefined> {
  const key = `${params.hubUrl}\n${params.model}`;
  const cached = mappingCache.get(key);
  if (cached) return cached;

  let shared = inflight.get(key);
  if (!shared) {
    const controller = new AbortController();
    const promise = fetchMapping(params, call, controller.signal).then((mapping) => {
      if (mapping) mappingCache.set(key, mapping);
      return mapping;
    });
    const created: SharedLookup = { promise, controller, waiters: 0 };
    shared = created;
    inflight.set(key, created);
    promise.finally(() => {
      if (inflight.get(key) === created) inflight.delete(key);
    });
  }
  // Each caller waits with its own signal; the shared request is aborted only when every waiter gave up.
  const lookup = shared;
  lookup.waiters++;
  const onAbort = () => {
    lookup.waiters--;
    if (lookup.waiters === 0) lookup.controller.abort(call.signal?.reason);
  };
  call.signal?.addEventListener("abort", onAbort, { once: true });
  try {
    return await raceAbort(lookup.promise, call.signal);
  } finally {
    if (!call.signal?.aborted) {
      call.signal?.removeEventListener("abort", onAbort);
      lookup.waiters--;
    }
  }
}

/** GET the mapping; any failure (network, HTTP, non-JSON, missing field) → undefined. */
async function fetchMapping(
  params: ProviderModelIdParams,
  call: CallContext,
  signal: AbortSignal,
): Promise<ProviderMapping | undefined> {
  const url = `${params.hubUrl}/api/models/${params.model}?expand[]=inferenceProviderMapping`;
  const headers: Record<string, string> = {};
  if (params.accessToken?.startsWith("hf_")) headers.Authorization = `Bearer ${params.accessToken}`;
  try {
    // The shared look-up has its own signal, but the first caller's fetch, idle timeout and size caps.
    const fetched = await callFetch({ fetch: call.fetch, signal, options: call.options }, url, { headers });
    if (!fetched.response.ok) {
      await fetched.response.body?.cancel().catch(() => {});
      fetched.finish();
      return undefined;
    }
    const body: unknown = await readJson(fetched, call.options);
    return normalizeMapping((body as { inferenceProviderMapping?: unknown } | null)?.inferenceProviderMapping);
  } catch {
    return undefined;
  }
}

/** Accepts the object form `{provider: entry}` and the array form `[{provider, …entry}]`. */
export function normalizeMapping(raw: unknown): ProviderMapping | undefined {
  if (Array.isArray(raw)) {
    const mapping: ProviderMapping = {};
    for (const item of raw) {
      if (item && typeof item === "object" && typeof (item as { provider?: unknown }).provider === "string") {
        const { provider, ...entry } = item as { provider: string } & ProviderMappingEntry;
        mapping[provider] = entry;
      }
    }
    return mapping;
  }
  if (raw && typeof raw === "object") return raw as ProviderMapping;
  return undefined;
}
