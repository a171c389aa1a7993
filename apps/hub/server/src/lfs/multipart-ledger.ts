// Where the multipart quota (lfs/multipart-area.ts) is counted: the bytes each user holds in stored parts of
// unfinished uploads, plus a whole chunk for each part being received. In memory for an area on its own (tests), in
// the database for a hub (hub_multipart_bytes, lfs/multipart-schema.ts), so servers sharing a PostgreSQL database
// share one quota instead of each allowing all of it.
//
// Nothing in the table holds quota forever: a part being received counts while the server receiving it is alive
// (its row in hub_server_instances has a fresh heartbeat; with PGlite only this server's own count), and a stored
// part counts until its upload is completed or discarded, or for as long as the upload's folder would live
// untouched (the expiry: its part URLs are dead by then, and the sweep removes the folder and its rows).
import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../store/db.js";

export interface PartLedger {
  /**
   * Reserves `bytes` for a part `user` is sending when their total stays within `quota`; the release, or undefined
   * when the quota is full. Across servers the check and the reservation are one step (no two pass together).
   */
  reserve(user: string, bytes: number, quota: number): Promise<(() => Promise<void>) | undefined>;
  /** Part `part` of `upload` is stored with `size` bytes (replacing an earlier copy); the upload was touched. */
  stored(user: string, upload: string, part: number, size: number): Promise<void>;
  /** Parts of `upload` found on disk at start; `touchedMs`: the folder's last change. */
  found(
    user: string,
    upload: string,
    parts: readonly { part: number; size: number }[],
    touchedMs: number,
  ): Promise<void>;
  /** The upload is gone (completed, discarded, expired): its parts no longer count. */
  forget(upload: string): Promise<void>;
  /** Bytes `user` holds now. */
  inFlight(user: string): Promise<number>;
  /** Drops what no longer counts (dead servers' reservations, expired uploads' rows). */
  prune(): Promise<void>;
}

export class MemoryPartLedger implements PartLedger {
  private readonly uploads = new Map<string, { user: string; parts: Map<number, number> }>();
  private readonly usedByUser = new Map<string, number>();
  private readonly reservedByUser = new Map<string, number>();

  async reserve(user: string, bytes: number, quota: number) {
    if ((await this.inFlight(user)) + bytes > quota) return undefined;
    this.adjust(this.reservedByUser, user, bytes);
    let released = false;
    return async () => {
      if (!released) this.adjust(this.reservedByUser, user, -bytes);
      released = true;
    };
  }

  async stored(user: string, upload: string, part: number, size: number) {
    let entry = this.uploads.get(upload);
    if (entry === undefined) {
      entry = { user, parts: new Map() };
      this.uploads.set(upload, entry);
    }
    const previous = entry.parts.get(part) ?? 0;
    entry.parts.set(part, size);
    this.adjust(this.usedByUser, entry.user, size - previous);
  }

  async found(user: string, upload: string, parts: readonly { part: number; size: number }[]) {
    for (const { part, size } of parts) await this.stored(user, upload, part, size);
  }

  async forget(upload: string) {
    const entry = this.uploads.get(upload);
    if (entry === undefined) return;
    this.uploads.delete(upload);
    let bytes = 0;
    for (const size of entry.parts.values()) bytes += size;
    this.adjust(this.usedByUser, entry.user, -bytes);
  }

  async inFlight(user: string) {
    return (this.usedByUser.get(user) ?? 0) + (this.reservedByUser.get(user) ?? 0);
  }

  async prune() {}

  private adjust(map: Map<string, number>, user: string, delta: number): void {
    const next = (map.get(user) ?? 0) + delta;
    if (next <= 0) map.delete(user);
    else map.set(user, next);
  }
}

/** The first key of the per-user advisory locks taken while checking and reserving (migrate() uses one-key locks). */
const QUOTA_LOCK_CLASS = 7_307_170;

export interface DbLedgerOptions {
  /** This server's instance id (its reservations' owner). */
  instance: string;
  /** A server whose heartbeat is older than this is dead (instances/limits.ts). */
  staleAfterMs: number;
  /** An upload untouched this long is abandoned (MultipartLimits.expireAfterMs). */
  expireAfterMs: number;
}

