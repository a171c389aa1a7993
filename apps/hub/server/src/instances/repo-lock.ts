// Commits to one repository take turns across servers. Within a server, GitStorage queues them per repository
// (inTurn); between servers on one PostgreSQL the turn is a transaction-scoped advisory lock keyed by the
// repository, taken after the server's own queue (so a server holds at most one connection per repository waiting)
// and held while the commit runs. git's `update-ref <new> <old>` stays the last guard: if the lock is ever lost
// (a connection cut, the session's idle bound), a racing commit still cannot overwrite another.
//
// The locks use a small pool of their own: a commit holds its connection for the whole commit (seconds), which
// must not take the slots the index's queries need (store/db.ts's pool and queue).
import { createHash } from "node:crypto";
import pg from "pg";
import { ApiError } from "../api/api-error.js";
import type { InstanceLimits } from "./limits.js";

/** Runs a write to one repository while no other server writes to it. */
export interface RepoWriteLock {
  hold<T>(key: string, task: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The first key of every repository lock (the second is the repository's hash); migrate() uses one-key locks. */
const REPO_LOCK_CLASS = 7_307_150;
/** PostgreSQL's SQLSTATE for a lock wait past lock_timeout, and for a statement past statement_timeout. */
const LOCK_NOT_AVAILABLE = "55P03";
const QUERY_CANCELED = "57014";
/** A session idle inside its lock's transaction this long is ended by the database (a hung server lets go). */
const IDLE_IN_LOCK_MS = 15 * 60_000;

/** A 32-bit key for the repository (`models/alice/x`); a collision only makes two repositories take turns. */
export function repoLockKey(key: string): number {
  return createHash("sha256").update(key).digest().readInt32BE(0);
}

function busy(limits: Pick<InstanceLimits, "repoLockTimeoutMs">): ApiError {
  return new ApiError(
    503,
    `Another write to this repository (on this or another server) did not finish within ${Math.round(limits.repoLockTimeoutMs / 1000)} s: try again`,
    { headers: { "Retry-After": "2" } },
  );
}

export class PostgresRepoLocks implements RepoWriteLock {
  private readonly pool: pg.Pool;

  constructor(
    connectionString: string,
    private readonly limits: Pick<InstanceLimits, "repoLockTimeoutMs" | "repoLockConnections">,
  ) {
    this.pool = new pg.Pool({
      connectionString,
      max: limits.repoLockConnections,
      // Waiting for a free connection counts against the same bound as waiting for the lock.
      connectionTimeoutMillis: limits.repoLockTimeoutMs,
      options: `-c idle_in_transaction_session_timeout=${IDLE_IN_LOCK_MS}`,
    });
    // An idle connection's error (the database restarted) must not crash the process.
    this.pool.on("error", (error: Error) => console.error(`[hub] repository lock connection error: ${error.message}`));
  }

  async hold<T>(key: string, task: () => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (error) {
      throw new ApiError(503, `The database is unavailable for repository locks: ${String(error).slice(0, 200)}`, {
        headers: { "Retry-After": "5" },
      });
    }
    let broken = false;
    try {
      try {
        await client.query("BEGIN");
        // Whole milliseconds from the configuration, not from a request: safe in the statement text.
        await client.query(`SET LOCAL lock_timeout = ${Math.floor(this.limits.repoLockTimeoutMs)}`);
        await client.query(`SET LOCAL statement_timeout = ${Math.floor(this.limits.repoLockTimeoutMs) + 5_000}`);
        await client.query("SELECT pg_advisory_xact_lock($1, $2)", [REPO_LOCK_CLASS, repoLockKey(key)]);
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {
          broken = true;
        });
        const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
        if (code === LOCK_NOT_AVAILABLE || code === QUERY_CANCELED) throw busy(this.limits);
        broken = true;
        throw new ApiError(503, `The database is unavailable for repository locks: ${String(error).slice(0, 200)}`, {
          headers: { "Retry-After": "5" },
        });
      }
      try {
        return await task();
      } finally {
        // The task's outcome stands whatever happens to the lock's transaction now (the ref moved or it did not).
        await client.query("COMMIT").catch(() => {
          broken = true;
        });
      }
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
