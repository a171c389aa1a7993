// Upstream mode's bounds: one deadline for the whole exchange with the upstream hub (connect, headers and body),
// and a cap on the body, which is read incrementally (after gzip/br decoding) and cut off at the cap, so a huge or
// endless body, or a compression bomb, costs at most the cap in memory.
import { limitsFromEnv } from "../env-limits.js";

export interface UpstreamLimits {
  /** Deadline of one upstream request, body included; past it the API answers 504. */
  timeoutMs: number;
  /** Largest (decoded) upstream body; a larger one is cut off and the API answers 502. */
  maxBodyBytes: number;
  /** Deadline of the reachability probe behind /api/health. */
  healthTimeoutMs: number;
}

export const DEFAULT_UPSTREAM_LIMITS: UpstreamLimits = {
  timeoutMs: 15_000,
  maxBodyBytes: 64 * 1024 * 1024,
  healthTimeoutMs: 5_000,
};

/** The environment variables of each limit (documented in apps/hub/README.md). */
export const UPSTREAM_LIMIT_ENV: Record<keyof UpstreamLimits, string> = {
  timeoutMs: "HUBKIT_UPSTREAM_TIMEOUT_MS",
  maxBodyBytes: "HUBKIT_UPSTREAM_MAX_BODY_BYTES",
  healthTimeoutMs: "HUBKIT_UPSTREAM_HEALTH_TIMEOUT_MS",
};

export function upstreamLimitsFromEnv(env: NodeJS.ProcessEnv): UpstreamLimits {
  return limitsFromEnv(env, DEFAULT_UPSTREAM_LIMITS, UPSTREAM_LIMIT_ENV, { maxDigits: 10 });
}
