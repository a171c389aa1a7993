// Lock files a git process leaves when it dies holding them (a crash or a kill of the whole server with its
// children): `refs/heads/main.lock` makes every later update of that branch fail, and the hub would answer each
// commit with a misleading 412 forever. At start no git process of ours runs, so every lock found is stale — with
// one server on the folder. With several, a lock may be another server's git at work: `isStale` decides from the
// lock's last change (a ref lock lives milliseconds; a lock untouched for minutes has lost its process).
import { lstat, readdir, rm } from "node:fs/promises";
import { join } from "node:path";

/** How deep ref folders are followed (`refs/heads/a/b/c…`): branch names are bounded, this bounds the walk too. */
const MAX_REF_DEPTH = 16;

/** Removes `*.lock` files at the top of a bare repository and anywhere under its `refs/`; returns how many. */
export async function removeStaleLocks(
  gitDir: string,
  isStale: (mtimeMs: number) => boolean = () => true,
): Promise<number> {
  let removed = 0;
  const sweep = async (dir: string, depth: number, recurse: boolean): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isFile() && entry.name.endsWith(".lock")) {
        const mtime = (await lstat(path).catch(() => undefined))?.mtimeMs;
        if (mtime === undefined || !isStale(mtime)) continue;
        await rm(path, { force: true });
        removed++;
      } else if (recurse && entry.isDirectory() && depth < MAX_REF_DEPTH) await sweep(path, depth + 1, true);
    }
  };
  await sweep(gitDir, 0, false);
  await sweep(join(gitDir, "refs"), 0, true);
  return removed;
}
