// Small-file resolve benchmark (issue 11): requests per second of `HEAD` and `GET /{repo}/resolve/main/config.json`
// at a small concurrency, and the server's main-thread event-loop delay meanwhile. The server runs in this process
// (so its event loop can be watched with monitorEventLoopDelay), grown to the resident size of a real seeded
// server with a touched ballast (starting a child process costs more from a bigger process); the load comes from
// a child process, so its own work never delays the loop being measured.
//   node --conditions=hubkit-source --import tsx apps/hub/bench/resolve.ts
//   BENCH_HUB_SRC=<other checkout>/apps/hub/server/src  (the same run against another version of the server)
//   BENCH_RESOLVE_SECONDS=10 BENCH_RESOLVE_CONCURRENCY=4 BENCH_BALLAST_MIB=50
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const SRC = resolve(process.env.BENCH_HUB_SRC ?? join(dirname(fileURLToPath(import.meta.url)), "..", "server", "src"));
const SECONDS = Number(process.env.BENCH_RESOLVE_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_RESOLVE_CONCURRENCY ?? 4);
const BALLAST_MIB = Number(process.env.BENCH_BALLAST_MIB ?? 50);
const ADMIN = "bench-admin-token";

type ServerModule = typeof import("../server/src/server.js");
type ConfigModule = typeof import("../server/src/config.js");

/** The load: `CONCURRENCY` loops of one request after another for `SECONDS`; prints count and latencies as JSON. */
const LOAD = `
const [url, method, seconds, concurrency] = process.argv.slice(1);
const end = Date.now() + Number(seconds) * 1000;
const times = []; let failures = 0;
async function loop() {
  while (Date.now() < end) {
    const t = performance.now();
    const r = await fetch(url, { method });
    await r.arrayBuffer();
    if (r.status !== 200) failures++;
    times.push(performance.now() - t);
  }
}
await Promise.all(Array.from({ length: Number(concurrency) }, loop));
times.sort((a, b) => a - b);
const q = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
console.log(JSON.stringify({ count: times.length, failures, p50: q(0.5), p99: q(0.99) }));
`;

function load(url: string, method: string): Promise<{ count: number; failures: number; p50: number; p99: number }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      ["--input-type=module", "-e", LOAD, url, method, String(SECONDS), String(CONCURRENCY)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", fail);
    child.on("close", (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`load exited with ${code}`))));
  });
}

async function json(url: string, token: string, body: unknown, type = "application/json"): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": type },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

const work = mkdtempSync(join(tmpdir(), "hubkit-bench-resolve-"));
// Resident, not just reserved: every page written once.
const ballast = Array.from({ length: BALLAST_MIB }, () => Buffer.alloc(1024 * 1024, 1));
const { startServer } = (await import(pathToFileURL(join(SRC, "server.js")).href)) as ServerModule;
const { loadConfig } = (await import(pathToFileURL(join(SRC, "config.js")).href)) as ConfigModule;
const { writeFileSync } = await import("node:fs");
writeFileSync(join(work, "seed.jsonl"), "");
const server = await startServer(
  loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    HUBKIT_DATA_DIR: join(work, "data"),
    HUBKIT_SEED: join(work, "seed.jsonl"),
    HUBKIT_ADMIN_TOKEN: ADMIN,
    HUBKIT_WEB_DIST: join(work, "no-web"),
    DATABASE_URL: "",
  }),
);
try {
  await json(`${server.url}/api/admin/users`, ADMIN, { name: "bench" });
  const { token } = (await json(`${server.url}/api/admin/tokens`, ADMIN, {
    user: "bench",
    role: "write",
    name: "w",
  })) as { token: string };
  await json(`${server.url}/api/repos/create`, token, { name: "small" });
  const config = Buffer.from(JSON.stringify({ model_type: "bert", hidden_size: 768 }));
  const commit = [
    { key: "header", value: { summary: "config" } },
    { key: "file", value: { path: "config.json", content: config.toString("base64"), encoding: "base64" } },
  ];
  await json(
    `${server.url}/api/models/bench/small/commit/main`,
    token,
    commit.map((line) => JSON.stringify(line)).join("\n"),
    "application/x-ndjson",
  );
  const url = `${server.url}/bench/small/resolve/main/config.json`;
  console.log(`# server source: ${SRC}`);
  console.log(
    `# ${SECONDS} s per method, concurrency ${CONCURRENCY}, server RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB (ballast ${ballast.length} MiB)`,
  );
  await load(url, "HEAD"); // warm-up: JIT, database, processes
  for (const method of ["HEAD", "GET"]) {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const result = await load(url, method);
    delay.disable();
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(
      `${method} resolve/main/config.json: ${(result.count / SECONDS).toFixed(0)} req/s (${result.failures} failed), ` +
        `latency p50 ${result.p50.toFixed(1)} ms p99 ${result.p99.toFixed(1)} ms; event-loop delay ` +
        `p50 ${ms(delay.percentile(50))} ms p99 ${ms(delay.percentile(99))} ms max ${ms(delay.max)} ms`,
    );
  }
  console.log(
    `# load average after the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")}`,
  );
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
