// Parts of multipart uploads on disk, bounded three ways (issue 17, finding 9):
// - one file per part number: a part is written to a temporary name, then renamed onto `<n>`, so a re-PUT replaces
//   the part atomically and never adds a file;
// - abandoned uploads expire: an upload folder untouched for longer than a signed URL lives (its URLs are dead,
//   so nobody can complete it) is removed at start and by a periodic sweep that looks at a bounded number of
//   folders per run;
// - a per-user quota of bytes in flight (parts written, plus parts being written), counted against the user the
//   batch API signed the part URL for: past it a part is refused with 429 before a byte is stored. A hub counts it
//   in the database (lfs/multipart-ledger.ts), so servers sharing PostgreSQL share the quota.
// Layout: `<root>/<user>/<oid>-<size>-<repo hash>/<n>` (uploads of one object for two repositories or users never
// share parts).
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "../api/api-error.js";
import { newInstanceId, ownedName, ownerOfName } from "../instances/instance-id.js";
import { type LeftoverOwnership, mtimeOf, soleOwnership } from "../instances/ownership.js";
import { type LeaseOutcome, runLeased } from "../jobs/lease.js";
import type { Db } from "../store/db.js";
import { DbPartLedger, MemoryPartLedger, type PartLedger } from "./multipart-ledger.js";
import type { TransferGrant } from "./transfer-grant.js";

export interface MultipartLimits {
  /** Bytes one user may hold in unfinished multipart uploads. */
  bytesInFlightPerUser: number;
  /** An upload folder untouched this long is abandoned. */
  expireAfterMs: number;
}

/** Folders the periodic sweep looks at per run (a start looks at all of them). */
const SWEEP_BATCH = 2000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;
/** The periodic sweep's lease (jobs/lease.ts), and how long a sweep may hold it without renewal. */
const SWEEP_LEASE = "lfs-multipart-sweep";
const SWEEP_LEASE_MS = 2 * 60 * 1000;

/** The database handle the sweep's lease needs. */
export type SweepDb = Pick<Db, "query" | "kind">;
const PART_NAME = /^[1-9]\d{0,5}$/;
/** A part being received: `<n>.[<instance>~]<random>.tmp` (the instance says which server writes it). */
const PART_IN_FLIGHT = /^[1-9]\d{0,5}\.(.+)\.tmp$/;

/** The user folder of anonymous uploads (folderOf). */
const ANONYMOUS = "~anonymous";

export class MultipartArea {
  /** upload folder → part number → ETag of the parts this server stored (unknown for others': hashed at completion). */
  private readonly etags = new Map<string, Map<number, string>>();
  /** Where the quota is counted: this process's memory until countIn gives it the database. */
  private ledger: PartLedger = new MemoryPartLedger();
  private ledgerDb: { db: Pick<Db, "kind" | "query" | "transaction">; staleAfterMs: number } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private sweepCursor = 0;
  /** Set by sweepOnceAcross: the database whose lease picks the one server that sweeps each interval. */
  private sweepDb: SweepDb | undefined;
  /** The owner in this server's temporary part names; what the start-up count may remove (set by open()). */
  private instance = newInstanceId();
  private ownership: LeftoverOwnership = soleOwnership(this.instance);

  constructor(
    readonly root: string,
    private readonly limits: MultipartLimits,
  ) {}

  /**
   * Removes expired upload folders and counts the others against their users; starts the periodic sweep.
   * Parts being received are removed when `ownership` says their server is gone (by default: all, one server).
   */
  async open(ownership: LeftoverOwnership = soleOwnership(this.instance)): Promise<this> {
    this.instance = ownership.instance;
    this.ownership = ownership;
    if (this.ledgerDb !== undefined)
      this.ledger = new DbPartLedger(this.ledgerDb.db, {
        instance: this.instance,
        staleAfterMs: this.ledgerDb.staleAfterMs,
        expireAfterMs: this.limits.expireAfterMs,
      });
    await mkdir(this.root, { recursive: true });
    await this.sweep(Date.now(), Number.POSITIVE_INFINITY);
    this.timer = setInterval(() => {
      this.periodicSweep(Date.now()).catch((error: unknown) =>
        console.error(`[hub] multipart sweep failed: ${String(error)}`),
      );
    }, SWEEP_EVERY_MS);
    this.timer.unref();
    return this;
  }

