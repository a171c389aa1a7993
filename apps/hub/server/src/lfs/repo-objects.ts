// Which large-file objects belong to which repository (the hub_lfs_links table of lfs/schema.ts). Every LFS
// answer that hands out bytes, a download href or a commit pointer asks here first, for the repository at hand
// only, so no answer depends on whether an object exists in another repository. Constant SQL, positional
// parameters; runs on PGlite and PostgreSQL alike.
import type { RepoRef } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { SHA256_HEX } from "./pointer.js";

export interface LinkedObject {
  oid: string;
  size: number;
}

/** Most oids one linkedSet query takes (a batch has at most 1 000 objects, a commit is chunked by its caller). */
export const MAX_LINK_QUERY = 1000;

const keyOf = (ref: RepoRef) => ref.id.toLowerCase();

export class RepoObjectLinks {
  constructor(private readonly db: Pick<Db, "query" | "transaction">) {}

  /** Links the objects to `ref` (already linked ones keep their row). */
  async link(ref: RepoRef, objects: readonly LinkedObject[]): Promise<void> {
    const valid = objects.filter((object) => SHA256_HEX.test(object.oid) && Number.isSafeInteger(object.size));
    for (let start = 0; start < valid.length; start += MAX_LINK_QUERY) {
      const chunk = valid.slice(start, start + MAX_LINK_QUERY);
      await this.db.query(
        `INSERT INTO hub_lfs_links (repo_type, repo_key, oid, size)
         SELECT $1, $2, o.oid, o.size::bigint FROM unnest($3::text[], $4::text[]) AS o(oid, size)
         ON CONFLICT (repo_type, repo_key, oid) DO NOTHING`,
        [ref.type, keyOf(ref), chunk.map((o) => o.oid), chunk.map((o) => String(o.size))],
      );
    }
  }

  /** The object as linked to `ref` (its size), or undefined when `ref` has no such object. */
  async linked(ref: RepoRef, oid: string): Promise<LinkedObject | undefined> {
    return (await this.linkedSet(ref, [oid])).get(oid);
  }

  /** Whether `ref` has the object, with this size when one is given. */
  async isLinked(ref: RepoRef, oid: string, size?: number): Promise<boolean> {
    const found = await this.linked(ref, oid);
    return found !== undefined && (size === undefined || found.size === size);
  }

  /** The subset of `oids` linked to `ref`, oid → object. */
  async linkedSet(ref: RepoRef, oids: readonly string[]): Promise<Map<string, LinkedObject>> {
    const found = new Map<string, LinkedObject>();
    const valid = [...new Set(oids.filter((oid) => SHA256_HEX.test(oid)))];
    for (let start = 0; start < valid.length; start += MAX_LINK_QUERY) {
      const rows = await this.db.query<{ oid: string; size: string | number }>(
        "SELECT oid, size FROM hub_lfs_links WHERE repo_type = $1 AND repo_key = $2 AND oid = ANY($3::text[])",
        [ref.type, keyOf(ref), valid.slice(start, start + MAX_LINK_QUERY)],
      );
      for (const row of rows) found.set(row.oid, { oid: row.oid, size: Number(row.size) });
    }
    return found;
  }

  /** A move (api/repos.ts): the links follow the repository to its new id. */
  async moved(from: RepoRef, to: RepoRef): Promise<void> {
    if (from.type === to.type && keyOf(from) === keyOf(to)) return;
    await this.db.transaction(async (tx) => {
      // Leftovers of an earlier repository at the target id are not the moved repository's.
      await tx.query("DELETE FROM hub_lfs_links WHERE repo_type = $1 AND repo_key = $2", [to.type, keyOf(to)]);
      await tx.query("UPDATE hub_lfs_links SET repo_key = $3 WHERE repo_type = $1 AND repo_key = $2", [
        from.type,
        keyOf(from),
        keyOf(to),
      ]);
      // The repository's Xet xorbs (xet/schema.ts) follow it the same way.
      await tx.query("DELETE FROM hub_xet_xorb_links WHERE repo_type = $1 AND repo_key = $2", [to.type, keyOf(to)]);
      await tx.query("UPDATE hub_xet_xorb_links SET repo_key = $3 WHERE repo_type = $1 AND repo_key = $2", [
        from.type,
        keyOf(from),
        keyOf(to),
      ]);
    });
  }

  /**
   * One page of the objects linked to `ref` (api/lfs-files.ts), in oid order after `after` (a keyset cursor), with
   * when each was linked (first uploaded or committed here).
   */
  async page(ref: RepoRef, after: string, limit: number): Promise<Array<LinkedObject & { linkedAt: string }>> {
    const rows = await this.db.query<{ oid: string; size: string | number; created_at: string | Date }>(
      `SELECT oid, size, created_at FROM hub_lfs_links WHERE repo_type = $1 AND repo_key = $2 AND oid > $3
       ORDER BY oid LIMIT $4`,
      [ref.type, keyOf(ref), after, limit],
    );
    return rows.map((row) => ({
      oid: row.oid,
      size: Number(row.size),
      linkedAt: new Date(row.created_at).toISOString(),
    }));
  }

  /** Removes the links of `oids` to `ref` (a permanent deletion, api/lfs-files.ts); returns the oids it unlinked. */
  async unlink(ref: RepoRef, oids: readonly string[]): Promise<string[]> {
    const valid = [...new Set(oids.filter((oid) => SHA256_HEX.test(oid)))].slice(0, MAX_LINK_QUERY);
    if (valid.length === 0) return [];
    const rows = await this.db.query<{ oid: string }>(
      "DELETE FROM hub_lfs_links WHERE repo_type = $1 AND repo_key = $2 AND oid = ANY($3::text[]) RETURNING oid",
      [ref.type, keyOf(ref), valid],
    );
    return rows.map((row) => row.oid);
  }

  /** Whether any repository still links the object (then its bytes must stay). */
  async linkedAnywhere(oid: string): Promise<boolean> {
    const rows = await this.db.query("SELECT 1 FROM hub_lfs_links WHERE oid = $1 LIMIT 1", [oid]);
    return rows.length > 0;
  }

  /** Bytes of the objects linked to each repository of `type` among `ids` (lower-case key → bytes). */
  async bytesByRepo(type: RepoRef["type"], ids: readonly string[]): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    const keys = [...new Set(ids.map((id) => id.toLowerCase()))];
    for (let start = 0; start < keys.length; start += MAX_LINK_QUERY) {
      const rows = await this.db.query<{ repo_key: string; bytes: string | number }>(
        `SELECT repo_key, sum(size)::text AS bytes FROM hub_lfs_links WHERE repo_type = $1 AND repo_key = ANY($2::text[])
         GROUP BY repo_key`,
        [type, keys.slice(start, start + MAX_LINK_QUERY)],
      );
      for (const row of rows) totals.set(row.repo_key, Number(row.bytes));
    }
    return totals;
  }

  /** A deleted (or newly created) repository has no objects. The bytes stay in the store. */
  async forget(ref: RepoRef): Promise<void> {
    await this.db.query("DELETE FROM hub_lfs_links WHERE repo_type = $1 AND repo_key = $2", [ref.type, keyOf(ref)]);
    // Its Xet xorbs too: a later repository at the same id must not get dedup answers from them.
    await this.db.query("DELETE FROM hub_xet_xorb_links WHERE repo_type = $1 AND repo_key = $2", [
      ref.type,
      keyOf(ref),
    ]);
  }
}
