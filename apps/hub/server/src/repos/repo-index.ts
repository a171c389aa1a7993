// What routes need from the repository index (the database, implemented in store/): which repositories exist and
// who may see them, and keeping the searchable metadata in step with the repositories. The git repositories are
// the truth; the index follows them (sync after every commit, reconciled at start).
import type { Principal } from "../auth/principal.js";
import type { DownloadRequest } from "../store/download-rules.js";
import type { IndexedRow, ModelSearch, RowPage } from "../store/model-store.js";
import type { RepoRef, RepoType } from "./repo-ref.js";

export interface RepoRegistration {
  /** The id as stored (its case), which may differ from the case a request used. */
  id: string;
  private: boolean;
  createdAt: string;
}

export interface RepoIndex {
  /** Registration facts of a repository, looked up case-insensitively; undefined when there is none. */
  lookup(ref: RepoRef): Promise<RepoRegistration | undefined>;
  /** Records a new repository (after storage.create succeeded). */
  register(ref: RepoRef, facts: { private: boolean }): Promise<void>;
  /** Re-derives the default branch's metadata from storage and updates the searchable record. */
  sync(ref: RepoRef): Promise<void>;
  setPrivate(ref: RepoRef, isPrivate: boolean): Promise<void>;
  rename(from: RepoRef, to: RepoRef): Promise<void>;
  remove(ref: RepoRef): Promise<void>;
  /**
   * Counts one download of `path` if the download-count rules say it counts (store/download-rules.ts): not a
   * partial read, a query file of the library, and for datasets once per client and repository per window.
   */
  recordDownload(ref: RepoRef, path: string, request?: DownloadRequest): Promise<void>;
  /** One page of `GET /api/{type}s`: private repositories only for whom may read them. */
  list(type: RepoType, query: ModelSearch, principal: Principal, withRecord: boolean): Promise<RowPage>;
  /** The indexed row with its whole record (by the stored id, after readableRepo). */
  record(ref: RepoRef): Promise<IndexedRow | undefined>;
  /** Likes (or unlikes) a repository for a user; returns its like count. */
  setLike(ref: RepoRef, user: string, liked: boolean): Promise<number>;
  /** Writes what the index holds back (download counts not yet folded into the rows) before the database closes. */
  close(): Promise<void>;
}
