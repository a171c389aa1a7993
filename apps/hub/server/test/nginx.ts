// Debian's nginx started on loopback with a configuration of its own in a scratch folder (no system service, no
// system config, nothing left behind): one process (`master_process off`), a free port, started, waited for until
// it answers, stopped. The multi-server tests and benches put it in front of Hubkit servers; the transfer benches
// use it as the reference static file server. The caller writes only its `http { … }` body.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

const NGINX = "/usr/sbin/nginx";
const START_TIMEOUT_MS = 10_000;
const PROBE_TIMEOUT_MS = 2_000;
const WAIT_STEP_MS = 100;
/** After the stop signal, how long nginx may take to exit before it is killed. */
const STOP_TIMEOUT_MS = 5_000;
const STDERR_KEPT = 8192;

/** A free TCP port on 127.0.0.1 for a server that cannot be told to pick one itself (nginx, a fixed-port hub). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** `value` as an nginx string literal. */
export const nginxQuoted = (value: string): string => `"${value.replace(/["\\]/g, "\\$&")}"`;

/** The location directives that pass a request on to `upstream` the way a Hubkit server behind a proxy expects. */
export function proxyDirectives(upstream: string): string {
  return `      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;`;
}

export interface NginxOptions {
  /** Scratch folder (created) for the configuration, pid file, error log and nginx's temp folders. */
  workDir: string;
  /** `events { worker_connections … }`. */
  workerConnections: number;
  /** The body of `http { … }` after the temp folders: access log, upstreams, `server` blocks listening on `port`. */
  http(port: number): string;
  /** Fetched until nginx answers (any status counts); "/" unless given. */
  probePath?: string;
  /** SIGTERM (fast) unless given; SIGQUIT lets nginx finish open answers first. */
  stopSignal?: "SIGTERM" | "SIGQUIT";
}

export interface RunningNginx {
  url: string;
  port: number;
  pid: number;
  child: ChildProcess;
  /** Stops nginx (killed if it has not exited STOP_TIMEOUT_MS after the signal); a second call returns at once. */
  stop(): Promise<void>;
}

function config(options: NginxOptions, port: number): string {
  const work = options.workDir;
  return `daemon off;
master_process off;
worker_processes 1;
pid ${join(work, "nginx.pid")};
error_log ${join(work, "error.log")} warn;
events { worker_connections ${options.workerConnections}; }
http {
  client_body_temp_path ${join(work, "client-body")};
  proxy_temp_path ${join(work, "proxy")};
  fastcgi_temp_path ${join(work, "fastcgi")};
  uwsgi_temp_path ${join(work, "uwsgi")};
  scgi_temp_path ${join(work, "scgi")};
${options.http(port)}
}
`;
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install -y nginx`);
  const work = options.workDir;
  mkdirSync(work, { recursive: true });
  const port = await freePort();
  const configPath = join(work, "nginx.conf");
  writeFileSync(configPath, config(options, port));
  const errorLog = join(work, "error.log");
  // -e: the error log before the config is read (otherwise nginx tries /var/log/nginx/error.log first).
  const child = spawn(NGINX, ["-c", configPath, "-p", work, "-e", errorLog], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_KEPT);
  });
  const log = () => `${existsSync(errorLog) ? readFileSync(errorLog, "utf8").slice(-STDERR_KEPT) : ""}${stderr}`;
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once("exit", done));
    child.kill(options.stopSignal ?? "SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}:\n${log()}`);
    if (await answers(`${url}${options.probePath ?? "/"}`)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer on ${url} within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
    }
    await new Promise((wait) => setTimeout(wait, WAIT_STEP_MS));
  }
  if (child.pid === undefined) {
    await stop();
    throw new Error("nginx has no pid");
  }
  return { url, port, pid: child.pid, child, stop };
}
