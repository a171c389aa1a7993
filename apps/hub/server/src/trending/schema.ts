// The trending tables (migration versions 140–149), run by store/migrations.ts's migrate() beside the others.
// Downloads are counted per repository and UTC day (kept 90 days, pruned by trending-store.ts). Since 142 each
// repository with an event in the last 30 days has a row in hub_trending (its score and the key listings sort it
// by, written by scores.ts), and each repository table keeps `trending_sort`, the static part of the order: a curated
// weight (curated-order.ts: the seed's own order), then the all-time downloads, so a hub with no activity at all
// lists in a stable curated order, never alphabetically (trending/listing.ts reads the two). 140-141 kept the
// decayed activity on the repository row (`trending_activity`, 0 since 142).
import type { Migration } from "../store/migrations.js";
import { HALF_LIFE_DAYS, LIKE_WEIGHT, WINDOW_DAYS } from "./window.js";

/** The activity part of the sort key is capped so the whole key fits a bigint (and the cursor's 18 digits). */
export const MAX_ACTIVITY = 899_999_999;
/** The popularity part: below one unit of activity. */
const POPULARITY_SPAN = 1_000_000_000;

function trendingColumns(table: string): string[] {
  return [
    `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS trending_activity bigint NOT NULL DEFAULT 0`,
    // Generated: every write of downloads_sort (imports, the seed, recorded downloads) keeps the key right.
    `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS trending_sort bigint GENERATED ALWAYS AS (
       least(greatest(trending_activity, 0), ${MAX_ACTIVITY}) * ${POPULARITY_SPAN}
       + least(greatest(downloads_sort, 0), ${POPULARITY_SPAN - 1})) STORED`,
    // The keyset index every sort order has (model-store.ts SORT_KEYS): the key negated, then the id.
    `CREATE INDEX IF NOT EXISTS ${table}_trending_keyset_idx ON ${table} ((-trending_sort), id)`,
    // The few rows with activity, for the daily refresh that decays them.
    `CREATE INDEX IF NOT EXISTS ${table}_trending_active_idx ON ${table} (lower(id)) WHERE trending_activity <> 0`,
  ];
}

/**
 * Migration 141's sort key, 18 decimal digits at most (the cursor's bound): the activity (hundredths, capped at a
 * score of 8 999.99) × 10^12, then the curated weight (curated-order.ts: the seed's own order, capped at 99 999)
 * × 10^7, then the all-time downloads on a log scale (ln(1 + n) × 10^5: monotonic, so their order is kept, in 7
 * digits) — so with no activity anywhere the seed's curated order leads, then the most downloaded.
 */
function trendingKeyV2(table: string): string[] {
  return [
    `DROP INDEX IF EXISTS ${table}_trending_keyset_idx`,
    `ALTER TABLE ${table} DROP COLUMN IF EXISTS trending_sort`,
    `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS curated_weight bigint NOT NULL DEFAULT 0`,
    `ALTER TABLE ${table} ADD COLUMN trending_sort bigint GENERATED ALWAYS AS (
       least(greatest(trending_activity, 0), 899999) * 1000000000000
       + least(greatest(curated_weight, 0), 99999) * 10000000
       + least(floor(ln(1 + greatest(downloads_sort, 0)) * 100000), 9999999)::bigint) STORED`,
    `CREATE INDEX IF NOT EXISTS ${table}_trending_keyset_idx ON ${table} ((-trending_sort), id)`,
  ];
}

/**
 * Migration 142's sort key of a hub_trending row: ACTIVE_KEY_FLOOR (listing.ts) + the natural log of the score's
 * fixed-epoch form Σ n × 2^(day/7) (days since 1970), quantized to 10^-9. The row stores that sum relative to its
 * newest event's day (`weight` = Σ n × 2^((day − base_day)/7), at most the count of its events), so no stored
 * number grows with time: the log is ln(weight) + base_day × ln 2 / 7, about 2 000 in 2026, growing by 0.1 a day —
 * 18 digits last for millions of years, and no epoch ever needs re-basing (a stored 2^(day/7) from a fixed epoch
 * would overflow a double after ~20 years). The key depends on the events alone, never on today: the order
 * changes only with an event. Scores within a factor 1 + 10^-9 of each other tie (then the id decides).
 */
