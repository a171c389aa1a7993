// File reconstruction (xet.md §2 GET reconstructions, §4 bridge): which terms of a file cover a byte range — the first
// starting at the chunk that holds the range's first byte, the last ending at the chunk that holds its last — and,
// for the whole-file bridge, the bytes themselves: each term's records read from the xorb in slices of at most
// 8 MiB, decoded and trimmed, so a file of any size streams in constant memory.

import type { XetObjectStore } from "./object-store.js";
import type { StoredChunk, StoredFile, XetIndex } from "./xet-index.js";
import { decodeChunk, parseRecordHeader } from "./xorb.js";

export class ReconstructionError extends Error {}

export interface PlannedTerm {
  xorb: string;
  chunkStart: number;
  chunkEnd: number;
  unpackedBytes: number;
  /** Byte range of the records in the xorb's chunk area, end inclusive. */
  byteStart: number;
  byteEnd: number;
  chunks: StoredChunk[];
}

/**
 * The bytes of the record of `chunk` found at `at` in `bytes` (read from its xorb), decoded, after its 8-byte header
 * is checked against the index: a xorb on disk that differs from what was verified at upload is never served.
 */
export function recordPayload(
  bytes: Uint8Array,
  at: number,
  chunk: StoredChunk,
  xorb: string,
  recordIndex: number,
): Uint8Array {
  const header = parseRecordHeader(bytes, at);
  if (header.size !== chunk.size || 8 + header.stored !== chunk.byteEnd - chunk.byteStart)
    throw new ReconstructionError(`xorb ${xorb}: record ${recordIndex} differs from the index`);
  return decodeChunk(header.scheme, bytes.subarray(at + 8, at + 8 + header.stored), header.size);
}

export interface Plan {
  offsetIntoFirst: number;
  terms: PlannedTerm[];
}

/** Most terms one plan may hold (a 256 MB block of a badly fragmented file stays far below). */
const MAX_PLAN_TERMS = 200_000;

/** The terms covering bytes [start, end] (inclusive, already clamped to the file) of `file`. */
export async function planRange(index: XetIndex, file: StoredFile, start: number, end: number): Promise<Plan> {
  const terms: PlannedTerm[] = [];
  let offset = 0;
  let offsetIntoFirst = 0;
  for (const term of file.terms) {
    const termEnd = offset + term.unpackedBytes;
    if (termEnd <= start) {
      offset = termEnd;
      continue;
    }
    if (offset > end) break;
    const xorb = await index.xorb(term.xorb);
    if (xorb === undefined || term.chunkEnd > xorb.chunks.length)
      throw new ReconstructionError(`xorb ${term.xorb} of file ${file.fileHash} is missing`);
    let first = term.chunkStart;
    let firstOffset = offset;
    if (terms.length === 0)
      while (first < term.chunkEnd - 1 && firstOffset + (xorb.chunks[first] as StoredChunk).size <= start) {
        firstOffset += (xorb.chunks[first] as StoredChunk).size;
        first++;
      }
    if (terms.length === 0) offsetIntoFirst = start - firstOffset;
    let last = term.chunkEnd;
    let lastEnd = termEnd;
    while (last - 1 > first && lastEnd - (xorb.chunks[last - 1] as StoredChunk).size > end) {
      lastEnd -= (xorb.chunks[last - 1] as StoredChunk).size;
      last--;
    }
    const chunks = xorb.chunks.slice(first, last);
    terms.push({
      xorb: term.xorb,
      chunkStart: first,
      chunkEnd: last,
      unpackedBytes: chunks.reduce((sum, chunk) => sum + chunk.size, 0),
      byteStart: (chunks[0] as StoredChunk).byteStart,
      byteEnd: (chunks.at(-1) as StoredChunk).byteEnd - 1,
      chunks,
    });
    if (terms.length > MAX_PLAN_TERMS) throw new ReconstructionError("too many terms for one range");
    offset = termEnd;
  }
  return { offsetIntoFirst, terms };
}

const READ_SLICE = 8 * 1024 * 1024;
const OUT_PIECE = 1024 * 1024;

/** The file's bytes [start, end] (inclusive), decoded from its xorbs. */
export async function* fileBytes(
  index: XetIndex,
  objects: XetObjectStore,
  file: StoredFile,
  start: number,
  end: number,
  /** Hashing the bytes in place (the shard check) needs no copies: pieces are then views, valid until the next. */
  views = false,
): AsyncGenerator<Uint8Array> {
  if (end < start) return;
  // One read buffer for the whole file: the bytes handed out are copies (or, with `views`, used before the next read).
  const slice = Buffer.allocUnsafe(READ_SLICE);
  const plan = await planRange(index, file, start, end);
  let skip = plan.offsetIntoFirst;
  let out: Uint8Array[] = [];
  let outBytes = 0;
  let remaining = end - start + 1;
  for (const term of plan.terms) {
    let i = 0;
    while (i < term.chunks.length && remaining > 0) {
      // Consecutive records up to READ_SLICE bytes (at least one).
      let j = i + 1;
      const sliceStart = (term.chunks[i] as StoredChunk).byteStart;
      while (j < term.chunks.length && (term.chunks[j] as StoredChunk).byteEnd - sliceStart <= READ_SLICE) j++;
      const sliceEnd = (term.chunks[j - 1] as StoredChunk).byteEnd;
      // What is gathered views the read buffer: out it goes before the buffer is read into again.
      if (outBytes > 0) {
        yield Buffer.concat(out, outBytes);
        out = [];
        outBytes = 0;
      }
      const bytes = await objects.readInto(term.xorb, sliceStart, slice, sliceEnd - sliceStart);
      for (let k = i; k < j && remaining > 0; k++) {
        const chunk = term.chunks[k] as StoredChunk;
        const at = chunk.byteStart - sliceStart;
        let data = recordPayload(bytes, at, chunk, term.xorb, term.chunkStart + k);
        if (skip > 0) {
          data = data.subarray(Math.min(skip, data.length));
          skip = Math.max(0, skip - chunk.size);
        }
        if (data.length > remaining) data = data.subarray(0, remaining);
        remaining -= data.length;
        if (data.length > 0 && views) yield data;
        else if (data.length > 0) {
          // Pieces of about 1 MiB go out, not one per chunk: far fewer stream operations per GiB.
          out.push(data);
          outBytes += data.length;
          if (outBytes >= OUT_PIECE) {
            yield Buffer.concat(out, outBytes);
            out = [];
            outBytes = 0;
          }
        }
      }
      i = j;
    }
  }
  if (outBytes > 0) yield Buffer.concat(out, outBytes);
  if (remaining > 0) throw new ReconstructionError(`file ${file.fileHash} is shorter than its recorded size`);
}
