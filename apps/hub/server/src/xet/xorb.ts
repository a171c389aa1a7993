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
 * The chunk hashes (32 bytes each, in order) of `count` whole records laid back to back in `records`: each decoded
 * and hashed. Runs on a hashing thread (hash-pool.ts) or in place (hashRecordsHere).
 */
export function hashRecordBatch(hashing: XetHashing, records: Uint8Array, count: number): Uint8Array {
  const hashes = new Uint8Array(count * 32);
  let pos = 0;
  for (let i = 0; i < count; i++) {
    const header = parseRecordHeader(records, pos);
    const end = pos + 8 + header.stored;
    if (end > records.length) fail("record batch ends inside a record");
    hashes.set(hashing.chunk(decodeChunk(header.scheme, records.subarray(pos + 8, end), header.size)), i * 32);
    pos = end;
  }
  return hashes;
}

/** Decodes and hashes a batch of records: on a hashing thread, or here. May take ownership of `batch`. */
export type RecordHasher = (batch: Buffer, length: number, count: number) => Promise<Uint8Array>;

/** The in-process RecordHasher (tests, and where no hashing thread is wanted). */
export function hashRecordsHere(hashing: XetHashing): RecordHasher {
  return async (batch, length, count) => hashRecordBatch(hashing, batch.subarray(0, length), count);
}

/** Bytes of records handed to the hasher at once. */
const BATCH_BYTES = 4 * 1024 * 1024;
/** Batches of one upload being hashed at once (memory: this × BATCH_BYTES per upload). */
const MAX_BATCHES_IN_FLIGHT = 3;

/**
 * Streaming parser of an uploaded xorb: `push` each piece of the body as it arrives (the caller stores the pieces
 * themselves, then cuts the stored object to `chunkAreaLength`, which drops a footer), awaiting `drain()` now and
 * then; `finish` returns the chunks and the xorb hash. Throws XorbFormatError on the first thing that is wrong.
 * Record headers are checked here as the bytes arrive; the records are gathered into batches of a few MiB that
 * the RecordHasher decodes and hashes — on hashing threads in the server (BLAKE3 in WASM was half of an upload's
 * CPU on the main thread; several threads also hash the xorbs a client sends at once side by side).
 */
export class XorbReader {
  /** Chunk facts in order; each hash is filled in when its batch is hashed (finish waits for all). */
  private readonly found: XorbChunk[] = [];
  /** Chunks stored LZ4-framed (scheme 1) and byte-grouped (scheme 2). */
  readonly compressed = { lz4: 0, bg4: 0 };
  private batch: Buffer | undefined;
  private batchLength = 0;
  private batchCount = 0;
  private readonly inFlight = new Set<Promise<void>>();
  private failure: unknown;
  /** The unfinished record carried over from earlier pieces: its first `held` bytes (its header when ≥ 8). */
  private held = 0;
  private heldHeader: { stored: number; scheme: number; size: number } | undefined;
  private areaLength = 0;
  private footerBytes = -1;

  constructor(
    private readonly hashing: XetHashing,
    private readonly hasher: RecordHasher = hashRecordsHere(hashing),
    private readonly allocate: () => Buffer = () => Buffer.allocUnsafeSlow(BATCH_BYTES),
  ) {}

  get chunkAreaLength(): number {
    return this.areaLength;
  }

