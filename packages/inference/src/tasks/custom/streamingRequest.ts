// streamingRequest: deprecated untyped streaming call (§2.4) — yields each parsed server-sent event.
import { DEFAULT_PROVIDER } from "../../config.js";
import type { AnyArgs } from "../../lib/makeRequestOptions.js";
import { helpersForTask } from "../../providers/all-helpers.js";
import { resolveHelper } from "../../providers/registry.js";
import type { RequestArgs, RequestOptions } from "../../types.js";
import { streamInCall } from "../run.js";

export async function* streamingRequest<T>(args: RequestArgs, options?: RequestOptions): AsyncGenerator<T> {
  console.warn(
    "The streamingRequest method is deprecated and will be removed in a future version of @hubkit/inference. Use specific task functions instead.",
  );
  const anyArgs = args as AnyArgs;
  const helper = resolveHelper(anyArgs.provider ?? DEFAULT_PROVIDER, options?.task, helpersForTask(options?.task));
  yield* streamInCall<T>({ ...anyArgs, stream: true }, helper, { ...options }, options);
}
