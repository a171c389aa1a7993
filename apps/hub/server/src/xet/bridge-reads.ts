// The whole-file bridge's reads (bridge-send.ts): the records of a planned range cut into segments of at most one
// read buffer each, each read into a reused buffer (a slot) that the socket has finished with — the slot's last
// write callback — so bytes in flight are never overwritten and memory stays at slots × slotBytes per download.
//
// Two ways to read. While the xorb bytes come from the page cache (reads take well under a millisecond), they are
// read on the main thread, blocking, as nginx reads files (its default, `aio off`): measured on the 2-core machine
// under load, a 1 GiB download then ran at 1.00× nginx's sendfile (1709 vs 1705 MB/s, median of 7) against 0.67×
// through the thread pool, with less CPU (0.52 s against 0.61 s per GiB) — every pool read costs a hand-off to a
// thread and a wake-up back through the event loop, and on two busy cores each of those waits for a CPU. The event
// loop gets a turn at least every YIELD_EVERY slots (setImmediate), so other requests wait at most that long. A
// read that takes longer than SLOW_READ_MS (the bytes were on disk, not cached) switches the download to the pool:
// then the reads of the next segments run ahead of the socket writes of the current one, one after another (one
// open xorb at a time, closed only once the reads before the switch are done).
import type { ObjectReader, XetObjectStore } from "./object-store.js";
import type { PlannedTerm } from "./reconstruction.js";
import type { StoredChunk } from "./xet-index.js";

/** Consecutive records term.chunks[from, to) of one term: bytes [start, start + length) of its xorb. */
export interface Segment {
  term: PlannedTerm;
  from: number;
  to: number;
  start: number;
  length: number;
}

/** The terms' records in segments of at most `slotBytes` (at least one record each: one always fits). */
export function* segmentsOf(terms: readonly PlannedTerm[], slotBytes: number): Generator<Segment> {
  for (const term of terms) {
    const { chunks } = term;
    for (let from = 0; from < chunks.length; ) {
      const start = (chunks[from] as StoredChunk).byteStart;
      let to = from + 1;
      while (to < chunks.length && (chunks[to] as StoredChunk).byteEnd - start <= slotBytes) to++;
      yield { term, from, to, start, length: (chunks[to - 1] as StoredChunk).byteEnd - start };
      from = to;
    }
  }
}

export interface FilledSlot {
  segment: Segment;
  slot: number;
  /** The segment's bytes: a view of the slot's buffer, valid until the slot is released and read into again. */
  bytes: Buffer;
}

interface PendingRead {
  segment: Segment;
  slot: number;
  bytes: Promise<Buffer | undefined>;
}

const ignore = () => {};
/** A blocking read slower than this was not served from the page cache: the rest goes through the thread pool. */
const SLOW_READ_MS = 8;
/** Blocking reads in a row before the event loop gets a turn (1 MiB slots: ~1 ms of copying on this machine). */
const YIELD_EVERY = 4;
const nextTurn = () => new Promise<void>((done) => setImmediate(done));

export class ReadAhead {
  /** True once the response closed: every wait ends, nothing more is read. */
  gone = false;
  private stopped = false;
  private readonly buffers: Buffer[];
  /** Per slot: settles when the socket has taken everything written from it (rejects when a write failed). */
  private readonly free: Promise<void>[];
  private readonly pending: PendingRead[] = [];
  private readonly segments: Iterator<Segment>;
  private chain: Promise<unknown> = Promise.resolve();
  private reader: { key: string; opened: ObjectReader } | undefined;
  private turn = 0;
  private readonly closed: Promise<void>;
  /** Reading blocking on this thread (the page-cache case), until a read is slow or the store cannot. */
  private blocking = true;
  private sinceYield = 0;

