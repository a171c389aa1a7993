// Transfer benchmarks (issue 11): the files that are uploaded and downloaded. Their bytes are AES-128-CTR of
// zeros under a fixed key, the counter starting at the file's seed, so every run moves the same incompressible
// content (and each seed a different one: the hub stores an LFS object once), made at disk speed; the sha256 (the
// LFS oid) is computed while writing, so no second read is needed.
import { createCipheriv, createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";

const SEED_KEY = Buffer.from("hubkit-bench-key"); // 16 bytes: AES-128
const CHUNK = 1024 * 1024;

export interface SeededFile {
  path: string;
  bytes: number;
  sha256: string;
}

export async function writeSeededFile(path: string, bytes: number, seed = 0): Promise<SeededFile> {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`file size must be a whole number, got ${bytes}`);
  const counter = Buffer.alloc(16);
  counter.writeUInt32BE(seed >>> 0, 0); // far apart from another seed's blocks: no shared content
  const cipher = createCipheriv("aes-128-ctr", SEED_KEY, counter);
  const hash = createHash("sha256");
  const zeros = Buffer.alloc(CHUNK);
  async function* chunks() {
    for (let written = 0; written < bytes; written += CHUNK) {
      const chunk = cipher.update(zeros.subarray(0, Math.min(CHUNK, bytes - written)));
      hash.update(chunk);
      yield chunk;
    }
  }
  await pipeline(chunks(), createWriteStream(path));
  return { path, bytes, sha256: hash.digest("hex") };
}
