// Users, organizations, memberships and tokens in the database (tables of auth/schema.ts), and the Authenticator
// every request goes through. Users and organizations share one namespace, compared case-insensitively; names
// follow isValidNamespace (reserved names refused). Every statement is constant SQL with positional parameters.
import { ApiError } from "../api/api-error.js";
import { isLegacyName } from "../api/legacy-id-table.js";
import { isValidNamespace } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { TABLES } from "../store/model-store.js";
import {
  type Account,
  type AccountKind,
  type Authenticator,
  INVALID_CREDENTIALS,
  type IssuedToken,
  type Organization,
} from "./accounts.js";
import { checkRole, insertMembership, type Member, Memberships } from "./memberships.js";
import { ANONYMOUS, type OrgMembership, type OrgRole, type Principal, type TokenRole } from "./principal.js";
import { newObjectId, newToken, sameSecret, TOKEN_PATTERN, tokenHash } from "./tokens.js";

export interface AccountStoreOptions {
  /** HUBKIT_ADMIN_TOKEN: the operator's bootstrap token (admin principal); unset = no admin token. */
  adminToken?: string;
}

/** Longest Authorization value we look at (a token is 43 characters; Basic adds a user name). */
const MAX_AUTHORIZATION = 1024;
const MAX_DISPLAY_NAME = 100;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
/** The columns of an Account, from the hub_accounts row aliased `a`. */
const ACCOUNT_COLUMNS = `a.name, a.kind, a.id, a.fullname, to_char(a.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at`;

interface AccountRow extends Record<string, unknown> {
  name: string;
  kind: AccountKind;
  id: string;
  fullname: string;
  created_at: string;
}

function toAccount(row: AccountRow): Account {
  return { name: row.name, kind: row.kind, id: row.id, fullname: row.fullname, createdAt: row.created_at };
}

/** The admin token from the environment; too short a secret is refused rather than silently accepted. */
export function adminTokenFromEnv(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.HUBKIT_ADMIN_TOKEN?.trim();
  if (value === undefined || value === "") return undefined;
  if (value.length < 16 || value.length > 512)
    throw new Error("HUBKIT_ADMIN_TOKEN must be 16-512 characters (use e.g. `openssl rand -hex 32`)");
  return value;
}

/** The secret in an Authorization value: Bearer's token, or the password of Basic `user:token` (git). */
export function credentialOf(authorization: string): string | undefined {
  const match = /^(Bearer|Basic)\s+(\S+)\s*$/i.exec(authorization);
  if (match === null) return undefined;
  const [, scheme = "", value = ""] = match;
  if (scheme.toLowerCase() === "bearer") return value;
  if (!/^[A-Za-z0-9+/]+=*$/.test(value)) return undefined;
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? undefined : decoded.slice(colon + 1);
}

/**
 * The user's organizations with their role, as one JSON text column (`[[name, role], …]`, ordered), so that a
 * principal costs one statement. `user_key` is the SQL expression of the user's key.
 */
const ORGS_OF = (userKey: string) => `coalesce((SELECT json_agg(json_build_array(o.name, m.role) ORDER BY o.name_key)
  FROM hub_memberships m JOIN hub_accounts o ON o.name_key = m.org_key WHERE m.user_key = ${userKey}), '[]')::text`;

function parseOrgs(text: string): OrgMembership[] {
  const parsed = JSON.parse(text) as unknown;
  if (!Array.isArray(parsed)) return [];
  const orgs: OrgMembership[] = [];
  for (const entry of parsed)
    if (Array.isArray(entry) && typeof entry[0] === "string" && isOrgRoleText(entry[1]))
      orgs.push({ name: entry[0], role: entry[1] });
  return orgs;
}

function isOrgRoleText(value: unknown): value is OrgRole {
  return value === "admin" || value === "write" || value === "read";
}

