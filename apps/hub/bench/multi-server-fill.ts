// Fills the multi-server bench's hub_models with `count` GENERATED models (bench/generate.ts) through the hub's own
// ModelStore.upsert, so each row is exactly what the index writes (sort keys, search lexemes with each id's
// prefixes and typo keys computed in TypeScript by search/typo-query.ts). To keep 1 M rows within minutes, the
// table's non-unique indexes are dropped for the load and built again once at the end (the unique ones stay:
// upsert's ON CONFLICT needs them), then ANALYZE. The rows have no `sha` (no git repository behind them), which is
// what keeps a start's reconcile (store/db-repo-index.ts) from removing them; the typo-key backfill
// (search/backfill.ts) already marked the tables done when the first server started on the empty database.
import { openPostgres } from "../server/src/store/db.js";
import { DEFAULT_DB_LIMITS } from "../server/src/store/db-limits.js";
import { ModelStore } from "../server/src/store/model-store.js";
import { generatedModel } from "./generate.js";

const BATCH = 5000;

export async function fillModels(
  databaseUrl: string,
  count: number,
  log: (line: string) => void,
): Promise<{ loadSeconds: number; indexSeconds: number }> {
  // Loading is not what is measured: its statements get more than the 10 s a request gets.
  const db = await openPostgres(databaseUrl, undefined, { ...DEFAULT_DB_LIMITS, statementTimeoutMs: 1_800_000 });
  try {
    const store = await ModelStore.open(db);
    const indexes = await db.query<{ name: string; definition: string }>(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
       JOIN pg_class c ON c.relname = i.indexname JOIN pg_index x ON x.indexrelid = c.oid
       WHERE i.tablename = 'hub_models' AND i.schemaname = current_schema() AND NOT x.indisunique`,
    );
    for (const { name } of indexes) await db.query(`DROP INDEX "${name}"`);
    const started = performance.now();
    for (let start = 0; start < count; start += BATCH) {
      await store.upsert(Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => generatedModel(start + i)));
      if ((start / BATCH) % 40 === 39) log(`# ${start + BATCH} rows loaded`);
    }
    const loaded = performance.now();
    // One session builds every index with room to sort in memory; the pool's other clients keep the defaults.
    await db.transaction(async (tx) => {
      await tx.query("SET LOCAL maintenance_work_mem = '512MB'");
      for (const { definition } of indexes) await tx.query(definition);
    });
    await store.analyze("model");
    return { loadSeconds: (loaded - started) / 1000, indexSeconds: (performance.now() - loaded) / 1000 };
  } finally {
    await db.close();
  }
}
