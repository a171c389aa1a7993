// A hashing thread (hash-pool.ts): decodes and hashes batches of xorb records off the main thread. Its own WASM
// BLAKE3 instances, created before anything else runs here. The batch's memory is handed back with the answer
// (transferred, not copied), so the pool reuses it.
import { parentPort } from "node:worker_threads";
import { xetHashing } from "./hash.js";
import type { HashAnswer, HashRequest } from "./hash-protocol.js";
import { hashRecordBatch } from "./xorb.js";

if (parentPort === null) throw new Error("hash-worker.ts must run in a worker thread");
const port = parentPort;
const hashing = await xetHashing();

port.on("message", (request: HashRequest) => {
  const { id, buffer, length, count } = request;
  let answer: HashAnswer;
  try {
    const hashes = hashRecordBatch(hashing, new Uint8Array(buffer, 0, length), count);
    answer = { id, buffer, hashes };
  } catch (error) {
    answer = { id, buffer, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer, answer.hashes !== undefined ? [buffer, answer.hashes.buffer as ArrayBuffer] : [buffer]);
});
port.postMessage({ ready: true });
