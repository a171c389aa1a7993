// Xorb chunk records (xet.md §3.5): an 8-byte header {version 0, compressed length u24, scheme, length u24} then the
// stored bytes. XorbReader takes an upload as it streams in, decodes and hashes each chunk as soon as its record is
// whole, and keeps at most one record buffered, so a 64 MiB xorb costs a few hundred KiB of memory. A footer
// (`XETBLOB`…, which the clients do not send but the format allows) ends the records; it is read, bounded, and
// dropped: the server keeps the chunk area only, so the byte offsets it hands out stay those of the records.
import { ungroupBg4 } from "./bg4.js";
import { type HashedSize, hashToHex, type RawHash, type XetHashing } from "./hash.js";
import { decodeLz4Frame, Lz4Error } from "./lz4-frame.js";

export const MAX_CHUNK_STORED = 262_144;
export const MAX_CHUNK_UNPACKED = 131_072;
export const MAX_XORB_CHUNKS = 8192;
/** 64 MiB of chunk data, plus headers. */
export const MAX_XORB_CHUNK_AREA = 64 * 1024 * 1024 + MAX_XORB_CHUNKS * 8;
/** A footer of a full xorb: hashes, boundaries, fixed fields. */
const MAX_FOOTER = MAX_XORB_CHUNKS * 40 + 4096;
const FOOTER_TAG = Buffer.from("XETBLOB");

export class XorbFormatError extends Error {}

export interface XorbChunk {
  hash: RawHash;
  /** Unpacked bytes. */
  size: number;
  /** Offset of the record's header in the chunk area. */
  byteStart: number;
  /** Offset just past the record. */
  byteEnd: number;
}

function fail(message: string): never {
  throw new XorbFormatError(message);
}

/** The bytes of one chunk record's payload, decoded (bounded by `size`). */
export function decodeChunk(scheme: number, stored: Uint8Array, size: number): Uint8Array {
  try {
    if (scheme === 0) {
      if (stored.length !== size) fail("raw chunk: stored and unpacked lengths differ");
      return stored;
    }
    if (scheme === 1) return decodeLz4Frame(stored, size);
    if (scheme === 2) return ungroupBg4(decodeLz4Frame(stored, size));
  } catch (error) {
    if (error instanceof Lz4Error) fail(error.message);
    throw error;
  }
  return fail(`unknown compression scheme ${scheme}`);
}

/** The record header fields at `offset`; throws on anything a record header cannot be. */
export function parseRecordHeader(bytes: Uint8Array, offset: number): { stored: number; scheme: number; size: number } {
  if (bytes[offset] !== 0) fail(`chunk record at ${offset}: version ${bytes[offset]} (expected 0)`);
  const stored =
    (bytes[offset + 1] as number) | ((bytes[offset + 2] as number) << 8) | ((bytes[offset + 3] as number) << 16);
  const scheme = bytes[offset + 4] as number;
  const size =
    (bytes[offset + 5] as number) | ((bytes[offset + 6] as number) << 8) | ((bytes[offset + 7] as number) << 16);
  if (stored === 0 || stored > MAX_CHUNK_STORED) fail(`chunk record at ${offset}: stored length ${stored}`);
  if (size === 0 || size > MAX_CHUNK_UNPACKED) fail(`chunk record at ${offset}: unpacked length ${size}`);
  return { stored, scheme, size };
}

/**
 * Streaming parser of an uploaded xorb: `push` each piece of the body as it arrives (the caller stores the pieces
 * themselves, then cuts the stored object to `chunkAreaLength`, which drops a footer); `finish` returns the chunks.
 * Throws XorbFormatError on the first thing that is wrong. A record inside one piece is decoded and hashed where it
 * lies; only a record split across pieces is gathered, into one reused buffer of the largest record's size — no
 * copy of the body and no garbage per piece (the copies and their GC took a third of the upload's CPU).
 */
export class XorbReader {
  readonly chunks: XorbChunk[] = [];
  /** Chunks stored LZ4-framed (scheme 1) and byte-grouped (scheme 2). */
  readonly compressed = { lz4: 0, bg4: 0 };
  /** The unfinished record carried over from earlier pieces: its first `held` bytes. */
  private scratch: Buffer | undefined;
  private held = 0;
  private areaLength = 0;
  private footerBytes = -1;

  constructor(private readonly hashing: XetHashing) {}

