// One small query interface over the two PostgreSQL engines the index runs on: PGlite (PostgreSQL compiled to
// WASM, embedded, persisted in a folder) and a PostgreSQL server reached with `pg` when DATABASE_URL is set.
// Every statement goes through `query(sql, params)` with positional parameters: no SQL is ever built from values.
import { mkdirSync } from "node:fs";
import pg from "pg";
import { type DbLimits, DbTimeoutError, DEFAULT_DB_LIMITS, QueryGate } from "./db-limits.js";
import { DbUnavailableError, isDatabaseUnavailable } from "./db-unavailable.js";
import { type FolderLock, lockFolder } from "./folder-lock.js";
import { PgliteWorkerDb } from "./pglite-client.js";

export type SqlParam = string | number | boolean | null | string[];

export interface Db {
  readonly kind: "pglite" | "postgres";
  query<Row extends Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  /** Runs `work` inside one transaction on one connection (BEGIN … COMMIT, ROLLBACK on error). */
  transaction<T>(work: (tx: Pick<Db, "query">) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: a connection of its own, outside the pool and its gate, for LISTEN (store/notify.ts) and
   * session advisory locks held while work runs on the pool (jobs/startup-lock.ts). The caller ends it; close()
   * ends any still open. No statement_timeout: its statements are waits by design (callers bound them).
   */
  dedicatedClient?(): Promise<pg.Client>;
}

/**
 * PGlite in `dataDir` (created if missing, locked against other processes), or in memory when `dataDir` is
 * undefined. PGlite runs in a worker thread (pglite-client.ts) so that a slow statement never blocks the server.
 */
export async function openPglite(dataDir: string | undefined, limits: DbLimits = DEFAULT_DB_LIMITS): Promise<Db> {
  let lock: FolderLock | undefined;
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true });
    // PGlite has no cross-process locking: two processes on one folder would corrupt it.
    lock = lockFolder(dataDir);
  }
  return PgliteWorkerDb.open(dataDir, limits, () => lock?.release());
}

/**
 * Gives memory that a bulk load left behind back to the system: PGlite's WASM memory only grows, so its worker is
 * reopened (pglite-client.ts); a PostgreSQL pool holds no such memory.
 */
export async function releaseMemory(db: Db): Promise<void> {
  if (db instanceof PgliteWorkerDb) await db.recycle();
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** PostgreSQL's SQLSTATE for a statement cancelled by statement_timeout. */
const QUERY_CANCELED = "57014";

/** A statement's error as the request should see it: a timeout or an unreachable database is a 503. */
function timeoutAware(error: unknown, timeoutMs: number): unknown {
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : undefined;
  if (code === QUERY_CANCELED) return new DbTimeoutError(timeoutMs);
  if (isDatabaseUnavailable(error)) {
    console.error(`[hub] postgres unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return new DbUnavailableError();
  }
  return error;
}

/**
 * A pool on a PostgreSQL server. `schema`, when given, becomes the connections' search_path (tests use a
 * throw-away schema each); it is an identifier, so it is checked against a strict pattern instead of bound.
 * Every connection has `statement_timeout` set, and the pool (`maxConcurrent` connections) sits behind the same
 * bounded queue as PGlite, so a burst of slow searches is refused with 503s instead of queueing without end.
 */
export async function openPostgres(
  connectionString: string,
  schema?: string,
  limits: DbLimits = DEFAULT_DB_LIMITS,
): Promise<Db> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const timeoutMs = limits.statementTimeoutMs;
  // JIT off, a startup option as statement_timeout is: the hub's statements are short, but a ranked search's plan
  // carries the estimated cost of tiers it rarely runs (a whole name-prefix range), which crossed jit_above_cost and
  // made PostgreSQL compile it every time — 60-180 ms of a 90-250 ms `search=llama` at 1 M models whose execution
  // takes ~10 ms (BENCHMARKS.md, issue 23).
  const options = `-c jit=off${schema === undefined ? "" : ` -c search_path=${schema}`}`;
  const pool = new pg.Pool({
    connectionString,
    max: limits.maxConcurrent,
    statement_timeout: timeoutMs,
    // The server enforces statement_timeout; this client-side bound also covers a server that stopped answering.
    query_timeout: timeoutMs + 5_000,
    connectionTimeoutMillis: limits.queueTimeoutMs,
    options,
  });
  // Without a listener an idle client's error (server restart) would crash the process.
  pool.on("error", (error: Error) => console.error(`[hub] postgres pool error: ${error.message}`));
  if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  const gate = new QueryGate(limits.maxConcurrent, limits.maxQueue, limits.queueTimeoutMs);
  const dedicated = new Set<pg.Client>();
  return {
    kind: "postgres",
    async dedicatedClient() {
      const client = new pg.Client({
        connectionString,
        connectionTimeoutMillis: limits.queueTimeoutMs,
        ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
      });
      client.on("error", (error: Error) => console.error(`[hub] postgres connection error: ${error.message}`));
      await client.connect();
      dedicated.add(client);
      client.once("end", () => dedicated.delete(client));
      return client;
    },
    query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) {
      return gate.run(async () => {
        try {
          return (await pool.query<Row>(sql, [...params])).rows;
        } catch (error) {
          throw timeoutAware(error, timeoutMs);
        }
      });
    },
    transaction<T>(work: (tx: Pick<Db, "query">) => Promise<T>) {
      return gate.run(async () => {
        const client = await pool.connect().catch((error: unknown) => {
          throw timeoutAware(error, timeoutMs);
        });
        let broken = false;
        try {
          await client.query("BEGIN");
          const value = await work({
            async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) {
              try {
                return (await client.query<Row>(sql, [...params])).rows;
              } catch (error) {
                throw timeoutAware(error, timeoutMs);
              }
            },
          });
          await client.query("COMMIT");
          return value;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {
            broken = true;
          });
          throw timeoutAware(error, timeoutMs);
        } finally {
          // A connection whose ROLLBACK failed is dropped, not handed to the next request.
          client.release(broken);
        }
      });
    },
    async close() {
      await Promise.all([...dedicated].map((client) => client.end().catch(() => undefined)));
      await pool.end();
    },
  };
}
