// Asks a fresh Web Worker (parquet-worker.ts) for the first rows of a Parquet file: the reading and decoding never
// run on the main thread. A read past its deadline, or abandoned, terminates its worker.
import type { ParquetAnswer, ParquetRequest } from "./parquet-worker";

export const PARQUET_DEADLINE_MS = 30_000;
export const PARQUET_MAX_BYTES = 48 * 1024 * 1024;

export type ParquetRows = Extract<ParquetAnswer, { ok: true }>;

let nextId = 1;

export function readParquetStart(
  url: string,
  rows: number,
  byteLength: number | undefined,
  signal?: AbortSignal,
): Promise<ParquetRows> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./parquet-worker.ts", import.meta.url), { type: "module" });
    const id = nextId++;
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", abort);
      worker.terminate();
    };
    const abort = () => {
      finish();
      reject(signal?.reason ?? new Error("aborted"));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`Reading the Parquet file took longer than ${PARQUET_DEADLINE_MS / 1000} s`));
    }, PARQUET_DEADLINE_MS);
    signal?.addEventListener("abort", abort, { once: true });
    worker.onmessage = (event: MessageEvent<ParquetAnswer>) => {
      if (event.data.id !== id) return;
      finish();
      if (event.data.ok) resolve(event.data);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || "The Parquet reader failed to start"));
    };
    // The worker resolves the URL against its own location: give it an absolute one.
    const request: ParquetRequest = {
      id,
      url: new URL(url, window.location.href).href,
      rows,
      maxBytes: PARQUET_MAX_BYTES,
      ...(byteLength !== undefined ? { byteLength } : {}),
    };
    worker.postMessage(request);
  });
}
