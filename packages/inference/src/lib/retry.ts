// 503 handling (§9): exponential backoff from retryBaseDelay, capped at 30 s, `Retry-After` (seconds or date) honoured,
// small jitter (≤ 10 %, ≤ 500 ms) so many clients do not retry in lockstep, no count limit unless maxRetries, always abortable.
import { DEFAULT_RETRY_BASE_DELAY_MS, MAX_RETRY_DELAY_MS } from "../config.js";
import { discardBody } from "./body.js";
import { type CallContext, sleep } from "./call.js";
import { callFetch, type Fetched } from "./fetched.js";

const MAX_JITTER_MS = 500;

/** Delay before retry `attempt` (1-based). Jitter adds up to 10 % (at most 500 ms), never past the 30 s cap. */
export function retryDelay(
  attempt: number,
  baseDelay: number,
  retryAfter: string | null,
  random = Math.random,
): number {
  const after = retryAfterMs(retryAfter);
  if (after !== undefined) return Math.min(after, MAX_RETRY_DELAY_MS);
  const exponential = Math.min(baseDelay * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
  return Math.min(exponential + Math.min(0.1 * exponential, MAX_JITTER_MS) * random(), MAX_RETRY_DELAY_MS);
}

/** `Retry-After` in ms: delay-seconds, or an HTTP date (a date in the past means now); undefined when unusable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1000;
  // HTTP dates always name a weekday or month (IMF-fixdate, RFC 850, asctime); a bare number or garbage is refused.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Sends the request, resending the same URL/init after each 503 while the retry policy allows it. */
export async function fetchWithRetry(call: CallContext, url: string, init: RequestInit): Promise<Fetched> {
  const { retry_on_error, maxRetries, retryBaseDelay } = call.options;
  const baseDelay =
    typeof retryBaseDelay === "number" && retryBaseDelay >= 0 ? retryBaseDelay : DEFAULT_RETRY_BASE_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const fetched = await callFetch(call, url, init);
    const { response } = fetched;
    const mayRetry =
      response.status === 503 && retry_on_error !== false && (typeof maxRetries !== "number" || attempt <= maxRetries);
    if (!mayRetry) return fetched;
    // Free the connection before waiting.
    await discardBody(fetched);
    await sleep(retryDelay(attempt, baseDelay, response.headers.get("Retry-After")), call.signal);
  }
}
