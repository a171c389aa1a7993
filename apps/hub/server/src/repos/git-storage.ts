// RepoStorage on bare git repositories, written with git's plumbing only. A commit writes its blobs, builds the new
// tree in a private temporary index, creates the commit object, and then moves the branch with
// `update-ref <ref> <new> <old>`: the compare-and-swap that makes a commit atomic (objects without a ref are
// invisible) and turns a stale parent or a racing writer into a 412 instead of a lost update.
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { ApiError, RevisionNotFoundError, StaleParentError } from "../api/api-error.js";
import { ObjectCache } from "../derive/object-cache.js";
import { newInstanceId, ownedName, ownerOfName } from "../instances/instance-id.js";
import { DEFAULT_INSTANCE_LIMITS } from "../instances/limits.js";
import { type LeftoverOwnership, mtimeOf, soleOwnership } from "../instances/ownership.js";
import type { RepoWriteLock } from "../instances/repo-lock.js";
import { lfsAttributeLine, lfsPatterns } from "../lfs/attributes.js";
import { lfsPointer, MAX_POINTER_BYTES } from "../lfs/pointer.js";
import { CatFilePool } from "./cat-file-pool.js";
import { type BatchCommand, isBatchSafe, type JobLimits } from "./cat-file-process.js";
import { commitMessage, MAX_MESSAGE_BYTES, messageTooLong } from "./commit-message.js";
import { defaultGitattributes } from "./default-gitattributes.js";
import { streamGitBlob } from "./git-blob-stream.js";
import { parentsOf, parseCommitObject, parseTreeObject, type RawTreeEntry } from "./git-objects.js";
import { type GitRunOptions, git, runGit } from "./git-run.js";
import { parseLog, readPointers } from "./git-tree.js";
import { type RewriteOutcome, rewriteWithoutLfsObjects } from "./lfs-history-rewrite.js";
import { PRE_RECEIVE_HOOK } from "./pre-receive-hook.js";
import { Reachability } from "./reachability.js";
import { checkedFolder, checkedPath } from "./repo-paths.js";
import { apiSegment, isValidRepoId, REPO_TYPES, type RepoRef } from "./repo-ref.js";
import { ABBREVIATED_COMMIT_ID, COMMIT_ID, checkedBranchName, checkedTagName, isSafeRefName } from "./revisions.js";
import { removeStaleLocks } from "./stale-locks.js";
import type {
  CommitRequest,
  CommitResult,
  CommitSummary,
  LogPage,
  RefList,
  RefTarget,
  RepoStorage,
  TreeEntry,
} from "./storage.js";
import type { StorageLimits } from "./storage-limits.js";
import { testPause } from "./test-pause.js";

const DEFAULT_BRANCH = "main";
const ZERO_OID = "0".repeat(40);
/** Retries of a commit without `parentCommit` that lost the compare-and-swap to another writer. */
const MAX_REBASE_ATTEMPTS = 3;
/**
 * Files and folders this class makes inside a repository for one operation (temporary index, blob batches): named
 * `hubkit-<kind>-<instance>~<random>`, so that with several servers on one volume each cleans only its own.
 */
const PRIVATE_PREFIX = "hubkit-";
/** `hubkit-<kind>-<rest>`: the rest names the owner (`<instance>~…`), or nobody in names from before instances. */
const PRIVATE_NAME = /^hubkit-[a-z]+-(.+)$/;
/** A folder beside a repository while it is created or deleted: `<name>.git.tmp-[<instance>~]<random>`. */
const HALF_MADE_REPO = /\.git\.(?:tmp|deleted)-((?:[a-z0-9-]+~)?[0-9a-f]+)$/;
/** Marks a tree entry whose blob is not written yet (see writeCommit). */
const PENDING = "pending:";
/** Most commits a history rewrite (lfs-history-rewrite.ts) walks; beyond, 413 before any work. */
const MAX_REWRITTEN_COMMITS = 10_000;
/** Blobs up to this size are served whole through the repository's cat-file process; larger ones stream from a child. */
const SMALL_BLOB_BYTES = 1024 * 1024;
/** Most bytes of tree objects read per depth of a listing (as `ls-tree` output was capped by git-run.ts). */
const MAX_TREE_BYTES = 64 * 1024 * 1024;
/** Most bytes of one commit object read for a last-commit summary (a pushed commit's message may be long). */
const MAX_COMMIT_BYTES = 4 * 1024 * 1024;
/** Most commits visited walking back for last commits before `git log` is asked instead. */
const MAX_WALKED_COMMITS = 200;
/**
 * Blobs up to this size keep their bytes in the small-blob cache (config.json, tokenizer_config.json, cards): a
 * resolve of one is then answered without the two cat-file round trips (issue 23: a resolve cost ~1.5 ms of CPU).
 */
const CACHED_BLOB_BYTES = 64 * 1024;

/**
 * The commit a branch's loose ref file names (`refs/heads/…`, written by git's lock-and-rename, so never half
 * written), or undefined when there is none (a packed ref, a symbolic one): the caller asks git then. A loose ref
 * wins over packed-refs in git too, and git refuses to point a branch at anything but a commit. Read in place
 * (three small system calls, like the existsSync beside it) instead of a round trip through the repository's
 * cat-file process, which cost a resolve a pipe write, a wake-up of git and a read (issue 23).
 */
