// The header's notification count: open discussions and pull requests on repositories the signed-in user owns or
// writes to, or took part in — from the server's `GET /api/web/notifications` (server community/README.md §4),
// which re-checks access for every item. Loaded once per page load (the header stays mounted between pages).
import { getJson } from "../../lib/api";
import type { RepoType } from "../repo/repo-url";

export interface NotificationItem {
  repo: { type: RepoType; id: string };
  num: number;
  title: string;
  isPullRequest: boolean;
}

export interface Notifications {
  count: number;
  /** The newest activity first (at most 20). */
  items: NotificationItem[];
}

interface Answer {
  count?: unknown;
  items?: Array<{ repo?: { name?: unknown; type?: unknown }; num?: unknown; title?: unknown; isPullRequest?: unknown }>;
}

const REPO_TYPES: readonly string[] = ["model", "dataset", "space"];

export async function loadNotifications(signal?: AbortSignal): Promise<Notifications> {
  const { data } = await getJson<Answer>("/api/web/notifications", signal);
  const items: NotificationItem[] = [];
  for (const item of Array.isArray(data.items) ? data.items : []) {
    const { name, type } = item.repo ?? {};
    if (typeof name !== "string" || typeof type !== "string" || !REPO_TYPES.includes(type)) continue;
    if (typeof item.num !== "number" || typeof item.title !== "string") continue;
    items.push({
      repo: { type: type as RepoType, id: name },
      num: item.num,
      title: item.title,
      isPullRequest: item.isPullRequest === true,
    });
  }
  return { count: typeof data.count === "number" ? data.count : items.length, items };
}
