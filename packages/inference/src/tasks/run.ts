// The shared skeleton of a task function (§3.1): helper look-up → input preparation → request → getResponse,
// all inside one call (signal + timeout). Task files only supply their task, helper table and preparation.
import { DEFAULT_PROVIDER } from "../config.js";
import { type CallContext, openCall, withCall } from "../lib/call.js";
import type { AnyArgs } from "../lib/makeRequestOptions.js";
import { type InnerRequestOptions, innerRequest } from "../lib/request.js";
import { scrubError } from "../lib/scrub.js";
import { innerStreamingRequest } from "../lib/streaming.js";
import { type HelperTable, resolveHelper } from "../providers/registry.js";
import type { ProviderHelper } from "../providers/types.js";
import type { InferenceTask, Options } from "../types.js";

export type Prepare = (args: AnyArgs, helper: ProviderHelper<unknown>, call: CallContext) => AnyArgs | Promise<AnyArgs>;

export interface TaskSpec<T> {
  task: InferenceTask;
  table: HelperTable<T>;
  prepare?: Prepare;
  /** Check/reshape done by the task function before the helper's (e.g. ASR's `text` check). */
  check?: (data: unknown) => void;
  outputType?: "url" | "blob";
}

/** Runs a non-streaming task function. */
export async function runTask<T>(args: object, options: Options | undefined, spec: TaskSpec<unknown>): Promise<T> {
  const anyArgs = args as AnyArgs;
  const helper = resolveHelper(anyArgs.provider ?? DEFAULT_PROVIDER, spec.task, spec.table);
  try {
    return await withCall(options, async (call) => {
      const prepared = spec.prepare ? await spec.prepare(anyArgs, helper as ProviderHelper<unknown>, call) : anyArgs;
      const requestOptions: InnerRequestOptions = { ...options, task: spec.task, outputType: spec.outputType };
      const { data, context } = await innerRequest<unknown>(
        prepared,
        helper as ProviderHelper<unknown>,
        requestOptions,
        call,
      );
      spec.check?.(data);
      return (await helper.getResponse(data, context)) as T;
    });
  } catch (error) {
    // Every error of the call, whatever raised it, leaves without the caller's credentials.
    throw scrubError(error, anyArgs.accessToken);
  }
}

/** Runs a streaming task function: nothing happens until the first `next()` (§8). */
export async function* runStreamingTask<T>(
  args: object,
  options: Options | undefined,
  task: InferenceTask,
  table: HelperTable<unknown>,
): AsyncGenerator<T> {
  const anyArgs = args as AnyArgs;
  const helper = resolveHelper(anyArgs.provider ?? DEFAULT_PROVIDER, task, table);
  yield* streamInCall<T>({ ...anyArgs, stream: true }, helper, { ...options, task }, options);
}

/** Streams inside one call; the call (timer, listeners) is closed when the generator finishes in any way. */
export async function* streamInCall<T>(
  args: AnyArgs,
  helper: ProviderHelper<unknown>,
  requestOptions: InnerRequestOptions,
  options: Options | undefined,
): AsyncGenerator<T> {
  const call = openCall(options);
  try {
    yield* innerStreamingRequest<T>(args, helper, requestOptions, call);
  } catch (error) {
    throw scrubError(error, args.accessToken);
  } finally {
    call.close();
  }
}

/** Binary tasks (§3.5): `inputs` moves to `data` (appended last) unless `data` is already given. */
export function toBinaryArgs(args: AnyArgs): AnyArgs {
  if ("data" in args && args.data) return args;
  const { inputs, ...rest } = args;
  return { ...rest, data: inputs };
}

/** The legacy alternative to `inputs` for binary tasks. */
export interface LegacyBinaryInput {
  data: Blob | ArrayBuffer;
}