function looseBranch(gitDir: string, name: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(join(gitDir, name), "r");
    const buffer = Buffer.alloc(64);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const oid = buffer.toString("latin1", 0, read).trim();
    return COMMIT_ID.test(oid) ? oid : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** What the small-blob cache knows of one blob id: its size, and its bytes when it is small enough to keep. */
interface KnownBlob {
  size: number;
  content: Buffer | undefined;
}

interface FileEntry {
  mode: string;
  oid: string;
}

export interface GitStorageOptions {
  /** This server process's instance id (instances/instance-id.ts): the owner in its temporary names. */
  instance?: string;
  /** Commits take turns with other servers' through this lock (PostgreSQL advisory locks); absent = one server. */
  writeLock?: RepoWriteLock;
  /** A branch's `.lock` file older than this is stale (its git process died): a commit removes it and retries. */
  staleGitLockMs?: number;
}

export class GitStorage implements RepoStorage {
  /** The tail of each repository's queue of commits (see `inTurn`); an entry lives while commits are queued. */
  private readonly writers = new Map<string, Promise<void>>();
  /** Long-lived `git cat-file` processes for reads: no process start per request (cat-file-process.ts says why). */
  private readonly readers = new CatFilePool();
  private readonly reachability: Reachability;
  /**
   * stat's answers by repository, commit id and path. A commit id names its whole tree for ever, so an entry is never
   * stale and needs no invalidation across servers; only the branch → commit step (resolveRevision) is read each
   * time. Misses are not kept (the path may be asked of another commit; a bounded LRU either way).
   */
  private readonly entries = new ObjectCache<TreeEntry | undefined>(
    20_000,
    8 * 1024 * 1024,
    (entry) => 200 + (entry?.path.length ?? 0) * 2,
    (entry) => entry !== undefined,
  );
  /** Blob sizes and small blobs' bytes by repository and blob id (content-addressed: never stale). */
  private readonly blobs = new ObjectCache<KnownBlob | undefined>(
    8_192,
    16 * 1024 * 1024,
    (blob) => 100 + (blob?.content?.length ?? 0),
    (blob) => blob !== undefined,
  );
  readonly instance: string;
  private readonly writeLock: RepoWriteLock | undefined;
  private readonly staleGitLockMs: number;

  constructor(
    /** `<data>/repos`: holds `models/`, `datasets/`, `spaces/`. */
    readonly root: string,
    private readonly limits: StorageLimits,
    options: GitStorageOptions = {},
  ) {
    this.reachability = new Reachability(limits.gitTimeoutMs);
    this.instance = options.instance ?? newInstanceId();
    this.writeLock = options.writeLock;
    this.staleGitLockMs = options.staleGitLockMs ?? DEFAULT_INSTANCE_LIMITS.staleGitLockMs;
  }

  /** A name for a temporary file or folder of this server inside a repository (`hubkit-<kind>-<instance>~<random>`). */
  private privateName(kind: string): string {
    return `${PRIVATE_PREFIX}${kind}-${ownedName(this.instance, randomBytes(8).toString("hex"))}`;
  }

  gitDir(ref: RepoRef): string {
    if (!isValidRepoId(ref.id))
      throw new ApiError(400, `Invalid repository id: ${JSON.stringify(ref.id.slice(0, 200))}`);
    const [owner, name] = ref.id.split("/") as [string, string];
    return join(this.root, apiSegment(ref.type), owner, `${name}.git`);
  }

  private run(ref: RepoRef, args: readonly string[], input?: GitRunOptions["input"], env?: Record<string, string>) {
    return git(args, { gitDir: this.gitDir(ref), timeoutMs: this.limits.gitTimeoutMs, input, ...(env ? { env } : {}) });
  }

  /** Look-ups and reads through the repository's long-lived cat-file process. */
  private batch(ref: RepoRef, commands: readonly BatchCommand[], maxBytes = 0) {
    return this.readers.run(this.gitDir(ref), commands, this.jobLimits(maxBytes));
  }

  private jobLimits(maxBytes: number): JobLimits {
    return { timeoutMs: this.limits.gitTimeoutMs, maxBytes };
  }

  /** Ends the reader processes (server shutdown); later reads start new ones. */
  close(): void {
    this.readers.close();
  }

  private tryRun(ref: RepoRef, args: readonly string[], input?: Buffer | string, env?: Record<string, string>) {
    return runGit(args, {
      gitDir: this.gitDir(ref),
      timeoutMs: this.limits.gitTimeoutMs,
      input,
      ...(env ? { env } : {}),
    });
  }

  async exists(ref: RepoRef): Promise<boolean> {
    return isValidRepoId(ref.id) && existsSync(join(this.gitDir(ref), "HEAD"));
  }

  private async requireRepo(ref: RepoRef): Promise<void> {
    if (!(await this.exists(ref))) throw new ApiError(404, "Repository not found", { code: "RepoNotFound" });
  }

  async create(ref: RepoRef, author = "system"): Promise<CommitResult> {
    const finalDir = this.gitDir(ref);
    if (existsSync(finalDir)) throw new ApiError(409, `You already created this ${ref.type} repo`);
    // Built in a temporary folder beside its final place and renamed in: a crash leaves no half-made repository.
    const buildDir = `${finalDir}.tmp-${ownedName(this.instance, randomBytes(6).toString("hex"))}`;
    await mkdir(dirname(finalDir), { recursive: true });
    const opts = { timeoutMs: this.limits.gitTimeoutMs };
    try {
      await git(["init", "--quiet", "--bare", `--initial-branch=${DEFAULT_BRANCH}`, buildDir], opts);
      await writeFile(join(buildDir, "hooks", "pre-receive"), PRE_RECEIVE_HOOK, {
        mode: 0o755,
      });
      const local = { ...opts, gitDir: buildDir };
      await git(["config", "http.receivepack", "true"], local);
      await git(["config", "receive.fsckObjects", "true"], local);
      const blob = (await git(["hash-object", "-w", "--stdin"], { ...local, input: defaultGitattributes(ref.type) }))
        .toString()
        .trim();
      const tree = (await git(["mktree"], { ...local, input: `100644 blob ${blob}\t.gitattributes\n` }))
        .toString()
        .trim();
      const commit = (
        await git(["commit-tree", tree, "-F", "-"], { ...local, input: "initial commit\n", env: identity(author) })
      )
        .toString()
        .trim();
      await git(["update-ref", `refs/heads/${DEFAULT_BRANCH}`, commit, ZERO_OID], local);
      try {
        await rename(buildDir, finalDir);
      } catch (error) {
        if (existsSync(finalDir)) throw new ApiError(409, `You already created this ${ref.type} repo`);
        throw error;
      }
      return { commitOid: commit };
    } finally {
      await rm(buildDir, { recursive: true, force: true });
    }
  }

  async delete(ref: RepoRef): Promise<void> {
    await this.requireRepo(ref);
    const dir = this.gitDir(ref);
    this.readers.forget(dir);
    // Renamed out of the way first, so the repository disappears at once even if removing its files is slow.
    const trash = `${dir}.deleted-${ownedName(this.instance, randomBytes(6).toString("hex"))}`;
    await rename(dir, trash);
    await rm(trash, { recursive: true, force: true });
    await rmdir(dirname(dir)).catch(() => {});
  }

  async move(from: RepoRef, to: RepoRef): Promise<void> {
    await this.requireRepo(from);
    const target = this.gitDir(to);
    if (existsSync(target)) throw new ApiError(409, `A ${to.type} repository called ${to.id} already exists`);
    await mkdir(dirname(target), { recursive: true });
    this.readers.forget(this.gitDir(from));
    await rename(this.gitDir(from), target);
    await rmdir(dirname(this.gitDir(from))).catch(() => {});
  }

  async defaultBranch(_ref: RepoRef): Promise<string> {
    return DEFAULT_BRANCH;
  }

  async resolveRevision(ref: RepoRef, revision: string): Promise<string | undefined> {
    await this.requireRepo(ref);
    let candidates: string[];
    if (revision === "HEAD") candidates = [`refs/heads/${DEFAULT_BRANCH}`];
    else if (!isSafeRefName(revision)) return undefined;
    else if (revision.startsWith("refs/")) candidates = [revision];
    else {
      candidates = [`refs/heads/${revision}`, `refs/tags/${revision}`];
      if (ABBREVIATED_COMMIT_ID.test(revision)) candidates.push(revision);
    }
    // A branch (the first candidate, which wins whenever it exists) is read from its loose ref file when it has one.
    const first = candidates[0];
    const loose = first?.startsWith("refs/heads/") ? looseBranch(this.gitDir(ref), first) : undefined;
    if (loose !== undefined) return loose;
    // All candidates in one round trip; the first that names a commit wins (as rev-parse --verify would).
    const answers = await this.batch(
      ref,
      candidates.map((candidate) => ({ kind: "info", object: `${candidate}^{commit}` })),
    );
    const index = answers.findIndex((answer) => answer.info?.type === "commit");
    const commit = answers[index]?.info?.oid;
    // Named by its id (not a ref): served only while a ref reaches it (reachability.ts says why).
    if (commit !== undefined && candidates[index] === revision && ABBREVIATED_COMMIT_ID.test(revision))
      return (await this.reachability.isReachable(this.gitDir(ref), commit)) ? commit : undefined;
    return commit;
  }

  async listTree(
    ref: RepoRef,
    commit: string,
    path: string,
    options: { recursive: boolean },
  ): Promise<TreeEntry[] | undefined> {
    const folder = checkedFolder(path);
    const object = folder === "" ? `${commit}^{tree}` : `${commit}:${folder}`;
    if (!COMMIT_ID.test(commit)) return undefined;
    const [answer] = await this.batch(ref, [{ kind: "info", object }]);
    if (answer?.info?.type !== "tree") return undefined;
    const entries = await this.readTree(ref, answer.info.oid, folder, options.recursive);
    return this.withPointers(ref, entries);
  }

  /**
   * A folder's entries (and, recursive, everything below it, each folder before its contents, as `ls-tree -r -t`
   * lists them) read through the repository's cat-file process: one job per depth for the tree objects, one for
   * the files' sizes. No child process (git-objects.ts says why).
   */
  private async readTree(ref: RepoRef, treeOid: string, folder: string, recursive: boolean): Promise<TreeEntry[]> {
    const children = new Map<string, RawTreeEntry[]>();
    let level = [treeOid];
    while (level.length > 0) {
      const answers = await this.batch(
        ref,
        level.map((oid) => ({ kind: "contents", object: oid })),
        MAX_TREE_BYTES,
      );
      const next: string[] = [];
      for (const [i, oid] of level.entries()) {
        const entries = parseTreeObject(answers[i]?.content ?? Buffer.alloc(0));
        children.set(oid, entries);
        if (recursive)
          for (const entry of entries) if (entry.type === "tree" && !children.has(entry.oid)) next.push(entry.oid);
      }
      level = [...new Set(next)];
    }
    const blobs = [
      ...new Set([...children.values()].flatMap((list) => list.filter((e) => e.type === "blob").map((e) => e.oid))),
    ];
    const sizes = new Map<string, number>();
    if (blobs.length > 0) {
      const infos = await this.batch(
        ref,
        blobs.map((oid) => ({ kind: "info", object: oid })),
      );
      for (const [i, oid] of blobs.entries()) sizes.set(oid, infos[i]?.info?.size ?? 0);
    }
    const listed: TreeEntry[] = [];
    const visit = (oid: string, prefix: string) => {
      for (const entry of children.get(oid) ?? []) {
        const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
        if (entry.type === "blob") listed.push({ type: "file", path, oid: entry.oid, size: sizes.get(entry.oid) ?? 0 });
        else {
          listed.push({ type: "directory", path, oid: entry.oid, size: 0 });
          if (recursive) visit(entry.oid, path);
        }
      }
    };
    visit(treeOid, folder);
    return listed;
  }

  async stat(ref: RepoRef, commit: string, path: string): Promise<TreeEntry | undefined> {
    const folder = checkedFolder(path);
    if (!COMMIT_ID.test(commit)) return undefined;
    const entry = await this.entries.get(`${this.gitDir(ref)}\0${commit.toLowerCase()}\0${folder}`, () =>
      this.readEntry(ref, commit, folder),
    );
    // A copy: callers may not change what the cache holds.
    return entry === undefined
      ? undefined
      : { ...entry, ...(entry.lfs === undefined ? {} : { lfs: { ...entry.lfs } }) };
  }

  private async readEntry(ref: RepoRef, commit: string, folder: string): Promise<TreeEntry | undefined> {
    // `<commit>:<path>` names the entry exactly (the path is literal after the commit id and the colon).
    const [answer] = await this.batch(ref, [
      { kind: "info", object: folder === "" ? `${commit}^{tree}` : `${commit}:${folder}` },
    ]);
    const info = answer?.info;
    if (info === undefined || (info.type !== "blob" && info.type !== "tree")) return undefined; // submodules are not files
    const entry: TreeEntry =
      info.type === "blob"
        ? { type: "file", path: folder, oid: info.oid, size: info.size }
        : { type: "directory", path: folder, oid: info.oid, size: 0 };
    return (await this.withPointers(ref, [entry]))[0];
  }

  private async withPointers(ref: RepoRef, entries: TreeEntry[]): Promise<TreeEntry[]> {
    const pointers = await readPointers(entries, async (oids) =>
      (
        await this.batch(
          ref,
          oids.map((oid) => ({ kind: "contents", object: oid })),
          oids.length * MAX_POINTER_BYTES,
        )
      ).map((answer) => answer.content),
    );
    return entries.map((entry) => {
      const pointer = pointers.get(entry.oid);
      return pointer === undefined || entry.type !== "file"
        ? entry
        : { ...entry, size: pointer.size, lfs: { oid: pointer.oid, size: pointer.size, pointerSize: entry.size } };
    });
  }

  async readBlob(ref: RepoRef, blobOid: string, maxBytes: number): Promise<Buffer> {
    if (!COMMIT_ID.test(blobOid)) throw new ApiError(400, "Invalid blob id");
    const info = await this.readers.info(this.gitDir(ref), blobOid, this.jobLimits(0));
    if (info?.type !== "blob") throw new Error(`git blob ${blobOid} is missing`);
    if (info.size > maxBytes) throw new ApiError(413, `File too large to read (${info.size} bytes, limit ${maxBytes})`);
    const [answer] = await this.batch(ref, [{ kind: "contents", object: blobOid }], maxBytes);
    if (answer?.content === undefined) throw new Error(`git blob ${blobOid} is missing`);
    return answer.content;
  }

  streamBlob(ref: RepoRef, blobOid: string, range?: { start: number; end: number }): Readable {
    if (!COMMIT_ID.test(blobOid)) throw new ApiError(400, "Invalid blob id");
    const gitDir = this.gitDir(ref);
    const readers = this.readers;
    const limits = this.jobLimits(SMALL_BLOB_BYTES);
    const timeoutMs = this.limits.gitTimeoutMs;
    const known = () =>
      this.blobs.get(`${gitDir}\0${blobOid.toLowerCase()}`, async (): Promise<KnownBlob | undefined> => {
        const info = await readers.info(gitDir, blobOid, limits);
        if (info?.type !== "blob") return undefined;
        if (info.size > CACHED_BLOB_BYTES) return { size: info.size, content: undefined };
        const [answer] = await readers.run(gitDir, [{ kind: "contents", object: blobOid }], limits);
        if (answer?.content === undefined) throw new Error(`git blob ${blobOid} is missing`);
        return { size: info.size, content: answer.content };
      });
    async function* bytes(): AsyncGenerator<Buffer> {
      const blob = await known();
      if (blob?.content !== undefined) {
        yield range === undefined ? blob.content : blob.content.subarray(range.start, range.end + 1);
        return;
      }
      if (blob !== undefined && blob.size <= SMALL_BLOB_BYTES) {
        const [answer] = await readers.run(gitDir, [{ kind: "contents", object: blobOid }], limits);
        if (answer?.content === undefined) throw new Error(`git blob ${blobOid} is missing`);
        yield range === undefined ? answer.content : answer.content.subarray(range.start, range.end + 1);
        return;
      }
      // Leaving early (the client went away) destroys the inner stream, which kills its child.
      yield* streamGitBlob(gitDir, blobOid, timeoutMs, range);
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async lastCommits(ref: RepoRef, commit: string, paths: readonly string[]): Promise<Map<string, CommitSummary>> {
    const result = new Map<string, CommitSummary>();
    if (!COMMIT_ID.test(commit)) return result;
    const wanted = [...new Set(paths.slice(0, 1000))];
    const files = wanted.filter((path) => path !== "");
    // The history walked through the cat-file process (no child process: each one the server starts costs ~30 ms
    // of fork); past MAX_WALKED_COMMITS, `git log -1` per path as before. The root changed with the commit itself.
    const newest = (await this.walkNewest(ref, commit, files)) ?? (await this.logNewest(ref, commit, files));
    if (wanted.includes("")) newest.set("", commit);
    const ids = [...new Set(newest.values())];
    const objects = await this.batch(
      ref,
      ids.map((id) => ({ kind: "contents", object: id })),
      ids.length * MAX_COMMIT_BYTES,
    );
    const summaries = new Map(ids.map((id, i) => [id, parseCommitObject(id, objects[i]?.content ?? Buffer.alloc(0))]));
    for (const [path, id] of newest) {
      const summary = summaries.get(id);
      if (summary !== undefined) result.set(path, summary);
    }
    return result;
  }

  /** `git log -1 -- <path>` for each path: exact, one child process each. */
  private async logNewest(ref: RepoRef, commit: string, paths: readonly string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const path of paths) {
      const out = await this.run(ref, ["--literal-pathspecs", "log", "-1", "--format=%H", commit, "--", path]);
      const id = out.toString("utf8").trim();
      if (COMMIT_ID.test(id)) found.set(path, id);
    }
    return found;
  }

  /**
   * What `git log -1 <commit> -- <path>` answers for each path, by walking the history through the cat-file
   * process as git's default history simplification does for one path: a commit changed the path when its object
   * there differs from every parent's (a root commit: when the path exists); a merge where it is the same as in a
   * parent is followed into the first such parent only. (A change of mode alone is not seen: git's own history
   * of it is.) Undefined past MAX_WALKED_COMMITS commits, or for a path cat-file cannot name: the caller asks git.
   */
  private async walkNewest(
    ref: RepoRef,
    commit: string,
    paths: readonly string[],
  ): Promise<Map<string, string> | undefined> {
    if (!paths.every(isBatchSafe)) return undefined;
    const found = new Map<string, string>();
    const objects = new Map<string, string | undefined>(); // `${commit}:${path}` → object id there
    const lookUp = async (pairs: [string, string][]) => {
      const missing = pairs.filter(([at, path]) => !objects.has(`${at}:${path}`));
      const answers = await this.batch(
        ref,
        missing.map(([at, path]) => ({ kind: "info", object: `${at}:${path}` })),
      );
      for (const [i, [at, path]] of missing.entries()) objects.set(`${at}:${path}`, answers[i]?.info?.oid);
    };
    await lookUp(paths.map((path) => [commit, path]));
    // A path missing at `commit` has no entry to show a last commit for.
    let frontier = new Map([[commit, paths.filter((path) => objects.get(`${commit}:${path}`) !== undefined)]]);
    for (let walked = 0; frontier.size > 0; walked++) {
      if (walked === MAX_WALKED_COMMITS) return undefined;
      const next = new Map<string, string[]>();
      const visits = [...frontier].filter(([, open]) => open.length > 0);
      const heads = await this.batch(
        ref,
        visits.map(([at]) => ({ kind: "contents", object: at })),
        visits.length * MAX_COMMIT_BYTES,
      );
      const parentsOfVisit = visits.map((_, i) => parentsOf(heads[i]?.content ?? Buffer.alloc(0)));
      await lookUp(
        visits.flatMap(([, open], i) =>
          (parentsOfVisit[i] ?? []).flatMap((parent) => open.map((path): [string, string] => [parent, path])),
        ),
      );
      visits.forEach(([at, open], i) => {
        const parents = parentsOfVisit[i] ?? [];
        for (const path of open) {
          const here = objects.get(`${at}:${path}`);
          const same = parents.find((parent) => objects.get(`${parent}:${path}`) === here);
          if (same === undefined) found.set(path, at);
          else next.set(same, [...(next.get(same) ?? []), path]);
        }
      });
      frontier = next;
    }
    return found;
  }

  async log(ref: RepoRef, commit: string, page: { offset: number; limit: number }): Promise<LogPage> {
    const total = Number((await this.run(ref, ["rev-list", "--count", commit])).toString().trim());
    const out = await this.run(ref, [
      "log",
      "--format=%H%x00%an%x00%at%x00%B%x1e",
      `--skip=${Math.max(0, Math.floor(page.offset))}`,
      `--max-count=${Math.max(0, Math.floor(page.limit))}`,
      commit,
    ]);
    return { commits: parseLog(out), total };
  }

  async refs(ref: RepoRef): Promise<RefList> {
    await this.requireRepo(ref);
    const out = await this.run(ref, [
      "for-each-ref",
      "--format=%(refname)%00%(objectname)%00%(*objectname)",
      "refs/heads",
      "refs/tags",
    ]);
    const list: RefList = { branches: [], tags: [] };
    for (const line of out.toString("utf8").split("\n")) {
      const [full, oid, peeled] = line.split("\0");
      if (full === undefined || oid === undefined) continue;
      const target: RefTarget = {
        name: "",
        ref: full,
        targetCommit: peeled !== undefined && peeled !== "" ? peeled : oid,
      };
      if (full.startsWith("refs/heads/")) list.branches.push({ ...target, name: full.slice("refs/heads/".length) });
      else if (full.startsWith("refs/tags/")) list.tags.push({ ...target, name: full.slice("refs/tags/".length) });
    }
    return list;
  }

  async commit(ref: RepoRef, request: CommitRequest): Promise<CommitResult> {
    await this.requireRepo(ref);
    commitMessage(request.summary, request.description); // an over-long message is refused before any work
    // Commits take turns per repository (through this server's queue, and with several servers their lock):
    // parallel clients without a parentCommit all land (none is lost to a compare-and-swap lost three times), and
    // with one, the first wins and the rest see it and get the 412. The swap below still guards against writers
    // outside the turns (git push).
    return this.inTurn(ref, () => this.commitNow(ref, request));
  }

  /**
   * Runs `task` once every earlier queued write to the same repository has settled, and with several servers
   * (writeLock) once no other server writes to it: the server's own queue first, so it waits on the shared lock
   * with one write per repository at most.
   */
  private inTurn<T>(ref: RepoRef, task: () => Promise<T>): Promise<T> {
    const key = this.gitDir(ref);
    const lock = this.writeLock;
    const lockKey = `${apiSegment(ref.type)}/${ref.id}`; // the same on every server, wherever the volume is mounted
    const guarded = lock === undefined ? task : () => lock.hold(lockKey, task);
    const result = (this.writers.get(key) ?? Promise.resolve()).then(guarded);
    const settled = result.then(
      () => {},
      () => {},
    );
    this.writers.set(key, settled);
    void settled.then(() => {
      if (this.writers.get(key) === settled) this.writers.delete(key);
    });
    return result;
  }

  private async commitNow(ref: RepoRef, request: CommitRequest): Promise<CommitResult> {
    for (let attempt = 1; ; attempt++) {
      const target = request.pullRequestRef ?? `refs/heads/${request.branch}`;
      const head =
        request.pullRequestRef === undefined
          ? await this.branchHead(ref, request.branch)
          : await this.pullRequestHead(ref, request.pullRequestRef);
      if (head === undefined) throw new RevisionNotFoundError(request.pullRequestRef ?? request.branch);
      if (request.parentCommit !== undefined && !head.startsWith(request.parentCommit.toLowerCase()))
        throw new StaleParentError();
      const commit = await this.writeCommit(ref, head, request);
      await testPause("commit-objects-written");
      const moved = await this.tryRun(ref, ["update-ref", target, commit, head]);
      if (moved.code === 0) return { commitOid: commit };
      if (await this.removeStaleRefLock(ref, target)) continue; // a dead git's lock, not a racing writer
      // Someone else moved the branch between our read and our swap. With a parentCommit that is exactly the
      // stale-parent case; without one, the commit is rebuilt on the new head (the operations are absolute).
      if (request.parentCommit !== undefined || attempt >= MAX_REBASE_ATTEMPTS) throw new StaleParentError();
    }
  }

  /**
   * Removes `<ref>.lock` when it is older than the stale bound: a git process that died holding it (a server or a
   * machine crash; with several servers no restart may come to clean it) would otherwise turn every later commit
   * to that branch into a 412. A live lock lives milliseconds. Returns whether one was removed.
   */
  private async removeStaleRefLock(ref: RepoRef, target: string): Promise<boolean> {
    const lock = join(this.gitDir(ref), `${target}.lock`);
    const mtime = await mtimeOf(lock);
    if (mtime === undefined || Date.now() - mtime <= this.staleGitLockMs) return false;
    await rm(lock, { force: true });
    console.error(`[hub] removed a stale git lock ${target}.lock of ${ref.type} ${ref.id}`);
    return true;
  }

  private async pullRequestHead(ref: RepoRef, prRef: string): Promise<string | undefined> {
    if (!/^refs\/pr\/[1-9][0-9]{0,8}$/.test(prRef)) return undefined;
    const [answer] = await this.batch(ref, [{ kind: "info", object: `${prRef}^{commit}` }]);
    return answer?.info?.type === "commit" ? answer.info.oid : undefined;
  }

  private async branchHead(ref: RepoRef, branch: string): Promise<string | undefined> {
    if (!isSafeRefName(branch) || branch.startsWith("refs/")) return undefined;
    const [answer] = await this.batch(ref, [{ kind: "info", object: `refs/heads/${branch}^{commit}` }]);
    return answer?.info?.type === "commit" ? answer.info.oid : undefined;
  }

  /** Writes the blobs, the tree and the commit object on top of `head`; no ref moves here. */
  private async writeCommit(ref: RepoRef, head: string, request: CommitRequest): Promise<string> {
    const files = new Map<string, FileEntry>();
    const listing = await this.run(ref, ["ls-tree", "-r", "-z", "--full-tree", head]);
    for (const record of listing.toString("utf8").split("\0")) {
      const tab = record.indexOf("\t");
      if (tab === -1) continue;
      const [mode, , oid] = record.slice(0, tab).split(" ");
      if (mode !== undefined && oid !== undefined) files.set(record.slice(tab + 1), { mode, oid });
    }
    const hashBlob = async (content: Buffer | string) =>
      (await this.run(ref, ["hash-object", "-w", "--stdin"], content)).toString().trim();
    // New contents are written in one batch after the operations are read (writeBlobs); until then an entry
    // holds the index of its content, so a path written twice keeps the last one.
    const pending: Buffer[] = [];
    const pendingBlob = (content: Buffer) => `${PENDING}${pending.push(content) - 1}`;
    const lfsPaths: string[] = [];
    for (const operation of request.operations) {
      if (operation.kind === "file") {
        const path = checkedPath(operation.path);
        if (operation.content.length > this.limits.maxRegularFileBytes)
          throw new ApiError(
            413,
            `${path} is larger than ${this.limits.maxRegularFileBytes} bytes: upload it as an LFS file`,
          );
        files.set(path, { mode: "100644", oid: pendingBlob(operation.content) });
      } else if (operation.kind === "lfsFile") {
        const path = checkedPath(operation.path);
        files.set(path, { mode: "100644", oid: pendingBlob(Buffer.from(lfsPointer(operation.oid, operation.size))) });
        lfsPaths.push(path);
      } else {
        const path = operation.kind === "deletedFolder" ? checkedFolder(operation.path) : checkedPath(operation.path);
        // A deletedFile naming a folder removes the folder, as on the hub.
        if (operation.kind === "deletedFile" && files.delete(path)) continue;
        let removed = 0;
        for (const key of [...files.keys()])
          if (path === "" || key.startsWith(`${path}/`)) {
            files.delete(key);
            removed++;
          }
        if (removed === 0)
          throw new ApiError(404, `A file with this name doesn't exist: ${path.slice(0, 200)}`, {
            code: "EntryNotFound",
          });
      }
    }
    const oids = await this.writeBlobs(ref, pending);
    for (const entry of files.values())
      if (entry.oid.startsWith(PENDING)) entry.oid = oids[Number(entry.oid.slice(PENDING.length))] as string;
    await this.coverLfsPaths(ref, files, lfsPaths, hashBlob);
    checkFileFolderClashes(files);
    const tree = await this.writeTree(ref, files);
    const message = commitMessage(request.summary, request.description);
    return (await this.run(ref, ["commit-tree", tree, "-p", head, "-F", "-"], message, identity(request.author)))
      .toString()
      .trim();
  }

  /**
   * Stores blobs with one `git fast-import` for them all: the contents go through its stdin and land in one pack
   * (loose objects below git's unpack limit), their ids come back in a marks file. A process per file made a
   * thousand files take seconds, and `hash-object --stdin-paths` over temporary files still spent ~5 s writing
   * 10 000 loose objects (~0.7 s this way). The marks file lives in a private folder that exists while the
   * blobs are written; a crash leaves that folder, git's temporary pack and maybe its crash report, which
   * cleanUp removes at the next start.
   */
  private async writeBlobs(ref: RepoRef, contents: readonly Buffer[]): Promise<string[]> {
    if (contents.length === 0) return [];
    if (contents.length === 1)
      return [(await this.run(ref, ["hash-object", "-w", "--stdin"], contents[0])).toString().trim()];
    const folder = join(this.gitDir(ref), this.privateName("blobs"));
    const marks = join(folder, "marks");
    await mkdir(folder);
    try {
      const stream: Buffer[] = [Buffer.from("feature done\n")];
      for (const [i, content] of contents.entries())
        stream.push(Buffer.from(`blob\nmark :${i + 1}\ndata ${content.length}\n`), content, Buffer.from("\n"));
      stream.push(Buffer.from("done\n"));
      try {
        await this.run(ref, ["fast-import", "--quiet", `--export-marks=${marks}`], stream);
      } catch (error) {
        await removeFastImportLeftovers(this.gitDir(ref), { packs: false });
        throw error;
      }
      const oids: string[] = [];
      for (const line of (await readFile(marks, "utf8")).split("\n")) {
        const match = /^:(\d+) ([0-9a-f]{40})$/.exec(line);
        if (match !== null) oids[Number(match[1]) - 1] = match[2] as string;
      }
      if (oids.length !== contents.length || !oids.every((oid) => oid !== undefined && COMMIT_ID.test(oid)))
        throw new Error(`git fast-import returned ${oids.length} ids for ${contents.length} blobs`);
      return oids;
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }

  /** Adds `.gitattributes` lines for LFS files its patterns do not cover, so git clients smudge them too. */
  private async coverLfsPaths(
    ref: RepoRef,
    files: Map<string, FileEntry>,
    lfsPaths: string[],
    hashBlob: (content: string) => Promise<string>,
  ): Promise<void> {
    if (lfsPaths.length === 0) return;
    const current = files.get(".gitattributes");
    const text = current === undefined ? "" : (await this.readBlob(ref, current.oid, 1024 * 1024)).toString("utf8");
    const patterns = lfsPatterns(text);
    const missing = lfsPaths.filter((path) => !patterns.matches(path));
    if (missing.length === 0) return;
    const updated = `${text}${text === "" || text.endsWith("\n") ? "" : "\n"}${missing.map(lfsAttributeLine).join("")}`;
    files.set(".gitattributes", { mode: "100644", oid: await hashBlob(updated) });
  }

  private async writeTree(ref: RepoRef, files: Map<string, FileEntry>): Promise<string> {
    const indexFile = join(this.gitDir(ref), this.privateName("index"));
    const env = { GIT_INDEX_FILE: indexFile };
    try {
      const info = [...files].map(([path, entry]) => `${entry.mode} ${entry.oid}\t${path}\0`).join("");
      await this.run(ref, ["update-index", "-z", "--index-info"], info, env);
      return (await this.run(ref, ["write-tree"], undefined, env)).toString().trim();
    } finally {
      await rm(indexFile, { force: true });
    }
  }

  async squash(
    ref: RepoRef,
    branch: string,
    expectedHead: string,
    message: string,
    author: string,
  ): Promise<CommitResult> {
    await this.requireRepo(ref);
    const text = commitMessage(message, undefined);
    // In turn with the commits through this server; the swap still guards against a push meanwhile.
    // A pull request's `refs/pr/N` is squashed like a branch (the caller decided who may: api/squash.ts).
    const pullRequest = branch.startsWith("refs/pr/");
    return this.inTurn(ref, async () => {
      const head = pullRequest ? await this.pullRequestHead(ref, branch) : await this.branchHead(ref, branch);
      if (head === undefined) throw new RevisionNotFoundError(branch);
      if (head !== expectedHead) throw new StaleParentError();
      const tree = (await this.run(ref, ["rev-parse", "--verify", `${head}^{tree}`])).toString().trim();
      const commit = (await this.run(ref, ["commit-tree", tree, "-F", "-"], text, identity(author))).toString().trim();
      const target = pullRequest ? branch : `refs/heads/${branch}`;
      const moved = await this.tryRun(ref, ["update-ref", target, commit, head]);
      if (moved.code !== 0) throw new StaleParentError();
      return { commitOid: commit };
    });
  }

  async rewriteWithoutLfs(ref: RepoRef, lfsOids: ReadonlySet<string>): Promise<RewriteOutcome> {
    await this.requireRepo(ref);
    // In turn with the commits through this server; the ref transaction still guards against a push meanwhile.
    return this.inTurn(ref, () =>
      rewriteWithoutLfsObjects(
        this.gitDir(ref),
        lfsOids,
        { timeoutMs: this.limits.gitTimeoutMs, maxCommits: MAX_REWRITTEN_COMMITS },
        `${PRIVATE_PREFIX}rewrite-${ownedName(this.instance, "")}`, // its folder: hubkit-rewrite-<instance>~rewrite-…
      ),
    );
  }

  async createBranch(ref: RepoRef, name: string, startCommit: string): Promise<void> {
    await this.requireRepo(ref);
    const branch = checkedBranchName(name);
    const created = await this.tryRun(ref, ["update-ref", `refs/heads/${branch}`, startCommit, ZERO_OID]);
    if (created.code !== 0) {
      if ((await this.branchHead(ref, branch)) !== undefined)
        throw new ApiError(409, `Reference refs/heads/${branch} already exists`);
      throw new ApiError(400, "Invalid reference for a branch");
    }
  }

  async deleteBranch(ref: RepoRef, name: string): Promise<void> {
    await this.requireRepo(ref);
    if (name === DEFAULT_BRANCH) throw new ApiError(403, `Cannot delete refs/heads/${DEFAULT_BRANCH}`);
    const head = await this.branchHead(ref, name);
    if (head === undefined) throw new RevisionNotFoundError(name);
    const deleted = await this.tryRun(ref, ["update-ref", "-d", `refs/heads/${name}`, head]);
    if (deleted.code !== 0) throw new StaleParentError();
  }

  async createTag(ref: RepoRef, name: string, commit: string, message?: string): Promise<void> {
    await this.requireRepo(ref);
    const tag = checkedTagName(name);
    let target = commit;
    if (message !== undefined && message !== "") {
      // The commit message limit (commit-message.ts), as a push of a tag is held to it.
      const bytes = Buffer.byteLength(message) + 1;
      if (bytes > MAX_MESSAGE_BYTES) throw new ApiError(422, messageTooLong(bytes));
      const tagObject = `object ${commit}\ntype commit\ntag ${tag}\ntagger ${identityLine("system")}\n\n${message}\n`;
      target = (await this.run(ref, ["mktag"], tagObject)).toString().trim();
    }
    const created = await this.tryRun(ref, ["update-ref", `refs/tags/${tag}`, target, ZERO_OID]);
    if (created.code !== 0) throw new ApiError(409, `Tag ${tag} already exists`);
  }

  async deleteTag(ref: RepoRef, name: string): Promise<void> {
    await this.requireRepo(ref);
    if (!isSafeRefName(name) || name.startsWith("refs/")) throw new RevisionNotFoundError(name);
    const current = await this.tryRun(ref, ["rev-parse", "--verify", "--quiet", `refs/tags/${name}`]);
    const oid = current.stdout.toString().trim();
    if (current.code !== 0 || oid === "") throw new RevisionNotFoundError(name);
    const deleted = await this.tryRun(ref, ["update-ref", "-d", `refs/tags/${name}`, oid]);
    if (deleted.code !== 0) throw new StaleParentError();
  }

  /**
   * Removes what a crash left: folders of repositories whose creation or deletion it interrupted, private index
   * files of commits it cut short, git lock files (stale-locks.ts) and unfinished packs. Runs at start, before any
   * request. `ownership` says which of them are abandoned (instances/ownership.ts): by default, as with one server
   * on the folder, all; with several servers only a dead server's, and git's own files once old.
   */
  async cleanUp(ownership: LeftoverOwnership = soleOwnership(this.instance)): Promise<void> {
    // `maker`: the instance that made the leftover (from its name), not the repository's owner.
    const abandoned = async (path: string, maker: string | undefined) => {
      const mtime = await mtimeOf(path);
      return mtime !== undefined && ownership.mayRemove(maker, mtime);
    };
    for (const segment of REPO_TYPES.map(apiSegment)) {
      const typeDir = join(this.root, segment);
      const owners = await readdir(typeDir).catch(() => [] as string[]);
      for (const owner of owners) {
        const names = await readdir(join(typeDir, owner)).catch(() => [] as string[]);
        for (const name of names) {
          const halfMade = HALF_MADE_REPO.exec(name);
          const path = join(typeDir, owner, name);
          if (halfMade !== null && (await abandoned(path, ownerOfName(halfMade[1] as string))))
            await rm(path, { recursive: true, force: true });
        }
        for (const name of names)
          if (name.endsWith(".git"))
            for (const file of await readdir(join(typeDir, owner, name)).catch(() => [] as string[])) {
              const path = join(typeDir, owner, name, file);
              const maker = ownerOfName(PRIVATE_NAME.exec(file)?.[1] ?? "");
              if (file.startsWith(PRIVATE_PREFIX) && (await abandoned(path, maker)))
                await rm(path, { recursive: true, force: true });
            }
        for (const name of names)
          if (name.endsWith(".git")) {
            await removeStaleLocks(join(typeDir, owner, name), (mtime) => ownership.staleGitLock(mtime));
            await removeFastImportLeftovers(join(typeDir, owner, name), {
              packs: true,
              abandoned: (mtime) => ownership.mayRemove(undefined, mtime),
            });
          }
      }
    }
  }
}

/**
 * What a `git fast-import` cut short leaves: its crash report in the repository and (with `packs`, only at start,
 * when no push of this server can be writing one either) its unfinished pack. Called when no fast-import runs in
 * the repository (after ours failed, commits taking turns; or at start). With several servers a pack may be
 * another server's push in progress: `abandoned` says from its last change whether it may go.
 */
async function removeFastImportLeftovers(
  gitDir: string,
  options: { packs: boolean; abandoned?: (mtimeMs: number) => boolean },
): Promise<void> {
  const mayGo = async (path: string) => {
    if (options.abandoned === undefined) return true;
    const mtime = await mtimeOf(path);
    return mtime !== undefined && options.abandoned(mtime);
  };
  for (const name of await readdir(gitDir).catch(() => [] as string[]))
    if (name.startsWith("fast_import_crash_") && (await mayGo(join(gitDir, name))))
      await rm(join(gitDir, name), { force: true });
  if (!options.packs) return;
  const packs = join(gitDir, "objects", "pack");
  for (const name of await readdir(packs).catch(() => [] as string[]))
    if ((name.startsWith("tmp_pack_") || name.startsWith("tmp_idx_")) && (await mayGo(join(packs, name))))
      await rm(join(packs, name), { force: true });
}

/** A path that is a file must not also be a folder of another path (git cannot hold both). */
function checkFileFolderClashes(files: Map<string, FileEntry>): void {
  for (const path of files.keys()) {
    let slash = path.indexOf("/");
    while (slash !== -1) {
      const folder = path.slice(0, slash);
      if (files.has(folder))
        throw new ApiError(409, `Cannot commit ${path.slice(0, 200)}: ${folder.slice(0, 200)} is a file`);
      slash = path.indexOf("/", slash + 1);
    }
  }
}

function email(user: string): string {
  return `${user.replace(/[^A-Za-z0-9._-]/g, "_")}@users.noreply.hubkit`;
}

/** Author and committer: the user, at the current second (git's own resolution). */
function identity(user: string): Record<string, string> {
  const name = user.replace(/[<>\n]/g, "") || "unknown";
  const date = `${Math.floor(Date.now() / 1000)} +0000`;
  return {
    GIT_AUTHOR_NAME: name,
    GIT_AUTHOR_EMAIL: email(name),
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_NAME: name,
    GIT_COMMITTER_EMAIL: email(name),
    GIT_COMMITTER_DATE: date,
  };
}

function identityLine(user: string): string {
  return `${user} <${email(user)}> ${Math.floor(Date.now() / 1000)} +0000`;
}
