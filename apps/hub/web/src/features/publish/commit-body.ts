// Pure pieces of a browser commit (no network): where an uploaded file lands in the repository, the base64 of its
// bytes, and the NDJSON commit body (hub-api.md §4.5) with the byte range each inline file occupies, so that the
// request's upload progress can be shown per file.

export interface InlineFile {
  path: string;
  /** The file's bytes in base64. */
  base64: string;
}

export interface LfsPointer {
  path: string;
  oid: string;
  size: number;
}

export interface CommitBody {
  body: string;
  /** For each inline file, the character range of its line in `body` (ASCII only: characters = bytes). */
  ranges: Array<{ path: string; start: number; end: number }>;
}

/**
 * The repository path of a file named `name` dropped into `folder` (`""` = the root), or an error message when the
 * result is not a path the server accepts (empty segments, `.`/`..`, backslashes, control characters, `.git/`).
 */
export function repoPathFor(folder: string, name: string): { path: string } | { error: string } {
  const clean = folder.trim().replace(/^\/+|\/+$/g, "");
  const path = clean === "" ? name : `${clean}/${name}`;
  if (path.length > 1000) return { error: "The path is longer than 1000 characters" };
  if (/[\u0000-\u001f\u007f\\]/.test(path))
    return { error: `${JSON.stringify(path)} has a backslash or a control character` };
  const segments = path.split("/");
  if (segments.some((segment) => segment === "" || segment === "." || segment === ".."))
    return { error: `${JSON.stringify(path)} has an empty, "." or ".." folder` };
  if (segments[0]?.toLowerCase() === ".git") return { error: "Files cannot go into .git/" };
  return { path };
}

/** Base64 of bytes, built in chunks (String.fromCharCode with a huge spread would overflow the stack). */
export function bytesToBase64(bytes: Uint8Array): string {
  const CHUNK = 0x8000;
  let binary = "";
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

export function buildCommitBody(
  summary: string,
  description: string,
  inline: readonly InlineFile[],
  lfs: readonly LfsPointer[],
  deleted: readonly string[] = [],
  parentCommit?: string,
): CommitBody {
  // JSON.stringify escapes non-ASCII only partially; paths may hold Unicode, so ranges are measured in UTF-8
  // bytes, which is what XHR's upload progress counts.
  const encoder = new TextEncoder();
  const header = parentCommit === undefined ? { summary, description } : { summary, description, parentCommit };
  const lines: string[] = [JSON.stringify({ key: "header", value: header })];
  const ranges: CommitBody["ranges"] = [];
  let offset = encoder.encode(lines[0]).length + 1;
  for (const file of inline) {
    const line = JSON.stringify({ key: "file", value: { path: file.path, content: file.base64, encoding: "base64" } });
    const length = encoder.encode(line).length;
    ranges.push({ path: file.path, start: offset, end: offset + length });
    lines.push(line);
    offset += length + 1;
  }
  for (const file of lfs)
    lines.push(
      JSON.stringify({ key: "lfsFile", value: { path: file.path, algo: "sha256", oid: file.oid, size: file.size } }),
    );
  for (const path of deleted) lines.push(JSON.stringify({ key: "deletedFile", value: { path } }));
  return { body: lines.join("\n"), ranges };
}

/** How far along each inline file is when `sent` bytes of the commit body have gone out. */
export function inlineProgress(ranges: CommitBody["ranges"], sent: number): Map<string, number> {
  const done = new Map<string, number>();
  for (const range of ranges) {
    const span = Math.max(1, range.end - range.start);
    done.set(range.path, Math.min(1, Math.max(0, (sent - range.start) / span)));
  }
  return done;
}
