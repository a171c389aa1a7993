// The gating tables behind one small interface: each repository's gate mode and its users' access requests
// (gating/schema.ts). Access requests are read from the database on every call, so an accept, reject or cancel
// takes effect at the next request (no cache to go stale after a revocation). The gate mode, asked by every file
// download, is kept per server (gate-mode-cache.ts), dropped on every server by each change made here: every write
// of a mode sends its notification in its own transaction (store/notify.ts transactionWithNotices).
import type { RepoRef } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { notifyBusOf, transactionWithNotices } from "../store/notify.js";
import { GateModeCache } from "./gate-mode-cache.js";

export type GateMode = "auto" | "manual";
export type Gated = GateMode | false;
export type RequestStatus = "pending" | "accepted" | "rejected";
export const REQUEST_STATUSES: readonly RequestStatus[] = ["pending", "accepted", "rejected"];

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === "string" && (REQUEST_STATUSES as readonly string[]).includes(value);
}

/** Form fields as the user filled them (bounded by gating/request-fields.ts before they get here). */
export type RequestFields = Record<string, string | number | boolean>;

export interface AccessRequest {
  user: string;
  status: RequestStatus;
  /** ISO 8601 with `Z` (hub-api.md §0), when the request was made or last changed. */
  timestamp: string;
  fields: RequestFields | null;
  rejectionReason: string | null;
}

/** Where a page of a list starts: the previous page's last (timestamp, seq). */
export interface RequestCursor {
  updatedAt: string;
  seq: string;
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const key = (ref: RepoRef) => [ref.type, ref.id.toLowerCase()] as const;

type RequestRow = {
  user_name: string;
  status: string;
  ts: string;
  fields: unknown;
  rejection_reason: string | null;
  updated_at: string;
  seq: string;
};

function toRequest(row: RequestRow): AccessRequest {
  return {
    user: row.user_name,
    status: isRequestStatus(row.status) ? row.status : "pending",
    timestamp: row.ts,
    fields: typeof row.fields === "object" && row.fields !== null ? (row.fields as RequestFields) : null,
    rejectionReason: row.rejection_reason,
  };
}

const REQUEST_COLUMNS = `user_name, status, to_char(updated_at AT TIME ZONE 'UTC', ${ISO}) AS ts, fields, rejection_reason,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS updated_at, seq::text AS seq`;

const cacheKey = (ref: RepoRef) => key(ref).join("\n");

export class GateStore {
  private readonly modeCache: GateModeCache<Gated>;

  /** `modeMaxAgeMs`: how long a cached gate mode is trusted (gate-mode-cache.ts MAX_AGE_MS; tests shorten it). */
  constructor(
    private readonly db: Pick<Db, "query" | "transaction">,
    modeMaxAgeMs?: number,
  ) {
    this.modeCache = new GateModeCache(notifyBusOf(db), modeMaxAgeMs);
  }

  async mode(ref: RepoRef): Promise<Gated> {
    return this.modeCache.get(cacheKey(ref), async () => {
      const rows = await this.db.query<{ mode: string }>(
        "SELECT mode FROM hub_repo_gates WHERE repo_type = $1 AND repo_key = $2",
        key(ref),
      );
      const mode = rows[0]?.mode;
      return mode === "auto" || mode === "manual" ? mode : false;
    });
  }

  /** The modes of many repositories of one type at once (a listing page), by lower-case id. */
  async modes(type: RepoRef["type"], ids: readonly string[]): Promise<Map<string, GateMode>> {
    const result = new Map<string, GateMode>();
    if (ids.length === 0) return result;
    const rows = await this.db.query<{ repo_key: string; mode: string }>(
      "SELECT repo_key, mode FROM hub_repo_gates WHERE repo_type = $1 AND repo_key = ANY($2)",
      [type, ids.map((id) => id.toLowerCase())],
    );
    for (const row of rows) if (row.mode === "auto" || row.mode === "manual") result.set(row.repo_key, row.mode);
    return result;
  }

  async setMode(ref: RepoRef, gated: Gated): Promise<void> {
    await this.writeModes([ref], async (tx) => {
      if (gated === false)
        await tx.query("DELETE FROM hub_repo_gates WHERE repo_type = $1 AND repo_key = $2", key(ref));
      else
        await tx.query(
          `INSERT INTO hub_repo_gates (repo_type, repo_key, mode) VALUES ($1, $2, $3)
           ON CONFLICT (repo_type, repo_key) DO UPDATE SET mode = EXCLUDED.mode, updated_at = now()`,
          [...key(ref), gated],
        );
    });
  }

  /**
   * A write of the modes of `refs` and its notification in one transaction: the other servers hear of it exactly
   * when it commits (a notification published afterwards could be lost with the connection, leaving them the old
   * mode until the cache's age bound). This server drops them as soon as the transaction ends, committed or not.
   */
  private async writeModes(refs: readonly RepoRef[], work: (tx: Pick<Db, "query">) => Promise<void>): Promise<void> {
    const keys = refs.map(cacheKey);
    try {
      await transactionWithNotices(this.db, async (tx, publish) => {
        await work(tx);
        for (const changed of keys) await this.modeCache.announce(publish, changed);
      });
    } finally {
      for (const changed of keys) this.modeCache.drop(changed);
    }
  }

