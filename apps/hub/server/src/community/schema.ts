// The Community tables (migration versions 80–89), run by store/migrations.ts's migrate() beside the others.
// Discussions and pull requests live in the index; a pull request's changes live in git (`refs/pr/{num}`).
// Repositories are keyed by type and lower-case id, like hub_likes and hub_lfs_links.
import type { Migration } from "../store/migrations.js";

export const COMMUNITY_MIGRATIONS: readonly Migration[] = [
  {
    version: 80,
    name: "discussions and pull requests per repository, their events, and the per-repository number counter",
    statements: [
      // One row per repository: the last number handed out (discussions and pull requests share it).
      `CREATE TABLE IF NOT EXISTS hub_discussion_counters (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        last_num integer NOT NULL,
        PRIMARY KEY (repo_type, repo_key)
      )`,
      `CREATE TABLE IF NOT EXISTS hub_discussions (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        num integer NOT NULL,
        title text NOT NULL,
        author text NOT NULL,
        is_pull_request boolean NOT NULL,
        status text NOT NULL,
        target_branch text,
        merge_commit text,
        num_comments integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (repo_type, repo_key, num)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_discussions_author_idx ON hub_discussions (repo_type, repo_key, lower(author), created_at)",
      `CREATE TABLE IF NOT EXISTS hub_discussion_events (
        id text PRIMARY KEY,
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        num integer NOT NULL,
        seq bigserial NOT NULL,
        type text NOT NULL,
        author text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        data jsonb NOT NULL
      )`,
      "CREATE INDEX IF NOT EXISTS hub_discussion_events_num_idx ON hub_discussion_events (repo_type, repo_key, num, seq)",
      "CREATE INDEX IF NOT EXISTS hub_discussion_events_author_idx ON hub_discussion_events (repo_type, repo_key, lower(author), created_at)",
    ],
  },
];
