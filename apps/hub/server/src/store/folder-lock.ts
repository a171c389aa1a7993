// An exclusive lock on a PGlite data folder, so that a second process (an import while the server runs, a second
// server, a second container on the same volume) fails with a clear message instead of corrupting the database.
//
// The lock is a kernel `flock` on `hubkit.lock`, not a PID file: PIDs mean nothing across PID namespaces and get
// reused after a restart, so a PID file either lets a second writer in or keeps a restarted server out. Node has no
// flock, so the util-linux `flock` command takes it for us on the file we opened: a flock belongs to the open file
// description, which the child shares with us through its fd 3, so the lock stays held by our still-open fd after
// the child exits, and the kernel drops it when that fd is closed or this process dies (kill -9 included). The file
// itself is never removed: a flock'd file needs no cleaning, and removing it would let a third process lock a new
// file of the same name while the second still holds the old one.
import { spawnSync } from "node:child_process";
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";

export class FolderLockedError extends Error {
  override readonly name = "FolderLockedError";
}

export interface FolderLock {
  /** The lock file (for messages). */
  readonly file: string;
  release(): void;
}

export const LOCK_FILE_NAME = "hubkit.lock";

/** The exit status util-linux `flock --nonblock` uses when the lock is held elsewhere. */
const FLOCK_CONFLICT = 1;

function holderHint(file: string): string {
  try {
    const text = readFileSync(file, "utf8").trim().slice(0, 40);
    // The holder writes its PID for people reading the message; it is only a hint (it may be another namespace's).
    return /^\d+$/.test(text) ? ` (written by process ${text}, possibly in another container)` : "";
  } catch {
    return "";
  }
}

/** Locks `dir` for as long as this process lives or until `release()`. Throws FolderLockedError if it is held. */
export function lockFolder(dir: string): FolderLock {
  const file = join(dir, LOCK_FILE_NAME);
  // "a+": create if missing, never truncate before we hold the lock (the holder's PID hint stays readable).
  const fd = openSync(file, "a+");
  const result = spawnSync("flock", ["--nonblock", "--exclusive", "3"], {
    stdio: ["ignore", "ignore", "pipe", fd],
    timeout: 10_000,
  });
  if (result.status !== 0) {
    const hint = result.status === FLOCK_CONFLICT ? holderHint(file) : "";
    closeSync(fd);
    if (result.status === FLOCK_CONFLICT)
      throw new FolderLockedError(
        `the model index in ${dir} is in use: another process holds the lock ${file}${hint}; stop it first (or use another HUBKIT_DATA_DIR)`,
      );
    const reason = result.error?.message ?? (result.stderr?.toString().trim() || `exit status ${result.status}`);
    throw new FolderLockedError(`could not lock ${file} with util-linux flock: ${reason}`);
  }
  try {
    ftruncateSync(fd, 0);
    writeSync(fd, String(process.pid));
  } catch {
    // The PID is only a hint for messages; the lock is what matters.
  }
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      closeSync(fd); // drops the flock
    },
  };
}
