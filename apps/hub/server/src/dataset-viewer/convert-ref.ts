// Publishes converted Parquet files as one commit on `refs/convert/parquet`, the way the hub does: each file an LFS
// object (stored, then linked to the repository so the file routes serve it), pointers in a tree of
// `{config}/{split}/{nnnn}.parquet` with a `.gitattributes`, the commit made with git's plumbing in a private
// index, and the ref moved last by compare-and-swap — a failure anywhere before leaves the old ref (or none).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { link, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { HubContext } from "../hub-context.js";
import { FolderLargeFileStore } from "../lfs/folder-store.js";
import { lfsPointer } from "../lfs/pointer.js";
import { git } from "../repos/git-run.js";
import type { RepoRef } from "../repos/repo-ref.js";

const CONVERT_REF = "refs/convert/parquet";

/** The converted ref's card: one config entry per config, a `{config}/{split}/*.parquet` pattern per split. */
export function convertedCard(configs: readonly { config: string; splits: readonly { split: string }[] }[]): string {
  const lines = ["---", "configs:"];
  for (const config of configs) {
    lines.push(`- config_name: ${config.config}`, "  data_files:");
    for (const split of config.splits)
      lines.push(`  - split: ${split.split}`, `    path: ${config.config}/${split.split}/*.parquet`);
  }
  lines.push("---", "", "Parquet files converted by the hub's dataset viewer.", "");
  return lines.join("\n");
}
const ZERO_OID = "0".repeat(40);
const TIMEOUT_MS = 120_000;
const IDENTITY = {
  GIT_AUTHOR_NAME: "parquet-converter",
  GIT_AUTHOR_EMAIL: "parquet-converter@users.noreply.hubkit",
  GIT_COMMITTER_NAME: "parquet-converter",
  GIT_COMMITTER_EMAIL: "parquet-converter@users.noreply.hubkit",
};

export interface PublishedFile {
  /** Path in the ref: `{config}/{split}/0000.parquet`. */
  path: string;
  /** The file on disk (the viewer's own copy). */
  local: string;
}

export interface PublishedObject {
  path: string;
  oid: string;
  size: number;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Puts a converted file into the LFS store. The folder store adopts a hard link of it (the file was hashed just
 * now and is never written again): no second copy, no second hash of hundreds of MB. Elsewhere it streams in.
 */
async function storeObject(ctx: HubContext, oid: string, size: number, local: string, workDir: string) {
  if (ctx.lfs instanceof FolderLargeFileStore) {
    const tmp = join(workDir, `adopt-${oid}`);
    if (
      await link(local, tmp).then(
        () => true,
        () => false,
      )
    ) {
      await ctx.lfs.adopt(oid, tmp);
      return;
    }
  }
  await ctx.lfs.put(oid, size, createReadStream(local));
}

/** Stores the files as LFS objects of `ref` and commits them to refs/convert/parquet; returns the new commit. */
export async function publishConversion(
  ctx: HubContext,
  ref: RepoRef,
  files: readonly PublishedFile[],
  sourceRevision: string,
  workDir: string,
  /** The ref's README.md: a card whose `configs:` name each config's files, so `load_dataset` finds them. */
  card: string,
): Promise<{ commit: string; objects: PublishedObject[] }> {
  const objects: PublishedObject[] = [];
  for (const file of files) {
    const size = (await stat(file.local)).size;
    const oid = await sha256Of(file.local);
    if ((await ctx.lfs.stat(oid))?.size !== size) await storeObject(ctx, oid, size, file.local, workDir);
    objects.push({ path: file.path, oid, size });
  }
  await ctx.lfsLinks.link(ref, objects);
  const gitDir = ctx.storage.gitDir(ref);
  const run = (args: string[], input?: string, env: Record<string, string> = {}) =>
    git(args, { gitDir, timeoutMs: TIMEOUT_MS, env, ...(input !== undefined ? { input } : {}) });
  const hashBlob = async (content: string) => (await run(["hash-object", "-w", "--stdin"], content)).toString().trim();
  const indexFile = join(workDir, "convert-index");
  await rm(indexFile, { force: true });
  const lines = [`100644 ${await hashBlob("*.parquet filter=lfs diff=lfs merge=lfs -text\n")}\t.gitattributes`];
  lines.push(`100644 ${await hashBlob(card)}\tREADME.md`);
  for (const object of objects)
    lines.push(`100644 ${await hashBlob(lfsPointer(object.oid, object.size))}\t${object.path}`);
  const env = { GIT_INDEX_FILE: indexFile };
  await run(["update-index", "--add", "--index-info"], `${lines.join("\n")}\n`, env);
  const tree = (await run(["write-tree"], undefined, env)).toString().trim();
  const previous = await ctx.storage.resolveRevision(ref, CONVERT_REF);
  const parents = previous !== undefined ? ["-p", previous] : [];
  const message = `Update parquet files\n\nConverted from revision ${sourceRevision}\n`;
  const commit = (await run(["commit-tree", tree, ...parents, "-F", "-"], message, IDENTITY)).toString().trim();
  await run(["update-ref", CONVERT_REF, commit, previous ?? ZERO_OID]);
  return { commit, objects };
}

/** `converts` of the refs API: the converted ref when there is one (`{name: "parquet", ref, targetCommit}`). */
export async function convertRefs(
  ctx: HubContext,
  ref: RepoRef,
): Promise<{ name: string; ref: string; targetCommit: string }[]> {
  const commit = await ctx.storage.resolveRevision(ref, CONVERT_REF);
  return commit === undefined ? [] : [{ name: "parquet", ref: CONVERT_REF, targetCommit: commit }];
}
