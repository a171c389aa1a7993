// The fault tests' hub: the real server as a child process (so `kill -9` is a real crash, with no clean-up code
// running) on a data folder that outlives it, restarted on the same folder; plus the checks a crash must pass:
// `git fsck --strict` in every repository and the files present in the data folder.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { afterAll } from "vitest";
import { ADMIN_TOKEN, adminPost } from "./auth-harness.js";
import { temporaryFolder, writeJsonl } from "./files.js";
import { run } from "./hub-harness.js";

const hubDir = resolve(import.meta.dirname, "../..");
const NODE_ARGS = ["--conditions=hubkit-source", "--import", "tsx"];
const START_TIMEOUT_MS = 60_000;
const MAX_OUTPUT = 256 * 1024;

export interface HubProcess {
  url: string;
  child: ChildProcess;
  /** Everything the server printed so far (bounded). */
  output(): string;
  /** Resolves once the server printed a line matching `pattern` (rejects after `timeoutMs` or when it exits). */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>;
}

export interface FaultHub {
  work: string;
  dataDir: string;
  /** Starts (or restarts) the server on the same data folder; `extra` adds environment for this run only. */
  start(extra?: Record<string, string>): Promise<HubProcess>;
  current(): HubProcess;
  /** A fetch against the current server with alice's write token. */
  authed(path: string, init?: RequestInit): Promise<Response>;
  writeToken(): string;
}

/** A hub whose data folder lives for the test file; the first start creates user alice and a write token. */
export function faultHub(name: string, env: Record<string, string> = {}): FaultHub {
  const work = temporaryFolder(`faults-${name}`);
  const dataDir = join(work, "data");
  const seed = writeJsonl(join(work, "seed.jsonl"), [{ id: "seed-org/seed-model", pipeline_tag: "fill-mask" }]);
  const baseEnv: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? work,
    PORT: "0",
    HOST: "127.0.0.1",
    HUBKIT_DATA_DIR: dataDir,
    HUBKIT_SEED: seed,
    HUBKIT_ADMIN_TOKEN: ADMIN_TOKEN,
    HUBKIT_WEB_DIST: join(work, "no-web"),
    HUBKIT_SECRET: "faults-secret-0123456789abcdef0123456789",
    DATABASE_URL: "",
    HUBKIT_UPSTREAM_HUB: "",
    ...env,
  };
  let server: HubProcess | undefined;
  let token = "";
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        child.kill("SIGKILL");
        await exited;
      }
  });
  const hub: FaultHub = {
    work,
    dataDir,
    async start(extra = {}) {
      if (server !== undefined && server.child.exitCode === null && server.child.signalCode === null)
        throw new Error("the previous server is still running");
      server = await spawnHub({ ...baseEnv, ...extra });
      children.push(server.child);
      if (token === "") token = await createUser(server.url);
      return server;
    },
    current() {
      if (server === undefined) throw new Error("no server started");
      return server;
    },
    authed(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${token}`);
      return fetch(`${hub.current().url}${path}`, { ...init, headers });
    },
    writeToken: () => token,
  };
  return hub;
}

/** The server (src/main.ts) as a child process with exactly `env`; resolves once it prints its URL. */
export function spawnHub(env: Record<string, string>): Promise<HubProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, "server/src/main.ts"], {
    cwd: hubDir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const listeners = new Set<() => void>();
  const read = (chunk: Buffer) => {
    if (output.length < MAX_OUTPUT) output += chunk.toString();
    for (const listener of listeners) listener();
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const waitFor = (pattern: RegExp, timeoutMs = 30_000) =>
    new Promise<void>((found, fail) => {
      const check = () => {
        if (!pattern.test(output)) return;
        finish();
        found();
      };
      const timer = setTimeout(() => {
        finish();
        fail(new Error(`server did not print ${pattern} within ${timeoutMs} ms:\n${output.slice(-4000)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      void exited.then(() => {
        if (!listeners.has(check)) return;
        finish();
        fail(new Error(`server exited before printing ${pattern}:\n${output.slice(-4000)}`));
      });
      check();
    });
  const process_: Omit<HubProcess, "url"> = {
    child,
    output: () => output,
    waitFor,
    kill9: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
  return waitFor(/Hubkit is running at http:\/\/127\.0\.0\.1:\d+\//, START_TIMEOUT_MS).then(() => {
    const url = /Hubkit is running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1] as string;
    return { ...process_, url };
  });
}

async function createUser(url: string): Promise<string> {
  await adminPost(url, "/api/admin/users", { name: "alice" });
  const { token } = await adminPost(url, "/api/admin/tokens", { user: "alice", role: "write", name: "faults" });
  if (typeof token !== "string") throw new Error("no token");
  return token;
}

/** NDJSON commit bodies. */
export const ndjson = (lines: readonly unknown[]): string => lines.map((line) => JSON.stringify(line)).join("\n");
export const header = (extra: Record<string, unknown> = {}) => ({ key: "header", value: { summary: "s", ...extra } });
export const file = (path: string, content: string | Buffer) => ({
  key: "file",
  value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" },
});

export async function createRepo(hub: FaultHub, name: string): Promise<void> {
  const response = await hub.authed("/api/repos/create", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 200) throw new Error(`create ${name}: ${response.status} ${await response.text()}`);
}

export function commit(hub: FaultHub, repo: string, body: string, branch = "main"): Promise<Response> {
  return hub.authed(`/api/models/${repo}/commit/${branch}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-ndjson" },
    body,
  });
}

/** The branch head as git has it on disk (the truth the index must follow). */
export async function headOnDisk(hub: FaultHub, repo: string, branch = "main"): Promise<string> {
  const result = await run("git", ["--git-dir", gitDir(hub, repo), "rev-parse", `refs/heads/${branch}`]);
  if (result.code !== 0) throw new Error(result.stderr);
  return result.stdout.trim();
}

export function gitDir(hub: FaultHub, repo: string): string {
  return join(hub.dataDir, "repos", "models", `${repo}.git`);
}

/** Every bare repository under the data folder. */
export function repositories(dataDir: string): string[] {
  const found: string[] = [];
  for (const type of ["models", "datasets", "spaces"]) {
    const typeDir = join(dataDir, "repos", type);
    if (!existsSync(typeDir)) continue;
    for (const owner of readdirSync(typeDir))
      for (const name of readdirSync(join(typeDir, owner))) found.push(join(typeDir, owner, name));
  }
  return found;
}

/** `git fsck --strict` over every repository: the failures (folder and git's output), empty when all are clean. */
export async function fsckAll(dataDir: string): Promise<string[]> {
  const failures: string[] = [];
  for (const dir of repositories(dataDir)) {
    const result = await run("git", ["--git-dir", dir, "fsck", "--strict", "--no-progress"], { timeoutMs: 60_000 });
    if (result.code !== 0 || /error|missing|broken/i.test(result.stderr))
      failures.push(`${relative(dataDir, dir)}: ${result.code} ${result.stderr.slice(0, 2000)}`);
  }
  return failures;
}

/** Every file under `root` (relative paths), skipping folders for which `skip` answers true. */
export function filesUnder(root: string, skip: (relativePath: string) => boolean = () => false): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const rel = relative(root, path);
      if (skip(rel)) continue;
      if (statSync(path).isDirectory()) walk(path);
      else found.push(rel);
    }
  };
  if (existsSync(root)) walk(root);
  return found.sort();
}
