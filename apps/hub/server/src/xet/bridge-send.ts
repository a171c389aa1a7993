// The whole-file bridge's fast path (xet.md §4): a byte range of a Xet file rebuilt from its xorbs straight into a
// Node response. Why not a stored whole-file copy: a Xet file shares its chunks with every other version and every
// other file that deduplicated against it, so a second, whole form would cost the file's full size again on disk
// for each version (a 1 % edit of a 1 GiB file would take 1 GiB more instead of 10 MiB) and a second copy to keep
// consistent with GC. Rebuilding costs only reads of the xorbs (page cache) and the socket's copy, as long as
// JavaScript adds no copy and no garbage of its own — which the generic path (a Readable of ~1 MiB pieces, each a
// Buffer.concat of the chunk payloads) did: 0.36× nginx. Here, like api/send-file.ts, a few read buffers are reused:
// consecutive records of one xorb are read into a free buffer, their 8-byte headers checked against the index, and
// the payload slices written to the socket as they are, corked so they leave in one writev. A buffer is read into
// again only after the socket has taken all of its slices (the last write's callback), so the bytes in flight are
// never overwritten, and memory stays at SLOTS × SLOT_BYTES per download. Compressed records (LZ4, BG4) are decoded
// into a buffer of their own (their declared size, ≤ 128 KiB) and written the same way.
import type { ServerResponse } from "node:http";
import type { ByteRange } from "../api/stream-response.js";
import type { ObjectReader, XetObjectStore } from "./object-store.js";
import { planRange, ReconstructionError, recordPayload } from "./reconstruction.js";
import type { StoredChunk, StoredFile, XetIndex } from "./xet-index.js";

const SLOTS = 4;
/** Bytes of records read at once: more than one record takes (MAX_CHUNK_STORED + its 8-byte header). */
const SLOT_BYTES = 1024 * 1024;

/** The index of the first chunk past `from` that no longer fits in one slot read starting at chunk `from`. */
function sliceEnd(chunks: readonly StoredChunk[], from: number): number {
  const start = (chunks[from] as StoredChunk).byteStart;
  let to = from + 1;
  while (to < chunks.length && (chunks[to] as StoredChunk).byteEnd - start <= SLOT_BYTES) to++;
  return to;
}

/**
 * Writes bytes `range.start`…`range.end` (inclusive, within the file) of `file` to `outgoing`, whose head is
 * already set, and ends it. Anything wrong (a missing xorb, a record that differs from the index, a client that
 * goes away) destroys the response: with the head out, cutting it short of Content-Length is the only way left to
 * tell the client. Never rejects.
 */
export async function sendXetRange(
  outgoing: ServerResponse,
  index: XetIndex,
  objects: XetObjectStore,
  file: StoredFile,
  range: ByteRange,
): Promise<void> {
  let gone = outgoing.destroyed;
  // Settles when the client disconnects, so no wait below outlives the response.
  const closed = new Promise<void>((done) =>
    outgoing.once("close", () => {
      gone = true;
      done();
    }),
  );
  // The open xorb: consecutive slices of a term (and consecutive terms of one xorb) share one open file.
  let reader: { key: string; opened: ObjectReader } | undefined;
  const readerOf = async (key: string): Promise<ObjectReader> => {
    if (reader?.key === key) return reader.opened;
    await reader?.opened.close();
    reader = undefined;
    reader = { key, opened: await objects.openReader(key) };
    return reader.opened;
  };
  try {
    const plan = await planRange(index, file, range.start, range.end);
    const buffers = Array.from({ length: SLOTS }, () => Buffer.allocUnsafeSlow(SLOT_BYTES));
    const written: Promise<void>[] = buffers.map(() => Promise.resolve());
    let skip = plan.offsetIntoFirst;
    let remaining = range.end - range.start + 1;
    let turn = 0;
    for (const term of plan.terms) {
      for (let i = 0; i < term.chunks.length && remaining > 0; ) {
        const j = sliceEnd(term.chunks, i);
        const first = term.chunks[i] as StoredChunk;
        const length = (term.chunks[j - 1] as StoredChunk).byteEnd - first.byteStart;
        const slot = turn++ % SLOTS;
        await Promise.race([written[slot], closed]);
        if (gone) return;
        // One record alone always fits; readInto refuses anything longer than the buffer.
        const bytes = await (await readerOf(term.xorb)).readInto(first.byteStart, buffers[slot] as Buffer, length);
        if (gone) return;
        const pieces: Uint8Array[] = [];
        for (let k = i; k < j && remaining > 0; k++) {
          const chunk = term.chunks[k] as StoredChunk;
          const at = chunk.byteStart - first.byteStart;
          let data = recordPayload(bytes, at, chunk, term.xorb, term.chunkStart + k);
          if (skip > 0) {
            data = data.subarray(Math.min(skip, data.length));
            skip = Math.max(0, skip - chunk.size);
          }
          if (data.length > remaining) data = data.subarray(0, remaining);
          remaining -= data.length;
          if (data.length > 0) pieces.push(data);
        }
        i = j;
        const last = pieces.pop();
        if (last === undefined) continue;
        outgoing.cork();
        for (const piece of pieces) outgoing.write(piece);
        written[slot] = new Promise((done, fail) => outgoing.write(last, (error) => (error ? fail(error) : done())));
        // A failed write shows up at the slot's next turn (or in the final wait); keep it from going unhandled.
        written[slot]?.catch(() => {});
        outgoing.uncork();
      }
    }
    if (remaining > 0) throw new ReconstructionError(`file ${file.fileHash} is shorter than its recorded size`);
    await Promise.race([Promise.all(written), closed]);
    if (!gone) outgoing.end();
  } catch {
    outgoing.destroy();
  } finally {
    await reader?.opened.close().catch(() => {});
  }
}
