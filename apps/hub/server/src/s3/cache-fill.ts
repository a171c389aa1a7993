// One fill of the S3 object cache (object-cache.ts): the chunks of a whole-object download from the bucket, copied
// into a temporary file while they go to the client. The download must never wait for the disk, so writes are queued
// (one at a time, in order) and the fill is abandoned — its temporary file removed — when the queue passes
// MAX_FILL_BACKLOG, when a write fails, when more bytes come than the object's size, or when the download fails or
// its client goes away. A fill that received exactly `size` bytes is fsync'd and closed, then handed to the cache,
// which verifies its sha256 before the file becomes visible. The chunks queue and are written in batches (writev).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, open, rm } from "node:fs/promises";

const MiB = 1024 * 1024;
/**
 * Bytes of chunks a fill may have queued for the disk before it gives up (the download never waits for it). 64 MiB,
 * not 32: on the shared bench machine (load 3–8) single 4 MiB writes took 110–190 ms, and a 256 MiB fill at
 * 40–90 MB/s passed 32 MiB queued in two of four runs; with at most MAX_FILLS fills that is ≤ 256 MiB held.
 */
export const MAX_FILL_BACKLOG = 64 * MiB;

/** filling → written (complete, synced) → kept (renamed into the cache); or abandoned at any point before kept. */
export type FillState = "filling" | "written" | "kept" | "abandoned";

/** Chunks written with one writev at most (the queue drains in batches: far fewer system calls than chunks). */
const MAX_BATCH = 256;

export class CacheFill {
  state: FillState = "filling";
  private readonly opened: Promise<FileHandle>;
  private handle: FileHandle | undefined;
  /** Chunks received, not yet written; `backlog` is their bytes. */
  private readonly pending: Buffer[] = [];
  private backlog = 0;
  private received = 0;
  /** The writer draining `pending`, while it runs. */
  private writing: Promise<void> | undefined;
  /** The last step (sync and close, or the removal): abandon() waits for it. */
  private last: Promise<void> = Promise.resolve();

  constructor(
    readonly oid: string,
    readonly size: number,
    readonly tmpPath: string,
    /** Called once: with true when the file is complete and synced, false when the fill is abandoned. */
    private readonly ended: (fill: CacheFill, written: boolean) => void,
  ) {
    this.opened = open(tmpPath, "wx").then((handle) => {
      this.handle = handle;
      return handle;
    });
    this.opened.catch(() => this.abandon());
  }

  /** Queues a chunk of the download (not reused by its reader: each is a fresh buffer of the HTTP body). */
  add(chunk: Buffer): void {
    if (this.state !== "filling") return;
    this.received += chunk.length;
    this.backlog += chunk.length;
    if (this.received > this.size || this.backlog > MAX_FILL_BACKLOG) {
      this.abandon();
      return;
    }
    this.pending.push(chunk);
    this.writing ??= this.drain();
  }

  /** The download went through whole: once written, the file is synced and handed over if it has all `size` bytes. */
  finish(): void {
    if (this.state !== "filling") return;
    if (this.received !== this.size) {
      this.abandon();
      return;
    }
    this.last = this.settled().then(async () => {
      if (this.state !== "filling") return;
      try {
        const handle = await this.opened;
        await handle.sync();
        this.handle = undefined;
        await handle.close();
      } catch {
        this.abandon();
        return;
      }
      if (this.state !== "filling") return;
      this.state = "written";
      this.ended(this, true);
    });
  }

  /** Gives up: the temporary file is removed once a write or sync in progress is over. */
  abandon(): void {
    if (this.state === "abandoned" || this.state === "kept") return;
    this.state = "abandoned";
    this.pending.length = 0;
    const before = this.last;
    this.last = Promise.all([before, this.settled()]).then(() => this.discard());
    this.ended(this, false);
  }

  /** Writes the queued chunks in batches, in order, until none is left (or the fill is abandoned). */
  private async drain(): Promise<void> {
    try {
      const handle = await this.opened;
      while (this.pending.length > 0 && this.state === "filling") {
        const batch = this.pending.splice(0, MAX_BATCH);
        const bytes = batch.reduce((sum, chunk) => sum + chunk.length, 0);
        // A regular file takes a whole writev; a short one (a full disk) gives the fill up.
        const { bytesWritten } = await handle.writev(batch);
        if (bytesWritten !== bytes) throw new Error("short write");
        this.backlog -= bytes;
      }
    } catch {
      this.abandon();
    } finally {
      this.writing = undefined;
    }
  }

  /** Settles when no write is in progress (the queue drained or abandoned). */
  private async settled(): Promise<void> {
    // Each turn awaits the writer that was running; a new one starts only when chunks come, which stops at finish.
    for (let turn = 0; this.writing !== undefined && turn < 1_000_000; turn++) await this.writing;
  }

  private async discard(): Promise<void> {
    // After the open settled: a file created after its removal would stay behind.
    const handle = await this.opened.catch(() => undefined);
    if (this.handle !== undefined) {
      this.handle = undefined;
      await handle?.close().catch(() => {});
    }
    await rm(this.tmpPath, { force: true }).catch(() => {});
  }
}

/** The sha256 (hex) of a file, read in 1 MiB pieces. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of createReadStream(path, { highWaterMark: MiB })) hash.update(piece as Buffer);
  return hash.digest("hex");
}
