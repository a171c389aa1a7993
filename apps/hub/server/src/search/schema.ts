// Versions 130–139: the keys search ranks and forgives typos with (issue 20 point 2), on each repository table.
//   name_key  — a generated column (PostgreSQL computes it from the id on every insert, update and rename, so no
//               write path can leave it behind, and adding it fills in every existing row): the name (after the
//               `/`) in lower case, only its letters and digits (`meta-llama/Llama-3.1-8B` → `llama318b`): exact-name and name-prefix ranking read it through a
//               b-tree (text_pattern_ops, so `LIKE 'llama3%'` is an index range too).
//   typo keys — in the full-text `search` column (131): the one-typo neighbourhood of every word of 5 or more
//               characters holding a letter (typo-query.ts has the rule; backfill.ts fills in older rows).
import type { Migration } from "../store/migrations.js";

const TABLES = ["hub_models", "hub_datasets", "hub_spaces"] as const;

export const SEARCH_MIGRATIONS: readonly Migration[] = [
  {
    version: 130,
    name: "search ranking: a generated name_key on every repository table",
    // Its first form also added a generated typo_keys column (an SQL function of the id, ~2 ms a row: far too slow
    // for a large index at start); 131 drops it where it was made, and the keys live in `search` instead.
    statements: [
      ...TABLES.flatMap((table) => [
        `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS name_key text GENERATED ALWAYS AS
          (regexp_replace(lower(substr(id, strpos(id, '/') + 1)), '[^a-z0-9]+', '', 'g')) STORED`,
        `CREATE INDEX IF NOT EXISTS ${table}_name_key_idx ON ${table} (name_key text_pattern_ops)`,
      ]),
    ],
  },
  {
    // bench/search.ts at 100 k: a typo query over two columns ORed per word made the planner recheck ~6 600 heap
    // pages (180-220 ms). In the `search` column itself, a query's words and their typo keys are one tsquery that
    // GIN answers alone. The write paths add the same keys from typo-query.ts's indexTypoKeys, and backfill.ts adds
    // them to the rows of before, in batches (in one UPDATE here, ~2 ms a row ran past the statement timeout).
    version: 131,
    name: "typo keys join the full-text search column; the separate typo_keys column goes",
    statements: [
      ...TABLES.flatMap((table) => [
        `DROP INDEX IF EXISTS ${table}_typo_keys_idx`,
        `ALTER TABLE ${table} DROP COLUMN IF EXISTS typo_keys`,
      ]),
      "DROP FUNCTION IF EXISTS hubkit_typo_keys(text)",
    ],
  },
];
