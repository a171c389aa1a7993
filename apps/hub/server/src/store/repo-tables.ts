// The table of each repository type's rows. Its own module, with no imports at run time, so that modules the
// migrations import (download-pending.ts) can name the tables without importing model-store.ts, which imports the
// migrations: that cycle left a migration list undefined when such a module was the first one loaded.
import type { RepoType } from "../repos/repo-ref.js";

/** One table per repository type (a fixed map: table names never come from input). */
export const TABLES: Record<RepoType, string> = { model: "hub_models", dataset: "hub_datasets", space: "hub_spaces" };
