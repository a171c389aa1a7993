// Background work shared by several servers on one database (issue 23; migration versions 160–169, run by
// store/migrations.ts's migrate() beside the others): a lease row per named task (jobs/lease.ts) and a lease on each
// dataset conversion job, so that exactly one server runs each and a dead server's work is taken over once its
// lease has expired.
import type { Migration } from "../store/migrations.js";

export const JOB_MIGRATIONS: readonly Migration[] = [
  {
    version: 160,
    name: "job leases: one row per named background task; dataset conversion jobs get an owner and a lease",
    statements: [
      // holder: the server instance that runs the task now (until lease_until); done_period: the last period
      // (a day, an interval's number) whose run finished, so each period runs once; runs: claims so far.
      `CREATE TABLE IF NOT EXISTS hub_job_leases (
        name text PRIMARY KEY,
        holder text,
        lease_until timestamptz NOT NULL DEFAULT '-infinity',
        done_period text,
        done_at timestamptz,
        runs bigint NOT NULL DEFAULT 0
      )`,
      "ALTER TABLE hub_dataset_conversions ADD COLUMN IF NOT EXISTS lease_owner text",
      "ALTER TABLE hub_dataset_conversions ADD COLUMN IF NOT EXISTS lease_until timestamptz",
    ],
  },
];
