// Garbage collection of the Xet store (issue 18; xet.md §5 pitfall 7): a file reconstruction no repository links
// any more (its sha256 is in no row of hub_lfs_links), then every xorb no remaining file references, go — but only
// once they are older than the grace period (created, and last handed out in a dedup answer or referenced by a
// shard). Clients cache shard metadata for three weeks and dedup keys for seven days plus seven, so the default
// grace is 28 days: a client that still remembers a xorb finds it. The file goes before the row, so a crash between
// the two leaves a row whose xorb reads as missing (reported) rather than bytes nobody can find. Runs from the CLI
// (`npm run hub -- xet gc`, over the running server's admin socket; cron can run it on a schedule). Servers sharing
// one database run it one at a time (a lease, jobs/lease.ts: a second request meanwhile is refused with 409), and
// every server forgets a deleted xorb's cached chunk list (XORB_GONE_CHANNEL, store/notify.ts).
import { ApiError } from "../api/api-error.js";
import { runLeased } from "../jobs/lease.js";
import type { Db } from "../store/db.js";
import { notifyBusOf } from "../store/notify.js";
import type { XetService } from "./service.js";
import { XORB_GONE_CHANNEL } from "./xet-index.js";

export const DEFAULT_GC_GRACE_DAYS = 28;
const PAGE = 1000;
/** The collection's lease: renewed while it runs; a server that dies mid-run frees it after this long. */
const GC_LEASE_MS = 60_000;

export interface GcReport {
  filesDeleted: number;
  xorbsDeleted: number;
  bytesFreed: number;
  xorbsKept: number;
}

export async function collectXetGarbage(
  xet: XetService,
  graceDays = DEFAULT_GC_GRACE_DAYS,
  db: Pick<Db, "query"> & { readonly kind?: Db["kind"] } = xet.index.database,
): Promise<GcReport> {
  const outcome = await runLeased(db, "xet-gc", { ttlMs: GC_LEASE_MS }, () => collect(xet, graceDays));
  if (!outcome.ran) throw new ApiError(409, "A Xet garbage collection is already running on a server of this hub");
  return outcome.value;
}

async function collect(xet: XetService, graceDays: number): Promise<GcReport> {
  const db = xet.index.database;
  const bus = notifyBusOf(db);
  const cutoff = new Date(Date.now() - graceDays * 86_400_000).toISOString();
  const files = await db.query<{ file_hash: string }>(
    `DELETE FROM hub_xet_files f WHERE f.created_at < $1::timestamptz
       AND NOT EXISTS (SELECT 1 FROM hub_lfs_links l WHERE l.oid = f.sha256) RETURNING file_hash`,
    [cutoff],
  );
  // Every xorb a remaining file references (terms are packed: read page by page).
  const referenced = new Set<string>();
  let after = "";
  for (;;) {
    const page = await db.query<{ file_hash: string }>(
      "SELECT file_hash FROM hub_xet_files WHERE file_hash > $1 ORDER BY file_hash LIMIT $2",
      [after, PAGE],
    );
    for (const row of page) {
      const file = await xet.index.file(row.file_hash);
      for (const term of file?.terms ?? []) referenced.add(term.xorb);
    }
    if (page.length < PAGE) break;
    after = (page.at(-1) as { file_hash: string }).file_hash;
  }
  const report: GcReport = { filesDeleted: files.length, xorbsDeleted: 0, bytesFreed: 0, xorbsKept: 0 };
  after = "";
  for (;;) {
    const page = await db.query<{ hash: string; stored_bytes: string | number; old: boolean }>(
      `SELECT hash, stored_bytes, greatest(created_at, coalesce(last_used, created_at)) < $2::timestamptz AS old
       FROM hub_xet_xorbs WHERE hash > $1 ORDER BY hash LIMIT $3`,
      [after, cutoff, PAGE],
    );
    for (const row of page) {
      if (referenced.has(row.hash) || !row.old) {
        report.xorbsKept++;
        continue;
      }
      await xet.objects.delete(row.hash);
      await db.query("DELETE FROM hub_xet_dedup WHERE xorb = $1", [row.hash]);
      await db.query("DELETE FROM hub_xet_xorb_links WHERE xorb = $1", [row.hash]);
      await db.query("DELETE FROM hub_xet_xorbs WHERE hash = $1", [row.hash]);
      xet.index.forgetCached(row.hash);
      await bus.publish(XORB_GONE_CHANNEL, row.hash);
      report.xorbsDeleted++;
      report.bytesFreed += Number(row.stored_bytes);
    }
    if (page.length < PAGE) break;
    after = (page.at(-1) as { hash: string }).hash;
  }
  return report;
}
