// The main thread's side of the PGlite worker: a Db whose statements run in pglite-worker.ts, one at a time,
// behind a bounded queue, each with a deadline. PGlite (WASM) cannot cancel a running statement and ignores
// statement_timeout, so a statement past its deadline is cut off by terminating the worker; a fresh worker then
// reopens the folder (PostgreSQL's crash recovery makes that safe, as after a kill -9) while the caller gets a
// DbTimeoutError (503) instead of the whole server waiting.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import { Worker } from "node:worker_threads";
import type { Db, SqlParam } from "./db.js";
import { DbBusyError, type DbLimits, DbTimeoutError, QueryGate } from "./db-limits.js";
import { initialiseCluster } from "./pglite-init.js";
import type { CompiledWasm, WorkerAnswer, WorkerInit, WorkerRequest } from "./pglite-protocol.js";
import { clusterTemplate, unpackClusterTemplateInWorker } from "./pglite-template.js";

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;
type Answer = Extract<WorkerAnswer, { ok: true }>;

/** Longest wait for the worker to close the database cleanly before it is terminated. */
const CLOSE_TIMEOUT_MS = 10_000;

// Run from the TypeScript sources (tsx, vitest) the worker starts through a small .mjs that loads its .ts.
const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./pglite-worker-boot.mjs" : "./pglite-worker.js",
  import.meta.url,
);

/** WebAssembly's API as far as this file uses it (TypeScript declares it only with the DOM library). */
const wasmApi = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> } })
  .WebAssembly;

let compiling: Promise<CompiledWasm> | undefined;

/**
 * pglite.wasm compiled once per process and shared with every worker (a compiled module crosses to a worker
 * without copying its code), instead of each worker generation compiling 9 MB of PostgreSQL again.
 *
 * Baseline (Liftoff) code only, unless HUBKIT_PGLITE_TIER_UP=1: V8's optimizing tier recompiled PostgreSQL's hot
 * functions in background threads, which on a 2-core machine took most of a first start's CPU (models loaded in
 * 25 s instead of 10 s) and left ~70 MB of compiler memory in the process for good (first start settled at 440
 * MB instead of 370 MB). The index's queries measured the same either way (p50 4-5 ms on the seed); a very large
 * index may want the optimizing tier back. The V8 flag is process-wide and not PGlite's alone: hash-wasm's BLAKE3
 * (xet/hash.ts) compiled after it runs ~10x slower, in every thread (500 -> 55 MiB/s). It escapes because
 * server.ts compiles it first (xetHashing()) and V8 reuses that compiled module for the hashing threads
 * (xet/hash-pool.ts) even when they start later: measured ~550 MiB/s per thread either way.
 */
function compiledPglite(): Promise<CompiledWasm> {
  if (compiling === undefined) {
    if (process.env.HUBKIT_PGLITE_TIER_UP !== "1") setFlagsFromString("--liftoff-only");
    compiling = readFile(createRequire(import.meta.url).resolve("@electric-sql/pglite/pglite.wasm")).then((bytes) =>
      wasmApi.compile(bytes),
    );
  }
  return compiling;
}

/** A database error from the worker, with PostgreSQL's SQLSTATE when there is one. */
export class PgliteError extends Error {
  override readonly name = "PgliteError";
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout | undefined;
}

export class PgliteWorkerDb implements Db {
  readonly kind = "pglite";
  private worker: Worker | undefined;
  private ready: Promise<void>;
  /** Bumped on every restart: a transaction opened in an earlier worker is gone. */
  private generation = 0;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;
  private readonly gate: QueryGate;

