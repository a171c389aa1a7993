// Gated repositories as the server speaks them (contract: server/src/gating/README.md; the shapes huggingface_hub's
// access-request methods read): the visitor's own access (`GET …/ask-access`, a site route), asking for access,
// the gating mode in the repository's settings, and the owners' review of requests.
import { getJson, nextCursorFromLink } from "../../lib/api";
import { sessionJson } from "../../lib/session";
import { type RepoId, repoApiPath } from "../repo/repo-url";

export type GateMode = false | "auto" | "manual";
export type RequestStatus = "pending" | "accepted" | "rejected";
export type FieldValue = string | number | boolean;

export interface AccessState {
  gated: GateMode;
  /** Whether the caller may download the files. */
  access: boolean;
  request: null | { status: RequestStatus; timestamp: string; fields?: Record<string, FieldValue> };
}

export interface AccessRequest {
  user: { user: string; fullname?: string; email?: string };
  status: RequestStatus;
  timestamp: string;
  fields?: Record<string, FieldValue>;
  rejectionReason?: string;
}

/** The gating mode as the repository info spells it (`false`, `"auto"`, `"manual"`; older `true` = auto). */
export function gateMode(value: unknown): GateMode {
  if (value === "manual") return "manual";
  if (value === "auto" || value === true) return "auto";
  return false;
}

export async function loadAccess(repo: RepoId, signal?: AbortSignal): Promise<AccessState> {
  return (await getJson<AccessState>(repoApiPath(repo, "/ask-access"), signal)).data;
}

export async function askAccess(repo: RepoId, fields: Record<string, FieldValue>): Promise<RequestStatus> {
  const answer = await sessionJson<{ status?: RequestStatus }>(repoApiPath(repo, "/ask-access"), "POST", fields);
  return answer?.status ?? "pending";
}

export async function setGating(repo: RepoId, gated: GateMode): Promise<void> {
  await sessionJson(repoApiPath(repo, "/settings"), "PUT", { gated });
}

/** At most this many pages of 100 are read per list (10 000 requests). */
const MAX_PAGES = 100;

export async function listRequests(
  repo: RepoId,
  status: RequestStatus,
  signal?: AbortSignal,
): Promise<AccessRequest[]> {
  const all: AccessRequest[] = [];
  let path: string | undefined = repoApiPath(repo, `/user-access-request/${status}`);
  for (let page = 0; path !== undefined && page < MAX_PAGES; page++) {
    const { data, response } = await getJson<AccessRequest[]>(path, signal);
    all.push(...data);
    const cursor = nextCursorFromLink(response.headers.get("link"));
    path =
      cursor === undefined
        ? undefined
        : repoApiPath(repo, `/user-access-request/${status}?cursor=${encodeURIComponent(cursor)}`);
  }
  return all;
}

export async function handleRequest(repo: RepoId, user: string, status: RequestStatus): Promise<void> {
  await sessionJson(repoApiPath(repo, "/user-access-request/handle"), "POST", { user, status });
}

export async function grantAccess(repo: RepoId, user: string): Promise<void> {
  await sessionJson(repoApiPath(repo, "/user-access-request/grant"), "POST", { user });
}
