// Issue 20, "Done means": the newcomer's path as one test. A fresh clone of this repository (its git HEAD) →
// `npm ci` → `npm start` on a fresh data folder → in Chromium: an owner page (/meta-llama), the search for
// "llama3" finds a Llama model, the tiny real model hubkit/tiny-random-gpt2's Transformers "Use this model"
// snippet is copied from the page (its copy button, the clipboard) and run with Python (transformers + torch),
// with no HF_ENDPOINT and no HF_HUB_OFFLINE in the environment: the snippet itself must point at this hub, and it
// (or, for a snippet that only builds the pipeline, that pipeline called once) must print generated text. One run;
// npm's cache is reused (`--prefer-offline`).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HUB_DIR } from "../src/config.js";
import { run } from "./run-command.js";

const REPO_DIR = resolve(HUB_DIR, "../..");
const VENV_PYTHON = join(REPO_DIR, "node_modules/.cache/hubkit-venvs/transformers/bin/python");
const TINY_MODEL = "hubkit/tiny-random-gpt2";

let work: string;
let clone: string;
let server: ChildProcess | undefined;
let url = "";
let browser: Browser | undefined;
const serverOutput: string[] = [];

/**
 * The environment of a newcomer's shell: no Hugging Face or hub variables at all, and none of what the test runner
 * sets (NODE_ENV=test and VITEST_* would make `vite build` a test build; npm_* would steer the clone's npm).
 */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (
      value !== undefined &&
      !/^(HF_|HUGGINGFACE_|TRANSFORMERS_|HUBKIT_|VITEST|npm_|PORT$|DATABASE_URL$|NODE_ENV$|TEST$|MODE$)/.test(key)
    )
      env[key] = value;
  return { ...env, ...extra };
}

async function must(command: string, args: string[], cwd: string, timeoutMs: number, env?: Record<string, string>) {
  const result = await run(command, args, { cwd, timeoutMs, env: env ?? cleanEnv({}) });
  expect(
    result.code,
    `${command} ${args.join(" ")}\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-4000)}`,
  ).toBe(0);
  return result;
}

// The tiny real model (seed/tiny), its Python (scripts/python-transformers.sh) and the snippet that points at this
// hub by itself (hub-endpoints.ts) are all in the repository: the walk runs wherever the script is.
const PARTS_LANDED = existsSync(join(REPO_DIR, "scripts/python-transformers.sh"));

