// request: deprecated untyped call (§2.4) — any task given in options, response returned unvalidated.
import { DEFAULT_PROVIDER } from "../../config.js";
import { withCall } from "../../lib/call.js";
import type { AnyArgs } from "../../lib/makeRequestOptions.js";
import { innerRequest } from "../../lib/request.js";
import { scrubError } from "../../lib/scrub.js";
import { helpersForTask } from "../../providers/all-helpers.js";
import { resolveHelper } from "../../providers/registry.js";
import type { RequestArgs, RequestOptions } from "../../types.js";

export async function request<T>(args: RequestArgs, options?: RequestOptions): Promise<T> {
  console.warn(
    "The request method is deprecated and will be removed in a future version of @hubkit/inference. Use specific task functions instead.",
  );
  const anyArgs = args as AnyArgs;
  const helper = resolveHelper(anyArgs.provider ?? DEFAULT_PROVIDER, options?.task, helpersForTask(options?.task));
  return withCall(options, async (call) => {
    const { data } = await innerRequest<T>(anyArgs, helper, { ...options }, call);
    return data;
  }).catch((error: unknown) => {
    throw scrubError(error, anyArgs.accessToken);
  });
}
