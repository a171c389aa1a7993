// Serving benchmark (issue 20, point 10) on the REAL server as `npm start` runs it (apps/hub/scripts/start.mjs:
// the site built if stale, the curated seed, a fresh data folder, access log off):
// - tree listing of a 4-file seed repository: p95 of sequential GETs, plain and with `expand=true` (last commits);
// - first contentful paint (Paint Timing API) of the home page and a model page in Debian's Chromium on loopback,
//   each in a fresh browser context (nothing cached), median of RUNS, and the time until the page's h1 shows;
// - what the home page's scripts weigh over the wire (brotli) and the build's gzipped first load (size:web).
// Prints `name: X (target T)` lines. Run: node --conditions=hubkit-source --import tsx bench/serving.ts
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { printedUrl } from "../server/test/printed-url.js";

const HUB_DIR = resolve(import.meta.dirname, "..");
const TREE_REQUESTS = 200;
const RUNS = 5;
const MODEL_PAGE = process.env.BENCH_MODEL_PAGE ?? "/meta-llama/Llama-3.1-8B-Instruct";

const work = mkdtempSync(join(tmpdir(), "hubkit-bench-serving-"));
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  cwd: HUB_DIR,
  env: { ...process.env, PORT: "0", HOST: "127.0.0.1", HUBKIT_DATA_DIR: join(work, "data"), HUBKIT_ACCESS_LOG: "0" },
  stdio: ["ignore", "pipe", "pipe"],
});

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function timed(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

/** A seed model repository whose root lists exactly four entries. */
async function fourFileRepo(base: string): Promise<string> {
  const models = (await (await fetch(`${base}/api/models?limit=100`)).json()) as { id: string }[];
  for (const { id } of models) {
    const tree = (await (await fetch(`${base}/api/models/${id}/tree/main`)).json()) as unknown[];
    if (Array.isArray(tree) && tree.length === 4) return id;
  }
  throw new Error("no seed repository with 4 files");
}

try {
  const base = await printedUrl(server, 600_000);
  const repo = await fourFileRepo(base);
  for (const [name, query] of [
    ["plain", ""],
    ["expand=true", "?expand=true"],
  ] as const) {
    const url = `${base}/api/models/${repo}/tree/main${query}`;
    for (let i = 0; i < 10; i++) await timed(url); // warm: the repository's cat-file process, the JIT
    const times: number[] = [];
    for (let i = 0; i < TREE_REQUESTS; i++) times.push(await timed(url));
    console.log(
      `tree listing of a 4-file repository (${repo}, ${name}) p95: ${ms(quantile(times, 0.95))} (target 50 ms; p50 ${ms(quantile(times, 0.5))})`,
    );
  }

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  try {
    for (const [name, path] of [
      ["home", "/"],
      ["model page", MODEL_PAGE],
    ] as const) {
      const paints: number[] = [];
      const headings: number[] = [];
      let scriptBytes = 0;
      for (let run = 0; run <= RUNS; run++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${base}${path}`);
        await page.locator("h1").first().waitFor({ timeout: 30_000 });
        const heading = Number(await page.evaluate("performance.now()"));
        const paint = Number(
          await page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN"),
        );
        scriptBytes = Number(
          await page.evaluate(
            "performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js')).reduce((sum, e) => sum + e.transferSize, 0)",
          ),
        );
        await context.close();
        if (run === 0) continue; // the first load compiles the server's page path: not a visitor's
        paints.push(paint);
        headings.push(heading);
      }
      console.log(
        `first contentful paint, ${name} (${path}): ${ms(quantile(paints, 0.5))} (target 1000 ms; h1 shown at ${ms(quantile(headings, 0.5))}, median of ${RUNS})`,
      );
      if (name === "home")
        console.log(`home page scripts over the wire (brotli): ${(scriptBytes / 1024).toFixed(1)} KB`);
    }
  } finally {
    await browser.close();
  }
  const sizes = spawnSync(process.execPath, ["web/scripts/bundle-size.mjs"], { cwd: HUB_DIR, encoding: "utf8" });
  const firstLoad = sizes.stdout.split("\n").find((line) => line.startsWith("web first load"));
  if (firstLoad) console.log(firstLoad);
} finally {
  const exited = new Promise((done) => server.once("exit", done));
  server.kill("SIGTERM");
  await exited;
  rmSync(work, { recursive: true, force: true });
}
