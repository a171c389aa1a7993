// File paths inside a repository (hub-api.md §5). Everything a client sends passes here before it reaches git:
// nothing with a `..` or `.git` segment, an absolute or drive-letter start, control characters or an over-long name
// is stored, so no path can escape the repository or trip the clients' own download checks.
import { ApiError } from "../api/api-error.js";

export const MAX_PATH_BYTES = 4096;
export const MAX_SEGMENT_BYTES = 255;

/** Why `path` is not a valid file path, or undefined when it is. */
export function pathProblem(path: string): string | undefined {
  if (path === "") return "the path is empty";
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) return `the path is longer than ${MAX_PATH_BYTES} bytes`;
  if (/[\x00-\x1f\x7f]/.test(path)) return "the path contains a control character";
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) return "the path must be relative";
  // Clients read `\` as a separator on download, so `..\x` counts as a parent reference too.
  for (const segment of path.split(/[/\\]/)) {
    if (segment === "") return "the path has an empty segment";
    if (segment === "." || segment === "..") return "the path may not contain '.' or '..' segments";
    if (segment.toLowerCase() === ".git") return "the path may not contain a '.git' segment";
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
      return `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`;
  }
  return undefined;
}

/** The path, or a 422 naming what is wrong with it. */
export function checkedPath(path: string): string {
  const problem = pathProblem(path);
  if (problem !== undefined) throw new ApiError(422, `Invalid path ${JSON.stringify(path.slice(0, 200))}: ${problem}`);
  return path;
}

/** A folder path as clients send it (`logs/`, `logs`, or "" for the root), without its trailing slash. */
export function checkedFolder(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "" : checkedPath(trimmed);
}
