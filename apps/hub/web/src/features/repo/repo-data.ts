// The repository facts the pages read from the server, typed as the hub returns them, and the small cache that
// lets the tabs of one repository share a single info request.
import { getJson, type ModelRecord } from "../../lib/api";
import { type RepoId, repoApiPath } from "./repo-url";

/** `GET /api/{type}s/{id}` (hub-api.md §2.2), the fields the pages use (models add ModelRecord's). */
export interface RepoInfo extends ModelRecord {
  id: string;
  author?: string;
  sha?: string;
  private?: boolean;
  gated?: boolean | string;
  tags: string[];
  cardData?: Record<string, unknown>;
  siblings?: Array<{ rfilename: string; size?: number; lfs?: { size: number } }>;
}

export interface TreeItem {
  type: "file" | "directory";
  oid: string;
  size: number;
  path: string;
  lfs?: { oid: string; size: number; pointerSize: number };
  lastCommit?: { id: string; title: string; date: string };
}

export interface CommitEntry {
  id: string;
  title: string;
  message: string;
  authors: Array<{ user: string; avatar?: string }>;
  date: string;
}

export interface RefList {
  branches: Array<{ name: string; targetCommit: string }>;
  tags: Array<{ name: string; targetCommit: string }>;
}

/** The site route `GET /api/{type}s/{id}/diff/{sha}` (server/src/api/web-diff.ts). */
export interface CommitDiff {
  commit: { id: string; parents: string[]; title: string; message: string; author: string; date: string };
  files: Array<{
    path: string;
    oldPath?: string;
    status: "added" | "modified" | "deleted" | "renamed" | "typechange";
    binary: boolean;
    /** Unified diff of a text file, cut at the server's bound (`truncated`). */
    patch?: string;
    truncated?: boolean;
  }>;
  /** More files changed than the server lists. */
  truncated: boolean;
}

export interface Whoami {
  name: string;
  orgs?: Array<{ name: string }>;
}

const INFO_TTL_MS = 30_000;
const infoCache = new Map<string, { at: number; promise: Promise<RepoInfo> }>();

/** The repository's info; repeated calls within a few seconds (tab changes) share one request. */
export function loadRepoInfo(repo: RepoId, signal?: AbortSignal): Promise<RepoInfo> {
  const key = `${repo.type}:${repo.id}`;
  const cached = infoCache.get(key);
  if (cached !== undefined && Date.now() - cached.at < INFO_TTL_MS) return cached.promise;
  // Not tied to one page's signal: another tab may reuse the answer.
  const promise = getJson<RepoInfo>(repoApiPath(repo)).then((r) => r.data);
  infoCache.set(key, { at: Date.now(), promise });
  promise.catch(() => infoCache.delete(key));
  if (signal === undefined) return promise;
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    promise.then(resolve, reject);
  });
}

export function forgetRepoInfo(repo: RepoId): void {
  infoCache.delete(`${repo.type}:${repo.id}`);
}

let viewerPromise: Promise<Whoami | undefined> | undefined;

/**
 * The signed-in user (session cookie), or undefined for a visitor; asked once per page load. The site route
 * `/api/web/viewer` (server/src/api/web-viewer.ts) answers 200 for visitors too, so no failed request is logged.
 */
export function loadViewer(): Promise<Whoami | undefined> {
  viewerPromise ??= getJson<{ user: Whoami | null }>("/api/web/viewer").then(
    (r) => r.data.user ?? undefined,
    () => {
      viewerPromise = undefined; // asked again on the next page
      return undefined;
    },
  );
  return viewerPromise;
}

/** Whether `user` may write to repositories of `owner` (the owner, or a member of that organization). */
export function canWrite(user: Whoami | undefined, owner: string): boolean {
  if (user === undefined) return false;
  const lower = owner.toLowerCase();
  return user.name.toLowerCase() === lower || (user.orgs ?? []).some((org) => org.name.toLowerCase() === lower);
}
