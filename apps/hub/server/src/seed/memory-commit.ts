// One commit's files held in memory, seen through the RepoStorage methods that deriveRepoMetadata reads (tree,
// log, blobs): the seed derives each repository's metadata from the files it has just written, with the same
// code as every other commit, without a git process. Every other method refuses: this is not a repository.
import type { Readable } from "node:stream";
import type { RepoRef } from "../repos/repo-ref.js";
import type { CommitResult, LogPage, RefList, RepoStorage, TreeEntry } from "../repos/storage.js";
import { blobOid } from "./seed-writer.js";

export interface MemoryFile {
  path: string;
  /** The bytes in git (the pointer, for an LFS file). */
  content: Buffer;
  lfs?: { oid: string; size: number };
}

const refuse = (what: string): never => {
  throw new Error(`${what} is not available on a seed commit held in memory`);
};

export class MemoryCommit implements RepoStorage {
  private readonly byOid = new Map<string, Buffer>();
  readonly entries: TreeEntry[];

  constructor(
    readonly ref: RepoRef,
    readonly commitId: string,
    readonly date: string,
    files: readonly MemoryFile[],
  ) {
    this.entries = files.map((file) => {
      const oid = blobOid(file.content);
      this.byOid.set(oid, file.content);
      return {
        type: "file",
        path: file.path,
        oid,
        size: file.lfs?.size ?? file.content.length,
        ...(file.lfs !== undefined
          ? { lfs: { oid: file.lfs.oid, size: file.lfs.size, pointerSize: file.content.length } }
          : {}),
      };
    });
  }

  async exists(): Promise<boolean> {
    return true;
  }
  async defaultBranch(): Promise<string> {
    return "main";
  }
  async resolveRevision(_ref: RepoRef, _revision: string): Promise<string | undefined> {
    return this.commitId;
  }
  async listTree(): Promise<TreeEntry[]> {
    return this.entries;
  }
  async stat(_ref: RepoRef, _commit: string, path: string): Promise<TreeEntry | undefined> {
    return this.entries.find((entry) => entry.path === path);
  }
  async readBlob(_ref: RepoRef, oid: string, maxBytes: number): Promise<Buffer> {
    const blob = this.byOid.get(oid);
    if (blob === undefined) return refuse(`blob ${oid}`);
    return blob.length > maxBytes ? blob.subarray(0, maxBytes) : blob;
  }
  async log(): Promise<LogPage> {
    return {
      commits: [{ id: this.commitId, title: "Hubkit seed", message: "", authors: ["hubkit"], date: this.date }],
      total: 2,
    };
  }
  gitDir(): string {
    return refuse("gitDir");
  }
  streamBlob(): Readable {
    return refuse("streamBlob");
  }
  lastCommits(): Promise<Map<string, never>> {
    return refuse("lastCommits");
  }
  refs(): Promise<RefList> {
    return refuse("refs");
  }
  create(): Promise<CommitResult> {
    return refuse("create");
  }
  delete(): Promise<void> {
    return refuse("delete");
  }
  move(): Promise<void> {
    return refuse("move");
  }
  commit(): Promise<CommitResult> {
    return refuse("commit");
  }
  createBranch(): Promise<void> {
    return refuse("createBranch");
  }
  deleteBranch(): Promise<void> {
    return refuse("deleteBranch");
  }
  createTag(): Promise<void> {
    return refuse("createTag");
  }
  deleteTag(): Promise<void> {
    return refuse("deleteTag");
  }
}
