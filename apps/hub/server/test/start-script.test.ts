// Issue 20 (fast start): `npm start` (apps/hub/scripts/start.mjs) rebuilds the site only when a file the last build
// read changed — by content, not by modification time — or is gone, or the task folders changed; with no build
// (a fresh clone) it builds.

import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { HUB_DIR } from "../src/config.js";
import { run } from "./run-command.js";

let repo: string;
let dist: string;

/** staleReason(dist, repo) of the real start script, in a process of its own (it is plain ESM JavaScript). */
async function staleReason(): Promise<string | null> {
  const script = `const { staleReason } = await import(${JSON.stringify(join(HUB_DIR, "scripts/start.mjs"))}); console.log(JSON.stringify(staleReason(${JSON.stringify(dist)}, ${JSON.stringify(repo)}) ?? null));`;
  const result = await run(process.execPath, ["--input-type=module", "-e", script]);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim()) as string | null;
}

const SOURCE = "export const answer = 42;\n";

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "hubkit-start-script-"));
  dist = join(repo, "apps/hub/web/dist");
  mkdirSync(join(repo, "packages/tasks/src/tasks/fill-mask"), { recursive: true });
  mkdirSync(join(repo, "apps/hub/web/src"), { recursive: true });
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(repo, "apps/hub/web/src/main.ts"), SOURCE);
});
afterAll(() => rmSync(repo, { recursive: true, force: true }));

test("no build, then an up-to-date one, a touched file, a changed one, a gone one, a new task folder", async () => {
  expect(await staleReason()).toBe("no build yet");
  writeFileSync(join(dist, ".hubkit-build.json"), "{not json");
  expect(await staleReason()).toBe("the last build's inputs list is unreadable");
  const manifest = {
    version: 1,
    taskFolders: ["fill-mask"],
    inputs: { "apps/hub/web/src/main.ts": createHash("sha256").update(SOURCE).digest("hex") },
  };
  writeFileSync(join(dist, ".hubkit-build.json"), JSON.stringify(manifest));
  expect(await staleReason()).toBeNull();
  // A checkout or a clone touches every file: the same bytes need no build.
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(repo, "apps/hub/web/src/main.ts"), later, later);
  expect(await staleReason()).toBeNull();
  writeFileSync(join(repo, "apps/hub/web/src/main.ts"), "export const answer = 43;\n");
  expect(await staleReason()).toBe("apps/hub/web/src/main.ts changed");
  unlinkSync(join(repo, "apps/hub/web/src/main.ts"));
  expect(await staleReason()).toBe("apps/hub/web/src/main.ts is gone");
  writeFileSync(join(repo, "apps/hub/web/src/main.ts"), SOURCE);
  expect(await staleReason()).toBeNull();
  mkdirSync(join(repo, "packages/tasks/src/tasks/new-task"));
  expect(await staleReason()).toBe("the task folders changed");
});
