// The bounds of running several servers on one database and one data folder (see apps/hub/README.md, "Several
// servers"): how often a server says it is alive, when leftovers count as abandoned, how long a commit waits for
// another server's commit to the same repository, how long health checks and the shutdown's drain may take.
import { limitsFromEnv } from "../env-limits.js";

export interface InstanceLimits {
  /** How often a server writes its heartbeat row (PostgreSQL only). */
  heartbeatMs: number;
  /** A server whose heartbeat is older than this is dead: its temporary files may go. */
  staleAfterMs: number;
  /** A leftover that names no owner (made before instance ids, or by git) may go once untouched this long. */
  leftoverAgeMs: number;
  /** A git lock file untouched this long is stale (PostgreSQL; with PGlite every lock at start is stale). */
  staleGitLockMs: number;
  /** Longest wait for another server's write to the same repository (then 503 + Retry-After). */
  repoLockTimeoutMs: number;
  /** Database connections kept for those repository locks (each held lock uses one while its commit runs). */
  repoLockConnections: number;
  /** Deadline of each readiness check of /api/health. */
  healthTimeoutMs: number;
  /** On SIGTERM/SIGINT: how long requests in flight (uploads) may take to finish before the server closes. */
  shutdownDrainMs: number;
}

export const DEFAULT_INSTANCE_LIMITS: InstanceLimits = {
  heartbeatMs: 10_000,
  staleAfterMs: 60_000,
  leftoverAgeMs: 60 * 60_000,
  staleGitLockMs: 10 * 60_000,
  repoLockTimeoutMs: 30_000,
  repoLockConnections: 8,
  healthTimeoutMs: 2_000,
  shutdownDrainMs: 30_000,
};

export const INSTANCE_LIMIT_ENV: Record<keyof InstanceLimits, string> = {
  heartbeatMs: "HUBKIT_INSTANCE_HEARTBEAT_MS",
  staleAfterMs: "HUBKIT_INSTANCE_STALE_MS",
  leftoverAgeMs: "HUBKIT_LEFTOVER_AGE_MS",
  staleGitLockMs: "HUBKIT_STALE_GIT_LOCK_MS",
  repoLockTimeoutMs: "HUBKIT_REPO_LOCK_TIMEOUT_MS",
  repoLockConnections: "HUBKIT_REPO_LOCK_CONNECTIONS",
  healthTimeoutMs: "HUBKIT_HEALTH_TIMEOUT_MS",
  shutdownDrainMs: "HUBKIT_SHUTDOWN_DRAIN_MS",
};

/** Reads the limits from the environment; a malformed value, or a staleness not above the heartbeat, throws. */
export function instanceLimitsFromEnv(env: NodeJS.ProcessEnv): InstanceLimits {
  const limits = limitsFromEnv(env, DEFAULT_INSTANCE_LIMITS, INSTANCE_LIMIT_ENV, {
    maxDigits: 9,
    minimum: { heartbeatMs: 100, shutdownDrainMs: 0 },
  });
  // A live server must never look dead between two heartbeats (three missed beats are needed).
  if (limits.staleAfterMs < 3 * limits.heartbeatMs)
    throw new Error(
      `${INSTANCE_LIMIT_ENV.staleAfterMs} (${limits.staleAfterMs}) must be at least 3 × ${INSTANCE_LIMIT_ENV.heartbeatMs} (${limits.heartbeatMs})`,
    );
  return limits;
}
