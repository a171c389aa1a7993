// The webhook tables (migration versions 110–119), run by store/migrations.ts's migrate() beside the others.
// A webhook belongs to one user (its owner, lower-case key); its deliveries are a bounded log that doubles as the
// retry queue: a `pending` row is due at `next_attempt_at`, so a restarted server resumes where it stopped.
import type { Migration } from "../store/migrations.js";

export const WEBHOOK_MIGRATIONS: readonly Migration[] = [
  {
    version: 110,
    name: "webhooks: owner, watched items, domains, target URL, secret, disabled",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_webhooks (
        id text PRIMARY KEY,
        owner_key text NOT NULL,
        watched jsonb NOT NULL,
        domains text[] NOT NULL,
        url text NOT NULL,
        secret text,
        disabled boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX IF NOT EXISTS hub_webhooks_owner_idx ON hub_webhooks (owner_key, created_at)",
    ],
  },
  {
    version: 111,
    name: "webhook deliveries: the log of each webhook and the queue of pending attempts",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_webhook_deliveries (
        id text PRIMARY KEY,
        webhook_id text NOT NULL REFERENCES hub_webhooks (id) ON DELETE CASCADE,
        seq bigserial NOT NULL,
        action text NOT NULL,
        scope text NOT NULL,
        repo_type text NOT NULL,
        repo_id text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        response_status integer,
        response_body text,
        error text,
        duration_ms integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX IF NOT EXISTS hub_webhook_deliveries_log_idx ON hub_webhook_deliveries (webhook_id, seq DESC)",
      "CREATE INDEX IF NOT EXISTS hub_webhook_deliveries_due_idx ON hub_webhook_deliveries (next_attempt_at) WHERE status = 'pending'",
    ],
  },
  {
    version: 112,
    name: "webhooks: the lower-case keys of their watched items, so an event reads only the webhooks watching it",
    // `ns:<namespace>` for a user or org item, `<type>:<owner/name>` for a repository (watchKeys in webhook-store.ts).
    statements: [
      "ALTER TABLE hub_webhooks ADD COLUMN IF NOT EXISTS watch_keys text[] NOT NULL DEFAULT '{}'",
      `UPDATE hub_webhooks SET watch_keys = ARRAY(
        SELECT CASE WHEN item->>'type' IN ('user', 'org') THEN 'ns:' || lower(item->>'name')
          ELSE (item->>'type') || ':' || lower(item->>'name') END
        FROM jsonb_array_elements(watched) AS item)`,
      "CREATE INDEX IF NOT EXISTS hub_webhooks_watch_keys_idx ON hub_webhooks USING gin (watch_keys)",
    ],
  },
];
