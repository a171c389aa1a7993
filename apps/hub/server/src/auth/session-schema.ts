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
];
