// Passwords and browser sessions in the database (tables of session-schema.ts), beside the AccountStore's users and
// tokens. A session id is 32 random bytes (base64url) given to the browser once in its cookie; the table keeps its
// sha256. The CSRF token of a session is HMAC-SHA256(session id, "hubkit-csrf"): the page learns it from
// GET /api/web/session, a cross-site page cannot (the cookie is HttpOnly and the API's CORS does not expose
// credentialed responses), and a database leak (which has only sha256(id)) cannot produce it either.
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Db } from "../store/db.js";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.js";
import type { TokenRole } from "./principal.js";
import { tokenHash } from "./tokens.js";

/** Sessions last 30 days from sign-in (absolute, not sliding: a stolen cookie does not live forever). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
/** At most this many live sessions per user: signing in again drops the oldest (bounds the table). */
export const MAX_SESSIONS_PER_USER = 20;
/** Session ids we issue: 43 base64url characters. Anything else is not looked up. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export interface Session {
  /** The user's name as created (its case). */
  user: string;
  expiresAt: string;
}

/** One of a user's sessions as listed to them: `id` is a public id, never the cookie's value. */
export interface SessionSummary {
  id: string;
  createdAt: string;
  expiresAt: string;
  /** The session of the request that asked. */
  current: boolean;
}

/** Public session ids: 24 hex characters (random, unrelated to the cookie's value). */
const PUBLIC_ID = /^[0-9a-f]{24}$/;

export interface IssuedSession extends Session {
  /** The cookie's value: returned once, stored only hashed. */
  id: string;
  csrfToken: string;
}

export interface TokenSummary {
  id: string;
  displayName: string;
  role: TokenRole;
  createdAt: string;
}

function idHash(id: string): string {
  return createHash("sha256").update(id, "utf8").digest("hex");
}

export function csrfTokenOf(sessionId: string): string {
  return createHmac("sha256", sessionId).update("hubkit-csrf").digest("base64url");
}

export function isSessionId(value: string): boolean {
  return SESSION_ID.test(value);
}

export class SessionStore {
  constructor(private readonly db: Pick<Db, "query" | "transaction">) {}

  async setPassword(user: string, password: string): Promise<void> {
    await this.storePasswordHash(user, await hashPassword(password));
  }

  /** Stores a hash made by hashPassword (sign-up hashes before it creates the account, so a refusal leaves none). */
  async storePasswordHash(user: string, hash: string): Promise<void> {
    await this.db.query(
      `INSERT INTO hub_passwords (user_key, hash) VALUES ($1, $2)
       ON CONFLICT (user_key) DO UPDATE SET hash = EXCLUDED.hash, updated_at = now()`,
      [user.toLowerCase(), hash],
    );
  }

  /**
   * The user's name (its case) when the password matches, else undefined. An unknown user costs one scrypt as a
   * known one does, so the answer time does not tell which names exist.
   */
  async checkPassword(user: string, password: string): Promise<string | undefined> {
    const rows = await this.db.query<{ name: string; hash: string }>(
      `SELECT a.name, p.hash FROM hub_passwords p JOIN hub_accounts a ON a.name_key = p.user_key
       WHERE p.user_key = $1 AND a.kind = 'user'`,
      [user.toLowerCase()],
    );
    const row = rows[0];
    if (row === undefined) {
      await verifyPassword(password, await decoyHash());
      return undefined;
    }
    return (await verifyPassword(password, row.hash)) ? row.name : undefined;
  }

  async createSession(user: string): Promise<IssuedSession> {
    const id = randomBytes(32).toString("base64url");
    const key = user.toLowerCase();
    const rows = await this.db.transaction(async (tx) => {
      await tx.query("DELETE FROM hub_sessions WHERE user_key = $1 AND expires_at <= now()", [key]);
      await tx.query(
        `DELETE FROM hub_sessions WHERE id_sha256 IN (SELECT id_sha256 FROM hub_sessions WHERE user_key = $1
         ORDER BY created_at DESC OFFSET $2)`,
        [key, MAX_SESSIONS_PER_USER - 1],
      );
      return tx.query<{ name: string; expires_at: string }>(
        `INSERT INTO hub_sessions (id_sha256, user_key, expires_at, public_id)
         SELECT $1, name_key, now() + make_interval(secs => $3), $4 FROM hub_accounts
         WHERE name_key = $2 AND kind = 'user' AND disabled_at IS NULL
         RETURNING (SELECT name FROM hub_accounts WHERE name_key = $2) AS name,
           to_char(expires_at AT TIME ZONE 'UTC', ${ISO}) AS expires_at`,
        [idHash(id), key, SESSION_TTL_SECONDS, randomBytes(12).toString("hex")],
      );
    });
    const row = rows[0];
    if (row === undefined) throw new Error(`No user ${user} to open a session for`);
    return { id, csrfToken: csrfTokenOf(id), user: row.name, expiresAt: row.expires_at };
  }

