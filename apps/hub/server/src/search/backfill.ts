// Typo keys for the rows indexed before migration 131 (issue 20 point 2). The keys are computed here, not in SQL:
// the SQL function cost ~2 ms a row, so one UPDATE of a large index ran past the statement timeout at start. In
// batches of BACKFILL_BATCH ids, in id order, the last id done kept in hub_meta: a start that stops half-way goes on
// where it stopped, and adding keys twice changes nothing (a tsvector holds each lexeme once). Several servers on one
// PostgreSQL run it one at a time (jobs/startup-lock.ts).
import { withStartupLock } from "../jobs/startup-lock.js";
import type { Db } from "../store/db.js";
import { indexTypoKeys } from "./typo-query.js";

const TABLES = ["hub_models", "hub_datasets", "hub_spaces"] as const;
const BACKFILL_BATCH = 500;
/** Not an id (ids start with a letter or digit): the mark of a table done. */
const DONE = "~done";

export async function backfillTypoKeys(db: Db): Promise<void> {
  const done = await db.query("SELECT 1 FROM hub_meta WHERE key = ANY($1::text[]) AND value = $2", [
    TABLES.map((table) => `search_typo_keys:${table}`),
    DONE,
  ]);
  if (done.length === TABLES.length) return;
  // Servers starting together on one PostgreSQL: one backfills, the others wait and find it done.
  await withStartupLock(db, "search backfill", () => backfillTables(db));
}

async function backfillTables(db: Db): Promise<void> {
  for (const table of TABLES) {
    const key = `search_typo_keys:${table}`;
    const meta = await db.query<{ value: string }>("SELECT value FROM hub_meta WHERE key = $1", [key]);
    let last = meta[0]?.value ?? "";
    if (last === DONE) continue;
    for (;;) {
      const ids = await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE id > $1 ORDER BY id LIMIT $2`, [
        last,
        BACKFILL_BATCH,
      ]);
      const batch = ids.map((row) => ({ id: row.id, keys: indexTypoKeys(row.id) }));
      if (batch.length > 0)
        await db.query(
          `UPDATE ${table} AS t SET search = t.search || array_to_tsvector(k.keys)
           FROM jsonb_to_recordset($1::jsonb) AS k(id text, keys text[]) WHERE t.id = k.id AND cardinality(k.keys) > 0`,
          [JSON.stringify(batch)],
        );
      last = batch.length < BACKFILL_BATCH ? DONE : String(batch.at(-1)?.id);
      await db.query(
        "INSERT INTO hub_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
        [key, last],
      );
      if (last === DONE) break;
    }
  }
}
