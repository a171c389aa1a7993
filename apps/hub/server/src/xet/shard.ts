// Shards (xet.md §3.6): a 48-byte header, a file section and a xorb section (each ended by a 48-byte bookend), then
// — for a JS upload or a dedup reply — a 200-byte footer. Uploads are parsed sequentially from byte 48; every count
// is checked against the bytes left before anything is allocated for it, so a lying count costs nothing. The writer
// produces the server's dedup replies (variant c) and, for tests, the clients' upload forms (a, b).
import { hashToHex, type RawHash } from "./hash.js";

export const SHARD_TAG = Buffer.concat([
  Buffer.from("HFRepoMetaData"),
  Buffer.from([0, 85, 105, 103, 69, 106, 123, 129, 87, 131, 165, 189, 217, 92, 205, 209, 74, 169]),
]);
export const MAX_SHARD_BYTES = 64 * 1024 * 1024;
const HEADER = 48;
const ENTRY = 48;
const FOOTER = 200;
const FLAG_VERIFICATION = 0x80000000;
const FLAG_METADATA_EXT = 0x40000000;
export const CHUNK_GLOBAL_DEDUP = 0x80000000;

export class ShardFormatError extends Error {}

export interface FileSegment {
  xorb: string;
  unpackedBytes: number;
  chunkStart: number;
  chunkEnd: number;
  /** Verification hash of the segment's chunks (present when the file has the verification flag). */
  verification?: RawHash;
}

export interface ShardFile {
  fileHash: string;
  segments: FileSegment[];
  /** sha256 hex, from the FileMetadataExt. */
  sha256?: string;
}

export interface ShardXorbChunk {
  hash: RawHash;
  /** Cumulative unpacked offset of the chunk in its xorb. */
  start: number;
  size: number;
  flags: number;
}

export interface ShardXorb {
  hash: string;
  bytesOnDisk: number;
  chunks: ShardXorbChunk[];
}

export interface ParsedShard {
  files: ShardFile[];
  xorbs: ShardXorb[];
}

function fail(message: string): never {
  throw new ShardFormatError(message);
}

const isBookend = (bytes: Buffer, at: number) => {
  for (let i = 0; i < 32; i++) if (bytes[at + i] !== 0xff) return false;
  return true;
};

/** Parses an uploaded shard (variants a and b). */
export function parseShard(bytes: Buffer): ParsedShard {
  if (bytes.length < HEADER + 2 * ENTRY) fail("shard too short");
  if (!bytes.subarray(0, 32).equals(SHARD_TAG)) fail("not a shard: bad header tag");
  if (bytes.readBigUInt64LE(32) !== 2n) fail("unsupported shard version");
  const footerSize = bytes.readBigUInt64LE(40);
  if (footerSize !== 0n && footerSize !== BigInt(FOOTER)) fail(`unsupported footer size ${footerSize}`);
  const end = bytes.length - (footerSize === 0n ? 0 : FOOTER);
  if (end < HEADER + 2 * ENTRY) fail("shard too short for its footer");
  let pos = HEADER;
  const need = (count: number, what: string) => {
    if (pos + count * ENTRY > end) fail(`${what}: count runs past the end of the shard`);
  };
  const files: ShardFile[] = [];
  for (;;) {
    need(1, "file section");
    if (isBookend(bytes, pos)) {
      pos += ENTRY;
      break;
    }
    const fileHash = hashToHex(bytes.subarray(pos, pos + 32));
    const flags = bytes.readUInt32LE(pos + 32);
    const n = bytes.readUInt32LE(pos + 36);
    pos += ENTRY;
    if (n === 0) fail(`file ${fileHash}: no segments`);
    const extra = (flags & FLAG_VERIFICATION ? n : 0) + (flags & FLAG_METADATA_EXT ? 1 : 0);
    need(n + extra, `file ${fileHash}`);
    const segments: FileSegment[] = [];
    for (let i = 0; i < n; i++, pos += ENTRY)
      segments.push({
        xorb: hashToHex(bytes.subarray(pos, pos + 32)),
        unpackedBytes: bytes.readUInt32LE(pos + 36),
        chunkStart: bytes.readUInt32LE(pos + 40),
        chunkEnd: bytes.readUInt32LE(pos + 44),
      });
    if (flags & FLAG_VERIFICATION)
      for (const segment of segments) {
        segment.verification = Uint8Array.from(bytes.subarray(pos, pos + 32));
        pos += ENTRY;
      }
    let sha256: string | undefined;
    if (flags & FLAG_METADATA_EXT) {
      sha256 = hashToHex(bytes.subarray(pos, pos + 32));
      pos += ENTRY;
    }
    files.push({ fileHash, segments, ...(sha256 !== undefined ? { sha256 } : {}) });
  }
  const xorbs: ShardXorb[] = [];
  for (;;) {
    need(1, "xorb section");
    if (isBookend(bytes, pos)) {
      pos += ENTRY;
      break;
    }
    const hash = hashToHex(bytes.subarray(pos, pos + 32));
    const n = bytes.readUInt32LE(pos + 36);
    const bytesOnDisk = bytes.readUInt32LE(pos + 44);
    pos += ENTRY;
    need(n, `xorb ${hash}`);
    const chunks: ShardXorbChunk[] = [];
    for (let i = 0; i < n; i++, pos += ENTRY)
      chunks.push({
        hash: Uint8Array.from(bytes.subarray(pos, pos + 32)),
        start: bytes.readUInt32LE(pos + 32),
        size: bytes.readUInt32LE(pos + 36),
        flags: bytes.readUInt32LE(pos + 40),
      });
    xorbs.push({ hash, bytesOnDisk, chunks });
  }
  // Variant (a) ends here; variant (b) may carry lookup tables (ignored) before its footer.
  if (footerSize === 0n && pos !== bytes.length) fail("bytes after the xorb section");
  return { files, xorbs };
}

