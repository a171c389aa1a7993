// Downloads counted apart from the repository's row, folded into it in batches. Every resolve of a query file
// counts (download-rules.ts); written straight on the repository's row, each count rewrote that row — a new
// version with an entry in each of its ~16 indexes (its search lexemes' GIN entries among them, as the row is never
// a HOT update: downloads_sort is indexed) — and queued every server's resolves of the repository on the row's
// lock. Now a count adds 1 to a narrow row of hub_download_pending (its primary key only: a cheap HOT update), and
// the repository's row takes the sum once per fold: FOLD_DELAY_MS after a server's first count since its last fold,
// in chunks of FOLD_CHUNK rows, by whichever servers counted (each fold takes every pending row, so one server's
// counts are folded even if it died). Reads (DbRepoIndex.record and list: the API's info and listings, the site's
// pages) add each row's pending count in the statement that reads it (pending-column.ts), so a download shows at
// once; a listing's order by downloads is the folded counts', at most about FOLD_DELAY_MS behind. Nothing is
// lost: a count and its fold are each one statement, and a pending row stays until a fold has added it.
import type { RepoType } from "../repos/repo-ref.js";
import type { Db } from "./db.js";
import type { Migration } from "./migrations.js";
import { TABLES } from "./repo-tables.js";

/** The pending counts' table (migration versions 190–199), run by store/migrations.ts's migrate(). */
export const DOWNLOAD_PENDING_MIGRATIONS: readonly Migration[] = [
  {
    version: 190,
    name: "downloads counted apart from the repository rows, folded into them in batches",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_download_pending (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (repo_type, repo_key)
      )`,
    ],
  },
];

/** How long after a count its server folds (the listings' delay), and pending rows folded per statement. */
export const FOLD_DELAY_MS = 1_000;
const FOLD_CHUNK = 1_000;
/** Chunks per fold at most (the next count schedules the next fold for the rest). */
const FOLD_ROUNDS = 100;

/**
 * $1 type: up to FOLD_CHUNK pending rows of `table` taken (locked and deleted; rows another fold holds are left to
 * it) and added to their repositories' rows, the record's two counts with the columns. A row whose repository is
 * gone is deleted with nothing to add to. The pending rows are locked before the repository rows, as rename and
 * remove do (DbRepoIndex), so a fold and those never deadlock.
 */
const FOLD = (table: string) => `WITH taken AS (
    DELETE FROM hub_download_pending WHERE (repo_type, repo_key) IN (
      SELECT repo_type, repo_key FROM hub_download_pending WHERE repo_type = $1
      ORDER BY repo_key LIMIT ${FOLD_CHUNK} FOR UPDATE SKIP LOCKED)
    RETURNING repo_key, n
  ), folded AS (
    UPDATE ${table} AS r SET downloads = coalesce(r.downloads, 0) + taken.n,
      downloads_sort = coalesce(r.downloads, 0) + taken.n,
      record = r.record || jsonb_build_object('downloads', coalesce(r.downloads, 0) + taken.n,
        'downloadsAllTime', coalesce((r.record->>'downloadsAllTime')::bigint, coalesce(r.downloads, 0)) + taken.n)
    FROM taken WHERE lower(r.id) = taken.repo_key
  )
  SELECT (SELECT count(*) FROM taken)::int AS taken`;

/** Folds every pending count into its repository's row; returns how many pending rows it took. */
export async function foldDownloads(db: Db): Promise<number> {
  let total = 0;
  for (const type of Object.keys(TABLES) as RepoType[])
    for (let round = 0; round < FOLD_ROUNDS; round += 1) {
      const rows = await db.query<{ taken: number }>(FOLD(TABLES[type]), [type]);
      const taken = Number(rows[0]?.taken ?? 0);
      total += taken;
      if (taken < FOLD_CHUNK) break;
    }
  return total;
}

/** A server's folds: one FOLD_DELAY_MS after its first count since the last, never two at once. */
export class DownloadFolder {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly delayMs = FOLD_DELAY_MS,
  ) {}

  /** A count was written: fold it (and every other pending one) soon. */
  counted(): void {
    if (this.timer !== undefined || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.foldNow();
    }, this.delayMs);
    this.timer.unref();
  }

  /** Folds now (after the fold in flight, if any); a failure is logged and the counts stay pending. */
  async foldNow(): Promise<void> {
    while (this.running !== undefined) await this.running;
    this.running = foldDownloads(this.db)
      .then(() => undefined)
      .catch((error: unknown) => {
        console.error(`[hub] folding download counts failed (they stay pending): ${String(error)}`);
      })
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
  }

  /** No more timed folds; the last one runs now (before the database closes). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    await this.foldNow();
  }
}
