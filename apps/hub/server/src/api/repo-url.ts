// Parsing repository URLs the way both official clients build them (hub-api.md §0): every segment
// percent-decoded, a revision either one encoded segment (`refs%2Fpr%2F1`) or the raw `refs/pr/<n>` /
// `refs/convert/<word>` prefix, and the rest a file path.
import type { Context } from "hono";
import { type RepoRef, type RepoType, typeFromSegment } from "../repos/repo-ref.js";
import { ApiError } from "./api-error.js";
import { requestBaseUrl } from "./base-url.js";

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, `Malformed URL segment: ${JSON.stringify(segment.slice(0, 80))}`);
  }
}

/** Raw (still encoded) segments of the request path. */
export function rawSegments(c: Context): string[] {
  return new URL(c.req.url).pathname.split("/").slice(1);
}

export interface RepoUrl {
  ref: RepoRef;
  /** Raw segments after `{ns}/{name}/{action}`. */
  rest: string[];
}

/** `/api/{models|datasets|spaces}/{ns}/{name}/{action}/…` → the repository and what follows the action. */
export function apiRepoUrl(c: Context): RepoUrl | undefined {
  const [, segment, ns, name, , ...rest] = rawSegments(c);
  const type = typeFromSegment(segment ?? "");
  if (type === undefined || ns === undefined || name === undefined) return undefined;
  return { ref: { type, id: `${decode(ns)}/${decode(name)}` }, rest };
}

/** `/{ns}/{name}/{action}/…`, `/datasets/{ns}/{name}/{action}/…`, `/spaces/…` → the repository and the rest. */
export function fileRepoUrl(c: Context): RepoUrl | undefined {
  const segments = rawSegments(c);
  let type: RepoType = "model";
  if (segments[0] === "datasets" || segments[0] === "spaces") {
    type = segments[0] === "datasets" ? "dataset" : "space";
    segments.shift();
  }
  const [ns, name, , ...rest] = segments;
  if (ns === undefined || name === undefined) return undefined;
  return { ref: { type, id: `${decode(ns)}/${decode(name)}` }, rest };
}

/** Splits raw segments into a revision and a path (hub-api.md §0). */
export function revisionAndPath(rest: readonly string[]): { revision: string; path: string } {
  const [first, second, third] = rest;
  if (first === undefined || first === "") throw new ApiError(400, "Missing revision");
  if (first === "refs" && (second === "pr" || second === "convert") && third !== undefined)
    return { revision: `refs/${second}/${decode(third)}`, path: rest.slice(3).map(decode).join("/") };
  return { revision: decode(first), path: rest.slice(1).map(decode).join("/") };
}

export function decodedSegment(segment: string | undefined): string {
  return segment === undefined ? "" : decode(segment);
}

/** The client's base URL (scheme, host, port) for absolute URLs in bodies and headers (base-url.ts decides it). */
export function baseUrl(c: Context): string {
  return requestBaseUrl(c);
}