  push(data: Uint8Array): void {
    if (this.failure !== undefined) throw this.failure;
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
      this.beginRecord(header);
      this.append(bytes, pos, recordEnd);
      this.endRecord();
      pos = recordEnd;
    }
    if (pos < bytes.length) {
      // The start of a record (or of its header): it goes into the batch as it comes.
      if (bytes.length - pos >= 8) {
        this.heldHeader = parseRecordHeader(bytes, pos);
        this.beginRecord(this.heldHeader);
      }
      this.held = bytes.length - pos;
      this.appendHeld(bytes, pos, bytes.length);
    }
  }

  /** Waits while too many batches of this upload are being hashed (backpressure on the body). */
  async drain(): Promise<void> {
    while (this.inFlight.size >= MAX_BATCHES_IN_FLIGHT) await Promise.race(this.inFlight);
    if (this.failure !== undefined) throw this.failure;
  }

  /** Header bytes of a record split before its 8th byte, kept apart until the header is whole. */
  private headerBytes = Buffer.alloc(8);

  private appendHeld(bytes: Buffer, from: number, to: number): void {
    if (this.heldHeader === undefined) bytes.copy(this.headerBytes, this.held - (to - from), from, to);
    else this.append(bytes, from, to);
  }

  /** Completes the held record with the start of `bytes`; the offset where the rest begins, or -1 when used up. */
  private continueRecord(bytes: Buffer): number {
    let pos = 0;
    if (this.heldHeader === undefined) {
      pos = bytes.copy(this.headerBytes, this.held, 0, Math.min(8 - this.held, bytes.length));
      this.held += pos;
      if (this.held < 8) return -1;
      if (this.headerBytes[0] !== 0 && this.headerBytes.subarray(0, 7).equals(FOOTER_TAG)) {
        this.startFooter(this.held + bytes.length - pos);
        this.held = 0;
        return -1;
      }
      this.heldHeader = parseRecordHeader(this.headerBytes, 0);
      this.beginRecord(this.heldHeader);
      this.append(this.headerBytes, 0, 8);
    }
    const length = 8 + this.heldHeader.stored;
    const take = Math.min(bytes.length, pos + length - this.held);
    this.append(bytes, pos, take);
    this.held += take - pos;
    if (this.held < length) return -1;
    this.held = 0;
    this.heldHeader = undefined;
    this.endRecord();
    return take;
  }

  private startFooter(bytes: number): void {
    this.footerBytes = bytes;
    if (this.footerBytes > MAX_FOOTER) fail("xorb footer too large");
  }

  /** A record starts: counted, checked against the limits, and made room for in the batch. */
  private beginRecord(header: { stored: number; scheme: number; size: number }): void {
    if (this.found.length >= MAX_XORB_CHUNKS) fail(`more than ${MAX_XORB_CHUNKS} chunks in one xorb`);
    const length = 8 + header.stored;
    if (this.areaLength + length > MAX_XORB_CHUNK_AREA) fail("xorb larger than 64 MiB");
    if (header.scheme === 1) this.compressed.lz4++;
    if (header.scheme === 2) this.compressed.bg4++;
    if (this.batch !== undefined && this.batchLength + length > this.batch.length) this.flush();
    this.batch ??= this.allocate();
    const start = this.areaLength;
    this.areaLength += length;
    this.found.push({ hash: NO_HASH, size: header.size, byteStart: start, byteEnd: this.areaLength });
  }

  private append(bytes: Buffer, from: number, to: number): void {
    this.batchLength += bytes.copy(this.batch as Buffer, this.batchLength, from, to);
  }

  private endRecord(): void {
    this.batchCount++;
  }

  /** Sends the gathered records to the hasher; their hashes land in `found` when it answers. */
  private flush(): void {
    const batch = this.batch;
    if (batch === undefined || this.batchCount === 0) return;
    // Called before the next record is counted in `found`: the batch holds exactly its last batchCount records.
    const first = this.found.length - this.batchCount;
    const count = this.batchCount;
    const hashing = this.hasher(batch, this.batchLength, count).then(
      (hashes) => {
        for (let i = 0; i < count; i++)
          (this.found[first + i] as XorbChunk).hash = hashes.subarray(i * 32, i * 32 + 32);
      },
      (error: unknown) => {
        this.failure ??= error;
      },
    );
    const tracked = hashing.finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
    this.batch = undefined;
    this.batchLength = 0;
    this.batchCount = 0;
  }

  /** The chunks and the xorb hash; throws when the body ended inside a record, held no chunk or a record is bad. */
  async finish(): Promise<{ chunks: XorbChunk[]; hash: string }> {
    if (this.held > 0) fail("xorb ends inside a chunk record");
    if (this.found.length === 0) fail("xorb holds no chunk");
    this.flush();
    await Promise.all(this.inFlight);
    if (this.failure !== undefined) throw this.failure;
    const leaves: HashedSize[] = this.found.map((chunk) => ({ hash: chunk.hash, size: chunk.size }));
    return { chunks: this.found, hash: hashToHex(this.hashing.merkle(leaves)) };
  }
}

const NO_HASH: RawHash = new Uint8Array(32);

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
