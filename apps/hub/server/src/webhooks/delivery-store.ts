// The deliveries table (schema.ts): each webhook's log, and the queue the sender works from. A delivery is
// `pending` until it is `delivered` (a 2xx answer) or `failed` (its last attempt failed). Claiming a due delivery
// pushes its `next_attempt_at` one lease ahead, so a delivery whose sender died (a crash, a restart) is due again
// after the lease, and two servers on one PostgreSQL database never send the same attempt twice.
import { newObjectId } from "../auth/tokens.js";
import type { Db } from "../store/db.js";
import { KEPT_DELIVERIES, MAX_PENDING_PER_WEBHOOK } from "./limits.js";
import { OWNED_BY_ITS_ACCOUNT } from "./webhook-store.js";

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** One event's deliveries: the same payload (without `webhook`) to each of `webhookIds`. */
export interface NewDeliveries {
  webhookIds: readonly string[];
  action: string;
  scope: string;
  repoType: string;
  repoId: string;
  payload: Record<string, unknown>;
}

/** A claimed delivery: what the sender needs (the target URL and secret are read fresh from its webhook). */
export interface DueDelivery {
  id: string;
  webhookId: string;
  url: string;
  secret: string | null;
  payload: Record<string, unknown>;
  attempts: number;
}

export interface DeliveryLogEntry {
  id: string;
  event: { action: string; scope: string };
  repo: { type: string; name: string };
  status: DeliveryStatus;
  attempts: number;
  createdAt: string;
  updatedAt: string;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number | null;
}

export interface AttemptOutcome {
  ok: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
}

const iso = (value: string | Date) => new Date(value).toISOString();

export class DeliveryStore {
  constructor(private readonly db: Db) {}

  /**
   * Queues one delivery of an event per webhook in one statement (each payload gets its `webhook {id, version}`);
   * a webhook that is gone or already has MAX_PENDING_PER_WEBHOOK pending deliveries gets none. Returns the ids
   * of the webhooks that got one.
   */
  async enqueue(event: NewDeliveries): Promise<string[]> {
    if (event.webhookIds.length === 0) return [];
    const rows = await this.db.query<{ webhook_id: string }>(
      `INSERT INTO hub_webhook_deliveries (id, webhook_id, action, scope, repo_type, repo_id, payload, status)
       SELECT x.id, x.webhook_id, $3, $4, $5, $6,
         $7::jsonb || jsonb_build_object('webhook', jsonb_build_object('id', x.webhook_id, 'version', 3)), 'pending'
       FROM unnest($1::text[], $2::text[]) AS x (id, webhook_id)
       WHERE EXISTS (SELECT 1 FROM hub_webhooks w WHERE w.id = x.webhook_id)
         AND (SELECT count(*) FROM hub_webhook_deliveries d WHERE d.webhook_id = x.webhook_id AND d.status = 'pending') < $8
       RETURNING webhook_id`,
      [
        event.webhookIds.map(() => newObjectId()),
        [...event.webhookIds],
        event.action,
        event.scope,
        event.repoType,
        event.repoId,
        JSON.stringify(event.payload),
        MAX_PENDING_PER_WEBHOOK,
      ],
    );
    return rows.map((row) => row.webhook_id);
  }

  /**
   * Claims up to `limit` due deliveries of enabled webhooks: each one's next attempt moves `leaseMs` ahead (a
   * sender that never reports back leaves it due again then). A disabled webhook's deliveries wait.
   */
  async claimDue(limit: number, leaseMs: number, skip: readonly string[]): Promise<DueDelivery[]> {
    if (limit <= 0) return [];
    const rows = await this.db.query<{
      id: string;
      webhook_id: string;
      url: string;
      secret: string | null;
      payload: unknown;
      attempts: number;
    }>(
      `UPDATE hub_webhook_deliveries d SET next_attempt_at = now() + ($2::float8 * interval '1 millisecond')
       FROM hub_webhooks w
       WHERE d.id IN (
         SELECT d2.id FROM hub_webhook_deliveries d2 JOIN hub_webhooks w2 ON w2.id = d2.webhook_id
         WHERE d2.status = 'pending' AND d2.next_attempt_at <= now() AND NOT w2.disabled AND ${OWNED_BY_ITS_ACCOUNT("w2")}
           AND NOT (d2.id = ANY ($3::text[]))
         ORDER BY d2.next_attempt_at, d2.seq LIMIT $1 FOR UPDATE OF d2 SKIP LOCKED)
         AND w.id = d.webhook_id
       RETURNING d.id, d.webhook_id, w.url, w.secret, d.payload, d.attempts`,
      [limit, leaseMs, [...skip]],
    );
    return rows.map((row) => ({
      id: row.id,
      webhookId: row.webhook_id,
      url: row.url,
      secret: row.secret,
      payload: (typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload) as Record<string, unknown>,
      attempts: row.attempts,
    }));
  }

