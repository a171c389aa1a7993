// The dataset viewer's tables (migration versions 120–129), run by store/migrations.ts's migrate() beside the others.
// One conversion row per dataset (the job and its outcome) and the statistics cache per converted revision.
// Repositories are keyed by lower-case id, like hub_lfs_links.
import type { Migration } from "../store/migrations.js";

export const DATASET_VIEWER_MIGRATIONS: readonly Migration[] = [
  {
    version: 120,
    name: "dataset viewer: Parquet conversion jobs per dataset and cached statistics per converted revision",
    statements: [
      // state: queued | running | done | error. `revision` is the default-branch commit the row is about;
      // `result` the converted configs/splits (done) — the API reads it, never the source files.
      `CREATE TABLE IF NOT EXISTS hub_dataset_conversions (
        repo_key text PRIMARY KEY,
        repo_id text NOT NULL,
        revision text NOT NULL,
        state text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        error_code text,
        error_message text,
        result jsonb,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX IF NOT EXISTS hub_dataset_conversions_state_idx ON hub_dataset_conversions (state, updated_at)",
      `CREATE TABLE IF NOT EXISTS hub_dataset_statistics (
        repo_key text NOT NULL,
        revision text NOT NULL,
        config text NOT NULL,
        split text NOT NULL,
        body jsonb NOT NULL,
        PRIMARY KEY (repo_key, revision, config, split)
      )`,
    ],
  },
];
