// The repository index as server.ts builds it: the seed written as repositories (first start only), then the index
// reconciled with the repositories on disk (heals a crash between a ref update and the index update).
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { ownNamespaces } from "../auth/namespace-owners.js";
import { withStartupLock } from "../jobs/startup-lock.js";
import { backfillLinks } from "../lfs/backfill.js";
import type { RepoObjectLinks } from "../lfs/repo-objects.js";
import type { LargeFileStore } from "../lfs/store.js";
import type { RepoStorage } from "../repos/storage.js";
import { type SeedSources, seedRepositories } from "../seed/seed-repos.js";
import { applyCuratedOrder, seedIds } from "../trending/curated-order.js";
import { releaseMemory } from "./db.js";
import { DbRepoIndex } from "./db-repo-index.js";
import type { ModelStore } from "./model-store.js";

/**
 * The seed files beside the models seed (`HUBKIT_SEED`): `datasets.jsonl`, `spaces.jsonl` and `tiny-models.jsonl`
 * (the real tiny models) when they exist (a test's one-model fixture has none, so it pays for one repository only).
 */
export function seedSourcesBeside(modelsSeedFile: string): SeedSources {
  const dir = dirname(modelsSeedFile);
  const beside = (name: string) => (existsSync(join(dir, name)) ? join(dir, name) : undefined);
  const datasets = beside("datasets.jsonl");
  const spaces = beside("spaces.jsonl");
  const tinyModels = beside("tiny-models.jsonl");
  return {
    models: modelsSeedFile,
    ...(datasets !== undefined ? { datasets } : {}),
    ...(spaces !== undefined ? { spaces } : {}),
    ...(tinyModels !== undefined ? { tinyModels } : {}),
  };
}

export async function openRepoIndex(options: {
  store: ModelStore;
  storage: RepoStorage;
  lfs: LargeFileStore;
  /** LFS objects per repository: backfilled once for a data folder from before them, linked by the seed. */
  lfsLinks?: RepoObjectLinks;
  /** Undefined: no seed repositories (tests that build their own). */
  seed?: SeedSources;
  log?: (line: string) => void;
}): Promise<DbRepoIndex> {
  const { store, storage, lfs, lfsLinks, seed, log = () => {} } = options;
  const index = new DbRepoIndex(store, storage, lfs, lfsLinks);
  // Servers starting together on one PostgreSQL do this one after the other: the first seeds, the next finds the
  // seed's hash and skips it (a reconcile meanwhile would register the first one's half-written seed repositories).
  await withStartupLock(store.db, "seed and reconcile", async () => {
    // Before the seed: a fresh folder has no repositories yet (nothing to walk); the seed links what it writes.
    if (lfsLinks !== undefined) await backfillLinks({ store, storage, lfs, links: lfsLinks, log });
    const seeded =
      seed === undefined
        ? undefined
        : await seedRepositories(
            { storage, lfs, index, store, ...(lfsLinks !== undefined ? { links: lfsLinks } : {}) },
            seed,
            log,
          );
    // A fresh hub's trending order: the seed's own (trending/curated-order.ts).
    if (seed !== undefined)
      await applyCuratedOrder(store.db, [
        ["model", [...seedIds(seed.models), ...seedIds(seed.tinyModels)]],
        ["dataset", seedIds(seed.datasets)],
        ["space", seedIds(seed.spaces)],
      ]);
    // Counts a stopped server left pending (download-pending.ts) reach the listings now, not at the next download.
    await index.downloads.foldNow();
    const healed = await index.reconcile();
    if (healed.synced + healed.registered + healed.removed > 0)
      log(
        `[hub] index reconciled with storage: ${healed.synced} re-synced, ${healed.registered} registered (private), ${healed.removed} removed`,
      );
    // Every namespace holding a repository is an account (the seed's become admin-owned organizations).
    const owned = await ownNamespaces(store.db);
    if (owned > 0) log(`[hub] ${owned} namespaces without an account became organizations managed by the admin`);
    // Writing the seed grew PGlite's WASM memory by ~170 MB that it never gives back: reopen it once, now.
    if (seeded?.skipped === false) await releaseMemory(store.db);
  });
  return index;
}
