// Exactly one server runs a named background task (issue 23): the task's row in hub_job_leases (jobs/schema.ts) is
// claimed with one conditional upsert — free when its lease has expired — and held by renewing it while the task
// runs, so a server that dies mid-task loses it after `ttlMs` and another takes it over. A task with a `period` (a
// day, an interval's number) records the period it finished, and is not claimed again for that period: one run per
// period across all servers. With PGlite only one process can hold the database (its folder lock), so a lease held
// by any other instance is left over from a dead process and is taken over at once — behaviour as before leases.
import { randomBytes } from "node:crypto";
import type { Db } from "../store/db.js";

/** `kind` absent (a narrowed handle): leases of other holders are never taken over before they expire. */
type LeaseDb = Pick<Db, "query"> & { readonly kind?: Db["kind"] };

export interface LeaseOptions {
  /** How long the lease lasts without renewal (a dead holder's task waits this long at most). */
  ttlMs: number;
  /** Run once per this period (any text: "2026-11-28", an interval number); absent: whenever free. */
  period?: string;
}

export type LeaseOutcome<T> = { ran: true; value: T } | { ran: false; why: "done" | "held" };

export interface Lease {
  readonly name: string;
  readonly holder: string;
  /** Extends the lease by its ttl; false when it was lost (expired and taken over). */
  renew(): Promise<boolean>;
  /** The task finished: its period is recorded as done and the lease is free. */
  finish(): Promise<void>;
  /** The task did not finish (it failed): the lease is free, the period not done. */
  release(): Promise<void>;
}

const NAME = /^[a-z][a-z0-9_:.-]{0,99}$/;
const MAX_TTL_MS = 24 * 3_600_000;
const holders = new WeakMap<object, string>();

/** This server's identity on a database handle: one random id per handle (two test servers in one process differ). */
export function instanceIdOf(db: object): string {
  let id = holders.get(db);
  if (id === undefined) {
    id = `${process.pid}-${randomBytes(6).toString("hex")}`;
    holders.set(db, id);
  }
  return id;
}

function checkOptions(name: string, options: LeaseOptions): void {
  if (!NAME.test(name)) throw new Error(`invalid lease name: ${JSON.stringify(name)}`);
  if (!Number.isSafeInteger(options.ttlMs) || options.ttlMs < 1 || options.ttlMs > MAX_TTL_MS)
    throw new Error(`lease ttl out of range: ${options.ttlMs}`);
}

/** Claims the task's lease for this server, or says why not: "done" (this period ran) or "held" (running elsewhere). */
export async function claimLease(db: LeaseDb, name: string, options: LeaseOptions): Promise<Lease | "done" | "held"> {
  checkOptions(name, options);
  const holder = instanceIdOf(db);
  const period = options.period ?? null;
  const rows = await db.query(
    `INSERT INTO hub_job_leases AS l (name, holder, lease_until, runs)
     VALUES ($1, $2, clock_timestamp() + $3::int * interval '1 millisecond', 1)
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, lease_until = EXCLUDED.lease_until, runs = l.runs + 1
     WHERE (l.lease_until < clock_timestamp() OR ($5::boolean AND l.holder IS DISTINCT FROM $2))
       AND ($4::text IS NULL OR l.done_period IS DISTINCT FROM $4::text)
     RETURNING runs`,
    [name, holder, options.ttlMs, period, db.kind === "pglite"],
  );
  if (rows.length === 0) {
    if (period === null) return "held";
    const done = await db.query("SELECT 1 FROM hub_job_leases WHERE name = $1 AND done_period = $2", [name, period]);
    return done.length > 0 ? "done" : "held";
  }
  return {
    name,
    holder,
    async renew() {
      const renewed = await db.query(
        `UPDATE hub_job_leases SET lease_until = clock_timestamp() + $3::int * interval '1 millisecond'
         WHERE name = $1 AND holder = $2 RETURNING name`,
        [name, holder, options.ttlMs],
      );
      return renewed.length > 0;
    },
    async finish() {
      await db.query(
        `UPDATE hub_job_leases SET lease_until = '-infinity', done_period = coalesce($3, done_period),
           done_at = clock_timestamp() WHERE name = $1 AND holder = $2`,
        [name, holder, period],
      );
    },
    async release() {
      await db.query("UPDATE hub_job_leases SET lease_until = '-infinity' WHERE name = $1 AND holder = $2", [
        name,
        holder,
      ]);
    },
  };
}

/**
 * Runs `work` when this server claims the task: the lease is renewed every third of its ttl while it runs (`signal`
 * aborts if it was lost), finished after success, released after a failure (which is rethrown).
 */
export async function runLeased<T>(
  db: LeaseDb,
  name: string,
  options: LeaseOptions,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<LeaseOutcome<T>> {
  const lease = await claimLease(db, name, options);
  if (typeof lease === "string") return { ran: false, why: lease };
  const lost = new AbortController();
  const heartbeat = setInterval(
    () => {
      lease.renew().then(
        (held) => {
          if (!held) lost.abort(new Error(`the lease of ${name} was lost`));
        },
        (error: unknown) => console.error(`[hub] jobs: renewing the lease of ${name} failed: ${String(error)}`),
      );
    },
    Math.max(1, Math.floor(options.ttlMs / 3)),
  );
  heartbeat.unref();
  try {
    const value = await work(lost.signal);
    clearInterval(heartbeat);
    await lease.finish();
    return { ran: true, value };
  } catch (error) {
    clearInterval(heartbeat);
    await lease.release().catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
