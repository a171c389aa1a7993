// Links for a data folder written before the links table (lfs/schema.ts, migration 61 marks it pending): once, at
// start, every repository on disk gets the objects its refs' history points at and the store holds. Objects
// uploaded under the old global store were never tied to a repository, so the repositories' own pointers are the
// best record there is; from then on only uploads (and the seed) create links.
import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { git } from "../repos/git-run.js";
import { isValidRepoId, REPO_TYPES, type RepoRef } from "../repos/repo-ref.js";
import type { RepoStorage } from "../repos/storage.js";
import { runBounded } from "../store/db-repo-index.js";
import type { ModelStore } from "../store/model-store.js";
import { MAX_POINTER_BYTES, MIN_POINTER_BYTES, parseLfsPointer } from "./pointer.js";
import type { LinkedObject, RepoObjectLinks } from "./repo-objects.js";
import { LFS_BACKFILL_META_KEY } from "./schema.js";
import type { LargeFileStore } from "./store.js";

const TIMEOUT_MS = 120_000;
const CONCURRENCY = 4;
/** rev-list output of one repository (about 1.5 M objects): a larger one is skipped with a log line. */
const MAX_LISTING_BYTES = 64 * 1024 * 1024;

/** Every repository folder on disk (`…/{type}s/{owner}/{name}.git`). */
async function repositoriesOnDisk(storage: RepoStorage): Promise<RepoRef[]> {
  const refs: RepoRef[] = [];
  for (const type of REPO_TYPES) {
    const typeDir = dirname(dirname(storage.gitDir({ type, id: "hubkit/probe" })));
    for (const owner of await readdir(typeDir).catch(() => [] as string[]))
      for (const name of await readdir(join(typeDir, owner)).catch(() => [] as string[])) {
        const id = `${owner}/${name.slice(0, -4)}`;
        if (name.endsWith(".git") && isValidRepoId(id)) refs.push({ type, id });
      }
  }
  return refs;
}

/** The LFS pointers in the history of every ref of one repository. */
async function pointersOf(gitDir: string): Promise<LinkedObject[]> {
  const listing = await git(["rev-list", "--objects", "--all"], {
    gitDir,
    timeoutMs: TIMEOUT_MS,
    maxOutputBytes: MAX_LISTING_BYTES,
  });
  const oids = listing
    .toString("utf8")
    .split("\n")
    .map((line) => line.slice(0, 40))
    .filter((oid) => /^[0-9a-f]{40}$/.test(oid));
  if (oids.length === 0) return [];
  const checked = await git(["cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)"], {
    gitDir,
    timeoutMs: TIMEOUT_MS,
    input: `${oids.join("\n")}\n`,
    maxOutputBytes: MAX_LISTING_BYTES,
  });
  const candidates: string[] = [];
  for (const line of checked.toString("utf8").split("\n")) {
    const [oid = "", type, sizeText] = line.split(" ");
    const size = Number(sizeText);
    if (type === "blob" && size >= MIN_POINTER_BYTES && size <= MAX_POINTER_BYTES) candidates.push(oid);
  }
  if (candidates.length === 0) return [];
  const contents = await git(["cat-file", "--batch"], {
    gitDir,
    timeoutMs: TIMEOUT_MS,
    input: `${candidates.join("\n")}\n`,
    maxOutputBytes: candidates.length * (MAX_POINTER_BYTES + 80),
  });
  // `<oid> blob <size>\n<bytes>\n`, one after another.
  const found: LinkedObject[] = [];
  let at = 0;
  while (at < contents.length) {
    const newline = contents.indexOf(10, at);
    if (newline < 0) break;
    const size = Number(contents.subarray(at, newline).toString("utf8").split(" ")[2]);
    if (!Number.isSafeInteger(size)) break;
    const pointer = parseLfsPointer(contents.subarray(newline + 1, newline + 1 + size));
    if (pointer !== undefined) found.push(pointer);
    at = newline + 1 + size + 1;
  }
  return found;
}

/**
 * Runs the backfill when the database marks it pending, then marks it done. Returns the repositories and links
 * it wrote (undefined when there was nothing to do).
 */
export async function backfillLinks(deps: {
  store: ModelStore;
  storage: RepoStorage;
  lfs: LargeFileStore;
  links: RepoObjectLinks;
  log: (line: string) => void;
}): Promise<{ repositories: number; links: number } | undefined> {
  if ((await deps.store.getMeta(LFS_BACKFILL_META_KEY)) !== "pending") return undefined;
  let repositories = 0;
  let links = 0;
  const backfill = async (ref: RepoRef) => {
    let pointers: LinkedObject[];
    try {
      pointers = await pointersOf(deps.storage.gitDir(ref));
    } catch (error) {
      deps.log(`[hub] LFS links of ${ref.type} ${ref.id} not backfilled: ${String(error).slice(0, 300)}`);
      return;
    }
    const present: LinkedObject[] = [];
    const seen = new Set<string>();
    for (const pointer of pointers) {
      if (seen.has(pointer.oid)) continue;
      seen.add(pointer.oid);
      if ((await deps.lfs.stat(pointer.oid))?.size === pointer.size) present.push(pointer);
    }
    await deps.links.link(ref, present);
    repositories += 1;
    links += present.length;
  };
  // A few repositories at a time: each costs up to three short git processes.
  await runBounded(
    (await repositoriesOnDisk(deps.storage)).map((ref) => () => backfill(ref)),
    CONCURRENCY,
  );
  await deps.store.setMeta(LFS_BACKFILL_META_KEY, "done");
  if (links > 0) deps.log(`[hub] LFS objects linked to their repositories: ${links} links in ${repositories} repos`);
  return { repositories, links };
}