  get chunkAreaLength(): number {
    return this.areaLength;
  }

  push(data: Uint8Array): void {
    if (this.footerBytes >= 0) {
      this.footerBytes += data.length;
      if (this.footerBytes > MAX_FOOTER) fail("xorb footer too large");
      return;
    }
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    let pos = 0;
    if (this.held > 0) {
      pos = this.continueRecord(bytes);
      if (pos < 0) return;
    }
    while (bytes.length - pos >= 8) {
      if (bytes[pos] !== 0 && bytes.subarray(pos, pos + 7).equals(FOOTER_TAG)) {
        this.startFooter(bytes.length - pos);
        return;
      }
      const header = parseRecordHeader(bytes, pos);
      const recordEnd = pos + 8 + header.stored;
      if (bytes.length < recordEnd) break;
      this.record(bytes.subarray(pos, recordEnd), header);
      pos = recordEnd;
    }
    if (pos < bytes.length) {
      // At most one record (≤ MAX_CHUNK_STORED + 8 bytes, as its header was checked) or the start of a header.
      this.scratch ??= Buffer.allocUnsafe(MAX_CHUNK_STORED + 8);
      this.held = bytes.copy(this.scratch, 0, pos);
    }
  }

  /** Completes the held record with the start of `bytes`; the offset where the rest begins, or -1 when used up. */
  private continueRecord(bytes: Buffer): number {
    const scratch = this.scratch as Buffer;
    let pos = 0;
    if (this.held < 8) {
      pos = bytes.copy(scratch, this.held, 0, Math.min(8 - this.held, bytes.length));
      this.held += pos;
      if (this.held < 8) return -1;
      if (scratch[0] !== 0 && scratch.subarray(0, 7).equals(FOOTER_TAG)) {
        this.startFooter(this.held + bytes.length - pos);
        this.held = 0;
        return -1;
      }
    }
    const header = parseRecordHeader(scratch, 0);
    const length = 8 + header.stored;
    const taken = bytes.copy(scratch, this.held, pos, Math.min(bytes.length, pos + length - this.held));
    this.held += taken;
    pos += taken;
    if (this.held < length) return -1;
    this.held = 0;
    this.record(scratch.subarray(0, length), header);
    return pos;
  }

  private startFooter(bytes: number): void {
    this.footerBytes = bytes;
    if (this.footerBytes > MAX_FOOTER) fail("xorb footer too large");
  }

  /** One whole record: decoded, hashed, counted. */
  private record(record: Buffer, header: { scheme: number; size: number }): void {
    if (this.chunks.length >= MAX_XORB_CHUNKS) fail(`more than ${MAX_XORB_CHUNKS} chunks in one xorb`);
    const decoded = decodeChunk(header.scheme, record.subarray(8), header.size);
    if (header.scheme === 1) this.compressed.lz4++;
    if (header.scheme === 2) this.compressed.bg4++;
    const start = this.areaLength;
    this.areaLength += record.length;
    if (this.areaLength > MAX_XORB_CHUNK_AREA) fail("xorb larger than 64 MiB");
    this.chunks.push({
      hash: this.hashing.chunk(decoded),
      size: header.size,
      byteStart: start,
      byteEnd: this.areaLength,
    });
  }

  /** The chunks and the xorb hash; throws when the body ended inside a record or held no chunk. */
  finish(): { chunks: XorbChunk[]; hash: string } {
    if (this.held > 0) fail("xorb ends inside a chunk record");
    if (this.chunks.length === 0) fail("xorb holds no chunk");
    const leaves: HashedSize[] = this.chunks.map((chunk) => ({ hash: chunk.hash, size: chunk.size }));
    return { chunks: this.chunks, hash: hashToHex(this.hashing.merkle(leaves)) };
  }
}

/** A xorb body from whole chunks, stored raw (tests, the benchmark, server-side import). */
export function serializeRawXorb(chunks: readonly Uint8Array[]): Buffer {
  const parts: Buffer[] = [];
  for (const chunk of chunks) {
    const header = Buffer.alloc(8);
    header[0] = 0;
    header.writeUIntLE(chunk.length, 1, 3);
    header[4] = 0;
    header.writeUIntLE(chunk.length, 5, 3);
    parts.push(header, Buffer.from(chunk));
  }
  return Buffer.concat(parts);
}
