// A small pool of DuckDB worker threads (duckdb-worker.ts): each runs one request at a time; callers wait in a
// bounded queue (full → 503), and a request is interrupted in its worker past its time limit (→ 504). A worker that
// does not answer even after the limit and a grace period is terminated and replaced, so nothing waits forever.
import { Worker } from "node:worker_threads";
import { ApiError } from "../api/api-error.js";
import type {
  QueryColumn,
  QueryParam,
  WorkerAnswer,
  WorkerClose,
  WorkerInit,
  WorkerRequest,
} from "./duckdb-protocol.js";

const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./duckdb-worker-boot.mjs" : "./duckdb-worker.js",
  import.meta.url,
);

/** How long past its own limit a worker may take to answer an interrupted request before it is replaced. */
const GRACE_MS = 5_000;

export interface EngineOptions extends WorkerInit {
  workers: number;
  /** Requests waiting for a worker beyond this are refused with 503. */
  maxQueued: number;
  timeoutMs: number;
}

export interface QueryResult {
  columns: QueryColumn[];
  rows: Record<string, unknown>[];
}

/** A statement DuckDB refused (bad input data, a memory limit…), as opposed to the pool's own 503/504. */
export class EngineError extends Error {
  override readonly name = "EngineError";
}

interface Pending {
  request: WorkerRequest;
  resolve(result: QueryResult): void;
  reject(error: Error): void;
}

class PooledWorker {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  busy = false;

  constructor(private readonly init: WorkerInit) {}

  private start(): Promise<void> {
    const worker = new Worker(WORKER_URL, { workerData: this.init });
    worker.unref(); // a pool never keeps the process alive
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      const first = (answer: WorkerAnswer) => {
        worker.off("message", first);
        if ("ready" in answer) resolve();
        else reject(new EngineError("failed" in answer ? answer.failed : "DuckDB worker did not start"));
      };
      worker.on("message", first);
      worker.once("error", reject);
    });
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = undefined;
    });
    return this.ready;
  }

  async run(request: WorkerRequest): Promise<QueryResult> {
    if (this.worker === undefined) await this.start();
    else await this.ready;
    const worker = this.worker as Worker;
    return new Promise<QueryResult>((resolve, reject) => {
      const done = () => {
        clearTimeout(watchdog);
        worker.off("message", onMessage);
        worker.off("exit", onExit);
      };
      const onMessage = (answer: WorkerAnswer) => {
        if (!("id" in answer) || answer.id !== request.id) return;
        done();
        if ("error" in answer)
          reject(answer.timedOut ? timeoutError(request.timeoutMs) : new EngineError(answer.error));
        else resolve({ columns: answer.columns, rows: answer.rows });
      };
      const onExit = () => {
        done();
        reject(new EngineError("The query worker stopped"));
      };
      const watchdog = setTimeout(() => {
        done();
        this.worker = undefined;
        void worker.terminate();
        reject(timeoutError(request.timeoutMs));
      }, request.timeoutMs + GRACE_MS);
      worker.on("message", onMessage);
      worker.once("exit", onExit);
      worker.postMessage(request);
    });
  }

  /** Asks the worker to close DuckDB and end (WorkerClose says why); terminates it only if it has not within GRACE_MS. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker === undefined) return;
    const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
    worker.postMessage({ close: true } satisfies WorkerClose);
    const lastResort = setTimeout(() => void worker.terminate(), GRACE_MS);
    await exited;
    clearTimeout(lastResort);
  }
}

function timeoutError(ms: number): ApiError {
  return new ApiError(504, `The query took longer than ${ms} ms and was stopped`, {
    headers: { "X-Error-Code": "QueryTimeoutError" },
  });
}

export class DuckDbPool {
  private readonly workers: PooledWorker[];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(private readonly options: EngineOptions) {
    const init: WorkerInit = {
      allowedDirectories: options.allowedDirectories,
      memoryLimit: options.memoryLimit,
      threads: options.threads,
    };
    this.workers = Array.from({ length: Math.max(1, options.workers) }, () => new PooledWorker(init));
  }

  /** Runs the statements in order on one worker; the last statement's rows are the answer. */
  query(
    statements: { sql: string; params?: QueryParam[] }[],
    timeoutMs = this.options.timeoutMs,
  ): Promise<QueryResult> {
    if (this.queue.length >= this.options.maxQueued)
      return Promise.reject(
        new ApiError(503, "The dataset viewer is busy: retry in a moment", { headers: { "Retry-After": "1" } }),
      );
    const request: WorkerRequest = {
      id: this.nextId++,
      statements: statements.map((statement) => ({ sql: statement.sql, params: statement.params ?? [] })),
      timeoutMs,
    };
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    for (const worker of this.workers) {
      if (worker.busy) continue;
      const next = this.queue.shift();
      if (next === undefined) return;
      worker.busy = true;
      worker
        .run(next.request)
        .then(next.resolve, next.reject)
        .finally(() => {
          worker.busy = false;
          this.pump();
        });
    }
  }

  async close(): Promise<void> {
    for (const pending of this.queue.splice(0)) pending.reject(new EngineError("The dataset viewer is closing"));
    await Promise.all(this.workers.map((worker) => worker.close()));
  }
}
