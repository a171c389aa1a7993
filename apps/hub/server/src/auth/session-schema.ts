// The browser-account tables (migration versions 50–59, listed in store/migrations.ts's ALL_MIGRATIONS beside the
// accounts' 20–29): a password per user (scrypt, see passwords.ts) and the browser sessions. A session row keeps
// only the sha256 of the session id (the cookie's value), so a database leak gives no usable cookie.
import type { AuthMigration } from "./schema.js";

export const SESSION_MIGRATIONS: readonly AuthMigration[] = [
  {
    version: 50,
    name: "browser accounts: scrypt password per user, hashed session ids with expiry",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_passwords (
        user_key text PRIMARY KEY REFERENCES hub_accounts (name_key) ON DELETE CASCADE,
        hash text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE IF NOT EXISTS hub_sessions (
        id_sha256 text PRIMARY KEY,
        user_key text NOT NULL REFERENCES hub_accounts (name_key) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      "CREATE INDEX IF NOT EXISTS hub_sessions_user_idx ON hub_sessions (user_key, created_at)",
    ],
  },
  {
    version: 51,
    name: "sessions get a public id (listed and revoked by it; never the cookie's value)",
    statements: [
      "ALTER TABLE hub_sessions ADD COLUMN IF NOT EXISTS public_id text",
      // Existing sessions get a random id (not derived from the stored hash of their secret).
      "UPDATE hub_sessions SET public_id = substr(md5(random()::text || clock_timestamp()::text || id_sha256), 1, 24) WHERE public_id IS NULL",
      "ALTER TABLE hub_sessions ALTER COLUMN public_id SET NOT NULL",
      "CREATE UNIQUE INDEX IF NOT EXISTS hub_sessions_public_id_idx ON hub_sessions (public_id)",
    ],
  },
];
