// The accounts tables (migration versions 20–29, run by store/migrations.ts's migrate() together with the index's
// and storage's). Users and organizations share one namespace table (a name is either), keyed by the lower-case
// name so that `Alice` and `alice` cannot both exist. Tokens are stored as the sha256 of the token, never the token.
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
  {
    version: 21,
    name: "repository redirects: a moved repository's old id points at its new one (api/repo-redirects.ts)",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_repo_redirects (
        repo_type text NOT NULL,
        from_key text NOT NULL,
        to_id text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (repo_type, from_key)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_repo_redirects_to_idx ON hub_repo_redirects (repo_type, lower(to_id))",
    ],
  },
  {
    version: 22,
    name: "organization roles (admin, write, read; existing members keep write) and disabled users",
    statements: [
      "UPDATE hub_memberships SET role = 'write' WHERE role NOT IN ('admin', 'write', 'read')",
      `ALTER TABLE hub_memberships ADD CONSTRAINT hub_memberships_role_check CHECK (role IN ('admin', 'write', 'read'))`,
      // Counting an organization's admins (the last one may not leave) reads this index.
      "CREATE INDEX IF NOT EXISTS hub_memberships_org_role_idx ON hub_memberships (org_key, role)",
      // A disabled user's tokens and sessions stop working (every lookup checks it) and sign-in is refused.
      "ALTER TABLE hub_accounts ADD COLUMN IF NOT EXISTS disabled_at timestamptz",
    ],
  },
];