  /** Makes claimed deliveries due now (their attempts were aborted by a stopping hub). */
  async release(ids: readonly string[]): Promise<void> {
    await this.db.query(
      "UPDATE hub_webhook_deliveries SET next_attempt_at = now() WHERE id = ANY ($1::text[]) AND status = 'pending'",
      [[...ids]],
    );
  }

  /** Records one attempt: delivered, failed for good, or pending again after `retryInMs`. */
  async recordAttempt(id: string, outcome: AttemptOutcome, retryInMs: number | undefined): Promise<void> {
    const status: DeliveryStatus = outcome.ok ? "delivered" : retryInMs === undefined ? "failed" : "pending";
    await this.db.query(
      `UPDATE hub_webhook_deliveries SET status = $2, attempts = attempts + 1, response_status = $3,
         response_body = $4, error = $5, duration_ms = $6, updated_at = now(),
         next_attempt_at = now() + ($7::float8 * interval '1 millisecond')
       WHERE id = $1`,
      [
        id,
        status,
        outcome.responseStatus,
        outcome.responseBody,
        outcome.error,
        Math.round(outcome.durationMs),
        retryInMs ?? 0,
      ],
    );
  }

  /** Milliseconds until the next pending delivery is due (negative when overdue); undefined when none is pending. */
  async nextDueInMs(): Promise<number | undefined> {
    const rows = await this.db.query<{ ms: number | null }>(
      `SELECT (extract(epoch FROM (min(next_attempt_at) - now())) * 1000)::float8 AS ms
       FROM hub_webhook_deliveries WHERE status = 'pending'`,
    );
    const ms = rows[0]?.ms;
    return ms === null || ms === undefined ? undefined : Number(ms);
  }

  /** Keeps the newest KEPT_DELIVERIES finished deliveries of a webhook (pending ones are bounded on enqueue). */
  async prune(webhookId: string): Promise<void> {
    await this.db.query(
      `DELETE FROM hub_webhook_deliveries WHERE webhook_id = $1 AND status <> 'pending' AND seq < (
         SELECT coalesce(min(seq), 0) FROM (
           SELECT seq FROM hub_webhook_deliveries WHERE webhook_id = $1 AND status <> 'pending'
           ORDER BY seq DESC LIMIT $2) AS kept)`,
      [webhookId, KEPT_DELIVERIES],
    );
  }

  /** The newest deliveries of a webhook, newest first (the route checked the owner). */
  async log(webhookId: string, limit: number): Promise<DeliveryLogEntry[]> {
    const rows = await this.db.query<{
      id: string;
      action: string;
      scope: string;
      repo_type: string;
      repo_id: string;
      status: DeliveryStatus;
      attempts: number;
      created_at: string | Date;
      updated_at: string | Date;
      next_attempt_at: string | Date;
      response_status: number | null;
      response_body: string | null;
      error: string | null;
      duration_ms: number | null;
    }>(
      `SELECT id, action, scope, repo_type, repo_id, status, attempts, created_at, updated_at, next_attempt_at,
         response_status, response_body, error, duration_ms
       FROM hub_webhook_deliveries WHERE webhook_id = $1 ORDER BY seq DESC LIMIT $2`,
      [webhookId, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      event: { action: row.action, scope: row.scope },
      repo: { type: row.repo_type, name: row.repo_id },
      status: row.status,
      attempts: row.attempts,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      nextAttemptAt: row.status === "pending" ? iso(row.next_attempt_at) : null,
      responseStatus: row.response_status,
      responseBody: row.response_body,
      error: row.error,
      durationMs: row.duration_ms,
    }));
  }
}
