// Model search latency through the HTTP API over an index of 100 000 GENERATED models (made up here, for
// this benchmark only, in a temporary folder that is deleted afterwards). Prints p50/p95 per query kind and over
// all of them, as `name: ours X, reference Y, ratio Z` lines (reference = the 50 ms p95 target).
//   npm run bench -w apps/hub            (BENCH_MODELS=20000 for a quicker run)
// With BENCH_DATABASE_URL set, the same runs on that PostgreSQL server instead, in a throw-away schema.
// The requests go through the local hub's listing routes (api/listing.ts), as on a real server. Besides the
// search kinds, one row per selective filter × sort (issue 14: a selective filter with any sort must not walk a
// sort index); BENCH_ROWS=search runs the search kinds only, BENCH_ROWS=plans the filter × sort rows only.
// BENCH_EXPLAIN=1 measures nothing: it prints, for one request of each row, every statement the store ran with
// its EXPLAIN (ANALYZE, BUFFERS) plan, to check that each reads through the index it was written for.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createApp } from "../server/src/app.js";
import { loadConfig } from "../server/src/config.js";
import { openLocalHub } from "../server/src/hub-wiring.js";
import { LocalBackend } from "../server/src/source/local-backend.js";
import { type Db, openPglite, openPostgres, type SqlParam } from "../server/src/store/db.js";
import { DEFAULT_DB_LIMITS } from "../server/src/store/db-limits.js";
import { ModelStore } from "../server/src/store/model-store.js";
import { WebAssets } from "../server/src/web-assets.js";
import { generatedModel } from "./generate.js";

const MODEL_COUNT = Number(process.env.BENCH_MODELS ?? 100_000);
const RUNS_PER_QUERY = Number(process.env.BENCH_RUNS ?? 100);
const TARGET_P95_MS = 50;

const QUERIES: [string, string][] = [
  ["list (downloads)", "/api/models?limit=20"],
  ["search one word", "/api/models?search=llama&limit=20"],
  ["search two words", "/api/models?search=qwen%207b&limit=20"],
  ["search prefix", "/api/models?search=mis&limit=20"],
  ["search rare", "/api/models?search=org17&limit=20"],
  // Issue 20: letters and digits joined ("llama3" is also "llama" & "3") and a short word many ids hold.
  ["search joined digits", "/api/models?search=llama3&limit=20"],
  ["search gpt2", "/api/models?search=gpt2&limit=20"],
  // Issue 20 point 2's ranking tiers: a name prefix shared by a few dozen ids, one typo in a word ("lama 7b" finds
  // llama …-7B, below any exact or prefix match), a typo'd word alone, and a word matching nothing (every tier
  // runs and finds nothing). The exact-id and exact-name rows are added once the index is loaded (ids are random).
  ["search name prefix", "/api/models?search=llama-7b-chat&limit=20"],
  ["search typo two words", "/api/models?search=lama%207b&limit=20"],
  ["search typo one word", "/api/models?search=mistrl&limit=20"],
  // A typo that one word in twenty is one edit away from (llama): the typo tier at its densest.
  ["search typo dense", "/api/models?search=lama&limit=20"],
  ["search no match", "/api/models?search=qwertyuiop&limit=20"],
  // The site's default order: a search sorted by trendingScore still reads its tiers one by one (model-store.ts).
  ["search one word, trending", "/api/models?search=llama&sort=trendingScore&limit=20"],
  ["search no match, trending", "/api/models?search=qwertyuiop&sort=trendingScore&limit=20"],
  ["filter task", "/api/models?pipeline_tag=text-to-image&limit=20"],
  ["filter library + likes", "/api/models?library=gguf&sort=likes&limit=20"],
  ["filter provider", "/api/models?inference_provider=together&limit=20"],
  ["filter tags", "/api/models?filter=conversational&filter=custom_code&limit=20"],
  ["search + task", "/api/models?search=llama%20instruct&pipeline_tag=text-generation&limit=20"],
  ["sort lastModified", "/api/models?sort=lastModified&limit=20"],
  ["limit 100", "/api/models?search=gemma&limit=100"],
];

// Each filter matches 0.05-7 % of the generated models (generate.ts): selective enough that walking a sort index
// until 20 matches turn up is the slow plan the filter-first plan avoids.
const SELECTIVE_FILTERS: [string, string][] = [
  ["tag", "filter=t5"],
  ["pipeline_tag", "pipeline_tag=text-to-speech"],
  ["library", "library=mlx"],
  ["author", "author=org17"],
  ["provider", "inference_provider=together"],
];
const SORTS = ["downloads", "likes", "lastModified", "createdAt"];
const PLAN_QUERIES: [string, string][] = SELECTIVE_FILTERS.flatMap(([name, filter]) =>
  SORTS.map((sort): [string, string] => [`${name} × ${sort}`, `/api/models?${filter}&sort=${sort}&limit=20`]),
);
const ROWS = process.env.BENCH_ROWS ?? "all";
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
if (ROWS === "plans") QUERIES.splice(0, QUERIES.length);
if (ROWS !== "search") QUERIES.push(...PLAN_QUERIES);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The statements run through `db` while `recording.on`, for BENCH_EXPLAIN (the store's own Db is not changed). */
function recordingDb(
  db: Db,
  recording: { on: boolean; statements: { sql: string; params: readonly SqlParam[] }[] },
): Db {
  return {
    kind: db.kind,
    query<Row extends Record<string, unknown>>(sql: string, params: readonly SqlParam[] = []) {
      if (recording.on) recording.statements.push({ sql, params });
      return db.query<Row>(sql, params);
    },
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
  };
}

/** Prints every statement one request of `path` runs, with its plan as PostgreSQL executed it. */
async function explain(
  db: Db,
  recording: { on: boolean; statements: { sql: string; params: readonly SqlParam[] }[] },
  url: string,
) {
  recording.statements = [];
  recording.on = true;
  const response = await fetch(url);
  await response.arrayBuffer();
  recording.on = false;
  for (const { sql, params } of recording.statements) {
    console.log(`\n-- ${sql.replace(/\s+/g, " ")}\n-- params ${JSON.stringify(params)}`);
    const plan = await db.query<Record<string, unknown>>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params);
    for (const line of plan) console.log(String(Object.values(line)[0]));
  }
}

