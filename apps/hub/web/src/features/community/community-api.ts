// Discussions and pull requests as the hub's API shapes them (the contract: server/src/community/README.md; the same
// shapes huggingface_hub's community.py and hf_api.py read): the list, one discussion with its events, and the
// writes. Reads go through getJson (a private repository answers like a missing one); writes through the session
// helpers, which add the CSRF token a cookie-authenticated write needs.
import { getJson } from "../../lib/api";
import { sessionJson } from "../../lib/session";
import { type RepoId, type RepoType, repoApiPath } from "../repo/repo-url";

export type DiscussionStatus = "open" | "closed" | "merged" | "draft";

export interface DiscussionSummary {
  num: number;
  title: string;
  status: DiscussionStatus;
  isPullRequest: boolean;
  createdAt: string;
  author?: { name: string };
  repo: { name: string; type: RepoType };
  numComments?: number;
}

export interface DiscussionList {
  discussions: DiscussionSummary[];
  /** Total matching the filters; `start` is this page's offset. */
  count: number;
  start: number;
  numClosedDiscussions?: number;
}

interface EventBase {
  id: string;
  createdAt: string;
  author?: { name: string };
}

export interface CommentEvent extends EventBase {
  type: "comment";
  data: { edited: boolean; hidden: boolean; latest: { raw: string; updatedAt?: string; author?: { name: string } } };
}
export interface StatusEvent extends EventBase {
  type: "status-change";
  data: { status: DiscussionStatus };
}
export interface CommitEvent extends EventBase {
  type: "commit";
  data: { subject: string; oid: string };
}
export interface TitleEvent extends EventBase {
  type: "title-change";
  data: { from: string; to: string };
}
/** An event type this site does not know yet: shown as a plain line, never dropped silently. */
export interface OtherEvent extends EventBase {
  type: string;
  data?: unknown;
}
export type DiscussionEvent = CommentEvent | StatusEvent | CommitEvent | TitleEvent;

export interface DiscussionDetails extends DiscussionSummary {
  events: Array<DiscussionEvent | OtherEvent>;
  /** Pull requests: the target branch and, once merged, the merge commit. */
  changes?: { base: string; mergeCommitId?: string | null };
  filesWithConflicts?: string[] | boolean;
  /** Pull requests, with `?diff=1`: the unified diff against the target. */
  diff?: string | null;
}

export type TypeFilter = "all" | "discussion" | "pull_request";
export type StatusFilter = "all" | "open" | "closed";

export interface ListQuery {
  status: StatusFilter;
  type: TypeFilter;
  search: string;
  /** Page index from 0, as the clients page it. */
  page: number;
}

const MAX_PAGE = 10_000;

/** The list's state from the URL (unknown values fall back to the defaults: open, all, no search, first page). */
export function readListQuery(search: URLSearchParams): ListQuery {
  const status = search.get("status");
  const type = search.get("type");
  const page = Number(search.get("p") ?? "0");
  return {
    status: status === "closed" || status === "all" ? status : "open",
    type: type === "discussion" || type === "pull_request" ? type : "all",
    search: (search.get("search") ?? "").slice(0, 200),
    page: Number.isInteger(page) && page >= 0 && page <= MAX_PAGE ? page : 0,
  };
}

/** The URL query for a list state (defaults left out). */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.status !== "open") params.set("status", query.status);
  if (query.type !== "all") params.set("type", query.type);
  if (query.search !== "") params.set("search", query.search);
  if (query.page > 0) params.set("p", String(query.page));
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

export function discussionsPath(repo: RepoId, suffix = ""): string {
  return repoApiPath(repo, `/discussions${suffix}`);
}

export async function listDiscussions(repo: RepoId, query: ListQuery, signal?: AbortSignal): Promise<DiscussionList> {
  const params = new URLSearchParams({ p: String(query.page) });
  if (query.status !== "all") params.set("status", query.status);
  if (query.type !== "all") params.set("type", query.type);
  if (query.search !== "") params.set("search", query.search);
  const { data } = await getJson<DiscussionList>(discussionsPath(repo, `?${params}`), signal);
  return data;
}

export async function loadDiscussion(repo: RepoId, num: number, signal?: AbortSignal): Promise<DiscussionDetails> {
  const { data } = await getJson<DiscussionDetails>(discussionsPath(repo, `/${num}?diff=1`), signal);
  return data;
}

export async function createDiscussion(repo: RepoId, title: string, description: string): Promise<number> {
  const answer = await sessionJson<{ num?: unknown }>(discussionsPath(repo), "POST", {
    title,
    description,
    pullRequest: false,
  });
  if (typeof answer?.num !== "number") throw new Error("The server did not say which number the discussion got");
  return answer.num;
}

const post = (repo: RepoId, num: number, action: string, body?: unknown) =>
  sessionJson<unknown>(discussionsPath(repo, `/${num}/${action}`), "POST", body ?? {});

export const addComment = (repo: RepoId, num: number, comment: string) => post(repo, num, "comment", { comment });
export const changeStatus = (repo: RepoId, num: number, status: "open" | "closed", comment?: string) =>
  post(repo, num, "status", comment ? { status, comment } : { status });
export const renameDiscussion = (repo: RepoId, num: number, title: string) => post(repo, num, "title", { title });
export const editComment = (repo: RepoId, num: number, id: string, content: string) =>
  post(repo, num, `comment/${encodeURIComponent(id)}/edit`, { content });
export const hideComment = (repo: RepoId, num: number, id: string) =>
  post(repo, num, `comment/${encodeURIComponent(id)}/hide`);
export const mergePullRequest = (repo: RepoId, num: number, comment?: string) =>
  post(repo, num, "merge", comment ? { comment } : {});

/** The discussion number a commit's `pullRequestUrl` (`…/discussions/{num}`) names, if any. */
export function pullRequestNumber(url: unknown): number | undefined {
  if (typeof url !== "string") return undefined;
  const match = /\/discussions\/(\d{1,9})\/?$/.exec(url);
  return match ? Number(match[1]) : undefined;
}

/** Hub limits a title to 3–200 characters (huggingface_hub's create_discussion says so). */
export function titleProblem(title: string): string | undefined {
  const trimmed = title.trim();
  if (trimmed.length < 3) return "The title needs at least 3 characters.";
  if (trimmed.length > 200) return "The title can have at most 200 characters.";
  return undefined;
}