  private constructor(
    private readonly dataDir: string | undefined,
    private readonly limits: DbLimits,
    private readonly onClose: () => void,
    /** PostgreSQL's WASM, compiled once: every worker generation reuses the code instead of compiling 9 MB again. */
    private readonly wasm: CompiledWasm,
    /** A cluster template for PGlite to load (pglite-template.ts): in memory only (a folder's is unpacked). */
    private readonly template?: string,
  ) {
    // PGlite is one connection: statements run one at a time, the rest wait in the bounded queue.
    this.gate = new QueryGate(1, limits.maxQueue, limits.queueTimeoutMs);
    this.ready = this.spawn();
  }

  /** Opens PGlite in a worker; `onClose` runs once the database is closed (or failed to open). */
  static async open(dataDir: string | undefined, limits: DbLimits, onClose: () => void): Promise<PgliteWorkerDb> {
    let db: PgliteWorkerDb | undefined;
    try {
      const wasm = await compiledPglite();
      const template = clusterTemplate();
      if (dataDir !== undefined)
        await initialiseCluster(dataDir, async (staging) => {
          if ("file" in template) return unpackClusterTemplateInWorker(template.file, staging);
          // No template (another PGlite version): initdb in a worker of its own, which then exits, and its ~600 MB
          // of WASM memory (PGlite's memory only grows) with it, before the server's worker opens the folder.
          console.warn(`[hub] ${template.missing}; running PGlite's initdb (~650 MB for a few seconds)`);
          const builder = new PgliteWorkerDb(staging, limits, () => {}, wasm);
          try {
            await builder.ready;
          } finally {
            await builder.close();
          }
        });
      // In memory there is no folder to unpack into: the worker loads the template itself (or runs initdb).
      const inMemoryTemplate = dataDir === undefined && "file" in template ? template.file : undefined;
      db = new PgliteWorkerDb(dataDir, limits, onClose, wasm, inMemoryTemplate);
      await db.ready;
    } catch (error) {
      if (db === undefined) onClose();
      else await db.close();
      throw error;
    }
    return db;
  }

  /** Statements running and waiting. */
  get load(): { active: number; queued: number } {
    return this.gate.load;
  }

