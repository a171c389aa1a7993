// A per-server read-through disk cache of whole LFS objects read from the bucket (HUBKIT_S3_CACHE_DIR, issue 23):
// downloads through the hub read a local file (api/send-file.ts, ~1× nginx) instead of the bucket (Node's HTTP client
// is the ceiling, ~0.4–0.6× curl), and what is cached stays downloadable while the store is down.
// - Layout: `<dir>/objects/<sha256>` (complete, verified objects only) and `<dir>/tmp/` (fills in progress). The
//   folder is locked (store/folder-lock.ts): a cache belongs to one server; a second process on it fails to start.
// - At open: tmp/ is emptied (what a crash left half-written or unverified), objects/ scanned (names that are not a
//   sha256 are ignored), least recently used first by mtime; then evicted down to the bound.
// - Bounded: the cached objects plus the fills in progress (reserved at their start) stay ≤ maxBytes; the least
//   recently used objects go first. An object larger than a quarter of the bound is never cached.
// - A fill (cache-fill.ts) is complete and synced before it is verified: its sha256 must be its name, checked in the
//   background one file at a time (a bounded queue: past it the fill is dropped), and only then renamed into
//   objects/. At most one fill per object at a time.
// - drop(): a permanent deletion (or a size the bucket contradicts) removes the copy and cancels a fill in progress.
// An object removed by eviction while a download opens it cuts that download short (rare: the client retries).
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { open, rename, rm, utimes } from "node:fs/promises";
import { join } from "node:path";
import { SHA256_HEX } from "../lfs/pointer.js";
import { type FolderLock, FolderLockedError, lockFolder } from "../store/folder-lock.js";
import { CacheFill, fileSha256 } from "./cache-fill.js";
import type { S3CacheConfig } from "./config.js";

/** Complete fills waiting for their sha256 check; past this a new one is dropped (the next download fills again). */
const MAX_VERIFY_QUEUE = 8;
/** Fills writing at once (each holds up to MAX_FILL_BACKLOG of chunks); other downloads go uncached meanwhile. */
const MAX_FILLS = 4;

export interface CachedObject {
  path: string;
  size: number;
}

export class ObjectCache {
  /** Cached objects → size, least recently used first (a Map iterates in insertion order; a use re-inserts). */
  private readonly entries = new Map<string, number>();
  private stored = 0;
  /** Bytes of the fills in progress, counted against the bound from their start. */
  private reserved = 0;
  private readonly fills = new Map<string, CacheFill>();
  private readonly verifyQueue: CacheFill[] = [];
  private verifying = false;
  private tmpCount = 0;
  private closed = false;

  private constructor(
    readonly dir: string,
    readonly maxBytes: number,
    private readonly lock: FolderLock,
  ) {}

