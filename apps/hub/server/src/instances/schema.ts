// The instance registry's table (migration versions 150–159), run by store/migrations.ts's migrate() beside the
// others: one row per running server process, its heartbeat refreshed by registry.ts. Used with PostgreSQL only
// (with PGlite one process owns the data folder), but created on both so the schemas stay the same.
import type { Migration } from "../store/migrations.js";

export const INSTANCE_MIGRATIONS: readonly Migration[] = [
  {
    version: 150,
    name: "server instances and their heartbeats (several servers on one database)",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_server_instances (
        id text PRIMARY KEY,
        host text NOT NULL,
        pid integer NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        seen_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX IF NOT EXISTS hub_server_instances_seen_idx ON hub_server_instances (seen_at)",
    ],
  },
];