describe.skipIf(!PARTS_LANDED)("the newcomer's path (needs scripts/python-transformers.sh and the tiny model)", () => {
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "hubkit-newcomer-"));
    clone = join(work, "hubkit");
    await must("git", ["clone", "--quiet", REPO_DIR, clone], work, 120_000);
    await must("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], clone, 600_000);
    const started = performance.now();
    server = spawn("npm", ["start"], {
      cwd: clone,
      env: cleanEnv({ PORT: "0", HOST: "127.0.0.1", HUBKIT_DATA_DIR: join(work, "data") }),
      stdio: ["ignore", "pipe", "pipe"],
      detached: true, // its own process group: npm, the start script and the server stop together
    });
    url = await new Promise<string>((done, fail) => {
      let buffered = "";
      server?.stdout?.on("data", (chunk: Buffer) => {
        buffered += chunk.toString("utf8");
        const lines = buffered.split("\n");
        buffered = lines.pop() ?? "";
        for (const line of lines) {
          if (!line.startsWith("{")) serverOutput.push(line);
          const running = /Hubkit is running at (\S+?)\/?$/.exec(line);
          if (running?.[1] !== undefined) done(running[1]);
        }
      });
      server?.stderr?.on("data", (chunk: Buffer) => serverOutput.push(chunk.toString("utf8")));
      server?.once("exit", (code) => fail(new Error(`npm start exited (${code}):\n${serverOutput.join("\n")}`)));
    });
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    console.log(`[newcomer] npm start → first page in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    browser = await chromium.launch({
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    });
  }, 1_800_000);

  afterAll(async () => {
    await browser?.close();
    if (server?.pid !== undefined && server.exitCode === null) {
      const pid = server.pid;
      const exited = new Promise((done) => server?.once("exit", done));
      process.kill(-pid, "SIGTERM");
      // The group has 20 s to close cleanly (a loaded machine), then it is killed: the hook must end.
      const killer = setTimeout(() => process.kill(-pid, "SIGKILL"), 20_000);
      await exited;
      clearTimeout(killer);
    }
    if (work !== undefined) rmSync(work, { recursive: true, force: true });
  }, 60_000);

  test("fresh clone → npm start → owner page → search llama3 → tiny model → its Transformers snippet runs", async () => {
    if (browser === undefined) throw new Error("no browser");
    const context = await browser.newContext({ baseURL: url });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: url });
    const page = await context.newPage();

    // An owner's page lists its models.
    await page.goto("/meta-llama");
    await page.locator('a[href^="/meta-llama/"]').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(/page not found/i).count()).toBe(0);

    // The header's search (Ctrl-K), "llama3": a Llama model among the results.
    await page.getByRole("button", { name: /^search ctrl k$/i }).click();
    const search = page.getByRole("combobox", { name: /search/i });
    await search.fill("llama3");
    await page
      .getByRole("option", { name: /llama-?3/i })
      .first()
      .waitFor({ timeout: 30_000 });
    await page.keyboard.press("Escape");

    // The tiny real model's page, its Transformers snippet copied with the block's copy button.
    await page.goto(`/${TINY_MODEL}`);
    await page
      .getByRole("heading", { name: /tiny-random-gpt2/ })
      .first()
      .waitFor({ timeout: 30_000 });
    // "Use this model" is a menu opening one library's snippets at a time (a plain section on older pages).
    const menu = page.getByRole("button", { name: /use this model/i }).first();
    if (
      await menu.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      )
    ) {
      await menu.click();
      for (const role of ["menuitem", "menuitemradio", "option", "tab", "button", "link"] as const) {
        const item = page.getByRole(role, { name: /^transformers$/i });
        if ((await item.count()) > 0) {
          await item.first().click();
          break;
        }
      }
    }
    // The pipeline snippet (the one that runs the model and shows its output), in its own code block.
    const copyButton = page.getByRole("button", { name: /copy/i });
    const pipelineCode = /from transformers import pipeline/;
    await page
      .locator("figure, .code-block, section")
      .filter({ hasText: pipelineCode })
      .first()
      .waitFor({ timeout: 30_000 });
    const blocks = page.locator("figure, .code-block").filter({ hasText: pipelineCode }).filter({ has: copyButton });
    const block =
      (await blocks.count()) > 0
        ? blocks.first()
        : page.locator("section").filter({ hasText: pipelineCode }).filter({ has: copyButton }).last();
    await block.getByRole("button", { name: /copy/i }).first().click();
    const snippet = String(await page.evaluate("navigator.clipboard.readText()"));
    expect(snippet).toContain("from transformers import");
    expect(snippet).toContain(TINY_MODEL);
    await context.close();

    // Python with transformers + torch from the local package index (scripts/python-transformers.sh, once per machine).
    if (!existsSync(VENV_PYTHON)) await must("bash", ["scripts/python-transformers.sh"], REPO_DIR, 900_000);
    // Run exactly what was copied, as a notebook cell would (a last bare expression is printed), in a newcomer's
    // environment: a cache of its own, no HF_ENDPOINT, no HF_HUB_OFFLINE.
    const cell = [
      "import ast, sys",
      "tree = ast.parse(sys.stdin.read())",
      "scope = {'__name__': '__main__'}",
      "last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None",
      "exec(compile(tree, '<snippet>', 'exec'), scope)",
      "if last is not None:",
      "    value = eval(compile(ast.Expression(last.value), '<snippet>', 'eval'), scope)",
      "    if value is not None: print(repr(value))",
      // A snippet that only builds the pipeline (the hub's text-generation snippet for a model without a chat
      // template) is then used as the newcomer's next line would: the pipeline it built, called once.
      "    last = value",
      "if last is None:",
      "    from transformers import Pipeline",
      "    built = [v for v in scope.values() if isinstance(v, Pipeline)]",
      "    if built: print(repr(built[0]('Hello, my name is', max_new_tokens=8)))",
    ].join("\n");
    const python = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const child = spawn(VENV_PYTHON, ["-c", cell], {
        cwd: work,
        env: cleanEnv({ HOME: work, HF_HOME: join(work, "hf-home") }),
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
      child.once("exit", (code) => {
        clearTimeout(timer);
        done({ code, stdout, stderr });
      });
      child.stdin.end(snippet);
    });
    expect(python.code, `snippet:\n${snippet}\nstderr:\n${python.stderr.slice(-4000)}`).toBe(0);
    expect(python.stdout.trim(), `snippet:\n${snippet}`).not.toBe("");
    expect(python.stdout).toMatch(/generated_text/);
  }, 1_200_000);
});
