// The embedded database under real processes: a second server (also from another PID namespace) or the import
// CLI on a folder in use exits non-zero with one line naming the lock, and a server killed with -9 restarts on
// its folder with every row kept.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { afterEach, expect, it } from "vitest";
import { LOCK_FILE_NAME } from "../src/store/folder-lock.js";
import { temporaryFolder, writeJsonl } from "./files.js";
import { FIXTURE_MODELS } from "./fixtures.js";
import { killChildren } from "./kill-children.js";
import { printedUrl } from "./printed-url.js";

const hubDir = resolve(import.meta.dirname, "../..");
const work = temporaryFolder("db-safety");
const dataDir = join(work, "db");
// Namespaced ids only: the server also makes a repository of each seeded model.
const SEED = FIXTURE_MODELS.filter((model) => model.id.includes("/"));
const seedFile = writeJsonl(join(work, "seed.jsonl"), SEED);
const extra = writeJsonl(join(work, "extra.jsonl"), [
  { id: "someone/extra-model", pipeline_tag: "text-generation", downloads: 1 },
]);
const env = {
  ...process.env,
  PORT: "0",
  HOST: "127.0.0.1",
  HUBKIT_DATA_DIR: dataDir,
  HUBKIT_SEED: seedFile,
  HUBKIT_WEB_DIST: join(work, "no-web"),
  DATABASE_URL: "",
  HUBKIT_UPSTREAM_HUB: "",
};
const NODE_ARGS = ["--conditions=hubkit-source", "--import", "tsx"];
const children: ChildProcess[] = [];

afterEach(() => killChildren(children));

interface Run {
  child: ChildProcess;
  /** Resolves with the server's URL, or rejects with its output when it exits first. */
  url: Promise<string>;
  /** Resolves with the exit code and everything printed. */
  exit: Promise<{ code: number | null; output: string }>;
}

function runServer(prefix: readonly string[] = []): Run {
  const [command, ...args] = [...prefix, process.execPath, ...NODE_ARGS, "server/src/main.ts"];
  const child = spawn(command ?? "", args, { cwd: hubDir, env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  const exit = new Promise<{ code: number | null; output: string }>((done) =>
    child.once("exit", (code) => done({ code, output })),
  );
  const append = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);
  const url = printedUrl(child, 60_000);
  url.catch(() => undefined);
  return { child, url, exit };
}

async function modelCount(url: string): Promise<number> {
  const models = (await (await fetch(`${url}/api/models?limit=100`)).json()) as unknown[];
  return models.length;
}

it("refuses a second server and the import CLI on a folder in use, and survives kill -9 with its data", async () => {
  const first = runServer();
  const url = await first.url;
  expect(await modelCount(url)).toBe(SEED.length);

  // The import CLI: non-zero, one line naming the lock, no stack trace.
  const lockFile = join(dataDir, "pglite", LOCK_FILE_NAME); // the PGlite folder inside the data root
  const imported = spawnSync(process.execPath, [...NODE_ARGS, "server/src/import.ts", "--", extra], {
    cwd: hubDir,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(imported.status).toBe(1);
  expect(imported.stderr.trim().split("\n")).toEqual([expect.stringMatching(lockFile)]);

  // A second server from another PID namespace (as a second container would be): same answer.
  expect(spawnSync("unshare", ["--pid", "--fork", "true"]).status, "unshare --pid must work here").toBe(0);
  const second = runServer(["unshare", "--pid", "--fork", "--kill-child"]);
  const refused = await second.exit;
  expect(refused.code).not.toBe(0);
  const lines = refused.output.trim().split("\n");
  expect(lines).toEqual([expect.stringMatching(lockFile)]);
  expect(lines[0]).not.toMatch(/\bat .*:\d+:\d+/);

  // The first server never noticed.
  expect(await modelCount(url)).toBe(SEED.length);

  // kill -9: no clean-up runs; the kernel drops the lock, and the next server opens the folder with its rows.
  first.child.kill("SIGKILL");
  await first.exit;
  const restarted = runServer();
  expect(await modelCount(await restarted.url)).toBe(SEED.length);
  restarted.child.kill("SIGTERM");
  expect((await restarted.exit).code).toBe(0);

  // Now the folder is free, the import CLI works on it.
  const after = spawnSync(process.execPath, [...NODE_ARGS, "server/src/import.ts", "--", extra], {
    cwd: hubDir,
    env,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(after.stderr).toBe("");
  expect(after.status).toBe(0);
  expect(after.stdout).toContain(`the index now holds ${SEED.length + 1} models`);
}, 180_000);
