// Parsers for git's plumbing output (ls-tree, log, cat-file --batch), kept apart from the storage class so the
// formats live in one place.
import { MAX_POINTER_BYTES, parseLfsPointer } from "../lfs/pointer.js";
import type { CommitSummary, TreeEntry } from "./storage.js";

/** `ls-tree -z --long` records → entries with full paths (`prefix` is the listed folder, "" for the root). */
export function parseTreeListing(listing: Buffer, prefix: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of listing.toString("utf8").split("\0")) {
    const tab = record.indexOf("\t");
    if (tab === -1) continue;
    const [, type, oid, size] = record.slice(0, tab).trim().split(/\s+/);
    const name = record.slice(tab + 1);
    if (oid === undefined || (type !== "blob" && type !== "tree")) continue; // submodules are not files
    entries.push({
      type: type === "blob" ? "file" : "directory",
      path: prefix === "" ? name : `${prefix}/${name}`,
      oid,
      size: type === "blob" ? Number(size) : 0,
    });
  }
  return entries;
}

/** Reads every blob small enough to be an LFS pointer in one `cat-file --batch` and returns the pointers found. */
export async function readPointers(
  entries: readonly TreeEntry[],
  batch: (input: string) => Promise<Buffer>,
): Promise<Map<string, { oid: string; size: number }>> {
  const candidates = [
    ...new Set(entries.filter((e) => e.type === "file" && e.size > 0 && e.size <= MAX_POINTER_BYTES).map((e) => e.oid)),
  ];
  const pointers = new Map<string, { oid: string; size: number }>();
  if (candidates.length === 0) return pointers;
  const out = await batch(`${candidates.join("\n")}\n`);
  let offset = 0;
  while (offset < out.length) {
    const newline = out.indexOf(0x0a, offset);
    if (newline === -1) break;
    const [oid, , sizeText] = out.subarray(offset, newline).toString("utf8").split(" ");
    const size = Number(sizeText);
    if (oid === undefined || !Number.isFinite(size)) break;
    const content = out.subarray(newline + 1, newline + 1 + size);
    const pointer = parseLfsPointer(content);
    if (pointer !== undefined) pointers.set(oid, pointer);
    offset = newline + 1 + size + 1;
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