  constructor(
    private readonly objects: XetObjectStore,
    segments: Iterable<Segment>,
    private readonly slots: number,
    slotBytes: number,
    closed: Promise<void>,
    /** A blocking read slower than this switches to the pool (tests pass Infinity to stay blocking on a busy CI). */
    private readonly slowReadMs = SLOW_READ_MS,
  ) {
    this.segments = segments[Symbol.iterator]();
    this.buffers = Array.from({ length: slots }, () => Buffer.allocUnsafeSlow(slotBytes));
    this.free = this.buffers.map(() => Promise.resolve());
    this.closed = closed.then(() => {
      this.gone = true;
    });
  }

  /** The next segment's bytes, in order; undefined after the last one or once the response is gone. */
  async next(): Promise<FilledSlot | undefined> {
    if (this.blocking && this.pending.length === 0) {
      const next = this.segments.next();
      if (next.done) return undefined;
      return this.readBlocking(next.value);
    }
    this.fill();
    const head = this.pending.shift();
    if (head === undefined) return undefined;
    const bytes = await Promise.race([head.bytes, this.closed]);
    if (this.gone || bytes === undefined) return undefined;
    return { segment: head.segment, slot: head.slot, bytes };
  }

  /** Hands a slot back: it is read into again once `written` (its last write to the socket) settles. */
  release(slot: number, written: Promise<void>): void {
    // A failed write shows up at the slot's next read (or in drained()); keep it from going unhandled.
    written.catch(ignore);
    this.free[slot] = written;
  }

  /** Settles when the socket has taken every write (rejects when one failed), or the response is gone. */
  async drained(): Promise<void> {
    await Promise.race([Promise.all(this.free), this.closed]);
  }

  /** Stops reading and closes the open xorb once the reads under way are done. Never rejects. */
  async close(): Promise<void> {
    this.stopped = true;
    await this.chain;
    await this.reader?.opened.close().catch(ignore);
    this.reader = undefined;
  }

  private async readBlocking(segment: Segment): Promise<FilledSlot | undefined> {
    const slot = this.turn++ % this.slots;
    await Promise.race([this.free[slot], this.closed]);
    if (++this.sinceYield >= YIELD_EVERY) {
      this.sinceYield = 0;
      await nextTurn();
    }
    if (this.gone) return undefined;
    const reader = await this.readerOf(segment.term);
    if (this.gone) return undefined;
    const into = this.buffers[slot] as Buffer;
    if (reader.readIntoSync === undefined) {
      this.blocking = false;
      return { segment, slot, bytes: await reader.readInto(segment.start, into, segment.length) };
    }
    const started = performance.now();
    const bytes = reader.readIntoSync(segment.start, into, segment.length);
    if (performance.now() - started > this.slowReadMs) this.blocking = false;
    return { segment, slot, bytes };
  }

  /** Asks for reads until every slot has one pending (a slot is read into once its writes are done). */
  private fill(): void {
    while (this.pending.length < this.slots && !this.stopped) {
      const next = this.segments.next();
      if (next.done) return;
      const slot = this.turn++ % this.slots;
      const segment = next.value;
      const bytes = this.chain.then(async () => {
        await Promise.race([this.free[slot], this.closed]);
        if (this.gone || this.stopped) return undefined;
        const reader = await this.readerOf(segment.term);
        return reader.readInto(segment.start, this.buffers[slot] as Buffer, segment.length);
      });
      bytes.catch(ignore); // seen by next(); a read nobody awaits any more (the response failed) is dropped
      this.chain = bytes.catch(ignore);
      this.pending.push({ segment, slot, bytes });
    }
  }

  /**
   * The term's xorb opened once for its consecutive reads; the previous one closed (its reads are all done: a
   * chain). The term's byte range is the reader's span (an object store streams it in one request).
   */
  private async readerOf(term: PlannedTerm): Promise<ObjectReader> {
    const key = term.xorb;
    if (this.reader?.key === key) return this.reader.opened;
    const previous = this.reader;
    this.reader = undefined;
    await previous?.opened.close();
    const opened = await this.objects.openReader(key, { start: term.byteStart, end: term.byteEnd });
    this.reader = { key, opened };
    return opened;
  }
}
