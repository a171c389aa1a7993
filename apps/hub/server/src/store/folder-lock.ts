// A lock file for a PGlite data folder, so that a second process (an import while the server runs, a second
// server) fails with a clear message instead of corrupting the database. A lock left by a dead process is taken over.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export class FolderLockedError extends Error {
  override readonly name = "FolderLockedError";
}

export interface FolderLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function lockFolder(dir: string): FolderLock {
  const file = join(dir, "hubkit.lock");
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isSafeInteger(owner) && owner !== process.pid && isAlive(owner))
        throw new FolderLockedError(
          `the model index in ${dir} is in use by process ${owner}; stop it first (or use another HUBKIT_DATA_DIR)`,
        );
      if (owner === process.pid)
        throw new FolderLockedError(`the model index in ${dir} is already open in this process`);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new FolderLockedError(`could not lock ${dir}`);
}
