// Seeding memory (issue 20 point 9 / target "seeding peak RSS ≤ 500 MB"): the first start's peak and its parts.
// Each phase runs in a process of its own on a fresh data folder, and its peak resident set (VmHWM, sampled every
// 100 ms and read once more at the end) is taken. The server runs PGlite and DuckDB in worker threads of its one
// process, and starts no child process of its own, so its VmHWM is the whole first start's cost.
// - initdb, alone: PGlite's own initialisation of a fresh folder (a second PostgreSQL instance, the folder dumped
//   and restored), in a bare process with the server's settings and baseline WASM code: what a fresh folder cost
//   before the cluster template, and what it still costs for a PGlite version without one;
// - the template, alone: the shipped cluster template unpacked (store/pglite-template.ts) and the folder opened;
// - seeding: the server's first start (`npm start`'s command) on a folder initialised as above: the seed's index
//   load, ~700 repositories and the tiny models written and indexed;
// - first start: the server on an empty folder, as `npm start` does, up to "Hubkit is running"; then also its peak
//   over the following BENCH_AFTER_S seconds (default 15: the dataset viewer converts the seed's datasets in the
//   background after a first start).
// Seeding and first start run BENCH_RUNS times (default 3, alternating): medians, with every run listed.
// Prints `name: X MB (target T MB)`. Run: node --conditions=hubkit-source --import tsx bench/seed-memory.ts
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const HUB_DIR = resolve(import.meta.dirname, "..");
const TARGET_MB = 500;
const PORT = process.env.BENCH_PORT ?? "5753";
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const AFTER_MS = Math.max(0, Number(process.env.BENCH_AFTER_S ?? 15)) * 1000;

interface Peaks {
  /** VmHWM when `done(output)` first held. */
  atDone: number;
  /** VmHWM when the process was stopped, `afterMs` later. */
  atEnd: number;
}

/** Runs `args` with node in `cwd` until `afterMs` after `done(output)` holds; returns its VmHWM in MB then and at the end. */
function peaksOf(
  args: string[],
  env: Record<string, string>,
  done: (output: string) => boolean,
  afterMs = 0,
): Promise<Peaks> {
  return new Promise((settle, fail) => {
    const child = spawn(process.execPath, args, { cwd: HUB_DIR, env: { ...process.env, ...env }, stdio: "pipe" });
    let output = "";
    let peak = 0;
    let atDone: number | undefined;
    const sample = () => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (match) peak = Math.max(peak, Number(match[1]) / 1024);
      } catch {
        // exited meanwhile
      }
    };
    const timer = setInterval(sample, 100);
    const check = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      if (atDone === undefined && done(output)) {
        sample();
        atDone = peak;
        setTimeout(() => {
          sample();
          child.kill("SIGTERM");
        }, afterMs);
      }
    };
    child.stdout.on("data", check);
    child.stderr.on("data", check);
    child.once("exit", () => {
      clearInterval(timer);
      // A phase that never got there (a crash) is no measurement.
      if (atDone === undefined || peak === 0) fail(new Error(`no measurement:\n${output.slice(-2000)}`));
      else settle({ atDone, atEnd: peak });
    });
  });
}

const SETTINGS = `["shared_buffers=16MB", "maintenance_work_mem=16MB", "work_mem=4MB"]`;
const INITDB_SCRIPT = `
import { PGlite } from "@electric-sql/pglite";
const lite = await PGlite.create(process.argv[2], { postgresqlconf: ${SETTINGS} });
await lite.close();
console.log("initialised");
`;
const TEMPLATE_SCRIPT = `
import { PGlite } from "@electric-sql/pglite";
import { initialiseCluster } from "./src/store/pglite-init.ts";
import { clusterTemplate, unpackClusterTemplate } from "./src/store/pglite-template.ts";
const template = clusterTemplate();
if (!("file" in template)) throw new Error(template.missing);
await initialiseCluster(process.argv[2], async (staging) => unpackClusterTemplate(template.file, staging));
const lite = await PGlite.create(process.argv[2], { postgresqlconf: ${SETTINGS} });
await lite.query("SELECT 1");
await lite.close();
console.log("initialised");
`;

const serverEnv = (dataDir: string) => ({
  PORT,
  HOST: "127.0.0.1",
  HUBKIT_DATA_DIR: dataDir,
  HUBKIT_ACCESS_LOG: "0",
  HUBKIT_WEB_DIST: join(dataDir, "no-web"),
  DATABASE_URL: "",
});
const SERVER = ["--conditions=hubkit-source", "--import", "tsx", "server/src/main.ts"];
const running = (output: string) => output.includes("Hubkit is running");
const initialised = (output: string) => output.includes("initialised");

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const mb = (value: number) => value.toFixed(0);
const list = (values: number[]) => values.map(mb).join(", ");

const work = mkdtempSync(join(tmpdir(), "hubkit-bench-seed-memory-"));
const scripts = {
  initdb: join(HUB_DIR, "server", `.bench-pglite-initdb-${process.pid}.mjs`),
  template: join(HUB_DIR, "server", `.bench-pglite-template-${process.pid}.ts`),
};
try {
  writeFileSync(scripts.initdb, INITDB_SCRIPT);
  writeFileSync(scripts.template, TEMPLATE_SCRIPT);
  const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`load average at the start: ${loadAverage()}`);
  mkdirSync(join(work, "initdb"), { recursive: true }); // PGlite makes its own folder, not its parents
  const initdb = await peaksOf(["--liftoff-only", scripts.initdb, join(work, "initdb", "pglite")], {}, initialised);
  const seeding: number[] = [];
  const first: number[] = [];
  const firstAfter: number[] = [];
  const template: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const pre = join(work, `pre-${run}`, "pglite");
    mkdirSync(pre, { recursive: true });
    const templateArgs = ["--conditions=hubkit-source", "--import", "tsx", "--liftoff-only", scripts.template, pre];
    template.push((await peaksOf(templateArgs, {}, initialised)).atDone);
    seeding.push((await peaksOf(SERVER, serverEnv(join(work, `pre-${run}`)), running)).atDone);
    const whole = await peaksOf(SERVER, serverEnv(join(work, `fresh-${run}`)), running, AFTER_MS);
    first.push(whole.atDone);
    firstAfter.push(whole.atEnd);
  }
  console.log(`PGlite initdb of a fresh data folder, alone (no template), peak RSS: ${mb(initdb.atDone)} MB`);
  console.log(`cluster template unpacked and opened, alone, peak RSS: ${mb(median(template))} MB (${list(template)})`);
  console.log(
    `seeding (first start on an initialised folder) peak RSS: ${mb(median(seeding))} MB (target ${TARGET_MB} MB; ${list(seeding)})`,
  );
  console.log(
    `first start on an empty folder (initialisation + seeding) peak RSS: ${mb(median(first))} MB (target ${TARGET_MB} MB; ${list(first)})`,
  );
  console.log(
    `first start, including ${AFTER_MS / 1000} s after it listens (background dataset conversions): ${mb(median(firstAfter))} MB (${list(firstAfter)})`,
  );
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  rmSync(scripts.initdb, { force: true });
  rmSync(scripts.template, { force: true });
  rmSync(work, { recursive: true, force: true });
}
