// The webhooks table (schema.ts): one row per webhook, owned by one user (lower-case key). Routes check the owner
// before calling; every query here is keyed by the id and, for the owner's own reads, by the owner too.
import { newObjectId } from "../auth/tokens.js";
import type { Db, SqlParam } from "../store/db.js";

export const WATCHED_TYPES = ["user", "org", "model", "dataset", "space"] as const;
export type WatchedType = (typeof WATCHED_TYPES)[number];
export const WEBHOOK_DOMAINS = ["repo", "discussion"] as const;
export type WebhookDomain = (typeof WEBHOOK_DOMAINS)[number];

export interface WatchedItem {
  type: WatchedType;
  name: string;
}

export interface Webhook {
  id: string;
  /** The owner's lower-case name. */
  ownerKey: string;
  watched: WatchedItem[];
  domains: WebhookDomain[];
  url: string;
  secret: string | null;
  disabled: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface WebhookFields {
  watched: WatchedItem[];
  domains: WebhookDomain[];
  url: string;
  secret: string | null;
}

interface Row extends Record<string, unknown> {
  id: string;
  owner_key: string;
  watched: unknown;
  domains: string[];
  url: string;
  secret: string | null;
  disabled: boolean;
  created_at: string | Date;
  updated_at: string | Date;
}

const COLUMNS = "id, owner_key, watched, domains, url, secret, disabled, created_at, updated_at";

/**
 * The webhook's owner is the account it was created by: one of that name created after the webhook (its owner was
 * deleted, someone signed up with the freed name) neither sees nor owns it, and its events go nowhere.
 */
export const OWNED_BY_ITS_ACCOUNT = (table: string) =>
  `EXISTS (SELECT 1 FROM hub_accounts a WHERE a.name_key = ${table}.owner_key AND a.created_at <= ${table}.created_at)`;
const OWNED = OWNED_BY_ITS_ACCOUNT("hub_webhooks");

/** The keys a watched item is found by (migration 112): `ns:<namespace>`, or `<type>:<owner/name>`, lower case. */
export function watchKey(item: WatchedItem): string {
  return item.type === "user" || item.type === "org"
    ? `ns:${item.name.toLowerCase()}`
    : `${item.type}:${item.name.toLowerCase()}`;
}

/** The keys of the webhooks that watch a repository: its namespace's and its own. */
export function repoWatchKeys(type: string, id: string): string[] {
  const lower = id.toLowerCase();
  return [`ns:${lower.split("/")[0] ?? ""}`, `${type}:${lower}`];
}

function iso(value: string | Date): string {
  return new Date(value).toISOString();
}

function watchedOf(value: unknown): WatchedItem[] {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as WatchedItem[]) : [];
}

function webhookOf(row: Row): Webhook {
  return {
    id: row.id,
    ownerKey: row.owner_key,
    watched: watchedOf(row.watched),
    domains: row.domains.filter((domain): domain is WebhookDomain =>
      (WEBHOOK_DOMAINS as readonly string[]).includes(domain),
    ),
    url: row.url,
    secret: row.secret,
    disabled: row.disabled,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** Parameters $3–$7 of the insert and the update: the fields as stored, and their lower-case watch keys. */
function fieldParams(fields: WebhookFields): SqlParam[] {
  return [JSON.stringify(fields.watched), [...fields.domains], fields.url, fields.secret, fields.watched.map(watchKey)];
}

export class WebhookStore {
  constructor(private readonly db: Db) {}

  async list(owner: string): Promise<Webhook[]> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM hub_webhooks WHERE owner_key = lower($1) AND ${OWNED} ORDER BY created_at, id`,
      [owner],
    );
    return rows.map(webhookOf);
  }

  async count(owner: string): Promise<number> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::float8 AS n FROM hub_webhooks WHERE owner_key = lower($1) AND ${OWNED}`,
      [owner],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The owner's webhook `id`; undefined for a missing one and for someone else's (the same answer). */
  async get(owner: string, id: string): Promise<Webhook | undefined> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM hub_webhooks WHERE id = $1 AND owner_key = lower($2) AND ${OWNED}`,
      [id, owner],
    );
    return rows[0] === undefined ? undefined : webhookOf(rows[0]);
  }

  async create(owner: string, fields: WebhookFields): Promise<Webhook> {
    const rows = await this.db.query<Row>(
      `INSERT INTO hub_webhooks (id, owner_key, watched, domains, url, secret, watch_keys)
       VALUES ($1, lower($2), $3::jsonb, $4::text[], $5, $6, $7::text[]) RETURNING ${COLUMNS}`,
      [newObjectId(), owner, ...fieldParams(fields)],
    );
    const row = rows[0];
    if (row === undefined) throw new Error("a webhook just inserted is missing");
    return webhookOf(row);
  }

  async update(owner: string, id: string, fields: WebhookFields): Promise<Webhook | undefined> {
    const rows = await this.db.query<Row>(
      `UPDATE hub_webhooks SET watched = $3::jsonb, domains = $4::text[], url = $5, secret = $6, watch_keys = $7::text[],
         updated_at = now()
       WHERE id = $1 AND owner_key = lower($2) AND ${OWNED} RETURNING ${COLUMNS}`,
      [id, owner, ...fieldParams(fields)],
    );
    return rows[0] === undefined ? undefined : webhookOf(rows[0]);
  }

  async setDisabled(owner: string, id: string, disabled: boolean): Promise<Webhook | undefined> {
    const rows = await this.db.query<Row>(
      `UPDATE hub_webhooks SET disabled = $3, updated_at = now() WHERE id = $1 AND owner_key = lower($2) AND ${OWNED}
       RETURNING ${COLUMNS}`,
      [id, owner, disabled],
    );
    return rows[0] === undefined ? undefined : webhookOf(rows[0]);
  }

  /** Deletes the webhook and (by the foreign key) its deliveries; false when the owner has no such webhook. */
  async delete(owner: string, id: string): Promise<boolean> {
    const rows = await this.db.query<{ id: string }>(
      `DELETE FROM hub_webhooks WHERE id = $1 AND owner_key = lower($2) AND ${OWNED} RETURNING id`,
      [id, owner],
    );
    return rows.length > 0;
  }

  /**
   * Enabled webhooks listening to `domain` that watch one of `keys` (repoWatchKeys): the candidates an event is
   * matched against (webhooks/matching.ts), found through the watch_keys index.
   */
  async enabledFor(domain: WebhookDomain, keys: readonly string[]): Promise<Webhook[]> {
    const rows = await this.db.query<Row>(
      `SELECT ${COLUMNS} FROM hub_webhooks
       WHERE watch_keys && $2::text[] AND NOT disabled AND $1 = ANY (domains) AND ${OWNED} ORDER BY created_at, id`,
      [domain, [...keys]],
    );
    return rows.map(webhookOf);
  }
}
