// The multi-server bench's load generator, run as its own process (bench/multi-server.ts spawns it) so that it never
// shares an event loop with the servers it measures. `connections` keep-alive clients each send one request at a
// time, cycling through `paths` (each client starting at a different one), until `durationMs` has passed after a
// `warmupMs` whose requests are not counted. Prints one JSON line: the requests per second, the errors, and
// p50/p95 latency per kind.
//   node --conditions=hubkit-source --import tsx bench/multi-server-load.ts '<json LoadPlan>'
import { Agent, get } from "node:http";

export interface LoadPlan {
  base: string;
  paths: [kind: string, path: string][];
  connections: number;
  durationMs: number;
  warmupMs: number;
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  kinds: Record<string, { count: number; p50: number; p95: number }>;
}

const REQUEST_TIMEOUT_MS = 30_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

function request(agent: Agent, url: string): Promise<boolean> {
  return new Promise((done) => {
    const req = get(url, { agent, timeout: REQUEST_TIMEOUT_MS }, (response) => {
      response.resume();
      response.once("end", () => done(response.statusCode === 200));
      response.once("error", () => done(false));
    });
    req.once("timeout", () => req.destroy());
    req.once("error", () => done(false));
  });
}

async function main(plan: LoadPlan): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: plan.connections });
  const latencies = new Map<string, number[]>(plan.paths.map(([kind]) => [kind, []]));
  let errors = 0;
  let requests = 0;
  const warmEnd = performance.now() + plan.warmupMs;
  const end = warmEnd + plan.durationMs;
  const client = async (first: number) => {
    for (let i = first; performance.now() < end; i += 1) {
      const [kind, path] = plan.paths[i % plan.paths.length] as [string, string];
      const started = performance.now();
      const ok = await request(agent, `${plan.base}${path}`);
      if (started < warmEnd) continue;
      requests += 1;
      if (!ok) errors += 1;
      latencies.get(kind)?.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: plan.connections }, (_, i) => client(i)));
  agent.destroy();
  const kinds: LoadResult["kinds"] = {};
  for (const [kind, times] of latencies) {
    times.sort((a, b) => a - b);
    kinds[kind] = { count: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
  }
  return { requests, errors, rps: requests / (plan.durationMs / 1000), kinds };
}

if (process.argv[1]?.endsWith("multi-server-load.ts")) {
  const plan = JSON.parse(process.argv[2] ?? "{}") as LoadPlan;
  console.log(JSON.stringify(await main(plan)));
}
