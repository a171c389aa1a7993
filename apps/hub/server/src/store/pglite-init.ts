// Gives a locked PGlite data folder that has no cluster yet its cluster, so that a crash at any moment leaves
// either no cluster (the next start does it again) or a whole one, never half of one.
//
// PGlite takes a folder with PG_VERSION for a cluster and opens it ("found DB, resuming"); both its initdb and its
// tar loading write PG_VERSION among the first files, so a process killed half way used to leave a folder that
// every later start opened as a broken database. Here the cluster is built in a staging folder inside the data
// folder (the folder lock, hubkit.lock, lives in the data folder itself, so the data folder cannot be swapped
// whole), then its entries are renamed into place with PG_VERSION last: that rename is the commit. A folder
// without PG_VERSION holds at most a stale staging folder and entries of an interrupted move; both are removed
// before the next attempt. (PGlite runs PostgreSQL with fsync off, so this guards against a killed process, not a
// power cut.)
import { existsSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { LOCK_FILE_NAME } from "./folder-lock.js";

/** The file whose presence makes a folder a cluster, for PGlite as for PostgreSQL. */
export const CLUSTER_MARKER = "PG_VERSION";

/** The staging folder, inside the data folder (one file system: the renames stay renames). */
export const STAGING_NAME = ".hubkit-cluster-init";

export function hasCluster(dataDir: string): boolean {
  return existsSync(join(dataDir, CLUSTER_MARKER));
}

/**
 * Builds the cluster of `dataDir` (which the caller has locked) with `build(staging)`, which must leave a complete,
 * closed cluster in `staging`, then moves it into `dataDir`. Does nothing if `dataDir` has a cluster already.
 */
export async function initialiseCluster(dataDir: string, build: (staging: string) => Promise<void>): Promise<void> {
  if (hasCluster(dataDir)) return;
  const staging = join(dataDir, STAGING_NAME);
  rmSync(staging, { recursive: true, force: true }); // a crash's leftover: built again from nothing
  await build(staging);
  if (!existsSync(join(staging, CLUSTER_MARKER))) throw new Error(`no cluster was built in ${staging}`);
  // The lock file is never a cluster's entry; were it one, replacing it would drop the lock this process holds.
  const entries = readdirSync(staging).filter((name) => name !== CLUSTER_MARKER && name !== LOCK_FILE_NAME);
  for (const name of entries) {
    // An entry of an interrupted earlier move (no PG_VERSION, so nothing has used it): the new one replaces it.
    rmSync(join(dataDir, name), { recursive: true, force: true });
    renameSync(join(staging, name), join(dataDir, name));
  }
  renameSync(join(staging, CLUSTER_MARKER), join(dataDir, CLUSTER_MARKER));
  rmSync(staging, { recursive: true, force: true });
}
