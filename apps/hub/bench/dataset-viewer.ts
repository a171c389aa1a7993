// Dataset viewer benchmark (issue 21): the REAL server as a child process (transfer-hub.ts) with a 5-million-row
// Parquet dataset (generated here with DuckDB) converted by it; then `/rows` p95 at random offsets (target ≤ 100 ms),
// `/search` and `/filter` p95 (≤ 1 s), `/statistics` the first time (computed, ≤ 10 s); and the conversion of a CSV
// (1 GiB by default) from commit to a valid viewer against DuckDB's own `COPY (FROM read_csv) TO parquet` of the
// same file in this process (throughput ratio, target ≥ 0.8×); the server's peak RSS during each phase.
//   node --conditions=hubkit-source --import tsx apps/hub/bench/dataset-viewer.ts     (part of `npm run bench`)
//   BENCH_DATASET_CSV_MIB=256 for a smaller CSV; BENCH_DATASET_SAMPLES (200) /rows requests,
//   BENCH_DATASET_SCAN_SAMPLES (40) /search and /filter requests.
import { createHash } from "node:crypto";
import { createReadStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { DuckDBInstance } from "@duckdb/node-api";
import { commitFiles, createDataset, VIEWER } from "../server/test/dataset-viewer-harness.js";
import { prepareRepo, type RunningHub, startHub } from "./transfer-hub.js";
import { mib, sampleRss } from "./transfer-rss.js";

const ADMIN = "bench-admin-token-0123456789abcdef";
const ROWS = 5_000_000;
const CSV_MIB = Number(process.env.BENCH_DATASET_CSV_MIB ?? 1024);
const SAMPLES = Number(process.env.BENCH_DATASET_SAMPLES ?? 200);
/** Search and filter scan the split: fewer samples (still a p95 over BENCH_DATASET_SCAN_SAMPLES). */
const SCAN_SAMPLES = Number(process.env.BENCH_DATASET_SCAN_SAMPLES ?? 40);
const USER = "benchmarker";

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? Number.NaN;
const line = (name: string, ours: string, reference: string, ratio: number, target: string) =>
  console.log(`${name}: ours ${ours}, reference ${reference}, ratio ${ratio.toFixed(2)} (target ${target})`);

async function get(hub: RunningHub, token: string, route: string, params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
  const started = performance.now();
  const response = await fetch(`${hub.url}${VIEWER}/${route}?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as Record<string, unknown>;
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, body };
}

async function waitValid(hub: RunningHub, token: string, repo: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${hub.url}${VIEWER}/splits?dataset=${repo}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    if (response.ok) return;
    const code = response.headers.get("x-error-code");
    if (code !== "ResponseNotReady") throw new Error(`${repo}: ${response.status} ${await response.text()}`);
    if (Date.now() > deadline) throw new Error(`${repo} not converted in ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/** Uploads a file as an LFS object of the dataset, streamed (never whole in memory), and commits it. */
async function commitLargeFile(hub: RunningHub, token: string, repo: string, path: string, name: string) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  const oid = hash.digest("hex");
  const size = statSync(path).size;
  const batch = await fetch(`${hub.url}/datasets/${repo}.git/info/lfs/objects/batch`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/vnd.git-lfs+json" },
    body: JSON.stringify({ operation: "upload", transfers: ["basic"], objects: [{ oid, size }] }),
  });
  const answer = (await batch.json()) as {
    objects: { actions?: { upload?: { href: string; header?: Record<string, string> } } }[];
  };
  const upload = answer.objects[0]?.actions?.upload;
  if (upload !== undefined) {
    const put = await fetch(upload.href, {
      method: "PUT",
      headers: { ...(upload.header ?? {}), "Content-Length": String(size) },
      body: Readable.toWeb(createReadStream(path)) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  }
  const started = performance.now();
  const commit = await fetch(`${hub.url}/api/datasets/${repo}/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    body: [
      JSON.stringify({ key: "header", value: { summary: "bench data" } }),
      JSON.stringify({ key: "lfsFile", value: { path: name, algo: "sha256", oid, size } }),
    ].join("\n"),
  });
  if (!commit.ok) throw new Error(`commit: ${commit.status} ${await commit.text()}`);
  return started;
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "hubkit-bench-viewer-"));
  const hub = await startHub(join(work, "data"), ADMIN);
  try {
    const token = await prepareRepo(hub, ADMIN, USER, "unused");
    const access = { url: hub.url, writeToken: token };
    const duck = await (await DuckDBInstance.create(":memory:", { threads: "2" })).connect();

    // The 5-million-row dataset.
    const parquet = join(work, "five-million.parquet");
    await duck.run(
      `COPY (SELECT i AS id, ['cat', 'dog', 'bird'][(i % 3) + 1] AS label, (i % 1000) / 10 AS value, i % 2 = 0 AS flag,
              'row ' || i AS text FROM range(${ROWS}) t(i)) TO '${parquet}' (FORMAT parquet, COMPRESSION zstd)`,
    );
    const repo = `${USER}/five-million`;
    await createDataset(access, "five-million");
    await commitFiles(access, repo, [{ path: "train.parquet", content: await readFile(parquet) }]);
    await waitValid(hub, token, repo, 600_000);
    const split = { dataset: repo, config: "default", split: "train" };

    const phase = async (
      name: string,
      target: number,
      samples: number,
      request: (index: number) => Promise<number>,
    ) => {
      const rss = sampleRss(hub.pid);
      const times: number[] = [];
      for (let index = 0; index < samples; index++) times.push(await request(index));
      const { peak } = await rss.stop();
      line(`${name} p95`, `${p95(times).toFixed(0)} ms`, `${target} ms`, p95(times) / target, "≤ 1.00");
      console.log(`${name} server RSS peak: ${mib(peak)}`);
    };
    const random = (n: number) => Math.floor(Math.random() * n);
    await phase(
      "rows (random offset)",
      100,
      SAMPLES,
      async () => (await get(hub, token, "rows", { ...split, offset: random(ROWS - 100), length: 100 })).ms,
    );
    await phase(
      "search",
      1000,
      SCAN_SAMPLES,
      async () => (await get(hub, token, "search", { ...split, query: `row ${random(ROWS)}` })).ms,
    );
    await phase(
      "filter",
      1000,
      SCAN_SAMPLES,
      async (index) =>
        (
          await get(hub, token, "filter", {
            ...split,
            where: `value = ${random(1000) / 10} AND label = '${["cat", "dog", "bird"][index % 3]}'`,
            ...(index % 2 === 0 ? { orderby: "id DESC" } : {}),
          })
        ).ms,
    );
    const statsRss = sampleRss(hub.pid);
    const stats = await get(hub, token, "statistics", split);
    line("statistics (first, all 5 columns)", `${(stats.ms / 1000).toFixed(2)} s`, "10 s", stats.ms / 10_000, "≤ 1.00");
    console.log(`statistics server RSS peak: ${mib((await statsRss.stop()).peak)}`);

    // Conversion throughput: a CSV of CSV_MIB through the hub against DuckDB's own COPY of the same file.
    const csv = join(work, "big.csv");
    const rows = Math.round((CSV_MIB * 1024 * 1024) / 62);
    await duck.run(
      `COPY (SELECT i AS id, 'name ' || (i % 100000) AS name, (i % 997) / 7 AS value, i % 5 = 0 AS flag,
              md5(i::VARCHAR) AS hash FROM range(${rows}) t(i)) TO '${csv}' (FORMAT csv, HEADER true)`,
    );
    const bytes = statSync(csv).size;
    const reference = performance.now();
    await duck.run(
      `COPY (SELECT * FROM read_csv('${csv}')) TO '${join(work, "reference.parquet")}' (FORMAT parquet, ROW_GROUP_SIZE 10000, COMPRESSION zstd)`,
    );
    const referenceSeconds = (performance.now() - reference) / 1000;
    duck.closeSync();
    await createDataset(access, "big-csv");
    const convertRss = sampleRss(hub.pid);
    const started = await commitLargeFile(hub, token, `${USER}/big-csv`, csv, "train.csv");
    await waitValid(hub, token, `${USER}/big-csv`, 3_600_000);
    const oursSeconds = (performance.now() - started) / 1000;
    const { peak } = await convertRss.stop();
    const throughput = (seconds: number) => `${(bytes / (1024 * 1024) / seconds).toFixed(0)} MiB/s`;
    line(
      `CSV conversion ${mib(bytes)} (commit → viewer valid)`,
      `${oursSeconds.toFixed(1)} s = ${throughput(oursSeconds)}`,
      `DuckDB COPY ${referenceSeconds.toFixed(1)} s = ${throughput(referenceSeconds)}`,
      referenceSeconds / oursSeconds,
      "≥ 0.80",
    );
    console.log(`conversion server RSS peak: ${mib(peak)}`);
  } finally {
    await hub.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
