// Parsers for git's plumbing output (log) and the LFS pointer check of tree entries, kept apart from the
// storage class so the formats live in one place.
import { MAX_POINTER_BYTES, MIN_POINTER_BYTES, parseLfsPointer } from "../lfs/pointer.js";
import type { CommitSummary, TreeEntry } from "./storage.js";

/** Whether a tree entry's blob is of a size an LFS pointer can have (only those are read to find out). */
export function mayBePointer(entry: TreeEntry): boolean {
  return entry.type === "file" && entry.size >= MIN_POINTER_BYTES && entry.size <= MAX_POINTER_BYTES;
}

/** Reads the blobs that may be LFS pointers (through `read`, one batch) and returns the pointers found. */
export async function readPointers(
  entries: readonly TreeEntry[],
  read: (oids: readonly string[]) => Promise<(Buffer | undefined)[]>,
): Promise<Map<string, { oid: string; size: number }>> {
  const candidates = [...new Set(entries.filter(mayBePointer).map((e) => e.oid))];
  const pointers = new Map<string, { oid: string; size: number }>();
  if (candidates.length === 0) return pointers;
  const contents = await read(candidates);
  for (const [i, oid] of candidates.entries()) {
    const content = contents[i];
    const pointer = content === undefined ? undefined : parseLfsPointer(content);
    if (pointer !== undefined) pointers.set(oid, pointer);
  }
  return pointers;
}

/** `log --format=%H%x00%an%x00%at%x00%B%x1e` → summaries. */
export function parseLog(out: Buffer): CommitSummary[] {
  const commits: CommitSummary[] = [];
  for (const record of out.toString("utf8").split("\x1e")) {
    const [id, author, time, body] = record.replace(/^\n/, "").split("\0");
    if (id === undefined || author === undefined || time === undefined || !/^[0-9a-f]{40}$/.test(id)) continue;
    const text = (body ?? "").replace(/\n+$/, "");
    const newline = text.indexOf("\n");
    commits.push({
      id,
      title: newline === -1 ? text : text.slice(0, newline),
      message: newline === -1 ? "" : text.slice(newline + 1).replace(/^\n/, ""),
      authors: [author],
      date: new Date(Number(time) * 1000).toISOString(),
    });
  }
  return commits;
}
