// The trending scores in hub_trending (schema.ts, migration 142): one row per repository with an event (a download
// day row, a like) in the last WINDOW_DAYS days. A row holds its score as of its newest event's day
// (`base_day`): weight = Σ n × 2^((day − base_day) / HALF_LIFE_DAYS) over its events in the window. Today's score is
// that × 2^((base_day − today) / HALF_LIFE_DAYS), computed when read (listing.ts), so the day changing writes
// nothing, and the sort key (ln of the fixed-epoch sum) orders the same on every day. What writes a row:
//   - an event (a download): one statement adds it — the day row, and the row's weight re-based to the newer of the
//     two days when the event is newer (the weight stays at most the number of events: no overflow ever);
//   - a like, an unlike, the events' expiry: a recount of the row from its events (exact, so no drift from adding
//     and subtracting floats accumulates), under a lock on the row so that a download recorded meanwhile is kept;
//   - the daily expiry pass: only the rows with an event that just left the window (`oldest_day`, indexed),
//     EXPIRY_CHUNK per transaction; a row with no event left is deleted.
// None of these touch the repository's own row, whose updates also rewrite its search keys' GIN entries.
import type { RepoType } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { HALF_LIFE_DAYS, LIKE_WEIGHT, WINDOW_DAYS } from "./window.js";

/** Rows recounted per transaction by the expiry pass (each a handful of index reads and one small row write). */
export const EXPIRY_CHUNK = 500;
/** Rounds of the expiry pass per type and run: EXPIRY_CHUNK × this rows at most (the next run does the rest). */
const EXPIRY_ROUNDS = 2_000;

const halving = (days: string) => `power(2::float8, (${days})::float8 / ${HALF_LIFE_DAYS})`;

/**
 * The tail of a statement adding events read from `events`, a relation of one row per repository and day (columns
 * repo_type, repo_key — lower-case —, day, n, in_window — whether the day is in today's window): the day rows, and
 * the scores of those in the window. The statement that ends with this (ADD_EVENTS, or a download's count,
 * store/download-count.ts) writes the two together. Two downloads lock the same rows in the same order (one plan),
 * and recount() reads day rows without locking them, so none of them deadlock.
 */
export const addEventsFrom = (events: string) => `day_row AS (
    INSERT INTO hub_download_days (repo_type, repo_key, day, downloads)
    SELECT repo_type, repo_key, day, n FROM ${events}
    ON CONFLICT (repo_type, repo_key, day) DO UPDATE SET downloads = hub_download_days.downloads + EXCLUDED.downloads
  )
  INSERT INTO hub_trending AS t (repo_type, repo_key, base_day, oldest_day, weight)
  SELECT repo_type, repo_key, day, day, n::float8 FROM ${events} WHERE in_window
  ON CONFLICT (repo_type, repo_key) DO UPDATE SET
    weight = CASE WHEN EXCLUDED.base_day > t.base_day
      THEN t.weight * ${halving("t.base_day - EXCLUDED.base_day")} + EXCLUDED.weight
      ELSE t.weight + EXCLUDED.weight * ${halving("EXCLUDED.base_day - t.base_day")} END,
    base_day = greatest(t.base_day, EXCLUDED.base_day),
    oldest_day = least(t.oldest_day, EXCLUDED.oldest_day)`;

/** $1 type, $2 lower-case id, $3 day, $4 count, $5 whether the day is in today's window. */
const ADD_EVENTS = `WITH event AS (
    SELECT $1::text AS repo_type, $2::text AS repo_key, $3::date AS day, $4::int AS n, $5::boolean AS in_window
  ), ${addEventsFrom("event")}`;

/** $1 type, $2 lower-case ids: locks their score rows (in key order, so two recounts never deadlock). */
const LOCK = `SELECT repo_key FROM hub_trending WHERE repo_type = $1 AND repo_key = ANY($2::text[])
  ORDER BY repo_key FOR UPDATE`;

/**
 * $1 type, $2 lower-case ids, $3 today: their scores counted again from their events of the window; a row without
 * any event left is deleted. The weight is summed as of today (factors ≥ 2^(-30/7), so no underflow) and re-based
 * to the newest event's day.
 */
