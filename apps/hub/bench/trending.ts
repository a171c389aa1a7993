// Trending at scale (issue 20 point 3): 20 000 GENERATED models (bench/generate.ts, made up for this benchmark, in
// memory; BENCH_MODELS to change), a tenth with downloads spread over the last 31 days and a fiftieth with a like.
// Prints, as `name: ours X, reference Y, ratio Z` lines:
//   - sort=trendingScore listings (first page, a later page through its cursor, a page in the stretch of
//     repositories without activity, a selective and a dense filter): p95 against the listings' 50 ms target;
//   - one recorded download: the day row and the score (trending/scores.ts), and the whole of DbRepoIndex's
//     recordDownload (which also adds 1 to the repository's all-time count on its row): p95 against 10 ms;
//   - the day's expiry pass (the scores holding an event that just turned 30 days old counted again; runs once a
//     day, on the first read) and the same pass with nothing left to expire: against a 1 s target.
// BENCH_EXPLAIN=1 prints the listings' query plans.
//   npm run bench -w apps/hub   (BENCH_DATABASE_URL for PostgreSQL)
import { randomBytes } from "node:crypto";
import { openPglite, openPostgres } from "../server/src/store/db.js";
import { DbRepoIndex } from "../server/src/store/db-repo-index.js";
import { type ModelSearch, ModelStore } from "../server/src/store/model-store.js";
import { recount } from "../server/src/trending/scores.js";
import { TrendingStore, utcDay } from "../server/src/trending/trending-store.js";
import { generatedModel } from "./generate.js";

const MODEL_COUNT = Number(process.env.BENCH_MODELS ?? 20_000);
const ACTIVE = Math.floor(MODEL_COUNT / 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const DAY = 86_400_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(runs: number, work: (run: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await work(run);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

function report(name: string, times: number[], target: number): void {
  const p95 = percentile(times, 95);
  console.log(
    `trending ${name} p50 ${ms(percentile(times, 50))}, p95: ours ${ms(p95)}, reference ${target} ms (target), ratio ${(p95 / target).toFixed(2)}`,
  );
}

async function main() {
  const url = process.env.BENCH_DATABASE_URL;
  const schema = `hubkit_bench_${randomBytes(4).toString("hex")}`;
  const db = url ? await openPostgres(url, schema) : await openPglite(undefined);
  const store = await ModelStore.open(db);
  const unwrap = failuresSayWhere(db);
  try {
    const ids: string[] = [];
    for (let start = 0; start < MODEL_COUNT; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, MODEL_COUNT - start) }, (_, i) => generatedModel(start + i));
      for (const record of batch) ids.push(String(record.id));
      await store.upsert(batch);
    }
    const now = Date.now();
    const trending = new TrendingStore(db, () => new Date(now));
    store.now = () => new Date(now);
    const yesterday = utcDay(new Date(now - DAY));
    // Day rows and likes written in bulk (as a month of traffic would have left them): every fifth day of the last
    // 31 for each active repository, so a fifth of them had an event exactly 30 days ago, which today expires.
    const days: { key: string; day: string; n: number }[] = [];
    const active: string[] = [];
    for (let index = 0; index < ACTIVE; index += 1) {
      const id = ids[(index * 7919) % ids.length] as string;
      active.push(id.toLowerCase());
      for (let back = index % 5; back <= 30; back += 5)
        days.push({ key: id.toLowerCase(), day: utcDay(new Date(now - back * DAY)), n: 1 + ((index + back) % 13) });
    }
    for (let start = 0; start < days.length; start += 10_000)
      await db.query(
        `INSERT INTO hub_download_days (repo_type, repo_key, day, downloads)
         SELECT 'model', r.key, r.day::date, r.n FROM jsonb_to_recordset($1::jsonb) AS r(key text, day text, n bigint)
         ON CONFLICT DO NOTHING`,
        [JSON.stringify(days.slice(start, start + 10_000))],
      );
    await db.query(
      `INSERT INTO hub_likes (repo_type, repo_key, user_key, created_at)
       SELECT 'model', lower(id), 'bench', now() - (random() * interval '40 days') FROM hub_models
       ORDER BY id LIMIT $1`,
      [Math.floor(MODEL_COUNT / 50)],
    );
    // The scores as they stood yesterday (every liked repository too), so that today's pass has a day to expire.
    const liked = await db.query<{ repo_key: string }>("SELECT repo_key FROM hub_likes WHERE repo_type = 'model'");
    const keys = [...new Set([...active, ...liked.map((row) => row.repo_key)])];
    for (let start = 0; start < keys.length; start += 1000)
      await recount(db, "model", keys.slice(start, start + 1000), yesterday);
    await store.analyze("model");
    await db.query("ANALYZE hub_trending");
    const counts = await db.query<{ scored: number; expiring: number }>(
      `SELECT count(*)::float8 AS scored, (count(*) FILTER (WHERE oldest_day <= $1::date - 30))::float8 AS expiring
       FROM hub_trending`,
      [utcDay(new Date(now))],
    );
    const { scored, expiring } = counts[0] ?? { scored: 0, expiring: 0 };
    unwrap();
    console.log(
      `trending setup: ${MODEL_COUNT} models, ${ACTIVE} with downloads (${days.length} day rows), ${scored} scored, ${expiring} with an event expiring today`,
    );

    // The day's pass touches only the scores with an event leaving the window; a second one finds none.
    report(`daily expiry pass (${expiring} scores recounted)`, await timed(1, () => trending.refreshAll()), 1000);
    report("expiry pass with nothing to expire", await timed(3, () => trending.refreshAll()), 1000);

    const query: ModelSearch = { sort: "trendingScore", direction: -1, limit: 20 };
    const first = await store.searchRows("model", { ...query, limit: 200 }, false);
    const deep = await store.searchRows("model", { ...query, limit: Number(scored) + 500 }, false);
    const listings: [string, ModelSearch][] = [
      ["list first page", query],
      ...(first.next !== undefined
        ? ([["list page after 200 rows (cursor)", { ...query, cursor: first.next }]] as [string, ModelSearch][])
        : []),
      ...(deep.next !== undefined
        ? ([
            [
              `list page after ${Number(scored) + 500} rows (cursor among the inactive)`,
              { ...query, cursor: deep.next },
            ],
          ] as [string, ModelSearch][])
        : []),
      ["list with a selective filter (text-to-speech)", { ...query, pipelineTag: "text-to-speech" }],
      ["list with a dense filter (library transformers)", { ...query, library: "transformers" }],
      // Generated ids spread over 2 000 owners: one holds 0.05 % of the models (both stretches walk, then read
      // the owner's matches).
      ["list with a rare filter (one author)", { ...query, author: String(ids[0]).split("/")[0] as string }],
      ["list ascending (inactive first)", { ...query, direction: 1 }],
    ];
    for (const [name, listing] of listings)
      report(name, await timed(RUNS, () => store.searchRows("model", listing, false)), 50);
    if (EXPLAIN) await explainListings(store, listings);

    report(
      "record one download (day row + score)",
      await timed(RUNS, (run) => trending.addDownloads("model", ids[(run * 104_729) % ids.length] as string)),
      10,
    );
    // The whole download as the resolve route records it: also the all-time count on the repository's row
    // (store/db-repo-index.ts, not trending's: that row write still updates the row's GIN entries). Storage is not
    // read for a download, so none is given.
    const index = new DbRepoIndex(store, {} as never, {} as never);
    index.trending.now = () => new Date(now);
    report(
      "record one download (whole recordDownload)",
      await timed(RUNS, (run) =>
        index.recordDownload({ type: "model", id: ids[(run * 7_919 + 13) % ids.length] as string }, "model.gguf"),
      ),
      10,
    );
  } finally {
    await store.close();
    if (url) {
      const admin = await openPostgres(url);
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    }
  }
}

