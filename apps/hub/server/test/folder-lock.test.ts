import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { FolderLockedError, lockFolder } from "../src/store/folder-lock.js";
import { temporaryFolder } from "./files.js";

const dir = temporaryFolder("lock");

it("lets one holder at a time use a data folder", () => {
  const lock = lockFolder(dir);
  expect(() => lockFolder(dir)).toThrow(FolderLockedError);
  lock.release();
  lockFolder(dir).release();
});

it("refuses a folder held by another live process and takes over a dead one's lock", async () => {
  const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
  try {
    writeFileSync(join(dir, "hubkit.lock"), String(sleeper.pid));
    expect(() => lockFolder(dir)).toThrow(`in use by process ${sleeper.pid}`);
  } finally {
    const exited = new Promise((done) => sleeper.once("exit", done));
    sleeper.kill();
    await exited;
  }
  lockFolder(dir).release();
});
