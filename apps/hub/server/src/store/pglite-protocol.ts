// The messages between the main thread and the PGlite worker (pglite-worker.ts). Every request carries an id that
// its answer repeats; statements inside a transaction carry the transaction's id.
import type { SqlParam } from "./db.js";

export type WorkerRequest =
  | { id: number; type: "query"; sql: string; params: SqlParam[]; tx?: number }
  | { id: number; type: "begin" }
  | { id: number; type: "end"; tx: number; commit: boolean }
  | { id: number; type: "close" };

export type WorkerAnswer =
  | { type: "ready" }
  | { type: "fatal"; message: string }
  | { id: number; ok: true; rows?: Record<string, unknown>[]; tx?: number }
  | { id: number; ok: false; message: string; code?: string };

/** A compiled WebAssembly.Module (TypeScript declares WebAssembly's types only with the DOM library). */
export type CompiledWasm = object;

export interface WorkerInit {
  /** PGlite folder; undefined = in memory. */
  dataDir: string | undefined;
  /** A cluster template (pglite-template.ts) for an in-memory database to load instead of running initdb. */
  template?: string;
  /** pglite.wasm compiled by the main thread (pglite-client.ts), shared by every worker. */
  wasm: CompiledWasm;
}
