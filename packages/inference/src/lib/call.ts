// One "call" = one task-function invocation: its fetch, its combined abort signal (user signal + timeout),
// and abortable waits. Everything the call does (requests, retries, polling, downloads) goes through it.
import type { Options } from "../types.js";
import { InferenceTimeoutError } from "./errors.js";

export interface CallContext {
  /** `options.fetch ?? globalThis.fetch`, looked up now (call time), never at import. */
  readonly fetch: typeof fetch;
  /** Aborted when the user's signal aborts or the timeout expires; undefined when neither exists. */
  readonly signal: AbortSignal | undefined;
  readonly options: Options;
}

export interface OpenCall extends CallContext {
  /** Removes the timer and the listener on the user's signal (no leaks). */
  close(): void;
}

export function openCall(options: Options = {}): OpenCall {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const userSignal = options.signal;
  const timeout = options.timeout;
  const hasTimeout = typeof timeout === "number" && Number.isFinite(timeout) && timeout >= 0;
  if (!userSignal && !hasTimeout) {
    return { fetch: fetchFn, signal: undefined, options, close() {} };
  }
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onUserAbort = () => controller.abort(userSignal?.reason);
  if (userSignal) {
    if (userSignal.aborted) controller.abort(userSignal.reason);
    else userSignal.addEventListener("abort", onUserAbort, { once: true });
  }
  if (hasTimeout && !controller.signal.aborted) {
    timer = setTimeout(() => controller.abort(new InferenceTimeoutError(timeout)), timeout);
  }
  return {
    fetch: fetchFn,
    signal: controller.signal,
    options,
    close() {
      if (timer !== undefined) clearTimeout(timer);
      userSignal?.removeEventListener("abort", onUserAbort);
    },
  };
}

/** Throws the signal's reason when it is aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason;
}

/** Rejects with the abort reason as soon as `signal` aborts; otherwise settles like `promise`. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(signal.aborted ? signal.reason : error);
      },
    );
  });
}

/** Waits `ms` milliseconds; rejects with the abort reason if `signal` aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Runs `fn` inside a call: the whole run is bounded by the signal/timeout and the call is closed afterwards. */
export async function withCall<T>(options: Options | undefined, fn: (call: CallContext) => Promise<T>): Promise<T> {
  const call = openCall(options);
  // Without a signal or timeout there is nothing to race against and nothing to close.
  if (!call.signal) return fn(call);
  try {
    // `fn` starts a microtask later, once the race is in place: an already-aborted signal wins before it runs.
    return await raceAbort(
      Promise.resolve().then(() => fn(call)),
      call.signal,
    );
  } finally {
    call.close();
  }
}
