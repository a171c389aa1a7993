// The gating tables (migration versions 90–99), run by store/migrations.ts's migrate() beside the others. Keys are
// the lower-case repository id (like hub_lfs_links and hub_likes), so a case-only rename keeps them; a move or a
// delete goes through GateStore.moved/forget.
import type { Migration } from "../store/migrations.js";

export const GATING_MIGRATIONS: readonly Migration[] = [
  {
    version: 90,
    name: "gated repositories: the mode of each gated repository (absent = not gated)",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_repo_gates (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('auto', 'manual')),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (repo_type, repo_key)
      )`,
    ],
  },
  {
    version: 91,
    name: "access requests to gated repositories: one per repository and user",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_access_requests (
        repo_type text NOT NULL,
        repo_key text NOT NULL,
        user_key text NOT NULL,
        user_name text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected')),
        fields jsonb,
        rejection_reason text,
        requested_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        seq bigserial NOT NULL,
        PRIMARY KEY (repo_type, repo_key, user_key)
      )`,
      // The owners' lists, newest first, paged by (updated_at, seq).
      `CREATE INDEX IF NOT EXISTS hub_access_requests_list_idx
        ON hub_access_requests (repo_type, repo_key, status, updated_at DESC, seq DESC)`,
    ],
  },
];
