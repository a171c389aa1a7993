// One HTTP exchange of a call: `fetch` with the call's signal plus an idle watch (no byte for `idleTimeout` ms —
// before the headers, inside the body, between stream chunks — aborts it), and every network failure wrapped in
// the client's error hierarchy. The body is read by ./body.ts, which feeds the watch.
import { type CallContext, raceAbort, throwIfAborted } from "./call.js";
import { InferenceClientNetworkError, InferenceTimeoutError } from "./errors.js";
import { limitOf } from "./limits.js";

export interface Fetched {
  readonly response: Response;
  readonly url: string;
  /** Aborted when the call aborts (its reason) or the exchange is idle too long (an idle InferenceTimeoutError). */
  readonly signal: AbortSignal;
  /** Data arrived: restart the idle clock. */
  touch(): void;
  /** The body was read or dropped: stop the watch and let go of the call's signal. */
  finish(): void;
}

/**
 * Idle clock without a timer per chunk: `touch` only records the time; the single pending timer, when it fires,
 * either aborts (idle long enough) or re-arms itself for the remaining time.
 */
class IdleWatch {
  readonly controller = new AbortController();
  private last = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly onParentAbort = () => this.abort(this.parent?.reason);

  constructor(
    private readonly idleMs: number,
    private readonly parent: AbortSignal | undefined,
  ) {
    if (parent) {
      if (parent.aborted) this.controller.abort(parent.reason);
      else parent.addEventListener("abort", this.onParentAbort, { once: true });
    }
    if (Number.isFinite(idleMs)) this.arm(idleMs);
  }

  touch(): void {
    this.last = Date.now();
  }

  finish(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.parent?.removeEventListener("abort", this.onParentAbort);
  }

  private arm(delay: number): void {
    this.timer = setTimeout(() => {
      const idleFor = Date.now() - this.last;
      if (idleFor >= this.idleMs) this.abort(new InferenceTimeoutError(this.idleMs, "idle"));
      else this.arm(this.idleMs - idleFor);
    }, delay);
  }

  private abort(reason: unknown): void {
    this.finish();
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }
}

/** `fetch` through the call: its signal and idle timeout apply, failures are typed. */
export async function callFetch(call: CallContext, url: string, init: RequestInit = {}): Promise<Fetched> {
  throwIfAborted(call.signal);
  const watch = new IdleWatch(limitOf(call.options, "idleTimeout"), call.signal);
  const signal = watch.controller.signal;
  // Called as a plain function: `call.fetch(…)` would run the browser's native fetch with `this` = our call object,
  // which browsers reject ("Illegal invocation").
  const fetchFn = call.fetch;
  try {
    // Raced as well: a custom `fetch` may ignore the signal.
    const response = await raceAbort(fetchFn(url, { ...init, signal }), signal);
    watch.touch();
    return { response, url, signal, touch: () => watch.touch(), finish: () => watch.finish() };
  } catch (error) {
    watch.finish();
    throw failure(signal, url, error);
  }
}

/** What a failed fetch or body read rejects with: the abort reason when aborted, else a network error. */
export function failure(signal: AbortSignal | undefined, url: string, error: unknown): unknown {
  if (signal?.aborted) return signal.reason;
  if (error instanceof InferenceClientNetworkError) return error;
  return new InferenceClientNetworkError(`Network error on ${describeUrl(url)}: ${describeCause(error)}`, url, error);
}

/** Origin and path only: a query string may carry pre-signed credentials. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return url.split("?")[0];
  }
}

/** `fetch failed (redirect count exceeded)`: the message and its causes (undici hides the reason in `cause`). */
function describeCause(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== undefined && current !== null; depth++) {
    const text = current instanceof Error ? current.message : String(current);
    if (text && !parts.includes(text)) parts.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  if (parts.length === 0) return "unknown error";
  return parts.length === 1 ? parts[0] : `${parts[0]} (${parts.slice(1).join("; ")})`;
}
