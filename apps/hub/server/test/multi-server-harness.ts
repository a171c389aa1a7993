// Two real Hubkit servers (separate node processes, so kill -9 is a real crash) on one fresh PostgreSQL database
// and one shared data folder, behind Debian's nginx doing round-robin on loopback, as apps/hub/README.md's
// "Several servers" deployment runs them. Each server keeps its port across restarts, so nginx's upstream list
// stays right; nginx logs which server answered each request.
import type { ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ADMIN_TOKEN, adminPost, runPython } from "./auth-harness.js";
import { adminQuery, clusterEnv, freshDatabase } from "./cluster-database.js";
import { type HubProcess, spawnHub } from "./faults-harness.js";
import { writeJsonl } from "./files.js";
import { freePort, proxyDirectives, type RunningNginx, startNginx } from "./nginx.js";

/** The PostgreSQL of the tests (scripts/ci-postgres.sh); undefined = skip, except in CI where it must be set. */
export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (url !== undefined && url !== "") return url;
  if (process.env.CI === "true")
    throw new Error("CI=true but TEST_DATABASE_URL is not set: the multi-server tests need PostgreSQL");
  return undefined;
}

export interface Cluster {
  /** nginx's URL: what clients use. */
  url: string;
  work: string;
  dataDir: string;
  /** The servers' own database (a fresh one in the test cluster). */
  databaseUrl: string;
  /** The servers' direct URLs (fixed ports: the same after a restart). */
  serverUrls: readonly [string, string];
  server(index: 0 | 1): HubProcess;
  /** (Re)starts server `index` on its port; `extra` adds environment for this run only. */
  start(index: 0 | 1, extra?: Record<string, string>): Promise<HubProcess>;
  /** SIGTERM, then waits for the exit (the server drains its requests first); returns the exit code. */
  stop(index: 0 | 1): Promise<number | null>;
  /** alice's write token. */
  token: string;
  /** A fetch with alice's token, through nginx or (with `via`) straight to one server. */
  authed(path: string, init?: RequestInit, via?: 0 | 1): Promise<Response>;
  /** `host:port` of the server that answered each request nginx passed on, in order. */
  upstreams(): string[];
  /** Runs SQL on the test cluster's maintenance database (to make the servers' database unreachable). */
  admin(sql: string): Promise<void>;
  /** The servers' database name. */
  database: string;
  /** Kills nginx and the servers, drops the database, removes the folder. */
  close(): Promise<void>;
}

/** Round-robin over `upstreams`, streaming both ways, retrying a request on the other server only if it could not be
 * passed on; the access log names the server that answered each request (upstreams()). */
function proxySite(accessLog: string, port: number, upstreams: readonly number[]): string {
  return `  log_format upstream '$upstream_addr $status $request_method $uri';
  access_log ${accessLog} upstream;
  upstream hubkit {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 0;
    location / {
${proxyDirectives("hubkit")}
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_read_timeout 300s;
      proxy_next_upstream error timeout;
    }
  }`;
}

async function killAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  child.kill(signal);
  return exited;
}

/**
 * Starts the cluster on a fresh database of `baseUrl`'s PostgreSQL: server 0 first (it migrates and seeds), then
 * server 1, then nginx; creates alice and her write token. close() stops and drops everything.
 */
