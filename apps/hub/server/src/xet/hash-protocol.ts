// Messages between the main thread and the hashing threads (hash-pool.ts, hash-worker.ts).

/** `count` whole xorb records in the first `length` bytes of `buffer` (transferred to the worker). */
export interface HashRequest {
  id: number;
  buffer: ArrayBuffer;
  length: number;
  count: number;
}

/** The records' chunk hashes (32 bytes each), or why a record is invalid; the buffer comes back either way. */
export interface HashAnswer {
  id: number;
  buffer: ArrayBuffer;
  hashes?: Uint8Array;
  error?: string;
}
