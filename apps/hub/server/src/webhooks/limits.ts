// The bounds of webhooks and their deliveries. The retry timing can be changed by the environment (an operator
// with a slow receiver, the tests with a fast one); everything else is fixed.

export interface WebhookLimits {
  /** Attempts per delivery, the first one included; after the last failure the delivery is `failed`. */
  maxAttempts: number;
  /** The wait after the first failed attempt; each further failure waits 4× longer (10 s, 40 s, 160 s, 640 s…). */
  retryBaseMs: number;
  /** The longest wait between two attempts, whatever the backoff says. */
  retryMaxMs: number;
  /** How long one POST may take (connection, request and the bounded response read together). */
  timeoutMs: number;
  /** Deliveries in flight at once, over all webhooks. */
  concurrency: number;
  /** How often the queue is looked at for due retries (new deliveries are sent at once). */
  pollMs: number;
}

export const DEFAULT_WEBHOOK_LIMITS: WebhookLimits = {
  maxAttempts: 5,
  retryBaseMs: 10_000,
  retryMaxMs: 60 * 60_000,
  timeoutMs: 10_000,
  concurrency: 4,
  pollMs: 1_000,
};

/** Webhooks per user: enough for every CI a team runs, not a way to fan one push out to thousands of URLs. */
export const MAX_WEBHOOKS_PER_USER = 25;
/** Watched items per webhook. */
export const MAX_WATCHED_ITEMS = 50;
export const MAX_URL_LENGTH = 2048;
export const MAX_SECRET_LENGTH = 256;
/** Deliveries kept per webhook in the log; older finished ones are pruned. */
export const KEPT_DELIVERIES = 200;
/** Pending deliveries per webhook: beyond this (a receiver down for long), new events are not queued for it. */
export const MAX_PENDING_PER_WEBHOOK = 500;
/** Events waiting to be matched against the webhooks (in memory); beyond this they are dropped and logged. */
export const MAX_QUEUED_EVENTS = 5_000;
/** Bytes of a receiver's answer that are read (and the first 1 KiB kept in the log). */
export const MAX_RESPONSE_BYTES = 16 * 1024;
export const KEPT_RESPONSE_CHARS = 1024;
/** Ref updates listed in one payload. */
export const MAX_UPDATED_REFS = 100;

function bounded(env: Record<string, string | undefined>, key: string, fallback: number, min: number, max: number) {
  const text = env[key]?.trim();
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!/^\d{1,9}$/.test(text) || value < min || value > max)
    throw new Error(`${key} must be a whole number from ${min} to ${max}, got ${text.slice(0, 40)}`);
  return value;
}

/** HUBKIT_WEBHOOK_RETRY_BASE_MS, HUBKIT_WEBHOOK_MAX_ATTEMPTS, HUBKIT_WEBHOOK_TIMEOUT_MS, HUBKIT_WEBHOOK_POLL_MS. */
export function webhookLimitsFromEnv(env: Record<string, string | undefined>): WebhookLimits {
  return {
    ...DEFAULT_WEBHOOK_LIMITS,
    retryBaseMs: bounded(env, "HUBKIT_WEBHOOK_RETRY_BASE_MS", DEFAULT_WEBHOOK_LIMITS.retryBaseMs, 1, 3_600_000),
    maxAttempts: bounded(env, "HUBKIT_WEBHOOK_MAX_ATTEMPTS", DEFAULT_WEBHOOK_LIMITS.maxAttempts, 1, 20),
    timeoutMs: bounded(env, "HUBKIT_WEBHOOK_TIMEOUT_MS", DEFAULT_WEBHOOK_LIMITS.timeoutMs, 100, 60_000),
    pollMs: bounded(env, "HUBKIT_WEBHOOK_POLL_MS", DEFAULT_WEBHOOK_LIMITS.pollMs, 10, 60_000),
  };
}

/** The wait before attempt `attempts + 1`, after `attempts` failures. */
export function retryDelayMs(limits: WebhookLimits, attempts: number): number {
  return Math.min(limits.retryMaxMs, limits.retryBaseMs * 4 ** Math.max(0, attempts - 1));
}
