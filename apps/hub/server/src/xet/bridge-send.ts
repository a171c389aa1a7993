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
//
// The reads are bridge-reads.ts's: cached xorb bytes are read blocking on this thread (each pool read cost a
// hand-off and a wake-up: two epoll waits per slot in strace, 0.80× nginx against 1.14× in one A/B), bytes that come
// slowly from disk through the thread pool, read ahead of the socket writes.
import type { ServerResponse } from "node:http";
import type { ByteRange } from "../api/stream-response.js";
import { ReadAhead, segmentsOf } from "./bridge-reads.js";
import type { XetObjectStore } from "./object-store.js";
import { planRange, ReconstructionError, recordPayload } from "./reconstruction.js";
import type { StoredChunk, StoredFile, XetIndex } from "./xet-index.js";

const SLOTS = 4;
/** Bytes of records read at once: more than one record takes (MAX_CHUNK_STORED + its 8-byte header). */
const SLOT_BYTES = 1024 * 1024;

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
  // Settles when the client disconnects, so no wait below outlives the response.
  const closed = new Promise<void>((done) => {
    if (outgoing.destroyed) done();
    else outgoing.once("close", done);
  });
  let reads: ReadAhead | undefined;
  try {
    const plan = await planRange(index, file, range.start, range.end);
    reads = new ReadAhead(objects, segmentsOf(plan.terms, SLOT_BYTES), SLOTS, SLOT_BYTES, closed);
    let skip = plan.offsetIntoFirst;
    let remaining = range.end - range.start + 1;
    for (let read = await reads.next(); read !== undefined && remaining > 0; read = await reads.next()) {
      const { segment, bytes } = read;
      const { term } = segment;
      const first = term.chunks[segment.from] as StoredChunk;
      const pieces: Uint8Array[] = [];
      for (let k = segment.from; k < segment.to && remaining > 0; k++) {
        const chunk = term.chunks[k] as StoredChunk;
        let data = recordPayload(bytes, chunk.byteStart - first.byteStart, chunk, term.xorb, term.chunkStart + k);
        if (skip > 0) {
          data = data.subarray(Math.min(skip, data.length));
          skip = Math.max(0, skip - chunk.size);
        }
        if (data.length > remaining) data = data.subarray(0, remaining);
        remaining -= data.length;
        if (data.length > 0) pieces.push(data);
      }
      const last = pieces.pop();
      if (last === undefined) {
        reads.release(read.slot, Promise.resolve());
        continue;
      }
      outgoing.cork();
      for (const piece of pieces) outgoing.write(piece);
      reads.release(
        read.slot,
        new Promise((done, fail) => outgoing.write(last, (error) => (error ? fail(error) : done()))),
      );
      outgoing.uncork();
    }
    if (reads.gone) return;
    if (remaining > 0) throw new ReconstructionError(`file ${file.fileHash} is shorter than its recorded size`);
    await reads.drained();
    if (!reads.gone) outgoing.end();
  } catch {
    outgoing.destroy();
  } finally {
    await reads?.close();
  }
}