  /**
   * Counts the quota in `db` (hub_multipart_bytes) instead of this process's memory, so servers on one database
   * share it; `staleAfterMs`: when a silent server's parts being received stop counting. Call before open().
   */
  countIn(db: Pick<Db, "kind" | "query" | "transaction">, staleAfterMs: number): void {
    this.ledgerDb = { db, staleAfterMs };
  }

  /**
   * Several servers on one PostgreSQL share the parts folder: from now on the periodic sweep runs on one of them per
   * sweep interval (a lease per interval, jobs/lease.ts) instead of on each. PGlite (one process) sweeps as before.
   */
  sweepOnceAcross(db: SweepDb): void {
    this.sweepDb = db.kind === "postgres" ? db : undefined;
  }

  /**
   * One run of the periodic sweep (the timer's); `ran: false` when another server has this interval's. Each server
   * walks the folders from its own cursor: with more than a batch of uploads, which server's turn it is decides
   * which batch goes, and every folder still comes round.
   */
  async periodicSweep(now: number): Promise<LeaseOutcome<{ removed: number; looked: number }>> {
    const db = this.sweepDb;
    if (db === undefined) return { ran: true, value: await this.sweep(now, SWEEP_BATCH) };
    return runLeased(db, SWEEP_LEASE, { ttlMs: SWEEP_LEASE_MS, period: String(Math.floor(now / SWEEP_EVERY_MS)) }, () =>
      this.sweep(now, SWEEP_BATCH),
    );
  }

