// One delivery attempt: POST the payload as JSON to the webhook's URL, with `X-Webhook-Secret` when the webhook
// has a secret. Redirects are never followed (a 3xx is a failed attempt: the receiver must give its final URL), the
// whole attempt is bounded by a timeout, and at most MAX_RESPONSE_BYTES of the answer are read.
//
// Targets on loopback and private addresses are allowed on purpose: a self-hosted hub lives inside a network, and
// that is where a team's CI listens. Only users with an account can create webhooks, and a delivery carries nothing
// but the event's payload; operators who do not want the hub to reach internal services filter its outgoing
// traffic (apps/hub/README.md, "Security model").
import type { AttemptOutcome } from "./delivery-store.js";
import { KEPT_RESPONSE_CHARS, MAX_RESPONSE_BYTES } from "./limits.js";

export const USER_AGENT = "Hubkit-Webhooks/1.0";

async function boundedText(response: Response): Promise<string> {
  const body = response.body;
  if (body === null) return "";
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < MAX_RESPONSE_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BYTES));
  return text.slice(0, KEPT_RESPONSE_CHARS);
}

export async function deliver(
  url: string,
  secret: string | null,
  payload: Record<string, unknown>,
  timeoutMs: number,
  stopping?: AbortSignal,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = stopping !== undefined ? AbortSignal.any([timeout, stopping]) : timeout;
  try {
    const response = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal,
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        ...(secret !== null ? { "X-Webhook-Secret": secret } : {}),
      },
      body: JSON.stringify(payload),
    });
    const text = await boundedText(response);
    const ok = response.status >= 200 && response.status < 300;
    const redirect = response.status >= 300 && response.status < 400;
    return {
      ok,
      responseStatus: response.status,
      responseBody: text,
      error: ok ? null : redirect ? "Redirects are not followed" : `HTTP ${response.status}`,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    const timedOut = timeout.aborted;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return {
      ok: false,
      responseStatus: null,
      responseBody: null,
      error: (timedOut ? `Timed out after ${timeoutMs} ms` : `Connection failed: ${cause}`).slice(0, 300),
      durationMs: performance.now() - started,
    };
  }
}