  query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
    return this.gate.run(async () => this.rows<Row>(await this.call({ type: "query", sql, params: [...params] })));
  }

  transaction<T>(work: (tx: Pick<Db, "query">) => Promise<T>): Promise<T> {
    return this.gate.run(async () => {
      const begun = await this.call({ type: "begin" });
      const tx = begun.tx;
      if (tx === undefined) throw new Error("the PGlite worker opened no transaction");
      const generation = this.generation;
      const inThisWorker = () => {
        if (generation !== this.generation)
          throw new DbBusyError("The database was restarted during the transaction; it was rolled back");
      };
      let value: T;
      try {
        value = await work({
          query: async <Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) => {
            inThisWorker();
            return this.rows<Row>(await this.call({ type: "query", sql, params: [...params], tx }));
          },
        });
      } catch (error) {
        if (generation === this.generation) await this.call({ type: "end", tx, commit: false }).catch(() => undefined);
        throw error;
      }
      inThisWorker();
      await this.call({ type: "end", tx, commit: true });
      return value;
    });
  }

  /**
   * Closes the worker and opens the folder in a fresh one, handing PGlite's grown WASM memory back to the system
   * (it never shrinks otherwise): a bulk import leaves several hundred MB behind. Waits for running statements;
   * an in-memory database is left alone (a fresh worker would be empty).
   */
  async recycle(): Promise<void> {
    if (this.dataDir === undefined || this.closed) return;
    await this.gate.run(async () => {
      const old = this.worker;
      if (old === undefined) return;
      const exited = new Promise<void>((done) => old.once("exit", () => done()));
      await this.ready;
      await this.send({ type: "close" }, CLOSE_TIMEOUT_MS).catch(() => undefined);
      this.worker = undefined; // its exit is expected: no restart from the exit handler
      await Promise.race([exited, old.terminate()]);
      this.generation += 1;
      this.ready = this.spawn();
      await this.ready;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      const worker = this.worker;
      if (worker !== undefined) {
        const exited = new Promise<void>((done) => worker.once("exit", () => done()));
        const clean = this.ready.then(() => this.send({ type: "close" }, CLOSE_TIMEOUT_MS)).catch(() => undefined);
        await Promise.race([clean, exited]);
        await worker.terminate();
      }
      this.failAll(new DbBusyError("The database is closed"));
    } finally {
      this.onClose();
    }
  }

  private rows<Row extends Record<string, unknown>>(answer: Answer): Row[] {
    return (answer.rows ?? []) as Row[];
  }

  private spawn(): Promise<void> {
    const init: WorkerInit = {
      dataDir: this.dataDir,
      wasm: this.wasm,
      ...(this.template === undefined ? {} : { template: this.template }),
    };
    const worker = new Worker(WORKER_URL, { workerData: init });
    this.worker = worker;
    let opened = false;
    const ready = new Promise<void>((open, failed) => {
      worker.on("message", (answer: WorkerAnswer) => {
        if ("type" in answer) {
          if (answer.type === "ready") {
            opened = true;
            open();
          } else
            failed(new Error(`PGlite could not open ${this.dataDir ?? "an in-memory database"}: ${answer.message}`));
          return;
        }
        const pending = this.pending.get(answer.id);
        if (pending === undefined) return; // timed out already
        this.pending.delete(answer.id);
        clearTimeout(pending.timer);
        if (answer.ok) pending.resolve(answer);
        else pending.reject(new PgliteError(answer.message, answer.code));
      });
      worker.on("error", (error: Error) => {
        failed(error);
        if (this.worker === worker) this.failAll(new DbBusyError(`The database worker failed: ${error.message}`));
      });
      worker.on("exit", (code) => {
        failed(new Error(`the PGlite worker exited with code ${code} while opening`));
        // A worker that never opened the folder is not restarted: that would retry a broken folder for ever.
        if (this.worker === worker && !this.closed && opened) {
          this.failAll(new DbBusyError(`The database worker stopped (exit code ${code}); restarting it`));
          this.restart();
        }
      });
    });
    ready.catch(() => undefined); // a failed open is reported to whoever awaits `ready`
    return ready;
  }

  /** Drops the current worker (a statement overran its deadline, or it died) and opens the folder again. */
  private restart(): void {
    if (this.closed) return;
    const old = this.worker;
    this.generation += 1;
    this.worker = undefined;
    this.failAll(new DbBusyError("The database is restarting after a cancelled query", 2));
    // The new worker may only open the folder once the old one has stopped touching it.
    this.ready = (old === undefined ? Promise.resolve(0) : old.terminate()).then(() => this.spawn());
    this.ready.catch(() => undefined);
  }

  private failAll(error: Error): void {
    for (const [id, pending] of this.pending) {
      clearTimeout(pending.timer);
      this.pending.delete(id);
      pending.reject(error);
    }
  }

  private async call(request: Request): Promise<Answer> {
    if (this.closed) throw new DbBusyError("The database is closed");
    await this.ready;
    // An in-memory database would come back empty from a restart: there the caller gets its 503 after the
    // deadline, but the statement runs to its end (in-memory PGlite is for tests and demos).
    return this.send(
      request,
      this.limits.statementTimeoutMs,
      this.dataDir === undefined ? undefined : () => this.restart(),
    );
  }

  private send(request: Request, timeoutMs: number, onTimeout?: () => void): Promise<Answer> {
    const worker = this.worker;
    if (worker === undefined) return Promise.reject(new DbBusyError("The database is restarting", 2));
    const id = this.nextId++;
    return new Promise<Answer>((resolve, reject) => {
      const pending: Pending = {
        resolve,
        reject,
        timer: setTimeout(() => {
          this.pending.delete(id);
          reject(new DbTimeoutError(timeoutMs));
          onTimeout?.();
        }, timeoutMs),
      };
      this.pending.set(id, pending);
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }
}