/** Does any indexed repository (or index-only record) live under the namespace `key` (lower case)? */
async function holdsRepositories(tx: Pick<Db, "query">, key: string): Promise<boolean> {
  // Namespaces are letters, digits and dashes: no LIKE wildcard can be in `key`.
  for (const table of Object.values(TABLES))
    if ((await tx.query(`SELECT 1 FROM ${table} WHERE lower(id) LIKE $1 LIMIT 1`, [`${key}/%`])).length > 0)
      return true;
  return false;
}

/** A new account's name: a valid namespace that is not a legacy repository id (its paths redirect elsewhere). */
function checkNewAccountName(name: unknown, what: string): string {
  const checked = checkName(name, what);
  if (isLegacyName(checked))
    throw new ApiError(400, `The name ${JSON.stringify(checked.slice(0, 100))} is reserved (a legacy repository id)`);
  return checked;
}

function checkName(name: unknown, what: string): string {
  if (typeof name !== "string" || !isValidNamespace(name))
    throw new ApiError(
      400,
      `Invalid ${what} name ${JSON.stringify(String(name).slice(0, 100))}: 2-42 letters, digits or single dashes, not starting or ending with a dash, not all digits, not a reserved name`,
    );
  return name;
}

export class AccountStore implements Authenticator {
  private readonly adminToken: string | undefined;
  private readonly memberships: Memberships;

  constructor(
    private readonly db: Pick<Db, "query" | "transaction">,
    options: AccountStoreOptions = {},
  ) {
    this.adminToken = options.adminToken;
    this.memberships = new Memberships(db);
  }

  get adminApiEnabled(): boolean {
    return this.adminToken !== undefined;
  }

  async authenticate(authorization: string | undefined): Promise<Principal | typeof INVALID_CREDENTIALS> {
    if (authorization === undefined || authorization.trim() === "") return ANONYMOUS;
    if (authorization.length > MAX_AUTHORIZATION) return INVALID_CREDENTIALS;
    const secret = credentialOf(authorization);
    if (secret === undefined || secret === "") return INVALID_CREDENTIALS;
    if (this.adminToken !== undefined && sameSecret(secret, this.adminToken)) return { kind: "admin" };
    if (!TOKEN_PATTERN.test(secret)) return INVALID_CREDENTIALS;
    // One statement per request: the token's user (not disabled) and that user's organizations with their roles.
    const rows = await this.db.query<{
      name: string;
      role: TokenRole;
      display_name: string;
      created_at: string;
      orgs: string;
    }>(
      `SELECT a.name, t.role, t.display_name, to_char(t.created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
        ${ORGS_OF("t.user_key")} AS orgs
       FROM hub_tokens t JOIN hub_accounts a ON a.name_key = t.user_key
       WHERE t.token_sha256 = $1 AND t.revoked_at IS NULL AND a.kind = 'user' AND a.disabled_at IS NULL`,
      [tokenHash(secret)],
    );
    const row = rows[0];
    if (row === undefined) return INVALID_CREDENTIALS;
    return {
      kind: "user",
      name: row.name,
      orgs: parseOrgs(row.orgs),
      role: row.role,
      token: { displayName: row.display_name, createdAt: row.created_at },
    };
  }

  async userPrincipal(user: string, role: TokenRole): Promise<Principal | undefined> {
    if (typeof user !== "string" || user.length > 100) return undefined;
    const rows = await this.db.query<{ name: string; orgs: string }>(
      `SELECT a.name, ${ORGS_OF("a.name_key")} AS orgs FROM hub_accounts a
       WHERE a.name_key = $1 AND a.kind = 'user' AND a.disabled_at IS NULL`,
      [user.toLowerCase()],
    );
    const row = rows[0];
    return row === undefined ? undefined : { kind: "user", name: row.name, orgs: parseOrgs(row.orgs), role };
  }

  async namespaceExists(name: string): Promise<boolean> {
    return (await this.account(name)) !== undefined;
  }