function rawOf(hex: string): Buffer {
  // Inverse of hashToHex: each 16-hex group is a little-endian u64.
  const out = Buffer.alloc(32);
  for (let group = 0; group < 4; group++)
    out.writeBigUInt64LE(BigInt(`0x${hex.slice(group * 16, group * 16 + 16)}`), group * 8);
  return out;
}

const bookend = () => Buffer.concat([Buffer.alloc(32, 0xff), Buffer.alloc(16)]);

export interface ShardWriteOptions {
  /** Write the 200-byte footer (JS uploads, dedup replies). */
  footer: boolean;
  hmacKey?: Uint8Array;
  /** Unix seconds. */
  keyExpiry?: number;
}

/** Serializes a shard. Chunk hashes are written as given (a dedup reply passes them already keyed). */
export function writeShard(shard: ParsedShard, options: ShardWriteOptions): Buffer {
  const parts: Buffer[] = [];
  const header = Buffer.alloc(HEADER);
  SHARD_TAG.copy(header, 0);
  header.writeBigUInt64LE(2n, 32);
  header.writeBigUInt64LE(options.footer ? BigInt(FOOTER) : 0n, 40);
  parts.push(header);
  for (const file of shard.files) {
    const verified = file.segments.every((segment) => segment.verification !== undefined);
    const entry = Buffer.alloc(ENTRY);
    rawOf(file.fileHash).copy(entry, 0);
    entry.writeUInt32LE(
      ((verified ? FLAG_VERIFICATION : 0) | (file.sha256 !== undefined ? FLAG_METADATA_EXT : 0)) >>> 0,
      32,
    );
    entry.writeUInt32LE(file.segments.length, 36);
    parts.push(entry);
    for (const segment of file.segments) {
      const row = Buffer.alloc(ENTRY);
      rawOf(segment.xorb).copy(row, 0);
      row.writeUInt32LE(segment.unpackedBytes, 36);
      row.writeUInt32LE(segment.chunkStart, 40);
      row.writeUInt32LE(segment.chunkEnd, 44);
      parts.push(row);
    }
    if (verified)
      for (const segment of file.segments) {
        const row = Buffer.alloc(ENTRY);
        Buffer.from(segment.verification as RawHash).copy(row, 0);
        parts.push(row);
      }
    if (file.sha256 !== undefined) {
      const row = Buffer.alloc(ENTRY);
      rawOf(file.sha256).copy(row, 0);
      parts.push(row);
    }
  }
  parts.push(bookend());
  const xorbInfoOffset = parts.reduce((sum, part) => sum + part.length, 0);
  let materialized = 0;
  let stored = 0;
  for (const xorb of shard.xorbs) {
    const entry = Buffer.alloc(ENTRY);
    rawOf(xorb.hash).copy(entry, 0);
    entry.writeUInt32LE(xorb.chunks.length, 36);
    const unpacked = xorb.chunks.reduce((sum, chunk) => sum + chunk.size, 0);
    entry.writeUInt32LE(unpacked, 40);
    entry.writeUInt32LE(xorb.bytesOnDisk, 44);
    materialized += unpacked;
    stored += xorb.bytesOnDisk;
    parts.push(entry);
    for (const chunk of xorb.chunks) {
      const row = Buffer.alloc(ENTRY);
      Buffer.from(chunk.hash).copy(row, 0);
      row.writeUInt32LE(chunk.start, 32);
      row.writeUInt32LE(chunk.size, 36);
      row.writeUInt32LE(chunk.flags, 40);
      parts.push(row);
    }
  }
  parts.push(bookend());
  if (options.footer) {
    const footerOffset = parts.reduce((sum, part) => sum + part.length, 0);
    const footer = Buffer.alloc(FOOTER);
    const offset = BigInt(footerOffset);
    footer.writeBigUInt64LE(1n, 0);
    footer.writeBigUInt64LE(BigInt(HEADER), 8);
    footer.writeBigUInt64LE(BigInt(xorbInfoOffset), 16);
    // No lookup tables: every offset points at the footer, every count is 0 (the client then scans the section).
    footer.writeBigUInt64LE(offset, 24);
    footer.writeBigUInt64LE(0n, 32);
    footer.writeBigUInt64LE(offset, 40);
    footer.writeBigUInt64LE(0n, 48);
    footer.writeBigUInt64LE(offset, 56);
    footer.writeBigUInt64LE(0n, 64);
    if (options.hmacKey !== undefined) Buffer.from(options.hmacKey).copy(footer, 72);
    footer.writeBigUInt64LE(BigInt(Math.floor(Date.now() / 1000)), 104);
    footer.writeBigUInt64LE(BigInt(options.keyExpiry ?? 0), 112);
    footer.writeBigUInt64LE(BigInt(stored), 168);
    footer.writeBigUInt64LE(BigInt(materialized), 176);
    footer.writeBigUInt64LE(BigInt(stored), 184);
    footer.writeBigUInt64LE(offset, 192);
    parts.push(footer);
  }
  return Buffer.concat(parts);
}
