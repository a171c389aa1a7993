// Schema migrations, in code and in order. Each runs once, inside a transaction, and is recorded in
// hub_schema_migrations. Never edit a migration that has shipped: add a new one.
import { AUTH_MIGRATIONS } from "../auth/schema.js";
import { SESSION_MIGRATIONS } from "../auth/session-schema.js";
import { COLLECTION_MIGRATIONS } from "../collections/schema.js";
import { COMMUNITY_MIGRATIONS } from "../community/schema.js";
import { DATASET_VIEWER_MIGRATIONS } from "../dataset-viewer/schema.js";
import { GATING_MIGRATIONS } from "../gating/schema.js";
import { INSTANCE_MIGRATIONS } from "../instances/schema.js";
import { JOB_MIGRATIONS } from "../jobs/schema.js";
import { MULTIPART_MIGRATIONS } from "../lfs/multipart-schema.js";
import { LFS_MIGRATIONS } from "../lfs/schema.js";
import { STORAGE_MIGRATIONS } from "../repos/schema.js";
import { SEARCH_MIGRATIONS } from "../search/schema.js";
import { TRENDING_MIGRATIONS } from "../trending/schema.js";
import { WEBHOOK_MIGRATIONS } from "../webhooks/schema.js";
import { XET_MIGRATIONS } from "../xet/schema.js";
import type { Db } from "./db.js";
import { DOWNLOAD_PENDING_MIGRATIONS } from "./download-pending.js";
import { DOWNLOAD_WINDOW_MIGRATIONS } from "./download-window.js";

export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

