// Builds the HubContext of a local (non-upstream) server: the data folder's repositories and LFS store (a
// temporary folder for `:memory:`), the accounts and the index over the same database, and the start-up
// reconciliation that heals an index left behind by a crash between a ref update and its index update.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AccountStore } from "./auth/account-store.js";
import type { ServerConfig } from "./config.js";
import type { HubContext } from "./hub-context.js";
import { FolderLargeFileStore } from "./lfs/folder-store.js";
import { GitStorage } from "./repos/git-storage.js";
import { DEFAULT_STORAGE_LIMITS } from "./repos/storage-limits.js";
import { DbRepoIndex } from "./store/db-repo-index.js";
import type { ModelStore } from "./store/model-store.js";

export interface LocalHub {
  ctx: HubContext;
  index: DbRepoIndex;
  /** Removes the temporary data folder of a `:memory:` server. */
  dispose(): void;
}

export async function openLocalHub(
  config: ServerConfig,
  store: ModelStore,
  log: (line: string) => void = () => {},
): Promise<LocalHub> {
  const temporary = config.dataRoot === undefined ? mkdtempSync(join(tmpdir(), "hubkit-data-")) : undefined;
  const root = config.dataRoot ?? (temporary as string);
  const dispose = () => {
    if (temporary !== undefined) rmSync(temporary, { recursive: true, force: true });
  };
  try {
    const limits = config.storageLimits ?? DEFAULT_STORAGE_LIMITS;
    const storage = new GitStorage(join(root, "repos"), limits);
    await storage.cleanUp();
    const lfs = await new FolderLargeFileStore(join(root, "lfs")).open();
    const index = new DbRepoIndex(store, storage, lfs);
    const accounts = new AccountStore(
      store.db,
      config.adminToken !== undefined ? { adminToken: config.adminToken } : {},
    );
    const healed = await index.reconcile();
    if (healed.synced + healed.registered + healed.removed > 0)
      log(
        `[hub] index reconciled with the repositories: ${healed.synced} re-synced, ${healed.registered} registered, ${healed.removed} removed`,
      );
    return { ctx: { config: { ...config, dataRoot: root }, storage, lfs, accounts, index }, index, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
