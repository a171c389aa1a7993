// File paths inside a repository (hub-api.md §5): the one set of rules for the commit API and for git push
// (push-rules.ts applies the same function to every path a pushed commit adds). Nothing with a `..` or `.git`
// segment, an absolute or drive-letter start, a backslash, control or bidirectional-override characters or an
// over-long name is stored, so no path can escape the repository, land in `.git/` of a Windows or macOS clone, or
// trip the clients' own download checks.
//
// The `.git` aliases follow git's own `verify_path` (read-cache.c) with both `core.protectNTFS` and
// `core.protectHFS` on, as `git fsck` checks them (`is_ntfs_dotgit` in path.c, `is_hfs_dotgit` in utf8.c):
// - NTFS trims trailing dots and spaces and ignores an alternate data stream (`.git. `, `.git::$INDEX_ALLOCATION`),
//   and knows `.git` by its 8.3 short name `git~1` (git makes `.git` the first entry, so never `git~2`);
// - HFS+ ignores some zero-width and direction code points entirely (`.g\u200cit`);
// - both ignore case (`.GIT`).
// `.gitmodules` and its aliases are refused too: git trusts it to configure submodules (and fsck vets its content on
// push), the hub has no submodules, so neither route may write one.
import { ApiError } from "../api/api-error.js";

export const MAX_PATH_BYTES = 4096;
export const MAX_SEGMENT_BYTES = 255;

/** C0 and C1 control characters and DEL. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Embeddings, overrides and isolates: they make a listed name read differently from what it is. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;
/** A UTF-16 half without its other half: it cannot be stored as UTF-8 and would turn into U+FFFD on the way. */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
/** The code points HFS+ ignores when it compares names (git's `next_hfs_char`). */
const HFS_IGNORABLE = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
/** What NTFS ignores at the end of a name: trailing dots and spaces, then an optional `:stream`. */
const NTFS_TAIL = "[. ]*(?::.*)?";
/** `.git` as NTFS or HFS+ may read it, after the HFS-ignorable code points are removed and case is folded. */
const DOTGIT_ALIAS = new RegExp(`^(?:\\.git|git~1)${NTFS_TAIL}$`);
/**
 * `.gitmodules` likewise, with its NTFS short names: `gitmod~1`…`~4`, and the fall-back form of git's
 * `is_ntfs_dotgitmodules`: the first k (0-6) characters of the hashed prefix `gi7eba`, a tilde, a digit 1-9 and
 * more digits, eight characters in all.
 */
const FALLBACK_SHORT_NAMES = [0, 1, 2, 3, 4, 5, 6].map((k) => `${"gi7eba".slice(0, k)}~[1-9][0-9]{${6 - k}}`);
const DOTGITMODULES_ALIAS = new RegExp(
  `^(?:\\.gitmodules|gitmod~[1-4]|${FALLBACK_SHORT_NAMES.join("|")})${NTFS_TAIL}$`,
);

/** The segment as HFS+ and NTFS compare names: ignorable code points removed, lower case. */
function folded(segment: string): string {
  return segment.replace(HFS_IGNORABLE, "").toLowerCase();
}

/** Why `segment` names `.git` or `.gitmodules` on some client's file system, or undefined. */
function dotGitProblem(segment: string): string | undefined {
  if (segment.toLowerCase() === ".git") return "the path may not contain a '.git' segment";
  const name = folded(segment);
  if (DOTGIT_ALIAS.test(name)) return "the path may not contain a segment that Windows or macOS reads as '.git'";
  if (DOTGITMODULES_ALIAS.test(name))
    return "the path may not contain a '.gitmodules' file: submodules are not supported";
  return undefined;
}

/** Why `path` is not a valid file path, or undefined when it is. */
export function pathProblem(path: string): string | undefined {
  if (path === "") return "the path is empty";
  if (Buffer.byteLength(path) > MAX_PATH_BYTES) return `the path is longer than ${MAX_PATH_BYTES} bytes`;
  if (CONTROL.test(path)) return "the path contains a control character";
  if (BIDI_CONTROL.test(path)) return "the path contains a bidirectional text control character";
  if (LONE_SURROGATE.test(path)) return "the path is not valid Unicode";
  if (path.startsWith("/") || path.startsWith("\\") || /^[A-Za-z]:/.test(path)) return "the path must be relative";
  // Clients read `\` as a separator on download, so `..\x` counts as a parent reference too (and is named as
  // such); any other backslash is refused below.
  for (const segment of path.split(/[/\\]/)) {
    if (segment === "") return "the path has an empty segment";
    if (segment === "." || segment === "..") return "the path may not contain '.' or '..' segments";
    const dotGit = dotGitProblem(segment);
    if (dotGit !== undefined) return dotGit;
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
      return `a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`;
  }
  if (path.includes("\\")) return "the path may not contain a backslash";
  return undefined;
}

/** The 422 the commit API answers for a path that breaks the rules (git push refuses with the same message). */
export function invalidPathMessage(path: string, problem: string): string {
  return `Invalid path ${JSON.stringify(path.slice(0, 200))}: ${problem}`;
}

/** The path, or a 422 naming what is wrong with it. */
export function checkedPath(path: string): string {
  const problem = pathProblem(path);
  if (problem !== undefined) throw new ApiError(422, invalidPathMessage(path, problem));
  return path;
}

/** A folder path as clients send it (`logs/`, `logs`, or "" for the root), without its trailing slash. */
export function checkedFolder(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "" : checkedPath(trimmed);
}
