// Transfer benchmarks (issue 11): Debian's nginx as the reference static file server, started on loopback with
// a temporary configuration of its own (no system service, no system config, nothing left behind). One process
// (`master_process off`) like our one Node process; `sendfile on` as in Debian's default nginx.conf. Files can be
// answered with extra headers, so the hub clients (whose downloads need X-Repo-Commit and the linked ETag/size)
// can download from it the way they download from a hub.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "./transfer-process.js";

const NGINX = "/usr/sbin/nginx";
const START_TIMEOUT_MS = 10_000;

export interface NginxOptions {
  /** Folder served at `/`. */
  root: string;
  /** Scratch folder for the configuration, pid file, logs and nginx's temp folders. */
  workDir: string;
  /** Headers added to every answer (hub download headers). */
  headers?: Record<string, string>;
}

export interface RunningNginx {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

const quoted = (value: string) => `"${value.replace(/["\\]/g, "\\$&")}"`;

function config(options: NginxOptions, port: number): string {
  const work = options.workDir;
  const headers = Object.entries(options.headers ?? {})
    .map(([name, value]) => `      add_header ${name} ${quoted(value)} always;`)
    .join("\n");
  return `daemon off;
master_process off;
worker_processes 1;
pid ${join(work, "nginx.pid")};
error_log ${join(work, "error.log")} warn;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_body_temp_path ${join(work, "client-body")};
  proxy_temp_path ${join(work, "proxy")};
  fastcgi_temp_path ${join(work, "fastcgi")};
  uwsgi_temp_path ${join(work, "uwsgi")};
  scgi_temp_path ${join(work, "scgi")};
  server {
    listen 127.0.0.1:${port};
    root ${quoted(options.root)};
    location / {
${headers}
    }
  }
}
`;
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    try {
      await fetch(url, { method: "HEAD", signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
  throw new Error(`nginx did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx`);
  mkdirSync(options.workDir, { recursive: true });
  const port = await freePort();
  const configPath = join(options.workDir, "nginx.conf");
  writeFileSync(configPath, config(options, port));
  // -e: the error log before the config is read (otherwise nginx tries /var/log/nginx/error.log first).
  const child = spawn(NGINX, ["-c", configPath, "-p", options.workDir, "-e", join(options.workDir, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-8192);
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill("SIGQUIT"); // graceful: nginx finishes open answers and exits
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitUntilServing(`${url}/`, child, () => stderr);
  } catch (error) {
    await stop();
    throw error;
  }
  if (child.pid === undefined) throw new Error("nginx has no pid");
  return { url, pid: child.pid, stop };
}
