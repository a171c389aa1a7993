// Transfer benchmarks (issue 11): the file that is uploaded and downloaded. Its bytes are AES-128-CTR of zeros
// under a fixed key and counter, so every run moves the same incompressible content, made at disk speed; the
// sha256 (the LFS oid) is computed while writing, so no second read is needed.
import { createCipheriv, createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";

const SEED_KEY = Buffer.from("hubkit-bench-key"); // 16 bytes: AES-128
const SEED_COUNTER = Buffer.alloc(16);
const CHUNK = 1024 * 1024;

export interface SeededFile {
  path: string;
  bytes: number;
  sha256: string;
}

export async function writeSeededFile(path: string, bytes: number): Promise<SeededFile> {
  if (!Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`file size must be a whole number, got ${bytes}`);
  const cipher = createCipheriv("aes-128-ctr", SEED_KEY, SEED_COUNTER);
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