function writeEmptySeed(dir: string): string {
  const file = join(dir, "empty-seed.jsonl");
  writeFileSync(file, "");
  return file;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "hubkit-bench-"));
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  // BENCH_KEEP_INDEX=<folder> (PGlite) or <schema> (PostgreSQL) keeps the generated index for the next run,
  // which reuses it when it holds BENCH_MODELS models: loading 1 000 000 takes minutes, the queries seconds.
  const kept = process.env.BENCH_KEEP_INDEX;
  const schema = postgresUrl && kept ? kept : `hubkit_bench_${randomBytes(4).toString("hex")}`;
  const engine = postgresUrl ? "PostgreSQL server" : "PGlite";
  // Loading is not what is measured: its 1 000-row statements get more than the 10 s a request gets (on a busy
  // 2-core machine they can take longer, with each id's prefixes and typo keys to index).
  const db = postgresUrl
    ? await openPostgres(postgresUrl, schema)
    : await openPglite(kept ?? join(dir, "pglite"), { ...DEFAULT_DB_LIMITS, statementTimeoutMs: 120_000 });
  const recording = { on: false, statements: [] as { sql: string; params: readonly SqlParam[] }[] };
  const store = await ModelStore.open(EXPLAIN ? recordingDb(db, recording) : db);
  try {
    const loadStart = performance.now();
    const reuse = kept !== undefined && (await store.count()) === MODEL_COUNT;
    if (reuse) console.log(`# reusing the ${MODEL_COUNT} generated models kept in ${kept}`);
    for (let start = 0; !reuse && start < MODEL_COUNT; start += 5000) {
      const batch = Array.from({ length: Math.min(5000, MODEL_COUNT - start) }, (_, i) => generatedModel(start + i));
      await store.upsert(batch);
    }
    await store.analyze();
    const loadSeconds = (performance.now() - loadStart) / 1000;
    console.log(`# ${MODEL_COUNT} generated models indexed in ${loadSeconds.toFixed(1)} s (${engine})`);

    // The local hub over the same store: no seed repositories (an empty seed file), nothing on disk to reconcile.
    const config = loadConfig({
      HUBKIT_DATA_DIR: join(dir, "hub"),
      HUBKIT_SEED: writeEmptySeed(dir),
      HUBKIT_WEB_DIST: join(dir, "no-web"),
      DATABASE_URL: "",
    });
    const hub = await openLocalHub(config, store);
    const app = createApp({
      backend: new LocalBackend(store),
      web: new WebAssets(join(dir, "no-web")),
      hub: hub.ctx,
    });
    const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 });
    await new Promise((ready) => server.once("listening", ready));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // An exact id and an exact name of the generated index (taken from it: the ids are random).
    if (ROWS !== "plans") {
      const [row] = await store.db.query<{ id: string }>("SELECT id FROM hub_models ORDER BY id LIMIT 1 OFFSET 4321");
      const id = String(row?.id);
      QUERIES.push(
        ["search exact id", `/api/models?search=${encodeURIComponent(id)}&limit=20`],
        ["search exact name", `/api/models?search=${encodeURIComponent(id.slice(id.indexOf("/") + 1))}&limit=20`],
      );
    }

    // A page through the cursor, to measure a deep keyset page too.
    let deep = "/api/models?limit=20";
    if (ROWS !== "plans")
      for (let page = 0; page < 50; page += 1) {
        const link = (await fetch(`${base}${deep}`)).headers.get("link");
        // The hub's Link is absolute (at the caller's base): keep its path and query.
        const next = /<([^>]+)>/.exec(link ?? "")?.[1];
        if (next !== undefined) deep = `${new URL(next).pathname}${new URL(next).search}`;
      }
    if (ROWS !== "plans") QUERIES.push(["cursor page 51", deep]);

    if (EXPLAIN)
      for (const [name, path] of QUERIES) {
        console.log(`\n=== ${name}: ${path}`);
        await explain(db, recording, `${base}${path}`);
      }
    const all: number[] = [];
    for (const [name, path] of EXPLAIN ? [] : QUERIES) {
      for (let i = 0; i < 5; i += 1) await (await fetch(`${base}${path}`)).arrayBuffer(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS_PER_QUERY; i += 1) {
        const started = performance.now();
        const response = await fetch(`${base}${path}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      const p95 = percentile(times, 95);
      console.log(
        `search ${name} p50 ${ms(percentile(times, 50))}, p95: ours ${ms(p95)}, reference ${TARGET_P95_MS} ms (target), ratio ${(p95 / TARGET_P95_MS).toFixed(2)}`,
      );
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    if (!EXPLAIN)
      console.log(
        `search all queries (${all.length} requests) p50 ${ms(percentile(all, 50))}, p95: ours ${ms(p95)}, reference ${TARGET_P95_MS} ms (target), ratio ${(p95 / TARGET_P95_MS).toFixed(2)}`,
      );
    // Latencies through a socket move with whatever else the machine runs: say how busy it was.
    console.log(
      `# load average after the run: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(", ")}`,
    );
    await new Promise((done) => server.close(() => done(undefined)));
  } finally {
    if (postgresUrl && !kept) await store.db.query(`DROP SCHEMA ${schema} CASCADE`);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