const SORT_KEY = `1000000000000000 + greatest(round(
    (ln(greatest(weight, 1e-300::float8)) + (base_day - DATE '1970-01-01')::float8 * ln(2::float8) / ${HALF_LIFE_DAYS})
    * 1000000000)::bigint, 0)`;

/** Each repository's score as of today (UTC) from its day rows and likes of the window: the conversion of 142. */
const CONVERT_SCORES = `INSERT INTO hub_trending (repo_type, repo_key, base_day, oldest_day, weight)
  SELECT repo_type, repo_key, max(day), min(day),
    sum(n * power(2::float8, (day - today)::float8 / ${HALF_LIFE_DAYS}))
      * power(2::float8, (today - max(day))::float8 / ${HALF_LIFE_DAYS})
  FROM (
    SELECT repo_type, repo_key, day, downloads::float8 AS n FROM hub_download_days
    UNION ALL
    SELECT repo_type, repo_key, (created_at AT TIME ZONE 'UTC')::date, ${LIKE_WEIGHT} FROM hub_likes
  ) AS events, (SELECT (now() AT TIME ZONE 'UTC')::date AS today) AS clock
  WHERE day > today - ${WINDOW_DAYS} AND day <= today
  GROUP BY repo_type, repo_key, today
  ON CONFLICT DO NOTHING`;

/** 142 on one repository table: its score moved to hub_trending, its trending_sort left with the static part. */
function staticKey(table: string): string[] {
  return [
    // trending_sort = activity × 10^12 + the static part (141): with the activity 0 it is the static part alone.
    // Zeroed rather than dropped: dropping the column would rewrite the table and rebuild its GIN indexes.
    `UPDATE ${table} SET trending_activity = 0 WHERE trending_activity <> 0`,
    `DROP INDEX IF EXISTS ${table}_trending_active_idx`,
  ];
}

export const TRENDING_MIGRATIONS: readonly Migration[] = [
  {
    version: 140,
    name: "downloads per repository and day; trending activity and sort key on every repository table",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_download_days (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        day date NOT NULL,
        downloads bigint NOT NULL,
        PRIMARY KEY (repo_type, repo_key, day)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_download_days_day_idx ON hub_download_days (day)",
      "CREATE INDEX IF NOT EXISTS hub_likes_repo_created_idx ON hub_likes (repo_type, repo_key, created_at)",
      ...trendingColumns("hub_models"),
      ...trendingColumns("hub_datasets"),
      ...trendingColumns("hub_spaces"),
    ],
  },
  {
    version: 141,
    name: "trending sort key: activity, then the seed's curated order, then all-time downloads",
    statements: [...trendingKeyV2("hub_models"), ...trendingKeyV2("hub_datasets"), ...trendingKeyV2("hub_spaces")],
  },
  {
    // Before, every download and like rewrote the repository's row (and, as every update of that row does, its
    // search keys' GIN entries: ~3 ms on PGlite), and the day's first read rewrote every active row (5-13 s at
    // 2 000 active repositories). A score that decays by a multiplication at read time, in a table of its own,
    // needs neither (trending/scores.ts).
    version: 142,
    name: "trending scores in hub_trending (one row per active repository, sorted by a key that needs no daily rewrite)",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_trending (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        base_day date NOT NULL,
        oldest_day date NOT NULL,
        weight float8 NOT NULL,
        sort_key bigint GENERATED ALWAYS AS (${SORT_KEY}) STORED,
        PRIMARY KEY (repo_type, repo_key)
      )`,
      // The listing's keyset index (trending/listing.ts) and the daily expiry's (scores.ts).
      "CREATE INDEX IF NOT EXISTS hub_trending_sort_idx ON hub_trending (repo_type, (-sort_key), repo_key)",
      "CREATE INDEX IF NOT EXISTS hub_trending_expiry_idx ON hub_trending (repo_type, oldest_day)",
      CONVERT_SCORES,
      ...staticKey("hub_models"),
      ...staticKey("hub_datasets"),
      ...staticKey("hub_spaces"),
    ],
  },
];