export async function startCluster(name: string, baseUrl: string, env: Record<string, string> = {}): Promise<Cluster> {
  const work = mkdtempSync(join(tmpdir(), `hubkit-multi-${name}-`));
  const dataDir = join(work, "data");
  mkdirSync(join(work, "no-web"), { recursive: true });
  const admin = (sql: string) => adminQuery(baseUrl, sql);
  const database = await freshDatabase(baseUrl, "hubkit_ms");
  const ports = [await freePort(), await freePort()] as const;
  const seed = writeJsonl(join(work, "seed.jsonl"), [{ id: "seed-org/seed-model", pipeline_tag: "fill-mask" }]);
  const baseEnv: Record<string, string> = {
    ...clusterEnv({
      work,
      dataDir,
      databaseUrl: database.url,
      seed,
      secret: "multi-server-secret-0123456789abcdef0123",
    }),
    HUBKIT_ADMIN_TOKEN: ADMIN_TOKEN,
    ...env,
  };
  const servers: (HubProcess | undefined)[] = [undefined, undefined];
  const accessLog = join(work, "nginx", "access.log");
  let nginx: RunningNginx | undefined;
  const close = async () => {
    if (nginx !== undefined) await nginx.stop();
    for (const server of servers) if (server !== undefined) await killAndWait(server.child, "SIGKILL");
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  };
  const start = async (index: 0 | 1, extra: Record<string, string> = {}) => {
    const running = servers[index];
    if (running !== undefined && running.child.exitCode === null && running.child.signalCode === null)
      throw new Error(`server ${index} is still running`);
    const server = await spawnHub({ ...baseEnv, PORT: String(ports[index]), ...extra });
    servers[index] = server;
    return server;
  };
  const direct = ports.map((port) => `http://127.0.0.1:${port}`) as unknown as readonly [string, string];
  let proxy: RunningNginx;
  let token: unknown;
  try {
    await start(0);
    await start(1);
    proxy = await startNginx({
      workDir: join(work, "nginx"),
      workerConnections: 512,
      http: (port) => proxySite(accessLog, port, ports),
      probePath: "/api/health",
    });
    nginx = proxy;
    await adminPost(direct[0], "/api/admin/users", { name: "alice" });
    ({ token } = await adminPost(direct[0], "/api/admin/tokens", { user: "alice", role: "write", name: "multi" }));
    if (typeof token !== "string") throw new Error("no token");
  } catch (error) {
    await close();
    throw error;
  }
  const server = (index: 0 | 1) => {
    const found = servers[index];
    if (found === undefined) throw new Error(`server ${index} was never started`);
    return found;
  };
  return {
    url: proxy.url,
    work,
    dataDir,
    databaseUrl: database.url,
    serverUrls: direct,
    server,
    start,
    stop: (index) => killAndWait(server(index).child, "SIGTERM"),
    token: token as string,
    authed(path, init = {}, via) {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${token as string}`);
      return fetch(`${via === undefined ? proxy.url : direct[via]}${path}`, { ...init, headers });
    },
    upstreams() {
      if (!existsSync(accessLog)) return [];
      return readFileSync(accessLog, "utf8")
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => line.split(" ")[0] ?? "");
    },
    admin,
    database: database.name,
    close,
  };
}

export const sha256 = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

/**
 * A PUT that declares all of `bytes` but sends only the first `sent`, then waits for finish() or destroy(): an
 * upload in flight while a server restarts or dies.
 */
export function partialPut(href: string, bytes: Buffer, sent: number) {
  const put = request(href, { method: "PUT", headers: { "Content-Length": String(bytes.length) } });
  const answered = new Promise<number>((done) => {
    put.on("error", () => done(0));
    put.on("response", (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    });
  });
  put.write(bytes.subarray(0, sent));
  return {
    /** Sends the rest; resolves with the answer's status (0: the connection failed). */
    finish: () => {
      put.end(bytes.subarray(sent));
      return answered;
    },
    destroy: () => put.destroy(),
    answered,
  };
}

/** A signed upload URL for `bytes` in `repo` from the LFS batch API (through nginx, or straight from one server). */
export async function lfsUploadHref(cluster: Cluster, repo: string, bytes: Buffer, via?: 0 | 1): Promise<string> {
  const lfs = "application/vnd.git-lfs+json";
  const response = await cluster.authed(
    `/${repo}.git/info/lfs/objects/batch`,
    {
      method: "POST",
      headers: { Accept: lfs, "Content-Type": lfs },
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic"],
        objects: [{ oid: sha256(bytes), size: bytes.length }],
      }),
    },
    via,
  );
  if (response.status !== 200) throw new Error(`LFS batch: ${response.status} ${await response.text()}`);
  const answer = (await response.json()) as { objects: { actions?: { upload?: { href: string } } }[] };
  const href = answer.objects[0]?.actions?.upload?.href;
  if (href === undefined) throw new Error("the batch API did not ask for the bytes");
  return href;
}

/**
 * huggingface_hub 2.x through the cluster's front: create `repo`, upload_folder `folder`, snapshot_download it into
 * `target`; prints {"path": …} as its last line.
 */
export function uploadAndSnapshot(cluster: Cluster, repo: string, folder: string, target: string) {
  return runPython(
    "2.0.0",
    cluster.url,
    cluster.token,
    `
import json
from huggingface_hub import HfApi, snapshot_download
api = HfApi()
api.create_repo(${JSON.stringify(repo)})
api.upload_folder(folder_path=${JSON.stringify(folder)}, repo_id=${JSON.stringify(repo)}, commit_message="Upload")
path = snapshot_download(${JSON.stringify(repo)}, local_dir=${JSON.stringify(target)})
print(json.dumps({"path": path}))
`,
  );
}
