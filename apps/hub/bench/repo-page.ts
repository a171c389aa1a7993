// Repository page benchmark (issue 12): a model repository with a 1 MB README (prose, code, a long table) and a
// folder of 10 000 files, on the REAL server (bench/transfer-hub.ts startHub, empty seed), the web app built fresh,
// pages opened in Debian's Chromium. Measured per page, median of RUNS cold loads:
// - header: navigation start → the repository's h1 on screen;
// - content: → the card rendered (first card heading) / the file table's first rows;
// - longest task: the longest main-thread task while loading (Long Tasks API), what blocks input;
// - input: a click right after the content appeared (open the metadata table / next page of files) → its result on
//   screen, i.e. whether the page answers while the big content is there; and the click's delay (event time →
//   handler), the main thread's queueing.
// Run: node --conditions=hubkit-source --import tsx bench/repo-page.ts
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { startHub } from "./transfer-hub.js";

const HUB_DIR = resolve(import.meta.dirname, "..");
const RUNS = 5;
const FILES = 10_000;
const ADMIN = "hf_bench_admin_token_0123456789abcdef";

function readme(): string {
  const parts = ["---\nlicense: mit\npipeline_tag: text-generation\n---\n# Big card\n"];
  let size = 0;
  for (let section = 0; size < 1_000_000; section++) {
    const text = `\n## Section ${section}\n\nSome **prose** with a [link](config.json) and \`code\`.\n\n\`\`\`python\nimport torch\nmodel = load(${section})\n\`\`\`\n\n| a | b | c |\n|---|---|---|\n${"| 1 | two | three |\n".repeat(40)}`;
    parts.push(text);
    size += text.length;
  }
  return parts.join("");
}

async function api(url: string, token: string, body: string, type = "application/json"): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": type },
    body,
    signal: AbortSignal.timeout(300_000),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function prepare(url: string): Promise<string> {
  await api(`${url}/api/admin/users`, ADMIN, JSON.stringify({ name: "bench" }));
  const { token } = (await api(
    `${url}/api/admin/tokens`,
    ADMIN,
    JSON.stringify({ user: "bench", role: "write", name: "bench" }),
  )) as { token: string };
  await api(`${url}/api/repos/create`, token, JSON.stringify({ name: "big", type: "model" }));
  // 10 000 files go in by `git push` (smart HTTP), as a user with many files would: one pack, one request.
  const clone = join(work, "clone");
  const remote = `${url.replace("http://", `http://bench:${token}@`)}/bench/big`;
  const git = (...args: string[]) => {
    const result = spawnSync("git", args, {
      cwd: clone,
      encoding: "utf8",
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0" },
    });
    if (result.status !== 0) throw new Error(`git ${args[0]}: ${result.stderr}`);
  };
  spawnSync("git", ["clone", "-q", remote, clone], { encoding: "utf8" });
  mkdirSync(join(clone, "data"), { recursive: true });
  writeFileSync(join(clone, "README.md"), readme());
  writeFileSync(join(clone, "config.json"), '{"model_type": "llama"}\n');
  for (let i = 0; i < FILES; i++)
    writeFileSync(join(clone, "data", `shard-${String(i).padStart(5, "0")}.txt`), `${i}\n`);
  git("add", "-A");
  git("-c", "user.name=bench", "-c", "user.email=bench@localhost", "commit", "-q", "-m", "1 MB card and 10 000 files");
  git("push", "-q", "origin", "HEAD:main");
  return "bench/big";
}

interface Sample {
  header: number;
  content: number;
  longestTask: number;
  /** From the click's event time to its handler running (main-thread queueing). */
  inputDelay: number;
  input: number;
}

async function measure(page: Page, url: string, content: string, act: () => Promise<void>): Promise<Sample> {
  // Browser-side code as strings: this file is type-checked with the server's (Node, no DOM) settings.
  await page.addInitScript({
    content: `window.longest = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.longest = Math.max(window.longest, entry.duration);
      }).observe({ type: "longtask", buffered: true });`,
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.locator("h1").waitFor({ timeout: 60_000 });
  const header = await page.evaluate<number>("performance.now()");
  await page.locator(content).first().waitFor({ timeout: 60_000 });
  const shown = await page.evaluate<number>("performance.now()");
  await page.evaluate(`document.addEventListener("click", (event) => {
    window.delay = performance.now() - event.timeStamp;
  }, { capture: true, once: true })`);
  const before = Date.now();
  await act();
  const input = Date.now() - before;
  const { longest, delay } = await page.evaluate<{ longest: number; delay: number }>(
    "({ longest: window.longest, delay: window.delay })",
  );
  return { header, content: shown, longestTask: longest, inputDelay: delay, input };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

function report(name: string, samples: Sample[]): void {
  const field = (key: keyof Sample) => `${median(samples.map((s) => s[key])).toFixed(0)} ms`;
  console.log(
    `${name}: header ${field("header")}, content ${field("content")}, longest task ${field("longestTask")}, click delay ${field("inputDelay")}, click → result ${field("input")} (median of ${samples.length})`,
  );
}

const work = mkdtempSync(join(tmpdir(), "hubkit-bench-repo-"));
const dist = join(work, "dist");
const build = spawnSync("npx", ["vite", "build", "web", "--outDir", dist, "--emptyOutDir", "--logLevel", "warn"], {
  cwd: HUB_DIR,
  stdio: "inherit",
});
if (build.status !== 0) throw new Error("the web build failed");
process.env.HUBKIT_WEB_DIST = dist;
const hub = await startHub(join(work, "data"), ADMIN);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
try {
  const started = Date.now();
  const id = await prepare(hub.url);
  console.log(`prepared ${id} (1 MB README, ${FILES} files) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const card: Sample[] = [];
  const tree: Sample[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    card.push(
      await measure(page, `${hub.url}/${id}`, ".markdown-body h2", async () => {
        await page.getByText(/^Metadata \(/).click();
        await page.getByRole("row", { name: /license mit/ }).waitFor();
      }),
    );
    await context.close();
    const treeContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const treePage = await treeContext.newPage();
    tree.push(
      await measure(treePage, `${hub.url}/${id}/tree/main/data`, ".file-table tbody tr", async () => {
        await treePage.getByRole("button", { name: "Next page" }).click();
        await treePage.getByRole("link", { name: "shard-00100.txt" }).waitFor();
      }),
    );
    await treeContext.close();
  }
  report("card page, 1 MB README", card);
  report(`files page, folder of ${FILES.toLocaleString("en")} files`, tree);
} finally {
  await browser.close();
  await hub.stop();
  rmSync(work, { recursive: true, force: true });
}
