// Messages between the DuckDB pool (engine.ts) and its worker threads (duckdb-worker.ts).

/** A bound parameter: DuckDB gets values, never text spliced into SQL. */
export type QueryParam = string | number | boolean | null | string[];

export interface WorkerInit {
  /** The only folders this worker's DuckDB may read or write (`allowed_directories`); all else is refused. */
  allowedDirectories: string[];
  memoryLimit: string;
  threads: number;
}

export interface WorkerRequest {
  id: number;
  /** Statements run in order on the worker's one connection; the last one's rows are answered. */
  statements: { sql: string; params: QueryParam[] }[];
  timeoutMs: number;
}

export interface QueryColumn {
  name: string;
  /** DuckDB's type as text (`BIGINT`, `VARCHAR`, `STRUCT(bytes BLOB, path VARCHAR)`, `INTEGER[]` …). */
  type: string;
}

/**
 * Asks the worker to stop: it interrupts the running statement, closes DuckDB and lets its thread end. Terminating a
 * worker while DuckDB's native code is busy in it aborts the whole process ("terminate called after throwing an
 * instance of 'Napi::Error'"), which is how a test's hub shutdown took its test worker down.
 */
export interface WorkerClose {
  close: true;
}

export type WorkerAnswer =
  | { id: number; columns: QueryColumn[]; rows: Record<string, unknown>[] }
  | { id: number; error: string; timedOut: boolean }
  | { ready: true }
  | { failed: string };
