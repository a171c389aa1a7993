// The header's notification count: open discussions and pull requests on the signed-in user's repositories.
// Computed in the page from the public list routes (`GET /api/{models,datasets,spaces}?author=` then
// `GET …/discussions?status=open` per repository), bounded to the first MAX_REPOS repositories of each kind, once
// per page load (the header stays mounted while the app moves between pages). A server route that also covers the
// repositories one took part in is asked for in the team's api-changes file; until then only owned ones count.
import { getJson } from "../../lib/api";
import type { RepoType } from "../repo/repo-url";
import { type DiscussionList, discussionsPath } from "./community-api";

export const MAX_REPOS = 20;
const TYPES: RepoType[] = ["model", "dataset", "space"];

export interface RepoNotice {
  repo: { type: RepoType; id: string };
  open: number;
}

export interface Notifications {
  count: number;
  /** Repositories with something open, most first. */
  repos: RepoNotice[];
}

export async function loadNotifications(user: string, signal?: AbortSignal): Promise<Notifications> {
  const lists = await Promise.all(
    TYPES.map(async (type) => {
      const query = new URLSearchParams({ author: user, limit: String(MAX_REPOS) });
      const { data } = await getJson<Array<{ id: string }>>(`/api/${type}s?${query}`, signal);
      return data.slice(0, MAX_REPOS).map((item) => ({ type, id: item.id }));
    }),
  );
  const repos = await Promise.all(
    lists.flat().map(async (repo): Promise<RepoNotice> => {
      const { data } = await getJson<DiscussionList>(discussionsPath(repo, "?status=open"), signal);
      return { repo, open: typeof data.count === "number" && data.count > 0 ? data.count : 0 };
    }),
  );
  const open = repos.filter((entry) => entry.open > 0).sort((a, b) => b.open - a.open);
  return { count: open.reduce((sum, entry) => sum + entry.open, 0), repos: open };
}
