// The trending tables (migration versions 140–149), run by store/migrations.ts's migrate() beside the others.
// Downloads are counted per repository and UTC day (kept 90 days, pruned by trending-store.ts); each repository
// table gets the decayed activity of its last 30 days (`trending_activity`, hundredths, written by
// trending-store.ts) and a sort key built from it with a curated weight (curated-order.ts: the seed's own order) and
// the all-time downloads as tie-breaks, so a hub with no activity at all lists in a stable curated order, never
// alphabetically. Migration 140's key had downloads alone as the tie-break, which the seed (no figures) left at 0.
import type { Migration } from "../store/migrations.js";

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
];
