// The PGlite folder lock is a kernel flock: held across PID namespaces, never fooled by a stale PID file, and
// released by the kernel when its process dies (kill -9 included).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterEach, expect, it } from "vitest";
import { FolderLockedError, LOCK_FILE_NAME, lockFolder } from "../src/store/folder-lock.js";
import { temporaryFolder } from "./files.js";
import { killChildren } from "./kill-children.js";

const serverDir = resolve(import.meta.dirname, "..");
const dir = temporaryFolder("lock");
const children: ChildProcess[] = [];

afterEach(() => killChildren(children));

/** Starts test/lock-holder.ts on `folder` (optionally under `unshare --pid --fork`); resolves with its first line. */
function holder(folder: string, namespaced = false): Promise<{ child: ChildProcess; line: string }> {
  const node = [process.execPath, "--import", "tsx", "test/lock-holder.ts", folder];
  const [command, ...args] = namespaced ? ["unshare", "--pid", "--fork", "--kill-child", ...node] : node;
  const child = spawn(command ?? "", args, { cwd: serverDir, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  return new Promise((found, fail) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`lock holder printed nothing in 30 s: ${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n")[0];
      if (output.includes("\n") && line !== undefined) {
        clearTimeout(timer);
        found({ child, line });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!output.includes("\n")) fail(new Error(`lock holder exited with ${code}: ${output}`));
    });
  });
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGKILL");
  await exited;
}

/** Retries `attempt` for up to 5 s (a process killed through its parent dies a moment later). */
async function eventually<T>(attempt: () => T): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return attempt();
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((wait) => setTimeout(wait, 100));
    }
  }
}

it("lets one holder at a time use a data folder, also within one process", () => {
  const lock = lockFolder(dir);
  expect(() => lockFolder(dir)).toThrow(FolderLockedError);
  lock.release();
  lockFolder(dir).release();
});

it("is not fooled by a stale lock file holding our own PID or an unrelated live PID", async () => {
  const folder = join(dir, "stale");
  mkdirSync(folder);
  // After a container restart the new server often gets the PID the old one wrote.
  writeFileSync(join(folder, LOCK_FILE_NAME), String(process.pid));
  lockFolder(folder).release();
  // A PID that happens to belong to some other live process (here: a sleeper) says nothing about the folder.
  const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
  children.push(sleeper);
  writeFileSync(join(folder, LOCK_FILE_NAME), String(sleeper.pid));
  lockFolder(folder).release();
});

it("refuses a folder locked by another process, naming the lock, and takes it once that process is killed -9", async () => {
  const folder = join(dir, "killed");
  mkdirSync(folder);
  const { child, line } = await holder(folder);
  expect(line).toBe("locked");
  expect(() => lockFolder(folder)).toThrow(join(folder, LOCK_FILE_NAME));
  await killHard(child);
  lockFolder(folder).release(); // the kernel dropped the dead process's lock
});

it("holds across PID namespaces (a second container on the same volume), in both directions", async () => {
  expect(spawnSync("unshare", ["--pid", "--fork", "true"]).status, "unshare --pid must work here").toBe(0);
  const folder = join(dir, "namespaces");
  mkdirSync(folder);
  // The holder in its own namespace is PID 1 or 2 there: a PID file would look stale or foreign to us.
  const inside = await holder(folder, true);
  expect(inside.line).toBe("locked");
  expect(() => lockFolder(folder)).toThrow(FolderLockedError);
  await killHard(inside.child);

  // --kill-child sends SIGKILL to the namespace's PID 1 when unshare dies; the kernel then drops its lock.
  const lock = await eventually(() => lockFolder(folder));
  try {
    const refused = await holder(folder, true);
    expect(refused.line).toMatch(/^refused: .*is in use/);
  } finally {
    lock.release();
  }
});
