// A dataset revision's files as the conversion needs them: the listing (path, size), the card's data, and each
// file's bytes copied to a work folder — from git for small files, from the LFS store for large ones (only objects
// linked to this repository), streamed, never whole in memory.
import { createWriteStream } from "node:fs";
import { link } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { cardDataOf, MAX_FRONT_MATTER_BYTES } from "../derive/card.js";
import type { HubContext } from "../hub-context.js";
import { FolderLargeFileStore } from "../lfs/folder-store.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { TreeEntry } from "../repos/storage.js";
import { ConversionError } from "./conversion-error.js";
import type { SourceFile } from "./discovery.js";

export interface RevisionFiles {
  files: SourceFile[];
  entries: Map<string, TreeEntry>;
  cardData: Record<string, unknown> | undefined;
}

export async function revisionFiles(ctx: HubContext, ref: RepoRef, commit: string): Promise<RevisionFiles> {
  const listing = (await ctx.storage.listTree(ref, commit, "", { recursive: true })) ?? [];
  const entries = new Map<string, TreeEntry>();
  for (const entry of listing) if (entry.type === "file") entries.set(entry.path, entry);
  let cardData: Record<string, unknown> | undefined;
  const readme = entries.get("README.md");
  if (readme !== undefined && readme.lfs === undefined && readme.size <= MAX_FRONT_MATTER_BYTES * 4) {
    const text = (await ctx.storage.readBlob(ref, readme.oid, MAX_FRONT_MATTER_BYTES * 4)).toString("utf8");
    cardData = cardDataOf(text);
  }
  return {
    files: [...entries.values()].map((entry) => ({ path: entry.path, size: entry.size })),
    entries,
    cardData,
  };
}

/** Copies one file of the revision to `target`. */
export async function copySourceFile(ctx: HubContext, ref: RepoRef, entry: TreeEntry, target: string): Promise<void> {
  if (entry.lfs !== undefined) {
    if (!(await ctx.lfsLinks.isLinked(ref, entry.lfs.oid, entry.lfs.size)))
      throw new ConversionError("DatasetConversionError", `The large file ${entry.path} is missing from the store`);
    // A whole object in the folder store is linked, not copied (content-addressed and never rewritten in place:
    // a 1 GiB CSV costs no second GiB of writes); an object only in Xet form (or on another file system) streams.
    if (ctx.lfs instanceof FolderLargeFileStore) {
      const linked = await link(ctx.lfs.objectPath(entry.lfs.oid), target).then(
        () => true,
        () => false,
      );
      if (linked) return;
    }
    await pipeline(ctx.lfs.read(entry.lfs.oid), createWriteStream(target, { flags: "wx" }));
  } else await pipeline(ctx.storage.streamBlob(ref, entry.oid), createWriteStream(target, { flags: "wx" }));
}
