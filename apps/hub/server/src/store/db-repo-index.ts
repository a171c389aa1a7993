// RepoIndex on the database (PGlite or PostgreSQL): registration facts, the searchable record of each repository,
// downloads and likes. Storage is the truth: `sync` re-derives a repository's record from its default branch, and
// `reconcile` (at start) heals what a crash between a ref update and the index update left behind.
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { ApiError } from "../api/api-error.js";
import { visibleNamespaces } from "../auth/permissions.js";
import type { Principal } from "../auth/principal.js";
import { deriveRepoMetadata, type RepoMetadata } from "../derive/metadata.js";
import { withSizeClass } from "../derive/size-class.js";
import type { RepoObjectLinks } from "../lfs/repo-objects.js";
import { repoScopedStore } from "../lfs/repo-scoped-store.js";
import type { LargeFileStore } from "../lfs/store.js";
import type { RepoIndex, RepoRegistration } from "../repos/repo-index.js";
import { isValidRepoId, REPO_TYPES, type RepoRef, type RepoType } from "../repos/repo-ref.js";
import type { RepoStorage } from "../repos/storage.js";
import { indexTypoKeys } from "../search/typo-query.js";
import { TrendingStore } from "../trending/trending-store.js";
import { countDownload } from "./download-count.js";
import { DownloadFolder } from "./download-pending.js";
import { type DownloadRequest, isPartialRead, mayCountAsDownload } from "./download-rules.js";
import { DownloadWindows } from "./download-window.js";
import { searchLexemes } from "./model-record.js";
import { type IndexedRow, type ModelSearch, type ModelStore, type RowPage, TABLES } from "./model-store.js";

/**
 * Facts only the hub knows, not its files: kept from the stored record when a sync re-derives the rest (the seed's
 * provider mapping snapshot and widget data, counts). Derived fields the files did not give (a seed model's
 * `gguf` summary when its repository has no GGUF file) are kept too.
 */
const HUB_ONLY = [
  "inferenceProviderMapping",
  "inferenceProviderMappingSnapshot",
  "widgetData",
  "mask_token",
  "spaces",
  "model-index",
  "baseModels",
  "description",
  "citation",
  "paperswithcode_id",
  "downloadsAllTime",
] as const;
const KEPT_UNLESS_DERIVED = [
  "gguf",
  "safetensors",
  "transformersInfo",
  "config",
  "pipeline_tag",
  "library_name",
] as const;

const CONFIG_KEPT = ["keras_hub"] as const;

/** A stable 24-hex `_id` for a repository (the clients require one; the hub's are Mongo ids). */
export function repoObjectId(type: RepoType, id: string): string {
  return createHash("sha256").update(`${type}:${id.toLowerCase()}`).digest("hex").slice(0, 24);
}

export function privateScopeOf(principal: Principal): ModelSearch["privateScope"] {
  if (principal.kind === "admin") return { kind: "all" };
  const namespaces = visibleNamespaces(principal);
  return namespaces.length === 0 ? { kind: "none" } : { kind: "namespaces", namespaces };
}

/** The record stored for a repository: derived facts over the hub-only ones of `previous`. */
export function mergeRecord(
  ref: RepoRef,
  derived: RepoMetadata,
  previous: Record<string, unknown> | undefined,
  facts: { private: boolean; createdAt: string; downloads: number | null; likes: number | null },
): Record<string, unknown> {
  const { problems: _problems, ...fields } = derived;
  const record: Record<string, unknown> = {};
  for (const key of HUB_ONLY) if (previous?.[key] !== undefined) record[key] = previous[key];
  for (const key of KEPT_UNLESS_DERIVED)
    if (fields[key] === undefined && previous?.[key] !== undefined) record[key] = previous[key];
  const author = ref.id.split("/")[0] ?? "";
  // Card-given values are user input: only what the index can hold goes in (model-record.ts's rules).
  const fit = (value: unknown) => typeof value === "string" && value.length > 0 && value.length <= 200;
  let tags = [...new Set(fields.tags.filter(fit))].slice(0, 500);
  // The size class reads the final summaries: a seed model keeps its catalogue's counts without weight files.
  if (ref.type === "model")
    tags = withSizeClass(tags, fields.safetensors ?? record.safetensors, fields.gguf ?? record.gguf);
  for (const key of ["pipeline_tag", "library_name"] as const) if (!fit(fields[key])) delete fields[key];
  // Config blocks no file of ours describes (keras_hub's) stay from the stored record.
  const previousConfig = previous?.config;
  if (fields.config !== undefined && typeof previousConfig === "object" && previousConfig !== null)
    for (const key of CONFIG_KEPT)
      if (key in previousConfig && !(key in fields.config))
        fields.config = { ...fields.config, [key]: (previousConfig as Record<string, unknown>)[key] };
  // A GGUF file without tensors (a header-only stand-in) has no parameter count to show.
  if (fields.gguf?.total === 0) {
    const { total: _total, ...gguf } = fields.gguf;
    fields.gguf = gguf;
  }
  return {
    ...record,
    ...fields,
    tags,
    id: ref.id,
    author,
    private: facts.private,
    createdAt: facts.createdAt,
    downloads: facts.downloads,
    likes: facts.likes,
    ...(ref.type === "model" ? { modelId: ref.id } : {}),
  };
}

