// Hub memory (issue 17): the real server (npm start's command) on a fresh data folder with the repository's seed,
// then started again on the same folder. Prints VmRSS 5 s after it printed its URL and VmHWM (the process's peak,
// the seeding included), read from /proc/<pid>/status. Run from the repository root:
//   node --conditions=hubkit-source --import tsx apps/hub/bench/hub-memory.ts
// Set HUBKIT_PGLITE_TIER_UP=1 to compare with V8's optimizing tier for PGlite's WASM.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HUB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
const SETTLE_MS = 5000;
const START_TIMEOUT_MS = 300_000;

function status(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB$`, "m").exec(text)?.[1] ?? Number.NaN);
    return { rss: kb("VmRSS") * 1024, hwm: kb("VmHWM") * 1024 };
  } catch {
    return undefined;
  }
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(0)} MiB`;

/** Starts the server on `dataDir`, waits until it listens and settles; its memory, then stops it. */
async function run(dataDir: string): Promise<{ rss: number; hwm: number; startMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ["--conditions=hubkit-source", "--import", "tsx", "server/src/main.ts"], {
    cwd: HUB_DIR,
    env: { ...process.env, HUBKIT_DATA_DIR: dataDir, PORT: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("the server did not start");
  try {
    await new Promise<void>((listening, failed) => {
      const timer = setTimeout(() => failed(new Error("the server did not listen in time")), START_TIMEOUT_MS);
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-10_000);
        if (output.includes("Hubkit is running at")) {
          clearTimeout(timer);
          listening();
        }
      });
      child.once("exit", (code) => failed(new Error(`the server exited with ${code}`)));
    });
    const startMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const memory = status(pid);
    if (memory === undefined) throw new Error("the server is gone");
    return { ...memory, startMs };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "hubkit-memory-"));
try {
  const first = await run(dataDir);
  console.log(
    `first start (seed written): listening after ${(first.startMs / 1000).toFixed(1)} s, RSS ${mib(first.rss)} ` +
      `${SETTLE_MS / 1000} s later, peak (VmHWM) ${mib(first.hwm)}`,
  );
  const again = await run(dataDir);
  console.log(
    `restart (same folder): listening after ${(again.startMs / 1000).toFixed(1)} s, RSS ${mib(again.rss)}, ` +
      `peak ${mib(again.hwm)}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
