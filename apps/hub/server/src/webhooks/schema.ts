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
];
