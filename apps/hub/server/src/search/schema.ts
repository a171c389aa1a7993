// Versions 130–139: the keys search ranks and forgives typos with (issue 20 point 2), on each repository table.
// Both are generated columns: PostgreSQL computes them from the id on every insert, update and rename, so no write
// path of the index can leave them behind, and adding them fills in every existing row.
//   name_key  — the name (after the `/`) in lower case with everything but letters and digits removed
//               (`meta-llama/Llama-3.1-8B` → `llama318b`): exact-name and name-prefix ranking read it through a
//               b-tree (text_pattern_ops, so `LIKE 'llama3%'` is an index range too).
//   typo_keys — (migration 130; 131 moved these keys into the `search` column, see below) the one-typo
//               neighbourhood of every word of 5 or more characters holding a letter (typo-query.ts has the rule).
import type { Migration } from "../store/migrations.js";

const TABLES = ["hub_models", "hub_datasets", "hub_spaces"] as const;

/**
 * Each word x (lower case, letters and digits, cut to 40 characters, at least 5 long, with a letter) gives:
 * `x` itself, `-d` for each d = x with one letter deleted, and `d~i` for the same d tagged with the position i
 * it was deleted at. Only letters: digits must match as typed ("llama 4" is not a typo of Llama 3). Immutable (the id alone decides), as a generated column needs.
 */
const TYPO_KEYS_FUNCTION = `CREATE OR REPLACE FUNCTION hubkit_typo_keys(repo_id text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT keys.key)), ''::tsvector)
  FROM (SELECT left(part, 40) AS w FROM regexp_split_to_table(lower(repo_id), '[^a-z0-9]+') AS part) AS words
  CROSS JOIN LATERAL (
    SELECT words.w AS key
    UNION ALL SELECT '-' || overlay(words.w PLACING '' FROM i FOR 1) FROM generate_series(1, length(words.w)) AS i
      WHERE substr(words.w, i, 1) ~ '[a-z]'
    UNION ALL SELECT overlay(words.w PLACING '' FROM i FOR 1) || '~' || i FROM generate_series(1, length(words.w)) AS i
      WHERE substr(words.w, i, 1) ~ '[a-z]'
  ) AS keys
  WHERE length(words.w) >= 5 AND words.w ~ '[a-z]'
$fn$`;

/**
 * Migration 131's keys: the same neighbourhood, marked so that no key can equal a prefix lexeme of the `search`
 * column it now joins (`=x` for the word itself, `-d`, `d~i`; a word is letters and digits only).
 */
const MARKED_TYPO_KEYS_FUNCTION = `CREATE OR REPLACE FUNCTION hubkit_search_typo_keys(repo_id text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
  SELECT coalesce(array_to_tsvector(array_agg(DISTINCT keys.key)), ''::tsvector)
  FROM (SELECT left(part, 40) AS w FROM regexp_split_to_table(lower(repo_id), '[^a-z0-9]+') AS part) AS words
  CROSS JOIN LATERAL (
    SELECT '=' || words.w AS key
    UNION ALL SELECT '-' || overlay(words.w PLACING '' FROM i FOR 1) FROM generate_series(1, length(words.w)) AS i
      WHERE substr(words.w, i, 1) ~ '[a-z]'
    UNION ALL SELECT overlay(words.w PLACING '' FROM i FOR 1) || '~' || i FROM generate_series(1, length(words.w)) AS i
      WHERE substr(words.w, i, 1) ~ '[a-z]'
  ) AS keys
  WHERE length(words.w) >= 5 AND words.w ~ '[a-z]'
$fn$`;

export const SEARCH_MIGRATIONS: readonly Migration[] = [
  {
    version: 130,
    name: "search ranking and typo keys: generated name_key and typo_keys on every repository table",
    statements: [
      TYPO_KEYS_FUNCTION,
      ...TABLES.flatMap((table) => [
        `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS name_key text GENERATED ALWAYS AS
          (regexp_replace(lower(substr(id, strpos(id, '/') + 1)), '[^a-z0-9]+', '', 'g')) STORED`,
        `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS typo_keys tsvector GENERATED ALWAYS AS
          (hubkit_typo_keys(id)) STORED`,
        `CREATE INDEX IF NOT EXISTS ${table}_name_key_idx ON ${table} (name_key text_pattern_ops)`,
        `CREATE INDEX IF NOT EXISTS ${table}_typo_keys_idx ON ${table} USING gin (typo_keys)`,
      ]),
    ],
  },
  {
    // bench/search.ts at 100 k: a typo query over two columns ORed per word made the planner recheck ~6 600 heap
    // pages (180-220 ms). In the `search` column itself, a query's words and their typo keys are one tsquery that
    // GIN answers alone. The write paths add the keys (model-store.ts rowsSql, db-repo-index.ts rename).
    version: 131,
    name: "typo keys join the full-text search column; the separate typo_keys column goes",
    statements: [
      MARKED_TYPO_KEYS_FUNCTION,
      ...TABLES.flatMap((table) => [
        `DROP INDEX IF EXISTS ${table}_typo_keys_idx`,
        `ALTER TABLE ${table} DROP COLUMN IF EXISTS typo_keys`,
        `UPDATE ${table} SET search = search || hubkit_search_typo_keys(id)`,
      ]),
      "DROP FUNCTION IF EXISTS hubkit_typo_keys(text)",
    ],
  },
];
