// Content-defined chunking of the Xet format (xet.md §3.4; the reference is xet-core's deduplication/chunking.rs):
// a gear rolling hash over the bytes, a cut where its top 16 bits are zero, chunks between 8 KiB and 128 KiB.
// The first (min − 65) bytes of a chunk are skipped unhashed (the hash's window is 64 bytes, so they cannot
// matter); the hash state restarts at 0 after each cut, as hf_xet 1.6 and @huggingface/xetchunk-wasm do (checked against both). Used by tests and the benchmark to produce what
// the clients produce; the server itself verifies uploads by hash, never by re-chunking.
import { GEAR_HI, GEAR_LO } from "./gear-table.js";

export const MIN_CHUNK = 8 * 1024;
export const TARGET_CHUNK = 64 * 1024;
export const MAX_CHUNK = 128 * 1024;
const WINDOW = 64;

/** A streaming chunker: feed bytes, receive the lengths of complete chunks; `finish` gives the last one. */
export class Chunker {
  private hi = 0;
  private lo = 0;
  private current = 0;

  /** Lengths of the chunks that end inside `data`, in order (the bytes carry over between calls). */
  push(data: Uint8Array): number[] {
    const cuts: number[] = [];
    let pos = 0;
    const n = data.length;
    while (pos < n) {
      if (this.current + WINDOW < MIN_CHUNK) {
        const skip = Math.min(MIN_CHUNK - this.current - WINDOW - 1, n - pos);
        pos += skip;
        this.current += skip;
        if (pos >= n) break;
      }
      const end = Math.min(n, pos + MAX_CHUNK - this.current);
      let hi = this.hi;
      let lo = this.lo;
      let cutAt = -1;
      for (let i = pos; i < end; i++) {
        const b = data[i] as number;
        const shiftedLo = (lo << 1) >>> 0;
        const sumLo = shiftedLo + (GEAR_LO[b] as number);
        hi = (((hi << 1) | (lo >>> 31)) + (GEAR_HI[b] as number) + (sumLo > 0xffffffff ? 1 : 0)) >>> 0;
        lo = sumLo >>> 0;
        if ((hi & 0xffff0000) === 0) {
          cutAt = i + 1;
          break;
        }
      }
      this.hi = hi;
      this.lo = lo;
      const consumed = (cutAt >= 0 ? cutAt : end) - pos;
      this.current += consumed;
      pos += consumed;
      if (cutAt >= 0 || this.current >= MAX_CHUNK) {
        cuts.push(this.current);
        this.hi = 0;
        this.lo = 0;
        this.current = 0;
      }
    }
    return cuts;
  }

  /** The length of the final, possibly short, chunk (0 when the data ended on a cut). */
  finish(): number {
    const last = this.current;
    this.current = 0;
    return last;
  }
}

/** Chunk boundaries of a whole buffer: [start, end) pairs. */
export function chunkRanges(data: Uint8Array): [number, number][] {
  const chunker = new Chunker();
  const ranges: [number, number][] = [];
  let start = 0;
  for (const length of [...chunker.push(data), chunker.finish()]) {
    if (length === 0) continue;
    ranges.push([start, start + length]);
    start += length;
  }
  return ranges;
}
