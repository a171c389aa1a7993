// Public types of the emulator: the model table, recorded requests and injectable faults.

export type ProviderId =
  | "black-forest-labs"
  | "cerebras"
  | "cohere"
  | "fal-ai"
  | "fireworks-ai"
  | "hf-inference"
  | "hyperbolic"
  | "nebius"
  | "novita"
  | "openai"
  | "replicate"
  | "sambanova"
  | "together";

export interface ProviderMappingEntry {
  providerId: string;
  status: "live" | "staging";
  task: string;
}

/** One model the emulated hub knows about. */
export interface EmulatedModel {
  id: string;
  pipeline_tag: string;
  /** Provider → mapping; hf-inference needs no entry to be callable through the router. */
  inferenceProviderMapping?: Partial<Record<string, ProviderMappingEntry>>;
  /** Serve the mapping in the array form `[{ provider, providerId, status, task }]` instead of the object form. */
  mappingForm?: "object" | "array";
}

export interface EmulatorOptions {
  /** Port to listen on (default 0: a free port). Always bound to 127.0.0.1. */
  port?: number;
  /** Replaces the default model table. */
  models?: EmulatedModel[];
  /** Replaces the default `/api/tasks` table (task id → ordered default model ids). */
  taskDefaults?: Record<string, string[]>;
  /** Number of "Pending" answers black-forest-labs polling gives before "Ready" (default 0). */
  bflPendingPolls?: number;
  /** Number of status polls fal-ai's queue answers with IN_PROGRESS before COMPLETED (default 1). */
  falQueuePolls?: number;
  /** Require the provider-specific key header on direct provider hosts (default true). */
  strictProviderAuth?: boolean;
}

/** What the emulator recorded for one request. */
export interface RecordedRequest {
  method: string;
  /** Logical absolute URL, e.g. `https://router.huggingface.co/hf-inference/models/gpt2`, or the emulator's own URL. */
  url: string;
  /** Logical host (`router.huggingface.co`, `api.us1.bfl.ai`, …) or `127.0.0.1:<port>` for direct hits. */
  host: string;
  /** Path plus query string as the logical server saw it. */
  path: string;
  /** Which part of the emulated world answered: "hub", "router", a provider id, "assets" or "unknown". */
  service: string;
  /** Lower-cased header names, as received (hop-by-hop headers included). */
  headers: Record<string, string>;
  body: Uint8Array;
  text: string;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
  /** `Date.now()` when the request arrived (follows faked clocks, so backoff schedules can be checked). */
  time: number;
}

export interface FaultMatch {
  method?: string;
  /** Logical host; direct hits on the emulator's origin have host `127.0.0.1:<port>`. */
  host?: string;
  /** Matched against the logical path + query: a string must be contained, a RegExp must match. */
  path?: string | RegExp;
  /** Match hub requests too (default false: faults hit only inference/provider/asset requests). */
  includeHub?: boolean;
}

/**
 * A change applied to the next `times` matching responses. Every field is optional; fields combine
 * (e.g. a body override written byte by byte and then stalled).
 */
export interface Fault {
  match?: FaultMatch;
  /** How many matching requests this fault applies to (default 1; Infinity for all). */
  times?: number;
  /** Response status (the generated response's status otherwise). */
  status?: number;
  /** Replaces the body. A string or bytes is sent verbatim; any other value is sent as JSON. */
  body?: unknown;
  /** Content-Type of the response; null removes the header. Defaults to JSON for object bodies, text/plain for strings. */
  contentType?: string | null;
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
  /** Wait this long before sending the status line. */
  delayMs?: number;
  /** Write the body in chunks of this many bytes. */
  chunkSize?: number;
  /** Write the body split at these byte offsets (overrides chunkSize). */
  splitAt?: number[];
  /** Pause between chunks (default 1 ms when chunking, so chunks arrive separately). */
  chunkDelayMs?: number;
  /** Send headers and the first N body bytes, then never finish (until the client goes away). */
  stallAfterBytes?: number;
  /** Send headers and the first N body bytes, then destroy the connection. */
  resetAfterBytes?: number;
  /**
   * After the body (or the part `stallAfterBytes` allows), write `chunk` again and again, every `intervalMs`
   * (default 0: as fast as the client reads), until the client goes away or `maxBytes` (default 1 GiB) were sent.
   * An endless JSON body, endless SSE `data:` lines, one endless SSE line, or a slow but steady stream.
   */
  repeat?: { chunk: string | Uint8Array; intervalMs?: number; maxBytes?: number };
}

export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:43123` (no trailing slash). */
  url: string;
  port: number;
  /** Every request received since the start or the last reset(), in arrival order. */
  requests: RecordedRequest[];
  /** The live model table (mutations take effect immediately). */
  models: Map<string, EmulatedModel>;
  /** Live settings (same fields as the options). */
  settings: Required<Pick<EmulatorOptions, "bflPendingPolls" | "falQueuePolls" | "strictProviderAuth">>;
  /** Adds or replaces models in the table. */
  addModels(...models: EmulatedModel[]): void;
  /** Clears recorded requests, pending faults and async jobs; restores default settings. */
  reset(): void;
  /** Queues a fault for matching requests. */
  inject(fault: Fault): void;
  /** A fetch that sends requests for the real hosts (hub, router, providers) to this emulator. */
  fetch: typeof fetch;
  close(): Promise<void>;
}
