// Hashing threads for xorb uploads: BLAKE3 (hash-wasm) and LZ4 decoding of every chunk took about half of an
// upload's CPU on the main thread, which then also had to read, write and answer everything else. Here one thread
// per core (at most MAX_THREADS) decodes and hashes batches of records (xorb.ts XorbReader), so the main thread
// only moves bytes, and the xorbs a client sends at once are hashed side by side. A batch's memory goes to the
// thread and back (transferred, no copy) and is reused. A thread that dies fails its batches (the upload answers
// 400/500 as for any error; nothing is stored) and is replaced at the next batch. The threads are unref'd: they
// never keep the process alive.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { HashAnswer, HashRequest } from "./hash-protocol.js";
import { type RecordHasher, XorbFormatError } from "./xorb.js";

const MAX_THREADS = 4;
/** Batch buffers kept for reuse. */
const MAX_FREE = 16;

// Run from the TypeScript sources (tsx, vitest) the worker starts through a small .mjs that loads its .ts.
const WORKER_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./hash-worker-boot.mjs" : "./hash-worker.js",
  import.meta.url,
);

interface Pending {
  resolve(hashes: Uint8Array): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

export class HashPool {
  private readonly threads: (Thread | undefined)[];
  private readonly free: ArrayBuffer[] = [];
  private nextId = 1;

  constructor(
    size = Math.min(MAX_THREADS, availableParallelism()),
    private readonly batchBytes = 4 * 1024 * 1024,
  ) {
    this.threads = new Array<Thread | undefined>(Math.max(1, size)).fill(undefined);
  }

  /** A batch buffer (reused when one came back). */
  allocate = (): Buffer => Buffer.from(this.free.pop() ?? new ArrayBuffer(this.batchBytes));

  /** The RecordHasher of XorbReader: the batch's memory moves to the thread (the caller must not touch it). */
  hash: RecordHasher = (batch, length, count) => {
    const thread = this.leastBusy();
    const id = this.nextId++;
    const buffer = batch.buffer as ArrayBuffer;
    if (batch.byteOffset !== 0 || buffer.byteLength < length) throw new Error("a batch must own its memory");
    return new Promise<Uint8Array>((resolve, reject) => {
      thread.pending.set(id, { resolve, reject });
      const request: HashRequest = { id, buffer, length, count };
      thread.worker.postMessage(request, [buffer]);
    });
  };

  /** Ends the threads (tests; a server that closes). */
  async close(): Promise<void> {
    const running = this.threads.filter((thread): thread is Thread => thread !== undefined);
    this.threads.fill(undefined);
    await Promise.all(running.map((thread) => thread.worker.terminate()));
  }

  private leastBusy(): Thread {
    let best = 0;
    for (let i = 0; i < this.threads.length; i++) {
      const thread = this.threads[i];
      if (thread === undefined) return this.start(i);
      if (thread.pending.size < (this.threads[best] as Thread).pending.size) best = i;
    }
    return this.threads[best] as Thread;
  }

  private start(slot: number): Thread {
    const worker = new Worker(WORKER_URL);
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    this.threads[slot] = thread;
    const failAll = (error: Error) => {
      if (this.threads[slot] === thread) this.threads[slot] = undefined;
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
    };
    worker.on("message", (answer: HashAnswer | { ready: true }) => {
      if (!("id" in answer)) return;
      if (this.free.length < MAX_FREE && answer.buffer.byteLength === this.batchBytes) this.free.push(answer.buffer);
      const pending = thread.pending.get(answer.id);
      thread.pending.delete(answer.id);
      if (answer.hashes !== undefined) pending?.resolve(answer.hashes);
      else pending?.reject(new XorbFormatError(answer.error ?? "invalid record"));
    });
    worker.on("error", (error) => failAll(error));
    worker.on("exit", () => failAll(new Error("a hashing thread exited")));
    return thread;
  }
}

let shared: HashPool | undefined;

/** The process's hashing threads, started on first use. */
export function hashPool(): HashPool {
  shared ??= new HashPool();
  return shared;
}