const RECOUNT = `WITH events AS (
    SELECT repo_key, day, downloads::float8 AS n FROM hub_download_days
    WHERE repo_type = $1 AND repo_key = ANY($2::text[]) AND day > $3::date - ${WINDOW_DAYS} AND day <= $3::date
    UNION ALL
    SELECT repo_key, (created_at AT TIME ZONE 'UTC')::date, ${LIKE_WEIGHT} FROM hub_likes
    WHERE repo_type = $1 AND repo_key = ANY($2::text[])
      AND (created_at AT TIME ZONE 'UTC')::date > $3::date - ${WINDOW_DAYS}
      AND (created_at AT TIME ZONE 'UTC')::date <= $3::date
  ), scored AS (
    SELECT repo_key, max(day) AS base_day, min(day) AS oldest_day, sum(n * ${halving("day - $3::date")}) AS weight
    FROM events GROUP BY repo_key
  ), gone AS (
    DELETE FROM hub_trending WHERE repo_type = $1 AND repo_key = ANY($2::text[])
      AND repo_key NOT IN (SELECT repo_key FROM scored)
  )
  INSERT INTO hub_trending (repo_type, repo_key, base_day, oldest_day, weight)
  SELECT $1, repo_key, base_day, oldest_day, weight * ${halving("$3::date - base_day")} FROM scored
  ON CONFLICT (repo_type, repo_key) DO UPDATE
    SET base_day = EXCLUDED.base_day, oldest_day = EXCLUDED.oldest_day, weight = EXCLUDED.weight`;

/** $1 type, $2 today, $3 limit: rows holding an event that is no longer in the window. */
const EXPIRING = `SELECT repo_key FROM hub_trending WHERE repo_type = $1 AND oldest_day <= $2::date - ${WINDOW_DAYS}
  ORDER BY oldest_day, repo_key LIMIT $3`;

/** Whether `day` counts on `today` (both `YYYY-MM-DD`, which compare as dates). */
export function inWindow(day: string, today: string): boolean {
  const age = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000;
  return age >= 0 && age < WINDOW_DAYS;
}

/** Adds `count` downloads of the repository of lower-case id `key` on `day`: its day row, and its score. */
export async function addEvents(
  db: Pick<Db, "query">,
  type: RepoType,
  key: string,
  count: number,
  day: string,
  today: string,
): Promise<void> {
  await db.query(ADD_EVENTS, [type, key, day, count, inWindow(day, today)]);
}

/**
 * Counts the scores of `keys` (lower-case ids of `type`) again from their events, as of `today`. The rows are
 * locked first, in a statement of their own: the recount's snapshot is then taken after every download that got
 * the lock before it, and a download waiting for the lock adds its event to the recounted row afterwards.
 */
export async function recount(db: Db, type: RepoType, keys: readonly string[], today: string): Promise<void> {
  if (keys.length === 0) return;
  await db.transaction(async (tx) => {
    await tx.query(LOCK, [type, [...keys]]);
    await tx.query(RECOUNT, [type, [...keys], today]);
  });
}

/**
 * The daily expiry: every row holding an event that left the window is recounted (or deleted). Touches only
 * those rows — the repositories downloaded or liked exactly WINDOW_DAYS days ago, in a pass a day — whatever
 * the number of active repositories. Returns how many were recounted.
 */
export async function expire(db: Db, types: readonly RepoType[], today: string): Promise<number> {
  let recounted = 0;
  for (const type of types)
    for (let round = 0; round < EXPIRY_ROUNDS; round += 1) {
      const rows = await db.query<{ repo_key: string }>(EXPIRING, [type, today, EXPIRY_CHUNK]);
      await recount(
        db,
        type,
        rows.map((row) => row.repo_key),
        today,
      );
      recounted += rows.length;
      if (rows.length < EXPIRY_CHUNK) break;
    }
  return recounted;
}

/** A rename moves the repository's score row to its new id (inside the rename's transaction). */
export async function renameScore(tx: Pick<Db, "query">, type: RepoType, from: string, to: string): Promise<void> {
  if (from.toLowerCase() === to.toLowerCase()) return;
  await tx.query("DELETE FROM hub_trending WHERE repo_type = $1 AND repo_key = lower($2)", [type, to]);
  await tx.query("UPDATE hub_trending SET repo_key = lower($3) WHERE repo_type = $1 AND repo_key = lower($2)", [
    type,
    from,
    to,
  ]);
}

/** A deleted repository's score goes with it. */
export async function removeScore(tx: Pick<Db, "query">, type: RepoType, id: string): Promise<void> {
  await tx.query("DELETE FROM hub_trending WHERE repo_type = $1 AND repo_key = lower($2)", [type, id]);
}
