// Trending at scale (issue 20 point 3): 20 000 GENERATED models (bench/generate.ts, made up for this benchmark, in
// memory; BENCH_MODELS to change), a tenth with downloads spread over the last 30 days and a fiftieth with a like.
// Prints, as `name: ours X, reference Y, ratio Z` lines:
//   - sort=trendingScore listings (first page, a later page through its cursor, a selective filter): p95 against
//     the listings' 50 ms target;
//   - one recorded download (the day row and the repository's new score): p95 against a 10 ms target;
//   - the daily refresh that decays every active repository's score (runs once a day, on the first read): against
//     a 1 s target.
//   npm run bench -w apps/hub   (BENCH_DATABASE_URL for PostgreSQL)
import { randomBytes } from "node:crypto";
import { openPglite, openPostgres } from "../server/src/store/db.js";
import { type ModelSearch, ModelStore } from "../server/src/store/model-store.js";
import { TrendingStore, utcDay } from "../server/src/trending/trending-store.js";
import { generatedModel } from "./generate.js";

// 20 000 by default: at 100 000 the setup's bulk writes failed once on PGlite ("invalid byte sequence for encoding
// UTF8: 0x00", 2026-11-28, under a load average of 18; not yet understood), and the figures per active repository
// are what matters here.
const MODEL_COUNT = Number(process.env.BENCH_MODELS ?? 20_000);
const ACTIVE = Math.floor(MODEL_COUNT / 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
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
  try {
    const ids: string[] = [];
    for (let start = 0; start < MODEL_COUNT; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, MODEL_COUNT - start) }, (_, i) => generatedModel(start + i));
      for (const record of batch) ids.push(String(record.id));
      await store.upsert(batch);
    }
    const now = Date.now();
    const trending = new TrendingStore(db, () => new Date(now));
    // The scores as of yesterday, so that today's refresh has a day of decay to write.
    const yesterday = utcDay(new Date(now - DAY));
    // Day rows and likes written in bulk (as a month of traffic would have left them), then one refresh.
    const days: { key: string; day: string; n: number }[] = [];
    for (let index = 0; index < ACTIVE; index += 1) {
      const id = ids[(index * 7919) % ids.length] as string;
      for (let back = index % 5; back < 30; back += 5)
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
    await store.analyze("model");
    await trending.refreshAll(yesterday);
    console.log(`trending setup: ${MODEL_COUNT} models, ${ACTIVE} with downloads (${days.length} day rows)`);

    // The day's first refresh rewrites every active repository's score (each changes by a day of decay); a
    // second one the same day finds nothing to change.
    report("daily refresh (decay of every active repository)", await timed(1, () => trending.refreshAll()), 1000);
    report("refresh with nothing to change", await timed(3, () => trending.refreshAll()), 1000);

    const query: ModelSearch = { sort: "trendingScore", direction: -1, limit: 20 };
    report("list first page", await timed(RUNS, () => store.searchRows("model", query, false)), 50);
    const first = await store.searchRows("model", { ...query, limit: 200 }, false);
    const cursor = first.next;
    if (cursor !== undefined)
      report(
        "list page after 200 rows",
        await timed(RUNS, () => store.searchRows("model", { ...query, cursor }, false)),
        50,
      );
    report(
      "list with a selective filter (text-to-speech)",
      await timed(RUNS, () => store.searchRows("model", { ...query, pipelineTag: "text-to-speech" }, false)),
      50,
    );
    report(
      "record one download",
      await timed(RUNS, (run) => trending.addDownloads("model", ids[(run * 104_729) % ids.length] as string)),
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

await main();
