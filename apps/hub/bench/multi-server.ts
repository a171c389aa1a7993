// Several servers (issue 23): Hubkit servers as separate node processes on ONE PostgreSQL and ONE data folder, with
// nginx doing round-robin in front (bench/multi-server-cluster.ts starts them all, and a throw-away PostgreSQL
// cluster unless BENCH_DATABASE_URL or TEST_DATABASE_URL is set).
// 1. Requests per second of a small-file resolve (`/{owner}/{name}/resolve/main/config.json` of a public seed model,
//    a few hundred bytes) with one server straight, nginx → one server (nginx's own cost) and nginx → two servers
//    (target ≥ 1.6× one). The load: wrk (one thread) when installed, else bench/multi-server-load.ts; either way
//    a process of its own, never the servers' event loop. Medians of BENCH_RUNS runs of BENCH_SECONDS each.
// 2. Listing and search latency at BENCH_REPOS (default 1 000 000) GENERATED models (bench/multi-server-fill.ts),
//    with both servers restarted on that index (their start time is printed: a start must not walk the index
//    for long), 20 concurrent clients through nginx → two servers: p50/p95 per request kind (target p95 ≤ 50 ms).
// Prints `name: ours X, reference Y, ratio Z` lines. On a 2-core machine wrk, nginx, PostgreSQL and both servers
// share the two cores, which caps the scaling well below what two machines would show.
//   node --conditions=hubkit-source --import tsx bench/multi-server.ts   (BENCH_REPOS=100000 for a quicker run)
import { spawn, spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { freePort } from "../server/test/nginx.js";
import { listingPaths } from "./listing-kinds.js";
import { type Cluster, type HubServer, type Nginx, startCluster } from "./multi-server-cluster.js";
import { fillModels } from "./multi-server-fill.js";
import type { LoadPlan, LoadResult } from "./multi-server-load.js";
import { cpuSeconds, machineBusySeconds } from "./proc-cpu.js";

const HUB_DIR = resolve(import.meta.dirname, "..");
const REPOS = Number(process.env.BENCH_REPOS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RESOLVE_CONNECTIONS = 32;
const LIST_CLIENTS = 20;
const TARGET_SCALING = 1.6;
const TARGET_P95_MS = 50;
const MODEL = "bench-org/bench-model";
const RESOLVE_PATH = `/${MODEL}/resolve/main/config.json`;
const WRK = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" }).stdout.trim() || undefined;

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(", ");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const ms = (value: number) => `${value.toFixed(1)} ms`;
function runChild(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: HUB_DIR, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-4000);
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) done(out);
      else fail(new Error(`${command} exited with ${code}: ${err}`));
    });
  });
}

async function nodeLoad(plan: LoadPlan): Promise<LoadResult> {
  const out = await runChild(
    process.execPath,
    ["--conditions=hubkit-source", "--import", "tsx", "bench/multi-server-load.ts", JSON.stringify(plan)],
    plan.durationMs + plan.warmupMs + 120_000,
  );
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as LoadResult;
}

