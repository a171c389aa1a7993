// A DbRepoIndex over a store with its repositories and large files in folders under `data` (tests of the index).
import { join } from "node:path";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { GitStorage } from "../src/repos/git-storage.js";
import { DEFAULT_STORAGE_LIMITS } from "../src/repos/storage-limits.js";
import { DbRepoIndex } from "../src/store/db-repo-index.js";
import type { ModelStore } from "../src/store/model-store.js";

export async function folderRepoIndex(store: ModelStore, data: string): Promise<DbRepoIndex> {
  const lfs = await new FolderLargeFileStore(join(data, "lfs")).open();
  return new DbRepoIndex(store, new GitStorage(join(data, "repos"), DEFAULT_STORAGE_LIMITS), lfs);
}
