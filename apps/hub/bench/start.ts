// Start benchmark (issue 20): what a newcomer waits for. The repository's git HEAD is cloned into a temporary
// folder, `npm ci --prefer-offline` installs it (npm's cache reused), then `npm start` with a fresh data folder:
// - fresh clone → first page: from `npm start` to the first 200 of `/` (the site built, the seed loaded);
// - the phases of that start from its own log lines (site build, seeding);
// - peak RSS of the server process during that first start, seeding included (VmHWM);
// - restart → first page: `npm start` again on the same data folder, nothing changed.
// Prints `name: X (target T)` lines. Run: node --conditions=hubkit-source --import tsx bench/start.ts
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { run } from "./transfer-process.js";

const REPO_DIR = resolve(import.meta.dirname, "../../..");
const work = mkdtempSync(join(tmpdir(), "hubkit-bench-start-"));
const clone = join(work, "hubkit");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A newcomer's environment: none of the hub's or Hugging Face's variables. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !/^(HF_|HUBKIT_|PORT$|DATABASE_URL$|npm_)/.test(key)) env[key] = value;
  return { ...env, ...extra };
}

/** Process ids below `root` (children, grandchildren…), from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(name), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of parents)
      if (parent === pid) {
        found.push(child);
        walk(child);
      }
  };
  walk(root);
  return found;
}

/** VmHWM (peak resident set) of the descendant of `root` running the server, in MB. */
function serverPeakMb(root: number): number {
  for (const pid of descendants(root)) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server/src/main.ts")) continue;
      const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) return Number(match[1]) / 1024;
    } catch {
      // gone meanwhile
    }
  }
  return Number.NaN;
}

interface Started {
  child: ChildProcess;
  firstPageMs: number;
  /** Each line the start printed, with its time since `npm start`. */
  lines: { at: number; line: string }[];
}

async function npmStart(dataDir: string): Promise<Started> {
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: clone,
    env: cleanEnv({ PORT: "0", HOST: "127.0.0.1", HUBKIT_DATA_DIR: dataDir, HUBKIT_ACCESS_LOG: "0" }),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const lines: Started["lines"] = [];
  const url = await new Promise<string>((done, fail) => {
    let buffered = "";
    const read = (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      for (const line of parts) {
        lines.push({ at: performance.now() - started, line });
        const match = /Hubkit is running at (\S+?)\/?$/.exec(line);
        if (match?.[1] !== undefined) done(match[1]);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) =>
      fail(new Error(`npm start exited (${code}):\n${lines.map((l) => l.line).join("\n")}`)),
    );
  });
  for (;;) {
    const response = await fetch(`${url}/`).catch(() => undefined);
    await response?.arrayBuffer();
    if (response?.status === 200) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  return { child, firstPageMs: performance.now() - started, lines };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  process.kill(-child.pid, "SIGTERM");
  await exited;
}

const at = (start: Started, pattern: RegExp) => {
  const found = start.lines.find(({ line }) => pattern.test(line));
  return found === undefined ? "-" : `${seconds(found.at)} (${found.line.replace(/^\[\w+\] /, "")})`;
};

try {
  await run("git", ["clone", "--quiet", REPO_DIR, clone]); // rejects with git's message when it fails
  const ciStarted = performance.now();
  await run("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], {
    cwd: clone,
    env: cleanEnv({}),
    timeoutMs: 900_000,
  });
  console.log(`fresh clone npm ci --prefer-offline: ${seconds(performance.now() - ciStarted)}`);

  const dataDir = join(work, "data");
  const first = await npmStart(dataDir);
  const peak = first.child.pid === undefined ? Number.NaN : serverPeakMb(first.child.pid);
  await stop(first.child);
  console.log(`fresh clone npm start → first page: ${seconds(first.firstPageMs)} (target 60 s)`);
  console.log(`  site built at ${at(first, /site built/)}`);
  console.log(`  seed index loaded at ${at(first, /loaded \d+ models into the index/)}`);
  console.log(`  seed repositories written at ${at(first, /\[hub\] seed:/)}`);
  console.log(`  listening at ${at(first, /Hubkit is running/)}`);
  console.log(`peak RSS of the first start (server, seeding included): ${peak.toFixed(0)} MB (target 500 MB)`);

  const restart = await npmStart(dataDir);
  await stop(restart.child);
  console.log(`restart npm start → first page: ${seconds(restart.firstPageMs)} (target 10 s)`);
  console.log(`  site check: ${at(restart, /site up to date|building the site/)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