  close(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  folderOf(grant: TransferGrant): string {
    const repo = createHash("sha256").update(`${grant.repo.type}\n${grant.repo.id.toLowerCase()}`).digest("hex");
    return join(
      this.root,
      grant.user === "" ? ANONYMOUS : grant.user,
      `${grant.oid}-${grant.size}-${repo.slice(0, 16)}`,
    );
  }

  /** Bytes `user` holds in unfinished uploads (written parts and parts being written), on every server. */
  inFlight(user: string): Promise<number> {
    return this.ledger.inFlight(user);
  }

  /** The ledger's name for an upload folder: `<user>/<oid>-<size>-<repo hash>`, the same on every server. */
  private uploadKey(dir: string): string {
    return relative(this.root, dir);
  }

  /** Stores part `part` of the grant's upload (at most `grant.chunk` bytes); returns its ETag. */
  async putPart(grant: TransferGrant, part: number, body: Readable): Promise<string> {
    const limit = grant.chunk;
    const quota = this.limits.bytesInFlightPerUser;
    // The part's size is unknown until it is read: a whole chunk is reserved while it streams.
    const release = await this.ledger.reserve(grant.user, limit, quota);
    if (release === undefined)
      throw new ApiError(
        429,
        `Too many bytes in unfinished multipart uploads for this account (at most ${quota}): complete or abandon uploads first; unfinished uploads expire ${Math.round(this.limits.expireAfterMs / 60_000)} minutes after their last part`,
        { headers: { "Retry-After": "60" } },
      );
    const dir = this.folderOf(grant);
    const tmp = join(dir, `${part}.${ownedName(this.instance, randomBytes(8).toString("hex"))}.tmp`);
    try {
      await mkdir(dir, { recursive: true });
      const hash = createHash("sha256");
      let received = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > limit) return done(new ApiError(413, "Part larger than chunk_size"));
          hash.update(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, counter, createWriteStream(tmp, { flags: "wx" }));
      } catch (error) {
        throw error instanceof ApiError ? error : new ApiError(400, "The part upload was interrupted");
      }
      const etag = hash.digest("hex").slice(0, 32);
      await rename(tmp, join(dir, String(part)));
      this.etagsOf(dir).set(part, etag);
      await this.ledger.stored(grant.user, this.uploadKey(dir), part, received);
      return etag;
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    } finally {
      // A failed release leaves the reservation counting only while this server lives (multipart-ledger.ts).
      await release().catch((error: unknown) =>
        console.error(`[hub] releasing a multipart part's reservation failed: ${String(error)}`),
      );
    }
  }

  /**
   * The parts named by a completion body, in order, after checking they are all there with the ETags given; the
   * caller streams them into the store (which checks the whole object's sha256). Throws 400 otherwise.
   */
  async completedParts(
    grant: TransferGrant,
    count: number,
    given: readonly unknown[],
  ): Promise<{ file: string; etag: string; known?: string }[]> {
    if (given.length !== count) throw new ApiError(400, `Expected ${count} parts, got ${given.length}`);
    const dir = this.folderOf(grant);
    const etags = this.etags.get(dir);
    const present = new Set(await readdir(dir).catch(() => [] as string[]));
    return given.map((raw, index) => {
      // Hostile bodies: a part that is not an object (null, a number) is simply a missing part.
      const part: { partNumber?: unknown; etag?: unknown } = typeof raw === "object" && raw !== null ? raw : {};
      const etag = typeof part.etag === "string" ? part.etag.replace(/^W\//, "").replace(/"/g, "") : "";
      const known = etags?.get(index + 1);
      if (part.partNumber !== index + 1 || !present.has(String(index + 1)) || (known !== undefined && known !== etag))
        throw new ApiError(400, `Part ${index + 1} is missing or its ETag does not match`);
      return { file: join(dir, String(index + 1)), etag, ...(known !== undefined ? { known } : {}) };
    });
  }

  /**
   * The bytes of the parts in order. Parts whose ETag is not known (found on disk after a restart) are hashed as
   * they stream, and a mismatch fails the stream, so the store keeps nothing.
   */
  async *concatenated(parts: readonly { file: string; etag: string; known?: string }[]): AsyncGenerator<Buffer> {
    for (const [index, part] of parts.entries()) {
      const hash = part.known === undefined ? createHash("sha256") : undefined;
      for await (const chunk of createReadStream(part.file, { highWaterMark: 1024 * 1024 })) {
        const bytes = chunk as Buffer;
        hash?.update(bytes);
        yield bytes;
      }
      if (hash !== undefined && hash.digest("hex").slice(0, 32) !== part.etag)
        throw new ApiError(400, `Part ${index + 1} is missing or its ETag does not match`);
    }
  }

  /** Total bytes of the parts on disk. */
  async partsSize(parts: readonly { file: string }[]): Promise<number> {
    let total = 0;
    for (const part of parts) total += (await stat(part.file)).size;
    return total;
  }

  /** The upload is done (or given up): its folder goes, its bytes no longer count. */
  async discard(grant: TransferGrant): Promise<void> {
    await this.remove(this.folderOf(grant));
  }

  /**
   * Removes upload folders untouched for longer than the expiry, looking at up to `budget` folders from where the
   * last run stopped; at start (infinite budget) also counts the survivors' parts against their users.
   */
  async sweep(now: number, budget: number): Promise<{ removed: number; looked: number }> {
    const folders: { dir: string; user: string }[] = [];
    for (const user of await readdir(this.root).catch(() => [] as string[]))
      for (const name of await readdir(join(this.root, user)).catch(() => [] as string[]))
        folders.push({ dir: join(this.root, user, name), user });
    const counting = !Number.isFinite(budget);
    let looked = 0;
    let removed = 0;
    const start = counting ? 0 : this.sweepCursor % Math.max(1, folders.length);
    for (let i = 0; i < folders.length && looked < budget; i++) {
      const { dir, user } = folders[(start + i) % folders.length] as { dir: string; user: string };
      looked += 1;
      const info = await stat(dir).catch(() => undefined);
      if (info === undefined) continue;
      if (!info.isDirectory() || now - info.mtimeMs > this.limits.expireAfterMs) {
        await this.remove(dir);
        removed += 1;
      } else if (counting) await this.count(dir, user, info.mtimeMs);
    }
    this.sweepCursor = start + looked;
    await this.ledger.prune();
    return { removed, looked };
  }

  /**
   * Counts the parts of a folder found on disk (at start), dropping leftover temporary files (with several
   * servers, only those of a server that is gone: another may be receiving that part right now).
   */
  private async count(dir: string, user: string, touchedMs: number): Promise<void> {
    const parts: { part: number; size: number }[] = [];
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = join(dir, name);
      if (!PART_NAME.test(name)) {
        const inFlight = PART_IN_FLIGHT.exec(name);
        const mtime = await mtimeOf(file);
        const owner = inFlight === null ? undefined : ownerOfName(inFlight[1] as string);
        if (mtime !== undefined && this.ownership.mayRemove(owner, mtime))
          await rm(file, { force: true, recursive: true });
        continue;
      }
      const size = (await stat(file).catch(() => undefined))?.size ?? 0;
      parts.push({ part: Number(name), size });
    }
    await this.ledger.found(user === ANONYMOUS ? "" : user, this.uploadKey(dir), parts, touchedMs);
  }

  private etagsOf(dir: string): Map<number, string> {
    let etags = this.etags.get(dir);
    if (etags === undefined) {
      etags = new Map();
      this.etags.set(dir, etags);
    }
    return etags;
  }

  private async remove(dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
    this.etags.delete(dir);
    await this.ledger.forget(this.uploadKey(dir));
  }
}
