// What the rest of the server needs from repository storage: bare git repositories on disk, read and written
// with git's plumbing (implemented in git-storage.ts). Routes, the index and the seed only see this interface.
// Errors are the API's own classes (api/api-error.ts): RepoNotFoundError, RevisionNotFoundError,
// EntryNotFoundError, StaleParentError, or ApiError with the hub's status and message.
import type { Readable } from "node:stream";
import type { RewriteOutcome } from "./lfs-history-rewrite.js";
import type { RepoRef } from "./repo-ref.js";

/** The LFS pointer of a large file, as the tree API shows it. */
export interface LfsPointerInfo {
  /** sha256 of the object, 64 lower-case hex. */
  oid: string;
  size: number;
  /** Byte length of the pointer file in git. */
  pointerSize: number;
}

export interface TreeEntry {
  type: "file" | "directory";
  /** Full path from the repository root, `/`-separated, no leading slash. */
  path: string;
  /** git object id (blob or tree sha1; for an LFS file, the pointer blob). */
  oid: string;
  /** Bytes of the file (of the LFS object for LFS files); 0 for directories. */
  size: number;
  lfs?: LfsPointerInfo;
}

export interface CommitSummary {
  /** 40-hex commit id. */
  id: string;
  /** First line of the message. */
  title: string;
  /** The rest of the message (may be ""). */
  message: string;
  /** Author user names. */
  authors: string[];
  /** ISO date with milliseconds and `Z`. */
  date: string;
}

export interface RefTarget {
  name: string;
  /** `refs/heads/<name>` or `refs/tags/<name>`. */
  ref: string;
  targetCommit: string;
}

export interface RefList {
  branches: RefTarget[];
  tags: RefTarget[];
}

export type CommitOperation =
  /** A regular file: the bytes are committed as a git blob (bounded by the server's regular-file limit). */
  | { kind: "file"; path: string; content: Buffer }
  /** A large file already in the LFS store: the commit writes its pointer. */
  | { kind: "lfsFile"; path: string; oid: string; size: number }
  | { kind: "deletedFile"; path: string }
  /** Removes everything under `path` (a folder; trailing `/` optional). */
  | { kind: "deletedFolder"; path: string };

export interface CommitRequest {
  /** Branch name (not a full ref). Created from nothing only by create(). */
  branch: string;
  operations: readonly CommitOperation[];
  summary: string;
  description?: string;
  /** The user the commit is authored by. */
  author: string;
  /** 7-40 hex: the commit must apply on exactly this head, else StaleParentError (412). */
  parentCommit?: string;
  /** Commit onto this pull request ref (`refs/pr/{num}`, which must exist) instead of the branch (community/). */
  pullRequestRef?: string;
}

export interface CommitResult {
  commitOid: string;
}

export interface LogPage {
  commits: CommitSummary[];
  /** Commits reachable from the start commit (for X-Total-Count). */
  total: number;
}

export interface RepoStorage {
  exists(ref: RepoRef): Promise<boolean>;
  /**
   * A new bare repository with the hub's initial commit ("initial commit", default .gitattributes), authored by
   * `author`: the creator, as `list_repo_commits` shows it on the hub; `system` (the default) for seeded ones.
   */
  create(ref: RepoRef, author?: string): Promise<CommitResult>;
  /** Removes the repository; its LFS objects stay in the shared store. */
  delete(ref: RepoRef): Promise<void>;
  /** Renames (possibly to another owner); fails with 409 if the target exists. */
  move(from: RepoRef, to: RepoRef): Promise<void>;
  /** The default branch name ("main"). */
  defaultBranch(ref: RepoRef): Promise<string>;
  /**
   * A branch, tag, full or abbreviated commit id, `refs/heads/…`, `refs/tags/…`, `refs/pr/N`, or `HEAD` (= the
   * default branch) → the 40-hex commit; undefined when it names nothing.
   */
  resolveRevision(ref: RepoRef, revision: string): Promise<string | undefined>;
  /** Entries of the folder `path` ("" = root) at `commit`; undefined when `path` is not a folder there. */
  listTree(
    ref: RepoRef,
    commit: string,
    path: string,
    options: { recursive: boolean },
  ): Promise<TreeEntry[] | undefined>;
  /** One entry (file or folder); undefined when absent. */
  stat(ref: RepoRef, commit: string, path: string): Promise<TreeEntry | undefined>;
  /** A small blob whole (README, config.json); throws ApiError 413 beyond `maxBytes`. */
  readBlob(ref: RepoRef, blobOid: string, maxBytes: number): Promise<Buffer>;
  /** A blob as a stream, optionally a byte range (`end` inclusive). */
  streamBlob(ref: RepoRef, blobOid: string, range?: { start: number; end: number }): Readable;
  /** The last commit that touched each path (for `expand=true` in tree and paths-info). */
  lastCommits(ref: RepoRef, commit: string, paths: readonly string[]): Promise<Map<string, CommitSummary>>;
  log(ref: RepoRef, commit: string, page: { offset: number; limit: number }): Promise<LogPage>;
  refs(ref: RepoRef): Promise<RefList>;
  /** Atomic: the branch moves from its old head to the new commit by compare-and-swap, or nothing changes. */
  commit(ref: RepoRef, request: CommitRequest): Promise<CommitResult>;
  createBranch(ref: RepoRef, name: string, startCommit: string): Promise<void>;
  deleteBranch(ref: RepoRef, name: string): Promise<void>;
  createTag(ref: RepoRef, name: string, commit: string, message?: string): Promise<void>;
  deleteTag(ref: RepoRef, name: string): Promise<void>;
  /**
   * Super-squash (api/squash.ts): the branch (a name, or a pull request's `refs/pr/N`) becomes one parentless
   * commit of its current tree, by compare-and-swap
   * from `expectedHead` (StaleParentError when it moved); the old commits stay only where other refs reach them.
   */
  squash?(ref: RepoRef, branch: string, expectedHead: string, message: string, author: string): Promise<CommitResult>;
  /**
   * Removes from every commit of the branches, tags, `refs/pr/*` and `refs/convert/*` the LFS pointer files to
   * `lfsOids` (repos/lfs-history-rewrite.ts), in turn with commits; the refs move all together or not at all.
   */
  rewriteWithoutLfs?(ref: RepoRef, lfsOids: ReadonlySet<string>): Promise<RewriteOutcome>;
  /** The bare repository's folder (for git http-backend). */
  gitDir(ref: RepoRef): string;
}
