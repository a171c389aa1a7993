// Which leftovers a starting server may remove. With PGlite (one process holds the data folder's lock) everything
// in the folder is this server's, from an earlier run: all of it goes, as always. With PostgreSQL several servers
// share the folder: a temporary file goes only when the instance that made it is not alive (no fresh heartbeat,
// registry.ts) and the file has not changed for as long as a live server could take to look dead; a leftover
// that names no owner (git's lock files and packs, names from before instance ids) only once it is old.
import { lstat, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { ownerOfName } from "./instance-id.js";
import type { InstanceLimits } from "./limits.js";

export interface LeftoverOwnership {
  /** This server's instance id: the prefix of its own temporary names. */
  readonly instance: string;
  /** Whether a leftover made by `owner` (undefined: its name says nobody) and last changed at `mtimeMs` may go. */
  mayRemove(owner: string | undefined, mtimeMs: number): boolean;
  /** Whether a git lock file last changed at `mtimeMs` is stale (its git process is gone). */
  staleGitLock(mtimeMs: number): boolean;
}

/** One process owns the folder (PGlite's folder lock, tests): every leftover is from an earlier run of it. */
export function soleOwnership(instance: string): LeftoverOwnership {
  return {
    instance,
    mayRemove: (owner) => owner !== instance,
    staleGitLock: () => true,
  };
}

/**
 * Several servers share the folder. `alive` holds the instances with a fresh heartbeat when this was made; an
 * instance that joined since is not in it, but its files are younger than `staleAfterMs`, so they stay too.
 */
export function sharedOwnership(
  instance: string,
  alive: ReadonlySet<string>,
  limits: Pick<InstanceLimits, "staleAfterMs" | "leftoverAgeMs" | "staleGitLockMs">,
  now: () => number = Date.now,
): LeftoverOwnership {
  return {
    instance,
    mayRemove(owner, mtimeMs) {
      const age = now() - mtimeMs;
      if (owner === undefined) return age > limits.leftoverAgeMs;
      return owner !== instance && !alive.has(owner) && age > limits.staleAfterMs;
    },
    staleGitLock: (mtimeMs) => now() - mtimeMs > limits.staleGitLockMs,
  };
}

/** The last change of `path` (not following links), or undefined when it is gone. */
export async function mtimeOf(path: string): Promise<number | undefined> {
  try {
    return (await lstat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Removes the entries of the temporary folder `dir` (named by instance-id.ts ownedName) that `ownership` says are
 * abandoned; the count removed. The folder stores' tmp folders share this sweep (at start, and now and then).
 */
export async function removeAbandonedIn(dir: string, ownership: LeftoverOwnership): Promise<number> {
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const mtime = await mtimeOf(path);
    if (mtime === undefined || !ownership.mayRemove(ownerOfName(name), mtime)) continue;
    await rm(path, { recursive: true, force: true });
    removed++;
  }
  return removed;
}