  async account(name: string): Promise<Account | undefined> {
    if (typeof name !== "string" || name.length > 100) return undefined;
    const rows = await this.db.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM hub_accounts a WHERE a.name_key = $1`,
      [name.toLowerCase()],
    );
    return rows[0] === undefined ? undefined : toAccount(rows[0]);
  }

  async organizationsOf(user: string): Promise<Organization[]> {
    const rows = await this.db.query<AccountRow & { role: OrgRole }>(
      `SELECT ${ACCOUNT_COLUMNS}, m.role FROM hub_memberships m
       JOIN hub_accounts a ON a.name_key = m.org_key WHERE m.user_key = $1 ORDER BY a.name_key`,
      [user.toLowerCase()],
    );
    return rows.map((row) => ({ ...toAccount(row), role: row.role }));
  }

  members(org: string): Promise<Member[]> {
    return this.memberships.list(org);
  }

  async createUser(name: unknown, fullname?: string): Promise<Account> {
    return this.createAccount(checkNewAccountName(name, "user"), "user", fullname);
  }

  /**
   * A new organization with its first members (who must be existing users); all or nothing. The first member is
   * its admin (the creator, from POST /api/organizations/new), the others get `write`. No members: only the
   * server's admin manages it (the seed's namespaces).
   */
  async createOrganization(name: unknown, members: readonly unknown[] = [], fullname?: string): Promise<Account> {
    const orgName = checkNewAccountName(name, "organization");
    if (members.length > 1000) throw new ApiError(400, "At most 1000 members at creation");
    const memberNames = members.map((member) => checkName(member, "member"));
    return this.db.transaction(async (tx) => {
      const org = await this.insertAccount(tx, orgName, "org", fullname);
      for (const [position, member] of memberNames.entries())
        await insertMembership(tx, orgName, member, position === 0 ? "admin" : "write");
      return org;
    });
  }

  async addMember(org: unknown, user: unknown, role?: unknown, options: { ifAbsent?: boolean } = {}): Promise<void> {
    const orgName = checkName(org, "organization");
    const userName = checkName(user, "member");
    await this.memberships.add(
      orgName,
      userName,
      role === undefined || role === null ? undefined : checkRole(role),
      options.ifAbsent === true,
    );
  }

  async setMemberRole(org: unknown, user: unknown, role: unknown): Promise<void> {
    await this.memberships.setRole(checkName(org, "organization"), checkName(user, "member"), checkRole(role));
  }

  async removeMember(org: unknown, user: unknown): Promise<void> {
    await this.memberships.remove(checkName(org, "organization"), checkName(user, "member"));
  }

  /**
   * Deletes a user with their tokens, sessions, password and memberships (the foreign keys cascade). Refused with
   * 409 while repositories live under their name: those must be deleted or moved first, so that no repository is
   * ever left under a namespace nobody owns (and a later sign-up under the name would own them).
   */
  async deleteUser(name: unknown): Promise<void> {
    const user = await this.existingUser(name);
    const key = user.name.toLowerCase();
    await this.db.transaction(async (tx) => {
      if (await holdsRepositories(tx, key))
        throw new ApiError(409, `${user.name} still owns repositories: delete or move them first`);
      await tx.query("DELETE FROM hub_accounts WHERE name_key = $1 AND kind = 'user'", [key]);
    });
  }

  /** Disables (or enables again) a user: at once their tokens and sessions stop working and sign-in is refused. */
  async setDisabled(name: unknown, disabled: boolean): Promise<void> {
    const user = await this.existingUser(name);
    const key = user.name.toLowerCase();
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE hub_accounts SET disabled_at = CASE WHEN $2 THEN coalesce(disabled_at, now()) END WHERE name_key = $1`,
        [key, disabled],
      );
      // Sessions end for good (enabling again does not revive them); tokens only stop working while disabled.
      if (disabled) await tx.query("DELETE FROM hub_sessions WHERE user_key = $1", [key]);
    });
  }

  async isDisabled(name: string): Promise<boolean> {
    const rows = await this.db.query("SELECT 1 FROM hub_accounts WHERE name_key = $1 AND disabled_at IS NOT NULL", [
      name.toLowerCase(),
    ]);
    return rows.length > 0;
  }

  private async existingUser(name: unknown): Promise<Account> {
    const account = typeof name === "string" ? await this.account(name) : undefined;
    if (account === undefined || account.kind !== "user")
      throw new ApiError(404, `User ${JSON.stringify(String(name).slice(0, 100))} not found`);
    return account;
  }

  async createToken(user: unknown, role: unknown, displayName?: unknown): Promise<IssuedToken> {
    if (role !== "read" && role !== "write") throw new ApiError(400, 'The token role must be "read" or "write"');
    if (displayName !== undefined && (typeof displayName !== "string" || displayName.length > MAX_DISPLAY_NAME))
      throw new ApiError(400, `The token name must be a string of at most ${MAX_DISPLAY_NAME} characters`);
    if (typeof displayName === "string" && /[\u0000-\u001f\u007f]/.test(displayName))
      throw new ApiError(400, "The token name must not contain control characters");
    const account = typeof user === "string" ? await this.account(user) : undefined;
    if (account === undefined || account.kind !== "user")
      throw new ApiError(404, `User ${JSON.stringify(String(user).slice(0, 100))} not found`);
    const token = newToken();
    const name = typeof displayName === "string" && displayName.trim() !== "" ? displayName.trim() : "token";
    const rows = await this.db.query<{ created_at: string }>(
      `INSERT INTO hub_tokens (id, token_sha256, user_key, display_name, role) VALUES ($1, $2, $3, $4, $5)
       RETURNING to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at`,
      [newObjectId(), tokenHash(token), account.name.toLowerCase(), name, role],
    );
    return { token, user: account.name, role, displayName: name, createdAt: rows[0]?.created_at ?? "" };
  }

  /** Revokes a token (by its value); false when no active token matched. */
  async revokeToken(token: string): Promise<boolean> {
    const rows = await this.db.query(
      "UPDATE hub_tokens SET revoked_at = now() WHERE token_sha256 = $1 AND revoked_at IS NULL RETURNING id",
      [tokenHash(token)],
    );
    return rows.length > 0;
  }

  private async createAccount(name: string, kind: AccountKind, fullname?: string): Promise<Account> {
    return this.db.transaction((tx) => this.insertAccount(tx, name, kind, fullname));
  }

  private async insertAccount(
    tx: Pick<Db, "query">,
    name: string,
    kind: AccountKind,
    fullname: string | undefined,
  ): Promise<Account> {
    if (fullname !== undefined && (fullname.length > MAX_DISPLAY_NAME || /[\u0000-\u001f\u007f]/.test(fullname)))
      throw new ApiError(400, `The full name must be at most ${MAX_DISPLAY_NAME} printable characters`);
    // A namespace that already holds repositories (imported into the index since the server's start, before
    // auth/namespace-owners.ts made it an organization) is taken too: nobody may become their owner by signing up.
    if (await holdsRepositories(tx, name.toLowerCase()))
      throw new ApiError(409, `The name ${name} is already taken by a user or an organization`);
    // ON CONFLICT keeps a race between two creations a clean 409 instead of a unique-violation 500.
    const rows = await tx.query<AccountRow>(
      `INSERT INTO hub_accounts AS a (name_key, name, kind, id, fullname) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name_key) DO NOTHING RETURNING ${ACCOUNT_COLUMNS}`,
      [name.toLowerCase(), name, kind, newObjectId(), fullname ?? name],
    );
    if (rows[0] === undefined)
      throw new ApiError(409, `The name ${name} is already taken by a user or an organization`);
    return toAccount(rows[0]);
  }
}
