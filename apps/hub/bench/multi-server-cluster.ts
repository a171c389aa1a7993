// The multi-server bench's cluster (bench/multi-server.ts): a PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL
// when set, else a throw-away cluster started here as scripts/ci-postgres.sh does), a fresh database on it, Hubkit
// servers as separate node processes on one data folder, and nginx doing round-robin in front of a chosen set of them.
// Everything started here is stopped by close(); the database is dropped, the folders removed.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { clusterEnv, freshDatabase } from "../server/test/cluster-database.js";
import { freePort, proxyDirectives, type RunningNginx, startNginx } from "../server/test/nginx.js";
import { printedUrl } from "../server/test/printed-url.js";

/**
 * The server's entry point, relative to apps/hub: BENCH_SERVER_MAIN runs another copy (an A/B against an older
 * commit's `server/src` checked out beside it, e.g. `git archive <rev> apps/hub/server/src`).
 */
const SERVER_MAIN = process.env.BENCH_SERVER_MAIN ?? "server/src/main.ts";

const HUB_DIR = resolve(import.meta.dirname, "..");
/** A start at 1 M rows reads the index once (reconcile): minutes on a busy machine, not forever. */
const SERVER_START_MS = 600_000;

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A throw-away PostgreSQL cluster in a folder of its own under the temporary folder (the postgres user, which runs it
 * when we are root as in CI, cannot enter the bench's 0700 work folder). stop() also removes the folder.
 */
async function startPostgres(): Promise<{ url: string; stop: () => void }> {
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort() : [];
  const latest = versions.at(-1);
  if (latest === undefined) throw new Error("no PostgreSQL binaries in /usr/lib/postgresql: set BENCH_DATABASE_URL");
  const bin = `/usr/lib/postgresql/${latest}/bin`;
  const asRoot = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) => {
    const [command, all] = asRoot
      ? ["runuser", ["-u", "postgres", "--", `${bin}/${tool}`, ...args]]
      : [`${bin}/${tool}`, args];
    const result = spawnSync(command, all as string[], { encoding: "utf8", timeout: 120_000 });
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  const dir = mkdtempSync(join(tmpdir(), "hubkit-bench-pg-"));
  if (asRoot) spawnSync("chown", ["postgres", dir]);
  const port = await freePort();
  run("initdb", ["-D", join(dir, "data"), "-A", "trust", "-U", "postgres"]);
  run("pg_ctl", [
    "-D",
    join(dir, "data"),
    "-l",
    join(dir, "log"),
    "-w",
    "-o",
    `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c max_connections=200`,
    "start",
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      run("pg_ctl", ["-D", join(dir, "data"), "-m", "fast", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface HubServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** From spawn to the ready line, in ms. */
  startMs: number;
}

export type Nginx = RunningNginx;

export interface Cluster {
  work: string;
  /** The servers' own database. */
  databaseUrl: string;
  /** Whether the PostgreSQL was started here (so the bench says so). */
  ownPostgres: boolean;
  /** `main`: the server's entry point (default SERVER_MAIN), relative to apps/hub or absolute. */
  startServer(port: number, main?: string): Promise<HubServer>;
  stopServer(server: HubServer): Promise<void>;
  startNginx(name: string, upstreams: readonly number[]): Promise<Nginx>;
  close(): Promise<void>;
}

/** Round-robin over `upstreams` with kept-alive upstream connections (the bench measures the servers, not connects). */
function proxySite(port: number, upstreams: readonly number[]): string {
  return `  access_log off;
  upstream hubkit {
${upstreams.map((p) => `    server 127.0.0.1:${p};`).join("\n")}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
${proxyDirectives("hubkit")}
    }
  }`;
}

/**
 * `existingDatabaseUrl`: run the servers on that database as it is (one filled once and kept for several benches,
 * e.g. bench/listing-ab.ts), neither created nor dropped here.
 */
export async function startCluster(
  seedRecords: readonly Record<string, unknown>[],
  existingDatabaseUrl?: string,
): Promise<Cluster> {
  const work = mkdtempSync(join(tmpdir(), "hubkit-bench-multi-"));
  const dataDir = join(work, "data");
  mkdirSync(join(work, "no-web"), { recursive: true });
  const seed = join(work, "seed.jsonl");
  writeFileSync(seed, seedRecords.map((record) => `${JSON.stringify(record)}\n`).join(""));
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  // A cluster that fails to start leaves no work folder behind (close() is never reached then).
  const postgres =
    given === undefined && existingDatabaseUrl === undefined
      ? await startPostgres().catch((error: unknown) => {
          rmSync(work, { recursive: true, force: true });
          throw error;
        })
      : undefined;
  const baseUrl = given ?? (postgres?.url as string);
  const database =
    existingDatabaseUrl === undefined
      ? await freshDatabase(baseUrl, "hubkit_bench")
      : { url: existingDatabaseUrl, drop: async () => {} };
  const children = new Set<ChildProcess>();
  const proxies = new Set<RunningNginx>();
  const env = clusterEnv({
    work,
    dataDir,
    databaseUrl: database.url,
    seed,
    secret: "multi-server-bench-secret-0123456789abcdef",
  });
  return {
    work,
    databaseUrl: database.url,
    ownPostgres: postgres !== undefined,
    async startServer(port, main = SERVER_MAIN) {
      const started = performance.now();
      const child = spawn(process.execPath, ["--conditions=hubkit-source", "--import", "tsx", main], {
        cwd: HUB_DIR,
        env: { ...env, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      children.add(child);
      child.once("exit", () => children.delete(child));
      const url = await printedUrl(child, SERVER_START_MS);
      // Keep draining its output (a full pipe would stall the server) without keeping it.
      child.stdout?.resume();
      child.stderr?.resume();
      return { url, port, child, startMs: performance.now() - started };
    },
    stopServer: (server) => stopChild(server.child),
    async startNginx(name, upstreams) {
      const nginx = await startNginx({
        workDir: join(work, name),
        workerConnections: 1024,
        http: (port) => proxySite(port, upstreams),
        probePath: "/api/health",
      });
      proxies.add(nginx);
      return nginx;
    },
    async close() {
      for (const proxy of proxies) await proxy.stop();
      for (const child of [...children]) await stopChild(child);
      await database.drop();
      postgres?.stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
