// One HTTP exchange of a call: `fetch` with the call's signal plus an idle watch (no byte for `idleTimeout` ms —
// before the headers, inside the body, between stream chunks — aborts it), and every network failure wrapped in
// the client's error hierarchy. The body is read by ./body.ts, which feeds the watch.
import { type CallContext, throwIfAborted } from "./call.js";
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
  /**
   * Runs `hook` (once) with the reason if the exchange aborts before `finish` or the next `onAbort`: how a pending
   * read is settled without an event listener per read (Node's EventTarget costs more than the rest of a call).
   */
  onAbort(hook: ((reason: unknown) => void) | undefined): void;
}

/**
 * Watches of the exchanges in flight, checked by one shared timer: a timer per request (set, then cleared) cost
 * more than everything else the watch does. `touch` only records the time; the timer, when it fires, aborts the
 * watches idle long enough and re-arms itself for the earliest remaining deadline. With one idle timeout for all
 * requests a new watch never needs an earlier wake-up, so a request usually costs no timer operation at all.
 */
const watching = new Set<IdleWatch>();
let sweepTimer: ReturnType<typeof setTimeout> | undefined;
/** When the armed timer fires (Infinity when none is armed). */
let sweepAt = Number.POSITIVE_INFINITY;
/**
 * The `setTimeout` that armed it: test clocks (fake timers) swap the global, and a timer armed by the other clock
 * may never fire on this one, so it is then treated as not armed.
 */
let armedWith: typeof setTimeout | undefined;

/** Holds the process open only while some exchange is watched (Node timers; browsers have no such notion). */
function holdProcess(hold: boolean): void {
  const timer = sweepTimer as { ref?: () => void; unref?: () => void } | undefined;
  if (hold) timer?.ref?.();
  else timer?.unref?.();
}

function wakeAt(at: number): void {
  const armed = sweepTimer !== undefined && armedWith === globalThis.setTimeout;
  if (armed && sweepAt <= at) return;
  if (armed) clearTimeout(sweepTimer);
  sweepAt = at;
  armedWith = globalThis.setTimeout;
  // A new timer holds the process (Node's default): it is armed only while some exchange is watched.
  const timer: ReturnType<typeof setTimeout> = setTimeout(() => sweep(timer), Math.max(0, at - Date.now()));
  sweepTimer = timer;
}

function sweep(timer: ReturnType<typeof setTimeout>): void {
  // A timer replaced meanwhile (by an earlier deadline or another clock) has nothing left to do.
  if (timer !== sweepTimer) return;
  sweepTimer = undefined;
  sweepAt = Number.POSITIVE_INFINITY;
  const now = Date.now();
  let next = Number.POSITIVE_INFINITY;
  for (const watch of [...watching]) {
    const deadline = watch.deadline();
    if (deadline <= now) watch.expire();
    else if (deadline < next) next = deadline;
  }
  if (next !== Number.POSITIVE_INFINITY) wakeAt(next);
}

class IdleWatch {
  readonly controller = new AbortController();
  private last = Date.now();
  private hook: ((reason: unknown) => void) | undefined;
  private readonly onParentAbort: (() => void) | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly parent: AbortSignal | undefined,
  ) {
    if (parent) {
      this.onParentAbort = () => this.abort(parent.reason);
      if (parent.aborted) this.controller.abort(parent.reason);
      else parent.addEventListener("abort", this.onParentAbort, { once: true });
    }
    if (Number.isFinite(idleMs)) {
      watching.add(this);
      if (watching.size === 1) holdProcess(true);
      wakeAt(this.last + idleMs);
    }
  }

  deadline(): number {
    return this.last + this.idleMs;
  }

  expire(): void {
    this.abort(new InferenceTimeoutError(this.idleMs, "idle"));
  }

  touch(): void {
    this.last = Date.now();
  }

  onAbort(hook: ((reason: unknown) => void) | undefined): void {
    this.hook = hook;
  }

  finish(): void {
    this.hook = undefined;
    if (watching.delete(this) && watching.size === 0) holdProcess(false);
    if (this.onParentAbort) this.parent?.removeEventListener("abort", this.onParentAbort);
  }

  private abort(reason: unknown): void {
    const hook = this.hook;
    this.finish();
    if (!this.controller.signal.aborted) this.controller.abort(reason);
    hook?.(this.controller.signal.reason);
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
    // Raced through the watch's hook as well: a custom `fetch` may ignore the signal.
    const response = await new Promise<Response>((resolve, reject) => {
      watch.onAbort(reject);
      if (signal.aborted) reject(signal.reason);
      else fetchFn(url, { ...init, signal }).then(resolve, reject);
    });
    watch.onAbort(undefined);
    watch.touch();
    return {
      response,
      url,
      signal,
      touch: () => watch.touch(),
      finish: () => watch.finish(),
      onAbort: (hook) => watch.onAbort(hook),
    };
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