/**
 * Until the returned function is called, a failing statement's error also says which statement it was, how large
 * its parameters were and whether any held a NUL character: at 100 000 models the setup once failed on PGlite with
 * "invalid byte sequence for encoding UTF8: 0x00" (2026-11-28, load 18), which a NUL in a parameter would explain.
 */
function failuresSayWhere(db: ModelStore["db"]): () => void {
  const original = db.query.bind(db);
  db.query = (async (sql: string, params?: readonly unknown[]) => {
    try {
      return await original(sql, params as never);
    } catch (error) {
      const texts = (params ?? []).map((param) => (Array.isArray(param) ? param.join("\n") : String(param)));
      const nul = texts.findIndex((text) => text.includes("\0"));
      throw new Error(
        `${String(error)} — in ${JSON.stringify(sql.slice(0, 100))}, parameters of ${texts.map((text) => text.length).join("/")} characters, ${nul === -1 ? "none holding a NUL" : `$${nul + 1} holding a NUL`}`,
      );
    }
  }) as typeof db.query;
  return () => {
    db.query = original;
  };
}

/** The plans of the listings' statements (the PGlite or PostgreSQL planner's own EXPLAIN ANALYZE). */
async function explainListings(store: ModelStore, listings: [string, ModelSearch][]) {
  const db = store.db;
  const original = db.query.bind(db);
  const plans: string[] = [];
  db.query = (async (sql: string, params?: readonly unknown[]) => {
    if (/^\s*(WITH|SELECT)/.test(sql) && sql.includes("sort_value")) {
      const rows = await original<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, COSTS OFF) ${sql}`, params as never);
      plans.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return original(sql, params as never);
  }) as typeof db.query;
  for (const [name, listing] of listings) {
    plans.length = 0;
    await store.searchRows("model", listing, false);
    console.log(`--- ${name}\n${plans.join("\n-\n")}`);
  }
  db.query = original;
}

await main();
