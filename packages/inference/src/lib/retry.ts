// 503 handling (§9): exponential backoff from retryBaseDelay, capped at 30 s, `Retry-After` (seconds) honoured,
// small jitter (≤ 10 %, ≤ 500 ms) so many clients do not retry in lockstep, no count limit unless maxRetries, always abortable.
import { DEFAULT_RETRY_BASE_DELAY_MS, MAX_RETRY_DELAY_MS } from "../config.js";
import { type CallContext, callFetch, sleep } from "./call.js";

const MAX_JITTER_MS = 500;

/** Delay before retry `attempt` (1-based). Jitter adds up to 10 % (at most 500 ms), never past the 30 s cap. */
export function retryDelay(
  attempt: number,
  baseDelay: number,
  retryAfter: string | null,
  random = Math.random,
): number {
  if (retryAfter !== null && /^\s*\d+(\.\d+)?\s*$/.test(retryAfter)) {
    return Math.min(Number(retryAfter) * 1000, MAX_RETRY_DELAY_MS);
  }
  const exponential = Math.min(baseDelay * 2 ** (attempt - 1), MAX_RETRY_DELAY_MS);
  return Math.min(exponential + Math.min(0.1 * exponential, MAX_JITTER_MS) * random(), MAX_RETRY_DELAY_MS);
}

/** Sends the request, resending the same URL/init after each 503 while the retry policy allows it. */
export async function fetchWithRetry(call: CallContext, url: string, init: RequestInit): Promise<Response> {
  const { retry_on_error, maxRetries, retryBaseDelay } = call.options;
  const baseDelay =
    typeof retryBaseDelay === "number" && retryBaseDelay >= 0 ? retryBaseDelay : DEFAULT_RETRY_BASE_DELAY_MS;
  for (let attempt = 1; ; attempt++) {
    const response = await callFetch(call, url, init);
    const mayRetry =
      response.status === 503 && retry_on_error !== false && (typeof maxRetries !== "number" || attempt <= maxRetries);
    if (!mayRetry) return response;
    // Free the connection before waiting.
    await response.body?.cancel().catch(() => {});
    await sleep(retryDelay(attempt, baseDelay, response.headers.get("Retry-After")), call.signal);
  }
}
