// The download counts not yet folded into a row (download-pending.ts), read by the statement that reads the row: a
// column of the listing's (and a repository's own read's) select list, so a download shows at once without a second
// round trip for the page's pending counts. The order by downloads stays the folded column's (downloads_sort, about
// FOLD_DELAY_MS behind): an index orders by it, which a sum with another table's rows could not use.
// This file imports no store module at run time (model-store.ts imports it).
import type { RepoType } from "../repos/repo-ref.js";
import type { IndexedRow } from "./model-store.js";

/**
 * The select-list column `pending_downloads` of a row of a repository table of `type` (its `id` in scope, as
 * trending/listing.ts's scoreColumn): a primary-key probe of hub_download_pending, NULL when nothing pends.
 * Qualified by its own alias, since it sits in queries whose FROM may join other tables. `type` comes from a fixed
 * map, never from input.
 */
export function pendingColumn(type: RepoType): string {
  return `(SELECT pend.n::float8 FROM hub_download_pending AS pend
    WHERE pend.repo_type = '${type}' AND pend.repo_key = lower(id)) AS pending_downloads`;
}

/** A row's pendingColumn cell as a count (0 when nothing pends or the cell is not a count). */
export function pendingOf(cell: unknown): number {
  const pending = Number(cell ?? 0);
  return Number.isFinite(pending) && pending > 0 ? pending : 0;
}

/** `row` with `pending` downloads not yet folded into it, in its columns and record alike (as the fold writes them). */
export function withPending(row: IndexedRow, pending: number): IndexedRow {
  if (pending === 0) return row;
  const { record } = row;
  const folded = row.downloads ?? 0;
  const downloads = folded + pending;
  if (record === undefined) return { ...row, downloads };
  // As the fold writes it: the stored all-time count, else the downloads column, plus the pending.
  const allTime = typeof record.downloadsAllTime === "number" ? record.downloadsAllTime : folded;
  return { ...row, downloads, record: { ...record, downloads, downloadsAllTime: allTime + pending } };
}
