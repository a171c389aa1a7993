// "One download per IP per repo per 5 minutes" (hub-api.md §7.6, datasets), held in the database so that servers
// sharing it share the windows: a client going through N servers behind a round-robin balancer counts once, not N
// times. A row per (repository, client) says when its window opened; a request counts when it opens a window (no
// row, or the row's window is over). Checking the window and counting are one statement (windowFor gives its part): an
// INSERT … ON CONFLICT DO UPDATE … WHERE whose RETURNING says whether a window opened, feeding the count's UPDATE.
// Two servers racing on one key serialise on the row: the second sees the first's fresh window and counts nothing.
// The database's clock (now()) decides, not each server's. Bounded: expired rows are deleted about once a minute
// (prune), and past maxRows the oldest live windows go too (at worst one extra count for those clients).
import type { Db, SqlParam } from "./db.js";
import type { Migration } from "./migrations.js";

export const DATASET_WINDOW_MS = 5 * 60_000;
/** Live windows kept at most (the prune deletes the oldest beyond this). */
export const DATASET_WINDOW_ROWS = 1_000_000;
/** How often a server deletes expired windows (on a download that comes after this). */
const PRUNE_EVERY_MS = 60_000;
/** A client key is a socket's address; anything longer is cut (a key, not shown anywhere). */
const CLIENT_KEY_CHARS = 128;

/** The windows' table (migration versions 180–189), run by store/migrations.ts's migrate() beside the others. */
export const DOWNLOAD_WINDOW_MIGRATIONS: readonly Migration[] = [
  {
    version: 180,
    name: "dataset download windows per client and repository, shared by the servers on one database",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_download_windows (
        repo_key text NOT NULL,
        client text NOT NULL,
        opened_at timestamptz NOT NULL,
        PRIMARY KEY (repo_key, client)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_download_windows_opened_idx ON hub_download_windows (opened_at)",
    ],
  },
];

export class DownloadWindows {
  private prunedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly windowMs = DATASET_WINDOW_MS,
    private readonly maxRows = DATASET_WINDOW_ROWS,
  ) {}

  /**
   * The window check for a count statement whose `$1` is the repository's id and whose own parameters end at
   * `$<used>`: a CTE `opened` to put first in its WITH, the condition for its UPDATE (true only if this request
   * opens a window for the id and `client`), and the parameters to append. Expired windows are pruned about once a
   * minute (before the statement, without waiting on it).
   */
  windowFor(used: number, client: string): { cte: string; condition: string; params: SqlParam[] } {
    this.pruneSometimes();
    return {
      cte: `opened AS (
         INSERT INTO hub_download_windows AS w (repo_key, client, opened_at) VALUES (lower($1), $${used + 1}, now())
         ON CONFLICT (repo_key, client) DO UPDATE SET opened_at = EXCLUDED.opened_at
           WHERE w.opened_at <= EXCLUDED.opened_at - make_interval(secs => $${used + 2})
         RETURNING 1)`,
      condition: "EXISTS (SELECT 1 FROM opened)",
      params: [client.slice(0, CLIENT_KEY_CHARS), this.windowMs / 1000],
    };
  }

  /** About once a minute per server: deletes expired windows, and the oldest beyond maxRows. */
  private pruneSometimes(): void {
    const now = Date.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    this.prune().catch((error: unknown) =>
      console.error(`[hub] download windows prune failed: ${error instanceof Error ? error.message : error}`),
    );
  }

  async prune(): Promise<void> {
    await this.db.query(
      `DELETE FROM hub_download_windows WHERE opened_at <= now() - make_interval(secs => $1)
         OR opened_at <= (SELECT opened_at FROM hub_download_windows ORDER BY opened_at DESC OFFSET $2 LIMIT 1)`,
      [this.windowMs / 1000, this.maxRows],
    );
  }
}
