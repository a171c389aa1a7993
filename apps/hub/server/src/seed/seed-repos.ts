// The seed as real repositories: on first start every seed model, dataset and space becomes a public repository
// (files from seed-files.ts) and the index is synced from it, keeping the seed's hub-only facts (provider mapping
// snapshot, widget data). Storage first, index after. A repository that already has a README is never rewritten
// (it may have been edited since), so a restart, or a changed seed, only fills in what is missing; the seed's hash
// in hub_meta makes an unchanged seed cost one query.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { deriveRepoMetadata } from "../derive/metadata.js";
import type { RepoObjectLinks } from "../lfs/repo-objects.js";
import type { LargeFileStore } from "../lfs/store.js";
import { isValidRepoId, type RepoRef, type RepoType } from "../repos/repo-ref.js";
import type { CommitOperation, RepoStorage } from "../repos/storage.js";
import { type DbRepoIndex, mergeRecord, runBounded } from "../store/db-repo-index.js";
import { type ModelStore, TABLES } from "../store/model-store.js";
import { datasetFiles, modelFiles, type SeedFile, spaceFiles } from "./seed-files.js";
import { datasetSamples } from "./seed-samples.js";
import { SeedWriter } from "./seed-writer.js";

/** Bump when seed-files.ts writes different files, so existing data folders fill in the new ones. */
const SEED_FORMAT = "2";
const SEED_AUTHOR = "hubkit";
const CONCURRENCY = 4;
const SEED_MESSAGE = "Hubkit seed: card, configuration and small sample files";

export interface SeedSources {
  models: string;
  /** Absent: no seed datasets. */
  datasets?: string;
  /** Absent: no seed spaces. */
  spaces?: string;
}

export interface SeedDeps {
  storage: RepoStorage;
  lfs: LargeFileStore;
  index: DbRepoIndex;
  store: ModelStore;
  /** LFS objects per repository: the seed links the objects it writes to their repository. */
  links?: RepoObjectLinks;
}

const FILES: Record<RepoType, (record: Record<string, unknown>) => SeedFile[]> = {
  model: modelFiles,
  dataset: (record) => datasetFiles(record, datasetSamples(String(record.id))),
  space: spaceFiles,
};

function readRecords(file: string | undefined): Record<string, unknown>[] {
  if (file === undefined) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * A repository left half-made by an interrupted earlier seed (created, files not committed): its files are
 * committed through storage like any other commit. Returns false when it already has content.
 */
async function completeExisting(deps: SeedDeps, ref: RepoRef, files: readonly SeedFile[]): Promise<boolean> {
  const head = await deps.storage.resolveRevision(ref, "HEAD");
  if (head === undefined || (await deps.storage.stat(ref, head, "README.md")) !== undefined) return false;
  const operations: CommitOperation[] = [];
  for (const file of files) {
    if (!isLarge(file)) {
      operations.push({ kind: "file", path: file.path, content: file.content });
      continue;
    }
    const oid = createHash("sha256").update(file.content).digest("hex");
    if ((await deps.lfs.stat(oid)) === undefined)
      await deps.lfs.put(oid, file.content.length, Readable.from([file.content]));
    operations.push({ kind: "lfsFile", path: file.path, oid, size: file.content.length });
  }
  await deps.links?.link(ref, lfsObjects(files));
  await deps.storage.commit(ref, {
    branch: await deps.storage.defaultBranch(ref),
    operations,
    summary: SEED_MESSAGE,
    author: SEED_AUTHOR,
  });
  return true;
}

/** GGUF and Parquet files are LFS files under the default `.gitattributes`. */
const isLarge = (file: SeedFile) => /\.(gguf|parquet)$/.test(file.path);

/** The LFS objects of a repository's seed files (linked before the commit, so a crash cannot leave them unlinked). */
function lfsObjects(files: readonly SeedFile[]): { oid: string; size: number }[] {
  return files
    .filter(isLarge)
    .map((file) => ({ oid: createHash("sha256").update(file.content).digest("hex"), size: file.content.length }));
}

export interface SeedResult {
  skipped: boolean;
  created: number;
  ms: number;
}

export async function seedRepositories(
  deps: SeedDeps,
  sources: SeedSources,
  log: (line: string) => void = () => {},
): Promise<SeedResult> {
  const started = performance.now();
  const hash = createHash("sha256").update(SEED_FORMAT);
  // Each source's presence and bytes: adding a datasets file later is a change of the seed.
  for (const file of [sources.models, sources.datasets, sources.spaces])
    hash.update(file === undefined ? "-" : createHash("sha256").update(readFileSync(file)).digest("hex"));
  const digest = hash.digest("hex");
  if ((await deps.store.getMeta("seed_repos_sha256")) === digest)
    return { skipped: true, created: 0, ms: performance.now() - started };

  const seeds: [RepoType, Record<string, unknown>[]][] = [
    ["model", readRecords(sources.models)],
    ["dataset", readRecords(sources.datasets)],
    ["space", readRecords(sources.spaces)],
  ];
  let created = 0;
  const writer = new SeedWriter(deps.storage, deps.lfs);
  try {
    for (const [type, records] of seeds) {
      // The seed's own facts first (public, hub-only fields), then the repositories, then a sync of each.
      // Rows that already follow a repository keep their counts, likes and privacy.
      const known = new Set(
        (
          await deps.store.db.query<{ id: string }>(`SELECT lower(id) AS id FROM ${TABLES[type]} WHERE sha IS NOT NULL`)
        ).map((row) => row.id),
      );
      await deps.store.upsert(
        records
          .filter((record) => !known.has(String(record.id).toLowerCase()))
          .map((record) => ({ ...record, private: false })),
        type,
      );
      const derived: Record<string, unknown>[] = [];
      const seedRecords = new Map(records.map((record) => [String(record.id), record]));
      await runBounded(
        // A legacy id without a namespace (`gpt2`) cannot be a repository here: it stays an index-only record.
        records
          .filter((record) => isValidRepoId(String(record.id)))
          .map((record) => async () => {
            const ref = { type, id: String(record.id) };
            const files = FILES[type](record);
            if (await deps.storage.exists(ref)) {
              if (await completeExisting(deps, ref, files)) created += 1;
              await deps.index.sync(ref);
              return;
            }
            await deps.links?.link(ref, lfsObjects(files));
            const commit = await writer.write(
              ref,
              files.map((file) => ({ ...file, lfs: isLarge(file) })),
              SEED_MESSAGE,
            );
            created += 1;
            const metadata = await deriveRepoMetadata(commit, deps.lfs, ref, commit.commitId);
            const seed = seedRecords.get(ref.id);
            derived.push(
              mergeRecord(ref, metadata, seed, {
                private: false,
                createdAt: commit.date,
                downloads: typeof seed?.downloads === "number" ? seed.downloads : null,
                likes: typeof seed?.likes === "number" ? seed.likes : null,
              }),
            );
          }),
        CONCURRENCY,
      );
      await deps.store.upsert(derived, type);
    }
  } finally {
    await writer.close();
  }
  await deps.store.analyze();
  await deps.store.setMeta("seed_repos_sha256", digest);
  const ms = performance.now() - started;
  log(`[hub] seed: ${created} repositories written, index synced in ${(ms / 1000).toFixed(1)} s`);
  return { skipped: false, created, ms };
}
