// Listing A/B at scale (issue 23): two servers of each server copy on ONE database already filled by
// bench/multi-server-fill.ts (1 M generated models take minutes to load: filled once, kept for several runs), nginx
// round-robin in front of each pair, and 20-client runs of bench/multi-server-load.ts (the 7 kinds of
// listing-kinds.ts) through each pair in turn, the order rotated every round so no copy always runs first or on a
// warmer cache. Per run: requests/s, p50/p95 per kind, the pair's server CPU per request and PostgreSQL's (the
// postmaster's process tree, when BENCH_PG_PID names a postmaster on this machine), the machine's busy cores and
// the load average. The pairs not measured idle meanwhile. BENCH_PENDING download counts pend throughout.
//   BENCH_DATABASE_URL=<filled database> BENCH_PG_PID=<postmaster pid> \
//   BENCH_SETUPS='ours=server/src/main.ts,before=/abs/copy/apps/hub/server/src/main.ts' \
//   node --conditions=hubkit-source --import tsx bench/listing-ab.ts
// A copy of an older server: `git archive <rev> apps/hub/server apps/hub/shared | tar -x -C <dir>`, with
// <dir>/node_modules and <dir>/apps/hub/node_modules linked to this checkout's.
// BENCH_ROUNDS (3) runs of BENCH_SECONDS (8) per copy, after a 3 s warm-up and one BENCH_SECONDS pass with one
// client alone each.
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { adminQuery } from "../server/test/cluster-database.js";
import { freePort } from "../server/test/nginx.js";
import { listingPaths } from "./listing-kinds.js";
import { type HubServer, type Nginx, startCluster } from "./multi-server-cluster.js";
import type { LoadPlan, LoadResult } from "./multi-server-load.js";
import { cpuSeconds, machineBusySeconds, treeCpuSeconds } from "./proc-cpu.js";

const HUB_DIR = resolve(import.meta.dirname, "..");
const DATABASE = process.env.BENCH_DATABASE_URL;
const PG_PID = process.env.BENCH_PG_PID === undefined ? undefined : Number(process.env.BENCH_PG_PID);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 3), 20);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 8), 120);
const CLIENTS = 20;
/** The fill's row count (listing-kinds.ts picks its exact-id search a third of the way through the ids). */
const REPOS = Number(process.env.BENCH_REPOS ?? 1_000_000);
/**
 * Download counts left pending during the runs (a server folds only after its own counts, at start and at close,
 * and listings count nothing): this many random models' plus those of the list's and the downloads order's first
 * pages, so the listings read some.
 */
const PENDING = Math.min(Number(process.env.BENCH_PENDING ?? 2000), 100_000);
const SETUPS = (process.env.BENCH_SETUPS ?? "ours=server/src/main.ts").split(",").map((entry) => {
  const [name, main] = entry.split("=");
  if (name === undefined || main === undefined || name === "" || main === "")
    throw new Error(`BENCH_SETUPS entry "${entry}" is not name=path/to/main.ts`);
  return { name, main };
});
if (DATABASE === undefined) throw new Error("BENCH_DATABASE_URL: a database filled by bench/multi-server-fill.ts");

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");

function nodeLoad(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ["--conditions=hubkit-source", "--import", "tsx", "bench/multi-server-load.ts", JSON.stringify(plan)],
      { cwd: HUB_DIR, stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out = (out + chunk.toString()).slice(-100_000);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), plan.durationMs + plan.warmupMs + 120_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) done(JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as LoadResult);
      else fail(new Error(`the load process exited with ${code}: ${err}`));
    });
  });
}

interface Pair {
  name: string;
  servers: HubServer[];
  nginx: Nginx;
}

