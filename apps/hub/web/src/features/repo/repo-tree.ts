// Reading a folder of a repository through `GET /api/{type}s/{id}/tree/{rev}/{path}`: the plain listing page by
// page (1000 entries each, following the Link header) up to a bound, and each entry's last commit for the rows on
// screen only (`expand=true` pages hold 50 entries; the offsets match the plain listing's order).
import { getJson, nextCursorFromLink } from "../../lib/api";
import type { RefList, TreeItem } from "./repo-data";
import { encodePath, type RepoId, repoApiPath } from "./repo-url";

/** Most entries of one folder listed (a bigger folder says so). */
export const MAX_ENTRIES = 50_000;
const EXPANDED_PAGE = 50;

export function treeApiPath(repo: RepoId, rev: string, path: string, query = ""): string {
  const folder = path === "" ? "" : `/${encodePath(path)}`;
  return repoApiPath(repo, `/tree/${encodeURIComponent(rev)}${folder}${query ? `?${query}` : ""}`);
}

/**
 * The folder's entries page by page (1000 each, following the Link header) up to MAX_ENTRIES: `onPage` gets the
 * entries so far after each page, so the first rows show after one request even in a 10 000-file folder.
 */
export async function listFolder(
  repo: RepoId,
  rev: string,
  path: string,
  signal?: AbortSignal,
  onPage?: (entries: TreeItem[], complete: boolean, loadingMore: boolean) => void,
  /** Stops after the page where this turns true (a file's view needs only its own entry). */
  stopWhen?: (page: TreeItem[]) => boolean,
): Promise<{ entries: TreeItem[]; complete: boolean }> {
  const entries: TreeItem[] = [];
  let cursor: string | undefined;
  do {
    const { data, response } = await getJson<TreeItem[]>(
      treeApiPath(repo, rev, path, cursor ? `cursor=${encodeURIComponent(cursor)}` : ""),
      signal,
    );
    entries.push(...data);
    cursor = data.length > 0 ? nextCursorFromLink(response.headers.get("link")) : undefined;
    onPage?.([...entries], cursor === undefined, cursor !== undefined && entries.length < MAX_ENTRIES);
    if (stopWhen?.(data)) break;
  } while (cursor !== undefined && entries.length < MAX_ENTRIES);
  return { entries, complete: cursor === undefined };
}

/** Last commits of the entries at [offset, offset + count) of the folder, by path. */
export async function lastCommits(
  repo: RepoId,
  rev: string,
  path: string,
  offset: number,
  count: number,
  signal?: AbortSignal,
): Promise<Map<string, NonNullable<TreeItem["lastCommit"]>>> {
  const found = new Map<string, NonNullable<TreeItem["lastCommit"]>>();
  const starts: number[] = [];
  for (let start = offset - (offset % EXPANDED_PAGE); start < offset + count; start += EXPANDED_PAGE)
    starts.push(start);
  const pages = await Promise.all(
    starts.map((start) =>
      getJson<TreeItem[]>(treeApiPath(repo, rev, path, `expand=true&cursor=${start}`), signal).then((r) => r.data),
    ),
  );
  for (const page of pages) for (const item of page) if (item.lastCommit) found.set(item.path, item.lastCommit);
  return found;
}

export async function loadRefs(repo: RepoId, signal?: AbortSignal): Promise<RefList> {
  return (await getJson<RefList>(repoApiPath(repo, "/refs"), signal)).data;
}
