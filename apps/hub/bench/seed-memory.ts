// Seeding memory (issue 20 point 9 / target "seeding peak RSS ≤ 500 MB"): where the first start's peak comes from.
// Each phase runs in a process of its own on a fresh data folder, and its peak resident set (VmHWM) is read:
// - PGlite opening a fresh folder: its initdb (a second PostgreSQL instance inside PGlite, the data folder dumped
//   and restored), in a bare process with the server's PostgreSQL settings and baseline WASM code;
// - the server's first start (`npm start`'s command) on a folder whose PGlite was initialised beforehand: the seed's
//   index load, ~700 repositories and the tiny models written and indexed — seeding proper;
// - the server's first start on an empty folder: both together, as `npm start` does today.
// Prints `name: X MB (target T MB)`. Run: node --conditions=hubkit-source --import tsx bench/seed-memory.ts
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const HUB_DIR = resolve(import.meta.dirname, "..");
const TARGET_MB = 500;
const PORT = process.env.BENCH_PORT ?? "5753";

/** Runs `args` with node in `cwd` until `done(output)` holds (or it exits); returns its VmHWM in MB. */
function peakOf(args: string[], env: Record<string, string>, done: (output: string) => boolean): Promise<number> {
  return new Promise((settle, fail) => {
    const child = spawn(process.execPath, args, { cwd: HUB_DIR, env: { ...process.env, ...env }, stdio: "pipe" });
    let output = "";
    let peak = 0;
    let reached = false;
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
      if (!reached && done(output)) {
        reached = true;
        sample();
        child.kill("SIGTERM");
      }
    };
    child.stdout.on("data", check);
    child.stderr.on("data", check);
    child.once("exit", () => {
      clearInterval(timer);
      // A phase that never got there (a crash) is no measurement.
      if (!reached || peak === 0) fail(new Error(`no measurement:\n${output.slice(-2000)}`));
      else settle(peak);
    });
  });
}

const INIT_SCRIPT = `
import { PGlite } from "@electric-sql/pglite";
const lite = await PGlite.create(process.argv[2], { postgresqlconf: ["shared_buffers=16MB", "maintenance_work_mem=16MB", "work_mem=4MB"] });
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

const work = mkdtempSync(join(tmpdir(), "hubkit-bench-seed-memory-"));
try {
  const script = join(HUB_DIR, "server", `.bench-pglite-init-${process.pid}.mjs`);
  writeFileSync(script, INIT_SCRIPT);
  mkdirSync(join(work, "pre"), { recursive: true }); // PGlite makes its own folder, not its parents
  let initPeak: number;
  try {
    initPeak = await peakOf(["--liftoff-only", script, join(work, "pre", "pglite")], {}, (out) =>
      out.includes("initialised"),
    );
  } finally {
    rmSync(script, { force: true });
  }
  const seedingPeak = await peakOf(SERVER, serverEnv(join(work, "pre")), running);
  const wholePeak = await peakOf(SERVER, serverEnv(join(work, "fresh")), running);
  console.log(`PGlite initdb of a fresh data folder, alone, peak RSS: ${initPeak.toFixed(0)} MB`);
  console.log(
    `seeding (first start on an initialised folder) peak RSS: ${seedingPeak.toFixed(0)} MB (target ${TARGET_MB} MB)`,
  );
  console.log(
    `first start on an empty folder (initdb + seeding) peak RSS: ${wholePeak.toFixed(0)} MB (target ${TARGET_MB} MB)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
