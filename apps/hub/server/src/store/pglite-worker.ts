// The thread that owns the PGlite instance. PGlite runs PostgreSQL compiled to WASM synchronously: on the main
// thread one slow statement froze every request, health check and static file. Here it freezes only this thread,
// and the main thread can cut it off (terminate the worker) when a statement outlives its deadline.
import { readFileSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import { brotliDecompressSync } from "node:zlib";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import type { WorkerAnswer, WorkerInit, WorkerRequest } from "./pglite-protocol.js";

if (parentPort === null) throw new Error("pglite-worker.ts must run in a worker thread");
const port = parentPort;
const { dataDir, template, wasm } = workerData as WorkerInit;

/**
 * PGlite's WASM memory only grows: PostgreSQL's default 128 MB of shared buffers, once touched (a seed import
 * touches them all), stay in the process for good. The index is small and its files sit in the OS page cache
 * anyway, so small buffers cost little speed and save about 120 MB of RSS (measured in BENCHMARKS.md).
 */
const MEMORY_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB", "work_mem=4MB"];

const send = (answer: WorkerAnswer) => port.postMessage(answer);

/** Open transactions: the PGlite handle, the callback that ends it (commit = true), and its outcome. */
const transactions = new Map<number, { tx: Transaction; end(commit: boolean): void }>();
const outcomes = new Map<number, Promise<void>>();
let nextTx = 1;

function failure(id: number, error: unknown): WorkerAnswer {
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
  return {
    id,
    ok: false,
    message: error instanceof Error ? error.message : String(error),
    ...(code !== undefined ? { code } : {}),
  };
}

class Rollback extends Error {}

function begin(lite: PGlite, id: number): void {
  const txId = nextTx++;
  let opened = false;
  const outcome = lite
    .transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          opened = true;
          transactions.set(txId, { tx, end: (doCommit) => (doCommit ? commit() : rollback(new Rollback())) });
          send({ id, ok: true, tx: txId });
        }),
    )
    .then(
      () => undefined,
      (error: unknown) => {
        if (!opened) {
          outcomes.delete(txId);
          send(failure(id, error));
        }
        if (!(error instanceof Rollback)) throw error;
      },
    );
  // Nothing may escape unhandled: the result of a failed COMMIT is reported through the "end" request.
  outcome.catch(() => undefined);
  outcomes.set(txId, outcome);
}

async function handle(lite: PGlite, request: WorkerRequest): Promise<void> {
  switch (request.type) {
    case "query": {
      const target = request.tx === undefined ? lite : transactions.get(request.tx)?.tx;
      if (target === undefined) throw new Error(`no open transaction ${request.tx}`);
      const result = await target.query<Record<string, unknown>>(request.sql, request.params);
      send({ id: request.id, ok: true, rows: result.rows });
      return;
    }
    case "begin":
      begin(lite, request.id);
      return;
    case "end": {
      const open = transactions.get(request.tx);
      if (open === undefined) throw new Error(`no open transaction ${request.tx}`);
      const outcome = outcomes.get(request.tx);
      transactions.delete(request.tx);
      outcomes.delete(request.tx);
      open.end(request.commit);
      await outcome;
      send({ id: request.id, ok: true });
      return;
    }
    case "close":
      await lite.close();
      send({ id: request.id, ok: true });
      port.close();
      return;
  }
}

try {
  // An in-memory database starts from the cluster template (pglite-template.ts) instead of running initdb.
  const loadDataDir = template === undefined ? undefined : new Blob([brotliDecompressSync(readFileSync(template))]);
  const lite = await PGlite.create(dataDir, {
    postgresqlconf: MEMORY_SETTINGS,
    pgliteWasmModule: wasm,
    ...(loadDataDir === undefined ? {} : { loadDataDir }),
  });
  port.on("message", (request: WorkerRequest) => {
    handle(lite, request).catch((error: unknown) => send(failure(request.id, error)));
  });
  send({ type: "ready" });
} catch (error) {
  send({ type: "fatal", message: error instanceof Error ? error.message : String(error) });
}