const REGISTRATION = (table: string) =>
  `SELECT id, private, created_at, sha, library_name, record FROM ${table} WHERE lower(id) = lower($1) ORDER BY id LIMIT 1`;

/**
 * The few columns a request's access decision (lookup) reads: every request asks, and fetching and parsing the
 * whole record JSON showed in a resolve's profile.
 */
const ACCESS_COLUMNS = (table: string) =>
  `SELECT id, private, created_at FROM ${table} WHERE lower(id) = lower($1) ORDER BY id LIMIT 1`;

/** Rounds of one sync when other syncs of the repository keep writing first (sync says why they repeat). */
const SYNC_ATTEMPTS = 8;

/** How long after a repository's folder changed reconcile leaves it to the server changing it (PostgreSQL only). */
const RECENT_CHANGE_MS = 60_000;

/** Who a request without a client (a call from inside the server) counts as. */
const INTERNAL: DownloadRequest = { client: "internal" };

export class DbRepoIndex implements RepoIndex {
  /** Datasets: the open "one download per client per repository" windows, in the database. */
  private readonly datasetWindows: DownloadWindows;
  /** Downloads per day and the trending score (trending/). */
  readonly trending: TrendingStore;
  /** Download counts waiting to be folded into the rows (download-pending.ts). */
  readonly downloads: DownloadFolder;

  constructor(
    readonly store: ModelStore,
    private readonly storage: RepoStorage,
    private readonly lfs: LargeFileStore,
    /** When given, derivation reads only the repository's own LFS objects (lfs/repo-scoped-store.ts). */
    private readonly lfsLinks?: RepoObjectLinks,
  ) {
    this.trending = new TrendingStore(store.db);
    this.datasetWindows = new DownloadWindows(store.db);
    this.downloads = new DownloadFolder(store.db);
  }

  private async row(ref: RepoRef) {
    const rows = await this.store.db.query<{
      id: string;
      private: boolean;
      created_at: unknown;
      sha: string | null;
      library_name: string | null;
      record: Record<string, unknown>;
    }>(REGISTRATION(TABLES[ref.type]), [ref.id]);
    return rows[0];
  }