// Sort keys are stored as NOT NULL bigints (last_modified as epoch milliseconds; unknown = -1) so that keyset pagination can compare
// plain values and one b-tree index serves each sort order.
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "models table with full-text search and an index per filter and sort",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_models (
        id text PRIMARY KEY,
        author text NOT NULL,
        pipeline_tag text,
        library_name text,
        tags text[] NOT NULL DEFAULT '{}',
        providers text[] NOT NULL DEFAULT '{}',
        downloads bigint,
        likes bigint,
        last_modified timestamptz,
        created_at timestamptz,
        downloads_sort bigint NOT NULL DEFAULT -1,
        likes_sort bigint NOT NULL DEFAULT -1,
        last_modified_sort bigint NOT NULL DEFAULT -1,
        search tsvector NOT NULL,
        record jsonb NOT NULL
      )`,
      "CREATE INDEX IF NOT EXISTS hub_models_search_idx ON hub_models USING gin (search)",
      "CREATE INDEX IF NOT EXISTS hub_models_tags_idx ON hub_models USING gin (tags)",
      "CREATE INDEX IF NOT EXISTS hub_models_providers_idx ON hub_models USING gin (providers)",
      "CREATE INDEX IF NOT EXISTS hub_models_author_idx ON hub_models (author)",
      "CREATE INDEX IF NOT EXISTS hub_models_pipeline_idx ON hub_models (pipeline_tag, downloads_sort DESC, id)",
      "CREATE INDEX IF NOT EXISTS hub_models_library_idx ON hub_models (library_name, downloads_sort DESC, id)",
      "CREATE INDEX IF NOT EXISTS hub_models_downloads_idx ON hub_models (downloads_sort DESC, id)",
      "CREATE INDEX IF NOT EXISTS hub_models_likes_idx ON hub_models (likes_sort DESC, id)",
      "CREATE INDEX IF NOT EXISTS hub_models_modified_idx ON hub_models (last_modified_sort DESC, id)",
    ],
  },
  {
    version: 2,
    name: "index every prefix of every id word as an exact lexeme",
    // Same words as searchLexemes() in model-record.ts (lower case, split on non-alphanumerics, 40-char cap);
    // rows written from now on get their lexemes from the application.
    statements: [
      `UPDATE hub_models SET search = coalesce((
        SELECT array_to_tsvector(array_agg(DISTINCT left(word, n)))
        FROM unnest(regexp_split_to_array(lower(id), '[^[:alnum:]]+')) AS word,
          generate_series(1, least(length(word), 40)) AS n
        WHERE word <> ''), ''::tsvector)`,
    ],
  },
  {
    version: 3,
    name: "key-value facts about the index (which seed it holds)",
    statements: ["CREATE TABLE IF NOT EXISTS hub_meta (key text PRIMARY KEY, value text NOT NULL)"],
  },
  {
    version: 4,
    name: "GIN indexes without a pending list; keyset indexes on the negated sort keys",
    // GIN's fast-update pending list is scanned linearly by every search until VACUUM merges it, and PGlite has
    // no autovacuum: after an import the search index answered from an unsorted list of up to 4 MB, and the
    // planner (rightly) avoided it. The index is written in bulk by imports, so slower inserts cost little.
    // Pages are ordered `sort key DESC, id ASC` (or the reverse): with the key negated, that is one ascending
    // b-tree order, so the cursor `(-key, id) > (-value, id)` is a single row comparison the index scan starts
    // at, even inside a long run of equal keys (the seed has no download counts at all).
    statements: [
      "ALTER INDEX hub_models_search_idx SET (fastupdate = off)",
      "ALTER INDEX hub_models_tags_idx SET (fastupdate = off)",
      "ALTER INDEX hub_models_providers_idx SET (fastupdate = off)",
      "SELECT gin_clean_pending_list('hub_models_search_idx'::regclass)",
      "SELECT gin_clean_pending_list('hub_models_tags_idx'::regclass)",
      "SELECT gin_clean_pending_list('hub_models_providers_idx'::regclass)",
      "DROP INDEX IF EXISTS hub_models_downloads_idx",
      "DROP INDEX IF EXISTS hub_models_likes_idx",
      "DROP INDEX IF EXISTS hub_models_modified_idx",
      "DROP INDEX IF EXISTS hub_models_pipeline_idx",
      "DROP INDEX IF EXISTS hub_models_library_idx",
      "CREATE INDEX IF NOT EXISTS hub_models_downloads_keyset_idx ON hub_models ((-downloads_sort), id)",
      "CREATE INDEX IF NOT EXISTS hub_models_likes_keyset_idx ON hub_models ((-likes_sort), id)",
      "CREATE INDEX IF NOT EXISTS hub_models_modified_keyset_idx ON hub_models ((-last_modified_sort), id)",
      "CREATE INDEX IF NOT EXISTS hub_models_pipeline_keyset_idx ON hub_models (pipeline_tag, (-downloads_sort), id)",
      "CREATE INDEX IF NOT EXISTS hub_models_library_keyset_idx ON hub_models (library_name, (-downloads_sort), id)",
    ],
  },
  // Versions 10–19: the repository index (issue 11). Datasets and spaces get a table each, shaped like
  // hub_models: every listing then filters and sorts one table with its own statistics, and the model queries
  // (the big table) keep their plans.
  {
    version: 10,
    name: "repository facts on hub_models: private, sha, createdAt sort key, case-insensitive id look-up",
    statements: [
      "ALTER TABLE hub_models ADD COLUMN IF NOT EXISTS private boolean NOT NULL DEFAULT false",
      "ALTER TABLE hub_models ADD COLUMN IF NOT EXISTS sha text",
      "ALTER TABLE hub_models ADD COLUMN IF NOT EXISTS created_at_sort bigint NOT NULL DEFAULT -1",
      `UPDATE hub_models SET created_at_sort = (extract(epoch FROM created_at) * 1000)::bigint
        WHERE created_at IS NOT NULL`,
      "CREATE INDEX IF NOT EXISTS hub_models_id_lower_idx ON hub_models (lower(id))",
      "CREATE INDEX IF NOT EXISTS hub_models_created_keyset_idx ON hub_models ((-created_at_sort), id)",
    ],
  },
  {
    version: 11,
    name: "datasets and spaces tables shaped like hub_models",
    statements: [
      "CREATE TABLE IF NOT EXISTS hub_datasets (LIKE hub_models INCLUDING ALL)",
      "CREATE TABLE IF NOT EXISTS hub_spaces (LIKE hub_models INCLUDING ALL)",
    ],
  },
  {
    version: 12,
    name: "likes per user",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_likes (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        user_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (repo_type, repo_key, user_key)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_likes_user_idx ON hub_likes (user_key, created_at DESC)",
    ],
  },
  {
    version: 13,
    name: "repository ids unique ignoring case; earlier case-variant duplicates set aside",
    statements: caseUniqueStatements(),
  },
];

/**
 * Issue 17: the lower(id) index was not unique, so concurrent creations of `A/Race` and `A/race` made two rows, of
 * which lookups (lower(id) = …, ORDER BY id LIMIT 1) only ever reached the first. That first row stays; the others
 * move to hub_case_duplicates (whole, with the id they lost to) rather than being dropped, so an operator can see
 * them; their git folders stay on disk untouched (reconcile leaves a case-variant folder of an indexed id alone).
 * Then the unique index replaces the plain one.
 */
function caseUniqueStatements(): string[] {
  const statements = [
    `CREATE TABLE IF NOT EXISTS hub_case_duplicates (
      repo_type text NOT NULL,
      id text NOT NULL,
      kept_id text NOT NULL,
      private boolean NOT NULL,
      sha text,
      record jsonb NOT NULL,
      set_aside_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (repo_type, id)
    )`,
  ];
  const tables = [
    ["model", "hub_models"],
    ["dataset", "hub_datasets"],
    ["space", "hub_spaces"],
  ] as const;
  for (const [type, table] of tables)
    statements.push(
      `INSERT INTO hub_case_duplicates (repo_type, id, kept_id, private, sha, record)
       SELECT '${type}', t.id, k.kept, t.private, t.sha, t.record
       FROM ${table} AS t JOIN (SELECT id, first_value(id) OVER (PARTITION BY lower(id) ORDER BY id) AS kept
         FROM ${table}) AS k USING (id)
       WHERE t.id <> k.kept
       ON CONFLICT (repo_type, id) DO NOTHING`,
      `DELETE FROM ${table} AS t USING hub_case_duplicates AS d WHERE d.repo_type = '${type}' AND d.id = t.id`,
      `CREATE UNIQUE INDEX IF NOT EXISTS ${table}_id_lower_key ON ${table} (lower(id))`,
    );
  // The plain indexes the unique ones replace (hub_datasets/hub_spaces got theirs from LIKE … INCLUDING ALL).
  statements.push(
    "DROP INDEX IF EXISTS hub_models_id_lower_idx",
    "DROP INDEX IF EXISTS hub_datasets_lower_idx",
    "DROP INDEX IF EXISTS hub_spaces_lower_idx",
  );
  return statements;
}

/** Every migration of the server (index, accounts, storage), in the order they apply. */
export const ALL_MIGRATIONS: readonly Migration[] = [
  ...MIGRATIONS,
  ...AUTH_MIGRATIONS,
  ...SESSION_MIGRATIONS,
  ...STORAGE_MIGRATIONS,
  ...LFS_MIGRATIONS,
  ...XET_MIGRATIONS,
  ...COMMUNITY_MIGRATIONS,
  ...GATING_MIGRATIONS,
  ...DATASET_VIEWER_MIGRATIONS,
  ...COLLECTION_MIGRATIONS,
  ...WEBHOOK_MIGRATIONS,
  ...SEARCH_MIGRATIONS,
  ...TRENDING_MIGRATIONS,
  ...INSTANCE_MIGRATIONS,
  ...JOB_MIGRATIONS,
  ...MULTIPART_MIGRATIONS,
  ...DOWNLOAD_WINDOW_MIGRATIONS,
  ...DOWNLOAD_PENDING_MIGRATIONS,
].sort((a, b) => a.version - b.version);

export async function migrate(db: Db): Promise<number[]> {
  // Under the lock too: two servers' concurrent CREATE TABLE IF NOT EXISTS on a fresh database collide in pg_type.
  await db.transaction(async (tx) => {
    if (db.kind === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7307001)");
    await tx.query(
      `CREATE TABLE IF NOT EXISTS hub_schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`,
    );
  });
  const applied: number[] = [];
  for (const migration of ALL_MIGRATIONS) {
    const done = await db.transaction(async (tx) => {
      // Two servers starting on one database must not both migrate: the advisory lock serialises them.
      if (db.kind === "postgres") await tx.query("SELECT pg_advisory_xact_lock(7307001)");
      const rows = await tx.query("SELECT 1 FROM hub_schema_migrations WHERE version = $1", [migration.version]);
      if (rows.length > 0) return false;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query("INSERT INTO hub_schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
