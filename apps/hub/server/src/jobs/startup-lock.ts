// Start-up work that must happen once per database, not once per server (issue 23): the seed import, the backfills,
// the index reconciliation. Servers starting together on one PostgreSQL take a session advisory lock on a dedicated
// connection, one after the other: the first does the work and records it (seed hash, backfill marks in hub_meta),
// the next finds it done. A session lock (not a lease) because the waiters must wait, not skip, and PostgreSQL drops
// it the moment its holder's connection dies (kill -9), so a crashed server never blocks the next start. The wait is
// bounded. With PGlite (one process by its folder lock) the work just runs. Not reentrant: `work` must not take it
// again (a second connection would wait for the first until the bound).
import type { Db } from "../store/db.js";

/** Advisory lock keys of the hub (store/migrations.ts takes 7307001 for migrations). */
export const STARTUP_LOCK = 7307002;
/** A first start of a large seed takes minutes; longer than this, something is stuck: fail the start clearly. */
const MAX_WAIT_MS = 30 * 60_000;
const POLL_MS = 200;
/** Keyed by schema too: tests run many hubs on one database, one schema each. */
const LOCK_KEYS = `${STARTUP_LOCK}, hashtext(current_schema())`;

export async function withStartupLock<T>(
  db: Pick<Db, "kind" | "dedicatedClient">,
  what: string,
  work: () => Promise<T>,
  maxWaitMs = MAX_WAIT_MS,
): Promise<T> {
  if (db.kind !== "postgres" || db.dedicatedClient === undefined) return work();
  const client = await db.dedicatedClient();
  try {
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const rows = await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${LOCK_KEYS}) AS locked`);
      if (rows.rows[0]?.locked === true) break;
      if (Date.now() > deadline)
        throw new Error(`[hub] ${what}: another server held the start-up lock for over ${maxWaitMs / 1000} s`);
      await new Promise((resume) => setTimeout(resume, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await client.query(`SELECT pg_advisory_unlock(${LOCK_KEYS})`).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}