  async lookup(ref: RepoRef): Promise<RepoRegistration | undefined> {
    if (!isValidRepoId(ref.id)) return undefined;
    const rows = await this.store.db.query<{ id: string; private: boolean; created_at: unknown }>(
      ACCESS_COLUMNS(TABLES[ref.type]),
      [ref.id],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    return { id: row.id, private: row.private === true, createdAt: isoDate(row.created_at) };
  }

  /**
   * Records a new repository, atomically against every other id equal ignoring case (the unique lower(id) index):
   * of concurrent creations of `A/Race` and `A/race` one gets in, the others get the hub's 409.
   */
  async register(ref: RepoRef, facts: { private: boolean }): Promise<void> {
    const now = new Date().toISOString();
    const inserted = await this.store.insertNew(
      { id: ref.id, private: facts.private, createdAt: now, lastModified: now, downloads: 0, likes: 0, tags: [] },
      ref.type,
    );
    if (!inserted) throw new ApiError(409, `You already created this ${ref.type} repo`);
    await this.sync(ref);
  }

  /**
   * Derives the default branch's metadata from storage; a repository gone from storage leaves the index.
   *
   * Two syncs of one repository can interleave (two servers committing one after the other): the earlier one,
   * slower to derive, must not write its older head over the later one's newer record. So the write is a
   * compare-and-set on the stored `sha` (ModelStore.upsertIfSha): a sync reads the row, then the ref, and writes
   * only if the row still holds the sha it read. A write that succeeds therefore read the ref after every earlier
   * write, so once the newest head is written no older sync can replace it; and the sync of the newest commit,
   * which read the ref after that commit, either writes it or finds the row changed under it. Then it reads the
   * ref again: if the row now holds the ref's head, the sync that changed it already did the work; if the ref is
   * still its own commit, it writes its record again over the new row (no second derivation); otherwise it derives
   * the new head. The common case (no other sync in between) costs one ref read and one write. Each lost round is
   * another sync's write, so the rounds are few; bounded, since a repository committed to without pause is left
   * to its next commit's sync.
   */
  async sync(ref: RepoRef): Promise<void> {
    let derivedFor: { commit: string; derived: RepoMetadata } | undefined;
    for (let attempt = 0; attempt < SYNC_ATTEMPTS; attempt += 1) {
      const previous = await this.row(ref);
      const id = previous?.id ?? ref.id;
      const stored = { type: ref.type, id };
      if (!(await this.storage.exists(stored))) {
        if (previous !== undefined) await this.remove(stored);
        return;
      }
      const branch = await this.storage.defaultBranch(stored);
      const commit = await this.storage.resolveRevision(stored, branch);
      if (commit === undefined) return;
      // A later round: the sync that overtook this one wrote the current head, nothing left to do.
      if (attempt > 0 && previous?.sha === commit) return;
      if (derivedFor?.commit !== commit) derivedFor = { commit, derived: await this.derive(stored, commit) };
      const record = mergeRecord(stored, derivedFor.derived, previous?.record, {
        private: previous?.private === true,
        createdAt: previous === undefined ? derivedFor.derived.lastModified : isoDate(previous.created_at),
        downloads: numberOrNull(previous?.record.downloads),
        likes: numberOrNull(previous?.record.likes),
      });
      if (await this.store.upsertIfSha(record, ref.type, previous?.sha ?? null)) return;
    }
  }

  private derive(stored: RepoRef, commit: string): Promise<RepoMetadata> {
    const lfs = this.lfsLinks !== undefined ? repoScopedStore(this.lfs, this.lfsLinks, stored) : this.lfs;
    return deriveRepoMetadata(this.storage, lfs, stored, commit);
  }

  async setPrivate(ref: RepoRef, isPrivate: boolean): Promise<void> {
    await this.store.db.query(
      `UPDATE ${TABLES[ref.type]} SET private = $2, record = jsonb_set(record, '{private}', to_jsonb($2::boolean))
       WHERE lower(id) = lower($1)`,
      [ref.id, isPrivate],
    );
  }

  /** Renames; a 409 when another repository already has `to`'s id ignoring case (the unique lower(id) index). */
  async rename(from: RepoRef, to: RepoRef): Promise<void> {
    const author = to.id.split("/")[0] ?? "";
    const table = TABLES[from.type];
    await this.renameRows(table, from, to, author).catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new ApiError(409, `A ${to.type} repository called ${to.id} already exists`);
      throw error;
    });
  }

  private async renameRows(table: string, from: RepoRef, to: RepoRef, author: string): Promise<void> {
    await this.store.db.transaction(async (tx) => {
      // Pending counts first (download-pending.ts: its fold locks them before the rows), an orphan at the new name
      // (a count that raced a removal) dropped.
      await tx.query(
        "DELETE FROM hub_download_pending WHERE repo_type = $3 AND repo_key = lower($2) AND lower($2) <> lower($1)",
        [from.id, to.id, from.type],
      );
      await tx.query(
        "UPDATE hub_download_pending SET repo_key = lower($2) WHERE repo_type = $3 AND repo_key = lower($1)",
        [from.id, to.id, from.type],
      );
      await tx.query(
        `UPDATE ${table} SET id = $2, author = $3, search = array_to_tsvector($4::text[]),
           record = record || jsonb_build_object('id', $2::text, 'author', $3::text)
             || CASE WHEN record ? 'modelId' THEN jsonb_build_object('modelId', $2::text) ELSE '{}'::jsonb END
         WHERE lower(id) = lower($1)`,
        [from.id, to.id, author, [...searchLexemes(to.id), ...indexTypoKeys(to.id)]],
      );
      await tx.query("UPDATE hub_likes SET repo_key = lower($2) WHERE repo_type = $3 AND repo_key = lower($1)", [
        from.id,
        to.id,
        from.type,
      ]);
      await TrendingStore.rename(tx, from.type, from.id, to.id);
    });
  }

  async remove(ref: RepoRef): Promise<void> {
    await this.store.db.transaction(async (tx) => {
      await tx.query("DELETE FROM hub_download_pending WHERE repo_type = $1 AND repo_key = lower($2)", [
        ref.type,
        ref.id,
      ]);
      await tx.query(`DELETE FROM ${TABLES[ref.type]} WHERE lower(id) = lower($1)`, [ref.id]);
      await tx.query("DELETE FROM hub_likes WHERE repo_type = $1 AND repo_key = lower($2)", [ref.type, ref.id]);
      await TrendingStore.remove(tx, ref.type, ref.id);
    });
  }

  async recordDownload(ref: RepoRef, path: string, request: DownloadRequest = INTERNAL): Promise<void> {
    if (request.sitePage === true || isPartialRead(request.range) || !mayCountAsDownload(ref.type, path)) return;
    this.trending.refreshInBackground();
    const windowed = ref.type === "dataset" ? { windows: this.datasetWindows, client: request.client } : undefined;
    await countDownload(this.store.db, { type: ref.type, id: ref.id, path, today: this.trending.today() }, windowed);
    this.downloads.counted();
  }

  /** One page of a listing, showing private repositories only to whom may see them. */
  async list(type: RepoType, query: ModelSearch, principal: Principal, withRecord: boolean): Promise<RowPage> {
    // Decay moves scores when the day changes: the first listing of a day starts their refresh.
    this.trending.refreshInBackground();
    // The counts shown are current (each row's pending count is read with it, store/pending-column.ts); the order
    // by downloads is the folded counts' (about a second behind).
    return this.store.searchRows(type, { ...query, privateScope: privateScopeOf(principal) }, withRecord);
  }

  /** The indexed row and record of a repository (by its stored id), its pending downloads counted. */
  async record(ref: RepoRef): Promise<IndexedRow | undefined> {
    this.trending.refreshInBackground();
    return this.store.getRow(ref.type, ref.id);
  }

  /** Folds the pending download counts into the rows now, and stops timed folds (the server is closing). */
  async close(): Promise<void> {
    await this.downloads.stop();
  }

  /** Likes or unlikes `ref` for `user`; returns the new like count. */
  async setLike(ref: RepoRef, user: string, liked: boolean): Promise<number> {
    const table = TABLES[ref.type];
    const count = await this.store.db.transaction(async (tx) => {
      if (liked)
        await tx.query(
          "INSERT INTO hub_likes (repo_type, repo_key, user_key) VALUES ($1, lower($2), lower($3)) ON CONFLICT DO NOTHING",
          [ref.type, ref.id, user],
        );
      else
        await tx.query("DELETE FROM hub_likes WHERE repo_type = $1 AND repo_key = lower($2) AND user_key = lower($3)", [
          ref.type,
          ref.id,
          user,
        ]);
      const rows = await tx.query<{ n: number }>(
        "SELECT count(*)::float8 AS n FROM hub_likes WHERE repo_type = $1 AND repo_key = lower($2)",
        [ref.type, ref.id],
      );
      const likes = Number(rows[0]?.n ?? 0);
      await tx.query(
        `UPDATE ${table} SET likes = $2, likes_sort = $2, record = record || jsonb_build_object('likes', $2::bigint)
         WHERE id = $1`,
        [ref.id, likes],
      );
      return likes;
    });
    await this.trending.rescore(ref.type, ref.id);
    return count;
  }

  /**
   * Brings the index in line with the repositories on disk: a repository whose default branch moved without the
   * index following (a crash between the two) is re-synced, one the index lacks is registered private (its
   * creator's wish is unknown; private leaks nothing), and an indexed repository gone from disk is removed.
   * Index rows without a `sha` are hub records without a repository (a dump imported for search) and stay.
   */
  async reconcile(concurrency = 4): Promise<{ synced: number; registered: number; removed: number }> {
    const counts = { synced: 0, registered: 0, removed: 0 };
    const othersRun = await this.otherServersAlive();
    for (const type of REPO_TYPES) {
      const onDisk = await this.repositoriesOnDisk(type);
      const indexed = await this.store.db.query<{ id: string; sha: string | null }>(
        `SELECT id, sha FROM ${TABLES[type]} WHERE sha IS NOT NULL`,
      );
      const byKey = new Map(indexed.map((row) => [row.id.toLowerCase(), row]));
      const work: (() => Promise<void>)[] = [];
      for (const id of onDisk) {
        const row = byKey.get(id.toLowerCase());
        byKey.delete(id.toLowerCase());
        const ref = { type, id: row?.id ?? id };
        work.push(async () => {
          if (row === undefined) {
            if (othersRun && (await this.changedRecently(ref))) return;
            const existing = await this.lookup(ref);
            if (existing === undefined) {
              await this.register(ref, { private: true });
              counts.registered += 1;
              return;
            }
            // A folder whose id differs only in case from an indexed repository that has its own folder: the
            // loser of a case-variant race before migration 13. It stays on disk, unindexed and unreachable.
            if (existing.id !== ref.id && (await this.storage.exists({ type, id: existing.id }))) return;
          }
          const head = await this.headOf(ref);
          if (head !== undefined && head !== row?.sha) {
            await this.sync(ref);
            counts.synced += 1;
          }
        });
      }
      for (const row of byKey.values())
        work.push(async () => {
          if (othersRun && (await this.changedRecently({ type, id: row.id }))) return;
          await this.remove({ type, id: row.id });
          counts.removed += 1;
        });
      await runBounded(work, concurrency);
    }
    if (counts.synced + counts.registered + counts.removed > 0) await this.store.analyze();
    return counts;
  }

  /**
   * Whether another server's heartbeat is fresh (instances/registry.ts; this server joined before reconciling, so
   * it is one of the rows). No registry (PGlite, an index without servers): none.
   */
  private async otherServersAlive(): Promise<boolean> {
    if (this.store.db.kind !== "postgres") return false;
    const rows = await this.store.db
      .query<{ n: number }>(
        "SELECT count(*)::int AS n FROM hub_server_instances WHERE seen_at > now() - make_interval(secs => $1)",
        [RECENT_CHANGE_MS / 1000],
      )
      .catch(() => [] as { n: number }[]);
    return (rows[0]?.n ?? 0) > 1;
  }

  /**
   * Whether reconcile must leave `ref` alone because another live server may be between its storage step and its
   * index step: a creation renames the folder into place and then registers it, a move renames the folder and
   * then renames the row, a deletion renames the folder away and then removes the row. In that gap reconcile would
   * register the folder (the creator's register then fails with 409 and deletes it; a move then finds its target
   * taken and moves the folder back) or remove a row about to be renamed. Each of those steps changed the folder's
   * parent directory (an entry added or removed updates its mtime, on any POSIX filesystem, NFS included), so a
   * parent changed within RECENT_CHANGE_MS is skipped; the next start heals it. Only while other servers are
   * alive (otherServersAlive): alone, and always on PGlite (its folder lock), reconcile heals everything as before.
   */
  private async changedRecently(ref: RepoRef): Promise<boolean> {
    const ownerDir = dirname(this.storage.gitDir(ref));
    // The owner's folder itself goes when its last repository moves away: then the type's folder changed.
    const info =
      (await stat(ownerDir).catch(() => undefined)) ?? (await stat(dirname(ownerDir)).catch(() => undefined));
    if (info === undefined) return false;
    // A clock behind the file server's (a future mtime) counts as recent too.
    return Date.now() - info.mtimeMs < RECENT_CHANGE_MS;
  }

  /**
   * The default branch's head, read from git's loose ref file when there is one (a file read instead of a git
   * process: a restart checks every repository), else through storage.
   */
  private async headOf(ref: RepoRef): Promise<string | undefined> {
    const branch = await this.storage.defaultBranch(ref);
    try {
      const text = (await readFile(join(this.storage.gitDir(ref), "refs", "heads", branch), "utf8")).trim();
      if (/^[0-9a-f]{40}$/.test(text)) return text;
    } catch {
      // Packed or missing: ask storage.
    }
    return this.storage.resolveRevision(ref, branch);
  }

  /** `owner/name` of every bare repository of `type` in storage's folder (`…/{type}s/{owner}/{name}.git`). */
  private async repositoriesOnDisk(type: RepoType): Promise<string[]> {
    const typeDir = dirname(dirname(this.storage.gitDir({ type, id: "hubkit/probe" })));
    const ids: string[] = [];
    let owners: string[];
    try {
      owners = await readdir(typeDir);
    } catch {
      return ids;
    }
    for (const owner of owners) {
      let names: string[];
      try {
        names = await readdir(`${typeDir}/${owner}`);
      } catch {
        continue;
      }
      for (const name of names) {
        // Only finished repositories: `x.git.tmp-…` (being created) and `x.git.deleted-…` are not.
        if (!name.endsWith(".git")) continue;
        const id = `${owner}/${name.slice(0, -4)}`;
        if (isValidRepoId(id)) ids.push(id);
      }
    }
    return ids;
  }
}

/** Runs `work` with at most `concurrency` jobs at a time. */
export async function runBounded(work: readonly (() => Promise<void>)[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < work.length) {
      const job = work[next];
      next += 1;
      await job?.();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, work.length) }, worker));
}

/** A PostgreSQL unique_violation (PGlite and pg both carry the SQLSTATE as `code`). */
function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "23505";
}

function isoDate(value: unknown): string {
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
}

function numberOrNull(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}