  /** The live session for a cookie value, or undefined (unknown, malformed or expired). */
  async session(id: string): Promise<Session | undefined> {
    if (!isSessionId(id)) return undefined;
    const rows = await this.db.query<{ name: string; expires_at: string }>(
      `SELECT a.name, to_char(s.expires_at AT TIME ZONE 'UTC', ${ISO}) AS expires_at
       FROM hub_sessions s JOIN hub_accounts a ON a.name_key = s.user_key
       WHERE s.id_sha256 = $1 AND s.expires_at > now() AND a.kind = 'user' AND a.disabled_at IS NULL`,
      [idHash(id)],
    );
    const row = rows[0];
    return row === undefined ? undefined : { user: row.name, expiresAt: row.expires_at };
  }

  async deleteSession(id: string): Promise<void> {
    if (isSessionId(id)) await this.db.query("DELETE FROM hub_sessions WHERE id_sha256 = $1", [idHash(id)]);
  }

  /** The user's live sessions, newest first; `current` marks the one whose cookie value is `currentId`. */
  async sessionsOf(user: string, currentId: string): Promise<SessionSummary[]> {
    const rows = await this.db.query<{ public_id: string; created_at: string; expires_at: string; current: boolean }>(
      `SELECT public_id, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at,
         to_char(expires_at AT TIME ZONE 'UTC', ${ISO}) AS expires_at, id_sha256 = $2 AS current
       FROM hub_sessions WHERE user_key = $1 AND expires_at > now() ORDER BY created_at DESC, public_id LIMIT 100`,
      [user.toLowerCase(), idHash(currentId)],
    );
    return rows.map((row) => ({
      id: row.public_id,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      current: row.current === true,
    }));
  }

  /** Ends one of the user's sessions by its public id; false when the user has no such session. */
  async deleteSessionOf(user: string, publicId: string): Promise<boolean> {
    if (!PUBLIC_ID.test(publicId)) return false;
    const rows = await this.db.query(
      "DELETE FROM hub_sessions WHERE public_id = $1 AND user_key = $2 RETURNING public_id",
      [publicId, user.toLowerCase()],
    );
    return rows.length > 0;
  }

  /** Ends every session of the user except the one whose cookie value is `keepId` (none kept when undefined). */
  async deleteSessionsOf(user: string, keepId?: string): Promise<void> {
    await this.db.query("DELETE FROM hub_sessions WHERE user_key = $1 AND id_sha256 <> $2", [
      user.toLowerCase(),
      keepId === undefined ? "" : idHash(keepId),
    ]);
  }

  /** The user's active tokens (never their values: only hashes are stored), newest first. */
  async tokensOf(user: string): Promise<TokenSummary[]> {
    const rows = await this.db.query<{ id: string; display_name: string; role: TokenRole; created_at: string }>(
      `SELECT id, display_name, role, to_char(created_at AT TIME ZONE 'UTC', ${ISO}) AS created_at FROM hub_tokens
       WHERE user_key = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id LIMIT 500`,
      [user.toLowerCase()],
    );
    return rows.map((row) => ({
      id: row.id,
      displayName: row.display_name,
      role: row.role,
      createdAt: row.created_at,
    }));
  }

  /** The id of a token just issued (to list and revoke it by), from its value. */
  async tokenIdOf(token: string): Promise<string | null> {
    const rows = await this.db.query<{ id: string }>("SELECT id FROM hub_tokens WHERE token_sha256 = $1", [
      tokenHash(token),
    ]);
    return rows[0]?.id ?? null;
  }

  /** Revokes one of the user's own tokens by its id; false when the user has no such active token. */
  async revokeTokenOf(user: string, tokenId: string): Promise<boolean> {
    if (!/^[0-9a-f]{24}$/.test(tokenId)) return false;
    const rows = await this.db.query(
      "UPDATE hub_tokens SET revoked_at = now() WHERE id = $1 AND user_key = $2 AND revoked_at IS NULL RETURNING id",
      [tokenId, user.toLowerCase()],
    );
    return rows.length > 0;
  }
}
