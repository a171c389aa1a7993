// One download counted in one statement (DbRepoIndex.recordDownload): the repository's row found by its id in any
// case, the count rules' library condition tested on the row itself (download-rules.ts countingLibraries), for
// datasets the client's window (download-window.ts), the pending count (download-pending.ts, folded into the row
// in batches) and the trending day row and score (trending/scores.ts) — instead of a read, an UPDATE of the row
// and an upsert in three round trips. A popular repository's pending row is what its resolves queue on: the
// statement commits asynchronously (synchronous_commit off for its own transaction), releasing that lock without
// waiting for the WAL flush. A database crash can lose the last fraction of a second of counts (never a
// repository's data, which other statements write); a download count is a statistic, not a promise.
import type { RepoType } from "../repos/repo-ref.js";
import { addEventsFrom } from "../trending/scores.js";
import type { Db, SqlParam } from "./db.js";
import { type CountingLibraries, countingLibraries } from "./download-rules.js";
import type { DownloadWindows } from "./download-window.js";
import { TABLES } from "./model-store.js";

/**
 * $1 the id as asked, $2 the type, $3 today, $4 `byDefault` and $5 `except` of countingLibraries (the path counts
 * for a library ⇔ byDefault XOR library ∈ except; no library counts as one without rules), then the window's.
 */
function statement(table: string, window?: { cte: string; condition: string }): string {
  return `WITH ${window === undefined ? "" : `${window.cte},`}
    target AS (
      SELECT lower(id) AS repo_key FROM ${table}
      WHERE lower(id) = lower($1)
        AND $4::boolean <> coalesce(library_name = ANY($5::text[]), false)
        ${window === undefined ? "" : `AND ${window.condition}`}
        AND set_config('synchronous_commit', 'off', true) IS NOT NULL),
    counted AS (
      INSERT INTO hub_download_pending AS p (repo_type, repo_key, n) SELECT $2::text, repo_key, 1 FROM target
      ON CONFLICT (repo_type, repo_key) DO UPDATE SET n = p.n + 1
      RETURNING repo_key),
    event AS (SELECT $2::text AS repo_type, repo_key, $3::date AS day, 1 AS n, true AS in_window FROM counted),
    ${addEventsFrom("event")}
  RETURNING 1`;
}

/**
 * Counts one download of `path` in the repository `id` of `type` (mayCountAsDownload said it can count for some
 * library; the row's own library decides here) on `today`, for datasets once per window of `client`. Whether it
 * counted (the score row written is the count's: today is always in the window).
 */
export async function countDownload(
  db: Db,
  request: { type: RepoType; id: string; path: string; today: string },
  windows?: { windows: DownloadWindows; client: string },
): Promise<boolean> {
  const libraries: CountingLibraries =
    request.type === "model" ? countingLibraries(request.path) : { byDefault: true, except: [] };
  const params: SqlParam[] = [request.id, request.type, request.today, libraries.byDefault, libraries.except];
  const window = windows?.windows.windowFor(params.length, windows.client);
  const rows = await db.query(statement(TABLES[request.type], window), [...params, ...(window?.params ?? [])]);
  return rows.length > 0;
}
