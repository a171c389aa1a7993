// Xet hashes (xet.md §3.1–3.3): keyed BLAKE3 through hash-wasm (WASM, ~350 MiB/s; a pure-JS BLAKE3 is ~30× slower,
// too slow for 64 MiB xorbs), the hex form (four little-endian u64 words), the merkle aggregation that gives xorb and
// file hashes, and the term verification hash. hash-wasm's hashers are created asynchronously, once per key; after
// `xetHashing()` has resolved every function here is synchronous (one hasher is reused: init, update, digest run
// without an await in between, so calls never interleave).
import { createBLAKE3, type IHasher } from "hash-wasm";

export type RawHash = Uint8Array;

export const XET_HASH_HEX = /^[0-9a-f]{64}$/;

const DATA_KEY = [
  102, 151, 245, 119, 91, 149, 80, 222, 49, 53, 203, 172, 165, 151, 24, 28, 157, 228, 33, 16, 155, 235, 43, 88, 180,
  208, 176, 75, 147, 173, 242, 41,
];
const INTERNAL_NODE_KEY = [
  1, 126, 197, 199, 165, 71, 41, 150, 253, 148, 102, 102, 180, 138, 2, 230, 93, 221, 83, 111, 55, 199, 109, 210, 248,
  99, 82, 230, 74, 83, 113, 63,
];
const VERIFICATION_KEY = [
  127, 24, 87, 214, 206, 86, 237, 102, 18, 127, 249, 19, 231, 165, 195, 243, 164, 205, 38, 213, 181, 219, 73, 230, 65,
  36, 152, 127, 40, 251, 148, 195,
];
const ZERO_KEY = new Array<number>(32).fill(0);

export interface XetHashing {
  /** Hash of one chunk's bytes. */
  chunk(data: Uint8Array): RawHash;
  /** The merkle root of (hash, size) leaves: a xorb's hash over its chunks; 32 zero bytes for none. */
  merkle(leaves: readonly HashedSize[]): RawHash;
  /** A file's hash: the zero-keyed hash of the merkle root of all its chunks. Empty file → 32 zero bytes. */
  file(leaves: readonly HashedSize[]): RawHash;
  /** A term's verification hash over its chunks' raw hashes (shard FileVerificationEntry). */
  verification(chunkHashes: readonly RawHash[]): RawHash;
  /** A blake3(key, ·) function for an arbitrary key (dedup-shard HMAC of chunk hashes). */
  keyed(key: Uint8Array): Promise<(data: Uint8Array) => RawHash>;
}

export interface HashedSize {
  hash: RawHash;
  size: number;
}

function digest(hasher: IHasher, ...parts: Uint8Array[]): RawHash {
  hasher.init();
  for (const part of parts) hasher.update(part);
  return hasher.digest("binary");
}

/** Hex of a raw hash: each 8-byte group is a little-endian u64 printed as %016x. */
export function hashToHex(raw: RawHash): string {
  let out = "";
  for (let group = 0; group < 32; group += 8)
    for (let i = group + 7; i >= group; i--) out += (raw[i] as number).toString(16).padStart(2, "0");
  return out;
}

/** The raw hash of a 64-hex string; undefined when it is not one (callers answer 400). */
export function hexToHash(hex: string): RawHash | undefined {
  if (!XET_HASH_HEX.test(hex)) return undefined;
  const raw = new Uint8Array(32);
  for (let group = 0; group < 4; group++)
    for (let i = 0; i < 8; i++)
      raw[group * 8 + 7 - i] = Number.parseInt(hex.slice(group * 16 + i * 2, group * 16 + i * 2 + 2), 16);
  return raw;
}

/** `hash % n` for n ≤ 65 536 that divides 2^64 (the u64 at bytes 24..31, little-endian; only its low bits matter). */
export function hashModPow2(raw: RawHash, n: number): number {
  return ((raw[24] as number) | ((raw[25] as number) << 8)) & (n - 1);
}

/** The hashers, created once per process. */
export function xetHashing(): Promise<XetHashing> {
  return ready;
}

async function build(): Promise<XetHashing> {
  const [data, node, verification, zero] = (await Promise.all(
    [DATA_KEY, INTERNAL_NODE_KEY, VERIFICATION_KEY, ZERO_KEY].map((key) => createBLAKE3(256, Uint8Array.from(key))),
  )) as [IHasher, IHasher, IHasher, IHasher];
  const encoder = new TextEncoder();
  const merkle = (leaves: readonly HashedSize[]): RawHash => {
    if (leaves.length === 0) return new Uint8Array(32);
    let level: HashedSize[] = [...leaves];
    while (level.length > 1) {
      const next: HashedSize[] = [];
      let i = 0;
      while (i < level.length) {
        const remaining = level.length - i;
        let cut = remaining;
        if (remaining > 2) {
          cut = Math.min(9, remaining);
          for (let j = 2; j < Math.min(9, remaining); j++)
            if (hashModPow2((level[i + j] as HashedSize).hash, 4) === 0) {
              cut = j + 1;
              break;
            }
        }
        let text = "";
        let size = 0;
        for (let k = i; k < i + cut; k++) {
          const leaf = level[k] as HashedSize;
          text += `${hashToHex(leaf.hash)} : ${leaf.size}\n`;
          size += leaf.size;
        }
        next.push({ hash: digest(node, encoder.encode(text)), size });
        i += cut;
      }
      level = next;
    }
    return (level[0] as HashedSize).hash;
  };
  return {
    chunk: (bytes) => digest(data, bytes),
    merkle,
    file: (leaves) => (leaves.length === 0 ? new Uint8Array(32) : digest(zero, merkle(leaves))),
    verification: (hashes) => digest(verification, ...hashes),
    keyed: async (key) => {
      const hasher = await createBLAKE3(256, key);
      return (bytes) => digest(hasher, bytes);
    },
  };
}

// Created as soon as this module loads, before the server opens its database: WASM compiled after PGlite has set
// V8's process-wide --liftoff-only (store/pglite-client.ts) hashed 10× slower (measured: 200 × 64 KiB in 220 ms of
// CPU instead of 22 ms), and 64 MiB xorbs are hashed on every upload. The hashing threads (hash-pool.ts) get the
// fast code too, however late they start: V8 hands them the module compiled here (same bytes) instead of compiling
// it again under the flag.
const ready: Promise<XetHashing> = build();
ready.catch(() => {});