  /** Locks and opens the cache folder (created if missing): tmp/ emptied, objects/ scanned and trimmed. */
  static open(config: S3CacheConfig): ObjectCache {
    mkdirSync(config.dir, { recursive: true });
    let lock: FolderLock;
    try {
      lock = lockFolder(config.dir);
    } catch (error) {
      if (error instanceof FolderLockedError && !error.message.startsWith("could not lock"))
        throw new FolderLockedError(
          `HUBKIT_S3_CACHE_DIR ${config.dir} is in use by another process: each server needs its own cache folder (stop the other process or give this server another folder)`,
        );
      throw error;
    }
    try {
      const cache = new ObjectCache(config.dir, config.maxBytes, lock);
      cache.load();
      return cache;
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  private get objectsDir(): string {
    return join(this.dir, "objects");
  }

  private get tmpDir(): string {
    return join(this.dir, "tmp");
  }

  private load(): void {
    rmSync(this.tmpDir, { recursive: true, force: true });
    mkdirSync(this.tmpDir, { recursive: true });
    mkdirSync(this.objectsDir, { recursive: true });
    const found: { oid: string; size: number; used: number }[] = [];
    for (const entry of readdirSync(this.objectsDir, { withFileTypes: true })) {
      if (!entry.isFile() || !SHA256_HEX.test(entry.name)) continue;
      const stats = statSync(join(this.objectsDir, entry.name));
      found.push({ oid: entry.name, size: stats.size, used: stats.mtimeMs });
    }
    found.sort((a, b) => a.used - b.used);
    for (const { oid, size } of found) {
      this.entries.set(oid, size);
      this.stored += size;
    }
    this.evict();
  }

  /** Bytes held: cached objects plus the fills in progress. */
  get bytes(): number {
    return this.stored + this.reserved;
  }

  /** The cached object's size, without counting it as a use. */
  sizeOf(oid: string): number | undefined {
    return this.entries.get(oid);
  }

  /** The cached object's file, counted as a use (most recently used now; its mtime too, for the next start). */
  use(oid: string): CachedObject | undefined {
    const size = this.entries.get(oid);
    if (size === undefined) return undefined;
    this.entries.delete(oid);
    this.entries.set(oid, size);
    const path = join(this.objectsDir, oid);
    const now = new Date();
    void utimes(path, now, now).catch(() => {});
    return { path, size };
  }

  /** Reads up to `length` bytes at `start` of a cached object (fewer at its end). */
  async read(cached: CachedObject, start: number, length: number): Promise<Buffer> {
    const wanted = Math.max(0, Math.min(length, cached.size - start));
    if (wanted === 0) return Buffer.alloc(0);
    const handle = await open(cached.path, "r");
    try {
      const buffer = Buffer.alloc(wanted);
      const { bytesRead } = await handle.read(buffer, 0, wanted, start);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** Removes the cached copy and cancels a fill in progress (a permanent deletion, or a copy the bucket contradicts). */
  drop(oid: string): void {
    this.fills.get(oid)?.abandon();
    const size = this.entries.get(oid);
    if (size === undefined) return;
    this.entries.delete(oid);
    this.stored -= size;
    // At once: a deletion's answer comes after the copy is gone.
    try {
      rmSync(join(this.objectsDir, oid), { force: true });
    } catch {
      // Out of the index already: a file that could not be removed is never served, and goes at the next open
      // only if its name is evicted then; nothing better to do here.
    }
  }

  /**
   * A fill for the whole object `oid` of `size` bytes about to be downloaded from the bucket, or undefined when it
   * is not to be cached: already cached or being filled, larger than a quarter of the bound, too many fills.
   */
  startFill(oid: string, size: number): CacheFill | undefined {
    if (this.closed || !SHA256_HEX.test(oid) || this.entries.has(oid) || this.fills.has(oid)) return undefined;
    if (size <= 0 || size > this.maxBytes / 4 || this.fills.size >= MAX_FILLS) return undefined;
    if (this.reserved + size > this.maxBytes) return undefined; // the fills alone would pass the bound
    this.reserved += size;
    this.evict();
    this.tmpCount += 1;
    const fill = new CacheFill(oid, size, join(this.tmpDir, `${oid}.${this.tmpCount}`), (done, written) =>
      written ? this.queueVerify(done) : this.release(done),
    );
    this.fills.set(oid, fill);
    return fill;
  }

  /** Stops filling; fills in progress are abandoned (their files removed), the folder unlocked. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const fill of [...this.fills.values()]) fill.abandon();
    this.verifyQueue.length = 0;
    this.lock.release();
  }

  private release(fill: CacheFill): void {
    if (this.fills.get(fill.oid) !== fill) return;
    this.fills.delete(fill.oid);
    this.reserved -= fill.size;
  }

  private queueVerify(fill: CacheFill): void {
    if (this.closed || this.verifyQueue.length >= MAX_VERIFY_QUEUE) {
      fill.abandon();
      return;
    }
    this.verifyQueue.push(fill);
    if (!this.verifying) void this.verifyAll();
  }

  /** Verifies the queued fills one at a time (the queue is bounded) and keeps those whose sha256 is their name. */
  private async verifyAll(): Promise<void> {
    this.verifying = true;
    try {
      for (let fill = this.verifyQueue.shift(); fill !== undefined; fill = this.verifyQueue.shift()) {
        if (fill.state !== "written") continue;
        const actual = await fileSha256(fill.tmpPath).catch(() => undefined);
        if (actual !== fill.oid || this.closed) fill.abandon();
        else await this.keep(fill);
      }
    } finally {
      this.verifying = false;
    }
  }

  private async keep(fill: CacheFill): Promise<void> {
    const path = join(this.objectsDir, fill.oid);
    if (fill.state !== "written") return;
    try {
      await rename(fill.tmpPath, path);
    } catch {
      fill.abandon();
      return;
    }
    // Dropped (a permanent deletion) or closed while it was renamed: it must not stay.
    if (fill.state !== "written" || this.closed) {
      await rm(path, { force: true }).catch(() => {});
      return;
    }
    fill.state = "kept";
    this.release(fill);
    this.entries.set(fill.oid, fill.size);
    this.stored += fill.size;
    this.evict();
  }

  /** Removes least recently used objects until the cache is within its bound (or holds nothing). */
  private evict(): void {
    for (const [oid, size] of this.entries) {
      if (this.stored + this.reserved <= this.maxBytes) return;
      this.entries.delete(oid);
      this.stored -= size;
      void rm(join(this.objectsDir, oid), { force: true }).catch(() => {});
    }
  }
}
