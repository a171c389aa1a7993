// One small query interface over the two PostgreSQL engines the index runs on: PGlite (PostgreSQL compiled to
// WASM, embedded, persisted in a folder) and a PostgreSQL server reached with `pg` when DATABASE_URL is set.
// Every statement goes through `query(sql, params)` with positional parameters: no SQL is ever built from values.
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type FolderLock, lockFolder } from "./folder-lock.js";

export type SqlParam = string | number | boolean | null | string[];

export interface Db {
  readonly kind: "pglite" | "postgres";
  query<Row extends Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<Row[]>;
  /** Runs `work` inside one transaction on one connection (BEGIN … COMMIT, ROLLBACK on error). */
  transaction<T>(work: (tx: Pick<Db, "query">) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite in `dataDir` (created if missing), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<Db> {
  let lock: FolderLock | undefined;
  if (dataDir !== undefined) {
    mkdirSync(dataDir, { recursive: true });
    // PGlite has no cross-process locking: two processes on one folder would corrupt it.
    lock = lockFolder(dataDir);
  }
  let lite: PGlite;
  try {
    lite = await PGlite.create(dataDir === undefined ? undefined : dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    kind: "pglite",
    async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) {
      const result = await lite.query<Row>(sql, [...params]);
      return result.rows;
    },
    async transaction<T>(work: (tx: Pick<Db, "query">) => Promise<T>) {
      return lite.transaction(async (tx) =>
        work({
          async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) {
            return (await tx.query<Row>(sql, [...params])).rows;
          },
        }),
      );
    },
    async close() {
      try {
        await lite.close();
      } finally {
        lock?.release();
      }
    },
  };
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A pool on a PostgreSQL server. `schema`, when given, becomes the connections' search_path (tests use a
 * throw-away schema each); it is an identifier, so it is checked against a strict pattern instead of bound.
 */
export async function openPostgres(connectionString: string, schema?: string): Promise<Db> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: 8,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  // Without a listener an idle client's error (server restart) would crash the process.
  pool.on("error", (error: Error) => console.error(`[hub] postgres pool error: ${error.message}`));
  if (schema !== undefined) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  return {
    kind: "postgres",
    async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) {
      const result = await pool.query<Row>(sql, [...params]);
      return result.rows;
    },
    async transaction<T>(work: (tx: Pick<Db, "query">) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const value = await work({
          async query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) {
            return (await client.query<Row>(sql, [...params])).rows;
          },
        });
        await client.query("COMMIT");
        return value;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