export class DbPartLedger implements PartLedger {
  constructor(
    private readonly db: Pick<Db, "kind" | "query" | "transaction">,
    private readonly options: DbLedgerOptions,
  ) {}

  /** The rows that count, as a condition on `b` ($1: expiry s, $2: this instance, $3: staleness s). */
  private static readonly COUNTING = `(
      (b.receiving_by IS NULL AND b.touched_at > now() - make_interval(secs => $1))
      OR b.receiving_by = $2
      OR EXISTS (SELECT 1 FROM hub_server_instances i
                 WHERE i.id = b.receiving_by AND i.seen_at > now() - make_interval(secs => $3)))`;

  private countingParams(): [number, string, number] {
    return [this.options.expireAfterMs / 1000, this.options.instance, this.options.staleAfterMs / 1000];
  }

  async reserve(user: string, bytes: number, quota: number) {
    const key = `receiving:${randomBytes(12).toString("hex")}`;
    const reserved = await this.db.transaction(async (tx) => {
      // Two servers checking the same user at once would both see room: they take turns per user.
      if (this.db.kind === "postgres")
        await tx.query("SELECT pg_advisory_xact_lock($1, $2)", [QUOTA_LOCK_CLASS, userLockKey(user)]);
      const held = await this.total(tx, user);
      if (held + bytes > quota) return false;
      await tx.query("INSERT INTO hub_multipart_bytes (key, user_name, bytes, receiving_by) VALUES ($1, $2, $3, $4)", [
        key,
        user,
        bytes,
        this.options.instance,
      ]);
      return true;
    });
    if (!reserved) return undefined;
    return async () => {
      await this.db.query("DELETE FROM hub_multipart_bytes WHERE key = $1", [key]);
    };
  }

  async stored(user: string, upload: string, part: number, size: number) {
    await this.db.query(
      `INSERT INTO hub_multipart_bytes (key, upload, user_name, bytes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key) DO UPDATE SET bytes = excluded.bytes, touched_at = now()`,
      [`${upload}/${part}`, upload, user, size],
    );
    // A new part keeps the whole upload alive, as it does the folder's expiry.
    await this.db.query("UPDATE hub_multipart_bytes SET touched_at = now() WHERE upload = $1", [upload]);
  }

  async found(user: string, upload: string, parts: readonly { part: number; size: number }[], touchedMs: number) {
    if (parts.length === 0) return;
    // Several servers starting on one folder count the same parts: the row is the same, its time left alone.
    await this.db.query(
      `INSERT INTO hub_multipart_bytes (key, upload, user_name, bytes, touched_at)
       SELECT $1 || '/' || p.part, $1, $2, p.size, to_timestamp($5)
       FROM unnest($3::int[], $4::bigint[]) AS p(part, size)
       ON CONFLICT (key) DO UPDATE SET bytes = excluded.bytes`,
      [upload, user, parts.map((p) => String(p.part)), parts.map((p) => String(p.size)), touchedMs / 1000],
    );
  }

  async forget(upload: string) {
    await this.db.query("DELETE FROM hub_multipart_bytes WHERE upload = $1", [upload]);
  }

  async inFlight(user: string) {
    return this.total(this.db, user);
  }

  async prune() {
    await this.db.query(`DELETE FROM hub_multipart_bytes b WHERE NOT ${DbPartLedger.COUNTING}`, this.countingParams());
  }

  private async total(db: Pick<Db, "query">, user: string): Promise<number> {
    const rows = await db.query<{ total: string | number }>(
      `SELECT coalesce(sum(b.bytes), 0)::text AS total FROM hub_multipart_bytes b
       WHERE b.user_name = $4 AND ${DbPartLedger.COUNTING}`,
      [...this.countingParams(), user],
    );
    return Number(rows[0]?.total ?? 0);
  }
}

/** A 32-bit key for the user's quota lock; a collision only makes two users take turns. */
function userLockKey(user: string): number {
  return createHash("sha256").update(user).digest().readInt32BE(0);
}