/** One measured run through `pair`: the load's result and where the CPU went, per request. */
async function measured(pair: Pair, plan: LoadPlan): Promise<string> {
  const pids = pair.servers.map((server) => server.child.pid);
  const serversBefore = pids.reduce((sum: number, pid) => sum + cpuSeconds(pid), 0);
  const pgBefore = PG_PID === undefined ? 0 : treeCpuSeconds(PG_PID);
  const busyBefore = machineBusySeconds();
  const started = performance.now();
  const result = await nodeLoad(plan);
  const elapsed = (performance.now() - started) / 1000;
  // No warm-up inside a measured run (its CPU would count without its requests): every request is counted.
  const perRequest = (seconds: number) => ((seconds * 1000) / Math.max(1, result.requests)).toFixed(2);
  const servers = pids.reduce((sum: number, pid) => sum + cpuSeconds(pid), 0) - serversBefore;
  const pg = PG_PID === undefined ? Number.NaN : treeCpuSeconds(PG_PID) - pgBefore;
  const busy = (machineBusySeconds() - busyBefore) / elapsed;
  const kinds = Object.entries(result.kinds)
    .map(([kind, k]) => `${kind} ${k.p50.toFixed(1)}/${k.p95.toFixed(1)}`)
    .join("; ");
  return `${result.rps.toFixed(0)} req/s, ${result.errors} failed, server ${perRequest(servers)} ms/req, PostgreSQL ${perRequest(pg)} ms/req, machine ${busy.toFixed(2)} busy, load ${load()} | p50/p95 ms: ${kinds}`;
}

const cluster = await startCluster(
  [{ id: "bench-org/bench-model", library_name: "transformers", tags: ["transformers"] }],
  DATABASE,
);
try {
  console.log(`# ${new Date().toISOString()} load average at start: ${load()}`);
  const pairs: Pair[] = [];
  for (const setup of SETUPS) {
    const ports = [await freePort(), await freePort()];
    const servers: HubServer[] = [];
    for (const port of ports) servers.push(await cluster.startServer(port, setup.main));
    const nginx = await cluster.startNginx(`nginx-${setup.name}`, ports);
    pairs.push({ name: setup.name, servers, nginx });
    console.log(
      `# ${setup.name} (${setup.main}): servers started in ${servers.map((s) => (s.startMs / 1000).toFixed(1)).join(", ")} s`,
    );
  }
  // After every start (a start folds what pends).
  await adminQuery(
    cluster.databaseUrl,
    `INSERT INTO hub_download_pending (repo_type, repo_key, n)
     SELECT 'model', lower(id), 1 + floor(random() * 5) FROM (
       (SELECT id FROM hub_models ORDER BY random() LIMIT ${PENDING})
       UNION (SELECT id FROM hub_models ORDER BY id LIMIT 100)
       UNION (SELECT id FROM hub_models ORDER BY (-downloads_sort), id LIMIT 100)) AS picked
     ON CONFLICT DO NOTHING`,
  );
  const first = pairs[0] as Pair;
  const paths = await listingPaths(cluster.databaseUrl, first.nginx.url, REPOS);
  for (const pair of pairs)
    for (const [kind, path] of paths) {
      const response = await fetch(`${pair.nginx.url}${path}`);
      const rows = (await response.json()) as unknown;
      if (response.status !== 200 || !Array.isArray(rows) || rows.length === 0)
        throw new Error(`${pair.name}: ${kind} ${path} answered ${response.status}`);
    }
  console.log(`# kinds: ${paths.map(([kind, path]) => `${kind} ${path}`).join("; ")}`);
  // Warm (the JIT, the pools, nginx's upstream keepalive), not measured.
  for (const pair of pairs)
    await nodeLoad({ base: pair.nginx.url, paths, connections: CLIENTS, durationMs: 3000, warmupMs: 0 });
  for (const pair of pairs) {
    const plan = { base: pair.nginx.url, paths, connections: 1, durationMs: SECONDS * 1000, warmupMs: 0 };
    console.log(`${pair.name}, 1 client: ${await measured(pair, plan)}`);
  }
  for (let round = 0; round < ROUNDS; round += 1)
    for (let i = 0; i < pairs.length; i += 1) {
      const pair = pairs[(i + round) % pairs.length] as Pair;
      const plan = { base: pair.nginx.url, paths, connections: CLIENTS, durationMs: SECONDS * 1000, warmupMs: 0 };
      console.log(`${pair.name}, ${CLIENTS} clients, round ${round + 1}: ${await measured(pair, plan)}`);
    }
  console.log(`# ${new Date().toISOString()} load average at the end: ${load()}`);
} finally {
  await cluster.close();
}
