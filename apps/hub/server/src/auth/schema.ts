// The accounts tables (migration versions 20–29, run by store/migrations.ts's migrate() together with the index's
// and storage's). Users and organizations share one namespace table (a name is either), keyed by the lower-case
// name so that `Alice` and `alice` cannot both exist. Tokens are stored as the sha256 of the token, never the token.
import type { Db } from "../store/db.js";

export interface AuthMigration {
  version: number;
  name: string;
  statements: string[];
}

export const AUTH_MIGRATIONS: readonly AuthMigration[] = [
  {
    version: 20,
    name: "accounts: users and organizations in one namespace, memberships, hashed tokens",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_accounts (
        name_key text PRIMARY KEY,
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('user', 'org')),
        id text NOT NULL UNIQUE,
        fullname text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE IF NOT EXISTS hub_memberships (
        org_key text NOT NULL REFERENCES hub_accounts (name_key) ON DELETE CASCADE,
        user_key text NOT NULL REFERENCES hub_accounts (name_key) ON DELETE CASCADE,
        role text NOT NULL DEFAULT 'write',
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (org_key, user_key)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_memberships_user_idx ON hub_memberships (user_key)",
      `CREATE TABLE IF NOT EXISTS hub_tokens (
        id text PRIMARY KEY,
        token_sha256 text NOT NULL UNIQUE,
        user_key text NOT NULL REFERENCES hub_accounts (name_key) ON DELETE CASCADE,
        display_name text NOT NULL,
        role text NOT NULL CHECK (role IN ('read', 'write')),
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )`,
      "CREATE INDEX IF NOT EXISTS hub_tokens_user_idx ON hub_tokens (user_key)",
    ],
  },
];

/** The same lock migrate() takes, so that a CLI and a server starting on one PostgreSQL never migrate twice. */
const MIGRATION_LOCK = 7307001;

/**
 * Applies AUTH_MIGRATIONS that are not recorded yet, in the same bookkeeping table as migrate(): for the CLI and
 * tests, which may open a database before the index has migrated it. Safe to run beside migrate().
 */
export async function ensureAuthSchema(db: Db): Promise<void> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS hub_schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`,
  );
  for (const migration of AUTH_MIGRATIONS)
    await db.transaction(async (tx) => {
      if (db.kind === "postgres") await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      const rows = await tx.query("SELECT 1 FROM hub_schema_migrations WHERE version = $1", [migration.version]);
      if (rows.length > 0) return;
      for (const statement of migration.statements) await tx.query(statement);
      await tx.query("INSERT INTO hub_schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
    });
}
