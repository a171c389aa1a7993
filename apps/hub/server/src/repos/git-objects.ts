// Parsers for raw git objects as `git cat-file --batch-command` hands them out (trees, commits). Reading through
// the repository's long-lived cat-file process instead of `git ls-tree` / one `git log -1` per entry is what keeps a
// tree listing fast: every child process started from the server (hundreds of MB, WASM memory mapped) costs ~30 ms
// of fork alone, more on a busy machine (issue 20: a 4-file listing with its last commits took 0.5–0.76 s).
import type { CommitSummary } from "./storage.js";

export interface RawTreeEntry {
  type: "blob" | "tree";
  name: string;
  oid: string;
}

/**
 * A tree object's entries in git's order (`<mode> <name>\0<20-byte id>` each). Submodules (mode 160000) are not
 * files and are left out, as `ls-tree` listings were; symbolic links are blobs.
 */
export function parseTreeObject(bytes: Buffer): RawTreeEntry[] {
  const entries: RawTreeEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(0x20, at);
    const nul = space === -1 ? -1 : bytes.indexOf(0, space);
    if (space === -1 || nul === -1 || nul + 21 > bytes.length) throw new Error("malformed git tree object");
    const mode = bytes.toString("latin1", at, space);
    const name = bytes.toString("utf8", space + 1, nul);
    const oid = bytes.toString("hex", nul + 1, nul + 21);
    at = nul + 21;
    if (mode === "40000" || mode === "040000") entries.push({ type: "tree", name, oid });
    else if (mode !== "160000") entries.push({ type: "blob", name, oid });
  }
  return entries;
}

/** A commit object → the summary `git log --format=%H%x00%an%x00%at%x00%B` gave (author name and time, message). */
export function parseCommitObject(id: string, bytes: Buffer): CommitSummary {
  const text = bytes.toString("utf8");
  const split = text.indexOf("\n\n");
  const headers = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? "" : text.slice(split + 2);
  let author = "";
  let time = 0;
  for (const line of headers.split("\n")) {
    const match = /^author (.*) <[^>]*> (\d+) [+-]\d{4}$/.exec(line);
    if (match) {
      author = match[1] ?? "";
      time = Number(match[2]);
    }
  }
  const message = body.replace(/\n+$/, "");
  const newline = message.indexOf("\n");
  return {
    id,
    title: newline === -1 ? message : message.slice(0, newline),
    message: newline === -1 ? "" : message.slice(newline + 1).replace(/^\n/, ""),
    authors: [author],
    date: new Date(time * 1000).toISOString(),
  };
}

/** The parent ids of a commit object (its `parent` header lines, in order). */
export function parentsOf(bytes: Buffer): string[] {
  const text = bytes.toString("latin1");
  const end = text.indexOf("\n\n");
  const headers = (end === -1 ? text : text.slice(0, end)).split("\n");
  return headers.flatMap((line) => {
    const match = /^parent ([0-9a-f]{40})$/.exec(line);
    return match?.[1] !== undefined ? [match[1]] : [];
  });
}
