// `npm start`'s server command, spawned as a process with its defaults (PGlite on disk, the real seed), no
// network: the index is seeded from the repository's JSON-lines file and both the API and the page answer.
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, expect, it } from "vitest";
import { temporaryFolder } from "./files.js";
import { printedUrl } from "./printed-url.js";

const hubDir = resolve(import.meta.dirname, "../..");
const dataDir = temporaryFolder("start");
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill("SIGTERM");
});

it("starts with `npm run start -w apps/hub` defaults, seeds the index and serves API and page", async () => {
  // The start script of apps/hub/package.json, run directly (npm adds nothing but a wrapper process).
  const script = (JSON.parse(readFileSync(join(hubDir, "package.json"), "utf8")) as { scripts: { start: string } })
    .scripts.start;
  const [command, ...args] = script.split(" ");
  expect(command).toBe("node");
  child = spawn(process.execPath, args, {
    cwd: hubDir,
    env: { ...process.env, PORT: "0", HUBKIT_DATA_DIR: dataDir, DATABASE_URL: "", HUBKIT_UPSTREAM_HUB: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await printedUrl(child, 90_000);
  const health = (await (await fetch(`${url}/api/health`)).json()) as { status: string; models: number };
  expect(health.status).toBe("ok");
  expect(health.models).toBeGreaterThanOrEqual(300);
  const model = await fetch(`${url}/api/models/black-forest-labs/FLUX.1-schnell?expand[]=inferenceProviderMapping`);
  expect(model.status).toBe(200);
  const page = await fetch(`${url}/`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  const exited = new Promise((done) => child?.once("exit", done));
  child.kill("SIGTERM");
  expect(await exited).toBe(0);
}, 120_000);