/** Requests per second of GET `url` with RESOLVE_CONNECTIONS keep-alive connections for `seconds`. */
async function requestsPerSecond(url: string, seconds: number): Promise<{ rps: number; errors: number }> {
  if (WRK !== undefined) {
    const out = await runChild(
      WRK,
      ["-t1", `-c${RESOLVE_CONNECTIONS}`, `-d${seconds}s`, "--timeout", "10s", url],
      seconds * 1000 + 60_000,
    );
    const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
    const errors =
      Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
      [...out.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce((sum, match) => sum + Number(match[2]), 0);
    return { rps, errors };
  }
  const { base, pathname } = { base: new URL(url).origin, pathname: new URL(url).pathname };
  const result = await nodeLoad({
    base,
    paths: [["resolve", pathname]],
    connections: RESOLVE_CONNECTIONS,
    durationMs: seconds * 1000,
    warmupMs: 0,
  });
  return { rps: result.rps, errors: result.errors };
}

async function resolveBench(servers: readonly HubServer[], one: Nginx, two: Nginx): Promise<void> {
  const first = servers[0] as HubServer;
  const probe = await fetch(`${two.url}${RESOLVE_PATH}`);
  const body = await probe.arrayBuffer();
  if (probe.status !== 200) throw new Error(`${RESOLVE_PATH} answered ${probe.status}`);
  console.log(
    `# resolve of ${RESOLVE_PATH}: ${body.byteLength} bytes; load generator ${WRK !== undefined ? `wrk -t1 -c${RESOLVE_CONNECTIONS}` : `bench/multi-server-load.ts, ${RESOLVE_CONNECTIONS} connections`}, ${RUNS} runs of ${SECONDS} s each`,
  );
  const setups = [
    ["one server", `${first.url}${RESOLVE_PATH}`, undefined],
    ["nginx → one server", `${one.url}${RESOLVE_PATH}`, one],
    ["nginx → two servers", `${two.url}${RESOLVE_PATH}`, two],
  ] as const;
  for (const [, url] of setups) await requestsPerSecond(url, 2); // warm: the JIT, the pools, nginx's upstream keepalive
  const rps = new Map<string, number[]>(setups.map(([name]) => [name, []]));
  let errors = 0;
  // Where the two cores went during each run, in cores: each server, nginx, and the whole machine (others included).
  const cores = new Map<string, string[]>(setups.map(([name]) => [name, []]));
  for (let run = 0; run < RUNS; run += 1)
    for (const [name, url, nginx] of run % 2 === 0 ? setups : [...setups].reverse()) {
      const pids = servers.map((server) => server.child.pid);
      const before = [...pids.map(cpuSeconds), cpuSeconds(nginx?.child.pid), machineBusySeconds()];
      const started = performance.now();
      const result = await requestsPerSecond(url, SECONDS);
      const elapsed = (performance.now() - started) / 1000;
      const after = [...pids.map(cpuSeconds), cpuSeconds(nginx?.child.pid), machineBusySeconds()];
      const used = after.map((value, i) => ((value - (before[i] ?? 0)) / elapsed).toFixed(2));
      // The servers' own CPU per resolve (issue 23): robust under load, unlike the rate, which follows the share of
      // the cores the servers get. Their git cat-file readers are children with CPU of their own, not counted here.
      const serverSeconds = pids.reduce<number>((sum, _pid, i) => sum + ((after[i] ?? 0) - (before[i] ?? 0)), 0);
      const cpuMs = ((serverSeconds * 1000) / Math.max(1, result.rps * elapsed)).toFixed(2);
      cores
        .get(name)
        ?.push(
          `servers ${used.slice(0, pids.length).join(" + ")} (${cpuMs} ms CPU per resolve), nginx ${used.at(-2)}, machine ${used.at(-1)}`,
        );
      rps.get(name)?.push(result.rps);
      errors += result.errors;
    }
  const of = (name: string) => median(rps.get(name) ?? []);
  const runs = (name: string) => (rps.get(name) ?? []).map((value) => value.toFixed(0)).join(", ");
  for (const [name] of setups)
    console.log(
      `# resolve rps, ${name}: runs ${runs(name)}; cores used per run: ${(cores.get(name) ?? []).join("; ")}`,
    );
  const direct = of("one server");
  const viaOne = of("nginx → one server");
  const viaTwo = of("nginx → two servers");
  console.log(`resolve rps one server (straight): ${direct.toFixed(0)} rps`);
  console.log(
    `resolve rps nginx → one server vs one server straight (nginx's cost): ours ${viaOne.toFixed(0)} rps, reference ${direct.toFixed(0)} rps, ratio ${(viaOne / direct).toFixed(2)}`,
  );
  console.log(
    `resolve rps nginx → two servers vs nginx → one server: ours ${viaTwo.toFixed(0)} rps, reference ${viaOne.toFixed(0)} rps, ratio ${(viaTwo / viaOne).toFixed(2)} (target ${TARGET_SCALING})`,
  );
  console.log(
    `resolve rps nginx → two servers vs one server straight: ours ${viaTwo.toFixed(0)} rps, reference ${direct.toFixed(0)} rps, ratio ${(viaTwo / direct).toFixed(2)} (target ${TARGET_SCALING})`,
  );
  if (errors > 0) console.log(`# resolve: ${errors} failed requests (non-200 or socket errors)`);
}

async function listingBench(cluster: Cluster, base: string): Promise<void> {
  const paths = await listingPaths(cluster.databaseUrl, base, REPOS);
  for (const [kind, path] of paths) {
    const response = await fetch(`${base}${path}`);
    const rows = (await response.json()) as unknown[];
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    console.log(`# ${kind}: ${path} → ${Array.isArray(rows) ? rows.length : "?"} rows`);
  }
  // One client alone first: each request's own cost, without the 20 clients' queueing on two shared cores.
  const alone = await nodeLoad({ base, paths, connections: 1, durationMs: SECONDS * 1000, warmupMs: 2000 });
  console.log(
    `# listing, one client alone (${SECONDS} s, ${alone.rps.toFixed(0)} requests/s): ${paths.map(([kind]) => `${kind} p50 ${ms(alone.kinds[kind]?.p50 ?? Number.NaN)} p95 ${ms(alone.kinds[kind]?.p95 ?? Number.NaN)}`).join("; ")}`,
  );
  const results: LoadResult[] = [];
  for (let run = 0; run < RUNS; run += 1)
    results.push(
      await nodeLoad({
        base,
        paths,
        connections: LIST_CLIENTS,
        durationMs: SECONDS * 1000,
        warmupMs: run === 0 ? 3000 : 0,
      }),
    );
  const errors = results.reduce((sum, result) => sum + result.errors, 0);
  console.log(
    `# listing: ${LIST_CLIENTS} clients, ${RUNS} runs of ${SECONDS} s, ${results.map((r) => r.rps.toFixed(0)).join(", ")} requests/s, ${errors} failed; p50/p95 are medians over the runs`,
  );
  for (const [kind] of paths) {
    const p50 = median(results.map((result) => result.kinds[kind]?.p50 ?? Number.NaN));
    const p95 = median(results.map((result) => result.kinds[kind]?.p95 ?? Number.NaN));
    console.log(
      `listing ${kind} at ${REPOS} repositories, two servers, ${LIST_CLIENTS} clients p50 ${ms(p50)}, p95: ours ${ms(p95)}, reference ${TARGET_P95_MS} ms (target), ratio ${(p95 / TARGET_P95_MS).toFixed(2)}`,
    );
  }
}

const cluster = await startCluster([
  {
    id: MODEL,
    pipeline_tag: "text-generation",
    library_name: "transformers",
    tags: ["transformers", "llama", "text-generation"],
    config: { architectures: ["LlamaForCausalLM"], model_type: "llama", hidden_size: 4096, num_hidden_layers: 32 },
  },
]);
try {
  console.log(
    `# load average at start: ${load()}; PostgreSQL: ${cluster.ownPostgres ? "a throw-away cluster started here" : "BENCH_DATABASE_URL/TEST_DATABASE_URL"}`,
  );
  const ports = [await freePort(), await freePort()];
  // The first server migrates and seeds; the second finds both done.
  const servers: HubServer[] = [];
  for (const port of ports) servers.push(await cluster.startServer(port));
  const one = await cluster.startNginx("nginx-one", ports.slice(0, 1));
  const two = await cluster.startNginx("nginx-two", ports);
  await resolveBench(servers, one, two);
  console.log(`# load average after the resolve runs: ${load()}`);

  for (const server of servers) await cluster.stopServer(server);
  const filled = await fillModels(cluster.databaseUrl, REPOS, (line) => console.log(line));
  console.log(
    `# ${REPOS} generated models loaded in ${filled.loadSeconds.toFixed(0)} s, indexes built and analyzed in ${filled.indexSeconds.toFixed(0)} s`,
  );
  // Both at once, as a deployment restarts: the startup lock (jobs/startup-lock.ts) runs their checks in turn.
  const restarted = await Promise.all(ports.map((port) => cluster.startServer(port)));
  console.log(
    `server start at ${REPOS} repositories (both at once): ${restarted.map((server) => `${(server.startMs / 1000).toFixed(1)} s`).join(", ")}`,
  );
  await listingBench(cluster, two.url);
  console.log(`# load average after the run: ${load()}`);
} finally {
  await cluster.close();
}
