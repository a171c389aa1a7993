// One fill of the S3 object cache (object-cache.ts): the chunks of a whole-object download from the bucket, copied
// into a temporary file while they go to the client. The download must never wait for the disk, so writes are queued
// (one at a time, in order) and the fill is abandoned — its temporary file removed — when the queue passes
// MAX_FILL_BACKLOG, when a write fails, when more bytes come than the object's size, or when the download fails or
// its client goes away. A fill that received exactly `size` bytes is fsync'd and closed, then handed to the cache,
// which verifies its sha256 before the file becomes visible.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { type FileHandle, open, rm } from "node:fs/promises";

const MiB = 1024 * 1024;
/** Bytes of chunks a fill may have queued for the disk before it gives up (the download never waits for it). */
export const MAX_FILL_BACKLOG = 32 * MiB;

/** filling → written (complete, synced) → kept (renamed into the cache); or abandoned at any point before kept. */
export type FillState = "filling" | "written" | "kept" | "abandoned";

export class CacheFill {
  state: FillState = "filling";
  private handle: FileHandle | undefined;
  /** The queue of disk operations: each link runs after the one before. */
  private chain: Promise<void>;
  private backlog = 0;
  private received = 0;

  constructor(
    readonly oid: string,
    readonly size: number,
    readonly tmpPath: string,
    /** Called once: with true when the file is complete and synced, false when the fill is abandoned. */
    private readonly ended: (fill: CacheFill, written: boolean) => void,
  ) {
    this.chain = Promise.resolve();
    this.run(async () => {
      this.handle = await open(tmpPath, "wx");
    });
  }

  /** Queues a chunk of the download (the chunk is not reused by its reader: a fresh buffer of the HTTP body). */
  add(chunk: Buffer): void {
    if (this.state !== "filling") return;
    this.received += chunk.length;
    this.backlog += chunk.length;
    if (this.received > this.size || this.backlog > MAX_FILL_BACKLOG) {
      this.abandon();
      return;
    }
    this.run(async () => {
      const handle = this.handle as FileHandle;
      let done = 0;
      // A regular file takes the whole buffer at once; the loop only guards a short write (bounded by the chunk).
      while (done < chunk.length) {
        const { bytesWritten } = await handle.write(chunk, done, chunk.length - done);
        if (bytesWritten <= 0) throw new Error("short write");
        done += bytesWritten;
      }
      this.backlog -= chunk.length;
    });
  }

  /** The download went through whole: the file is synced and handed over if it holds exactly `size` bytes. */
  finish(): void {
    if (this.state !== "filling") return;
    if (this.received !== this.size) {
      this.abandon();
      return;
    }
    this.run(async () => {
      const handle = this.handle as FileHandle;
      await handle.sync();
      this.handle = undefined;
      await handle.close();
      if (this.state !== "filling") return;
      this.state = "written";
      this.ended(this, true);
    });
  }

  /** Gives up: the temporary file is removed once the queued operations are done. */
  abandon(): void {
    if (this.state === "abandoned" || this.state === "kept") return;
    this.state = "abandoned";
    this.chain = this.chain.then(() => this.discard());
    this.ended(this, false);
  }

  private run(step: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.state === "abandoned") return;
      try {
        await step();
      } catch {
        this.abandon();
      }
    });
  }

  private async discard(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => {});
    await rm(this.tmpPath, { force: true }).catch(() => {});
  }
}

/** The sha256 (hex) of a file, read in 1 MiB pieces. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const piece of createReadStream(path, { highWaterMark: MiB })) hash.update(piece as Buffer);
  return hash.digest("hex");
}