  async request(ref: RepoRef, user: string): Promise<AccessRequest | undefined> {
    const rows = await this.db.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM hub_access_requests WHERE repo_type = $1 AND repo_key = $2 AND user_key = $3`,
      [...key(ref), user.toLowerCase()],
    );
    return rows[0] === undefined ? undefined : toRequest(rows[0]);
  }

  /**
   * A user asks for access: a new request gets `status`; asking again while pending refreshes the fields; an
   * accepted or rejected request keeps its status. Returns the request's status afterwards.
   */
  async ask(ref: RepoRef, user: string, status: RequestStatus, fields: RequestFields | null): Promise<RequestStatus> {
    const rows = await this.db.query<{ status: string }>(
      `INSERT INTO hub_access_requests (repo_type, repo_key, user_key, user_name, status, fields)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (repo_type, repo_key, user_key) DO UPDATE
         SET fields = EXCLUDED.fields, updated_at = now()
         WHERE hub_access_requests.status = 'pending'
       RETURNING status`,
      [...key(ref), user.toLowerCase(), user, status, fields === null ? null : JSON.stringify(fields)],
    );
    if (rows[0] !== undefined && isRequestStatus(rows[0].status)) return rows[0].status;
    return (await this.request(ref, user))?.status ?? status;
  }

  /** Sets the status of an existing request; false when there is none. */
  async setStatus(ref: RepoRef, user: string, status: RequestStatus, reason: string | null): Promise<boolean> {
    const rows = await this.db.query<{ status: string }>(
      `UPDATE hub_access_requests SET status = $4, rejection_reason = $5, updated_at = now()
       WHERE repo_type = $1 AND repo_key = $2 AND user_key = $3 RETURNING status`,
      [...key(ref), user.toLowerCase(), status, status === "rejected" ? reason : null],
    );
    return rows.length > 0;
  }

  /** Accepts a user without a request of their own (grant_access): creates or updates the row. */
  async grant(ref: RepoRef, user: string): Promise<void> {
    await this.db.query(
      `INSERT INTO hub_access_requests (repo_type, repo_key, user_key, user_name, status)
       VALUES ($1, $2, $3, $4, 'accepted')
       ON CONFLICT (repo_type, repo_key, user_key) DO UPDATE
         SET status = 'accepted', rejection_reason = NULL, updated_at = now()`,
      [...key(ref), user.toLowerCase(), user],
    );
  }

  /** One page of a list, newest first; `next` is where the following page starts. */
  async list(
    ref: RepoRef,
    status: RequestStatus,
    limit: number,
    after?: RequestCursor,
  ): Promise<{ requests: AccessRequest[]; next?: RequestCursor }> {
    const params: (string | number)[] = [...key(ref), status, limit + 1];
    let where = "";
    if (after !== undefined) {
      params.push(after.updatedAt, after.seq);
      where = "AND (updated_at, seq) < ($5::timestamp AT TIME ZONE 'UTC', $6::bigint)";
    }
    const rows = await this.db.query<RequestRow>(
      `SELECT ${REQUEST_COLUMNS} FROM hub_access_requests
       WHERE repo_type = $1 AND repo_key = $2 AND status = $3 ${where}
       ORDER BY updated_at DESC, seq DESC LIMIT $4`,
      params,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      requests: page.map(toRequest),
      ...(rows.length > limit && last !== undefined ? { next: { updatedAt: last.updated_at, seq: last.seq } } : {}),
    };
  }

  /** A repository moved: its gate and requests follow it (any left under the target's id are dropped first). */
  async moved(from: RepoRef, to: RepoRef): Promise<void> {
    if (from.type === to.type && from.id.toLowerCase() === to.id.toLowerCase()) return;
    await this.writeModes([from, to], async (tx) => {
      await deleteRows(tx, to);
      for (const table of ["hub_repo_gates", "hub_access_requests"])
        await tx.query(`UPDATE ${table} SET repo_type = $3, repo_key = $4 WHERE repo_type = $1 AND repo_key = $2`, [
          ...key(from),
          ...key(to),
        ]);
    });
  }

  /** A repository was deleted: a later one of the same name starts ungated and without requests. */
  async forget(ref: RepoRef): Promise<void> {
    await this.writeModes([ref], (tx) => deleteRows(tx, ref));
  }
}

async function deleteRows(tx: Pick<Db, "query">, ref: RepoRef): Promise<void> {
  await tx.query("DELETE FROM hub_repo_gates WHERE repo_type = $1 AND repo_key = $2", key(ref));
  await tx.query("DELETE FROM hub_access_requests WHERE repo_type = $1 AND repo_key = $2", key(ref));
}
