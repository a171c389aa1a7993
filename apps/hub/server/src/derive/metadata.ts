// One entry point from a repository at a commit to everything the index and the info routes show about it:
// siblings, card data, config, safetensors and GGUF summaries, tags and the inferred library and task. The index
// (store/, `RepoIndex.sync`) calls it after every commit. A broken file never fails the whole derivation: the
// field it feeds is left out and the reason kept in `problems` (the hub still serves a repo with a bad card).

import type { WidgetExample } from "@hubkit/tasks";
import { GGUFHeaderError } from "../../../shared/gguf-header.js";
import type { LargeFileStore } from "../lfs/store.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { RepoStorage, TreeEntry } from "../repos/storage.js";
import { readmeCard } from "./card.js";
import { CONFIG_FILES, type ConfigFile, deriveConfig, type JsonObject, MAX_CONFIG_BYTES } from "./config.js";
import { deriveGguf, type GgufInfo } from "./gguf.js";
import { deriveSafetensors, MAX_SAFETENSORS_HEADER, SafetensorsError, type SafetensorsInfo } from "./safetensors.js";
import { inferTags } from "./tags.js";
import { widgetDataOf } from "./widget.js";

export const MAX_README_BYTES = 1024 * 1024;
/** Files listed as siblings; beyond this the list is cut (clients fall back to the tree API). */
export const MAX_SIBLINGS = 100_000;

export interface Sibling {
  rfilename: string;
  size: number;
  /** git blob id (for an LFS file, of its pointer). */
  blobId: string;
  lfs?: { sha256: string; size: number; pointerSize: number };
}

export interface RepoMetadata {
  /** The commit described (40 hex). */
  sha: string;
  /** Its date, ISO with milliseconds and `Z`. */
  lastModified: string;
  siblings: Sibling[];
  /** Bytes of every file at the commit (LFS files at their object size). */
  usedStorage: number;
  tags: string[];
  cardData?: Record<string, unknown>;
  config?: JsonObject;
  safetensors?: SafetensorsInfo;
  gguf?: GgufInfo;
  library_name?: string;
  pipeline_tag?: string;
  transformersInfo?: { auto_model: string; pipeline_tag?: string; processor?: string };
  /** Spaces: the card's `sdk`. */
  sdk?: string;
  /** The tokenizer's mask token (fill-mask widgets and snippets use it). */
  mask_token?: string;
  /** Models: the card's `widget` examples (snippets read the first one's input). */
  widgetData?: WidgetExample[];
  /** Why a field is missing (a bad safetensors header, an unreadable README…), for logs and tests. */
  problems: string[];
}

function toSibling(entry: TreeEntry): Sibling {
  return {
    rfilename: entry.path,
    size: entry.size,
    blobId: entry.oid,
    ...(entry.lfs !== undefined
      ? { lfs: { sha256: entry.lfs.oid, size: entry.lfs.size, pointerSize: entry.lfs.pointerSize } }
      : {}),
  };
}

/** Reads files of one commit, from git or from the LFS store, whichever holds the bytes. */
class CommitFiles {
  readonly byPath = new Map<string, TreeEntry>();
  constructor(
    private readonly storage: RepoStorage,
    private readonly lfs: LargeFileStore,
    private readonly ref: RepoRef,
    entries: readonly TreeEntry[],
  ) {
    for (const entry of entries) if (entry.type === "file") this.byPath.set(entry.path, entry);
  }

  async text(path: string, maxBytes: number): Promise<string | undefined> {
    const entry = this.byPath.get(path);
    if (entry === undefined || entry.size > maxBytes) return undefined;
    return (await this.range(path, 0, entry.size)).toString("utf8");
  }

  /** The stored object behind `path`: content-addressed, so a key for facts derived from its bytes. */
  objectKey(path: string): string | undefined {
    const entry = this.byPath.get(path);
    if (entry === undefined) return undefined;
    return entry.lfs !== undefined ? `lfs:${entry.lfs.oid}` : `git:${entry.oid}`;
  }

  async range(path: string, start: number, length: number): Promise<Buffer> {
    const entry = this.byPath.get(path);
    if (entry === undefined) throw new Error(`${path} is not in the commit`);
    if (entry.lfs !== undefined) return this.lfs.readBytes(entry.lfs.oid, start, length);
    // A regular git blob is small (the server's regular-file limit): read it whole, then slice.
    const blob = await this.storage.readBlob(this.ref, entry.oid, Math.max(entry.size, 1));
    return blob.subarray(start, start + length);
  }
}

/** `mask_token` of tokenizer_config.json: a string, or an AddedToken object's `content`. */
function maskToken(config: JsonObject | undefined): string | undefined {
  const tokenizer = config?.tokenizer_config;
  const mask = typeof tokenizer === "object" && tokenizer !== null ? (tokenizer as JsonObject).mask_token : undefined;
  const text = typeof mask === "object" && mask !== null ? (mask as JsonObject).content : mask;
  return typeof text === "string" && text.length > 0 && text.length <= 100 ? text : undefined;
}

/** Bytes of a GGUF file, or of all parts of a split one (`name-00001-of-00003.gguf`). */
function ggufFileSize(entry: TreeEntry, files: readonly TreeEntry[]): number {
  const split = /^(.*)-(\d{5})-of-(\d{5})\.gguf$/.exec(entry.path);
  if (split === null) return entry.size;
  const [, stem, , count] = split;
  const parts = files.filter((file) => {
    const part = /^(.*)-(\d{5})-of-(\d{5})\.gguf$/.exec(file.path);
    return part !== null && part[1] === stem && part[3] === count;
  });
  return parts.reduce((sum, part) => sum + part.size, 0);
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Everything derived from `ref` at `commit` (a 40-hex commit id the caller resolved). */
export async function deriveRepoMetadata(
  storage: RepoStorage,
  lfs: LargeFileStore,
  ref: RepoRef,
  commit: string,
): Promise<RepoMetadata> {
  const problems: string[] = [];
  const entries = (await storage.listTree(ref, commit, "", { recursive: true })) ?? [];
  const files = new CommitFiles(storage, lfs, ref, entries);
  const fileEntries = [...files.byPath.values()];
  const paths = fileEntries.map((entry) => entry.path);
  const log = await storage.log(ref, commit, { offset: 0, limit: 1 });
  const lastModified = log.commits[0]?.date ?? new Date().toISOString();

  const readText = async (path: string, maxBytes: number): Promise<string | undefined> => {
    try {
      return await files.text(path, maxBytes);
    } catch (error) {
      problems.push(`${path}: ${reason(error)}`);
      return undefined;
    }
  };

  const readme = await readText("README.md", MAX_README_BYTES);
  // A card whose metadata cannot be parsed still commits and serves, without cardData (as on the hub).
  const card = readme === undefined ? undefined : readmeCard(readme);
  const cardData = card?.ok === true ? card.cardData : undefined;
  if (card?.ok === false)
    problems.push(`README.md: the YAML metadata could not be parsed: ${card.errors.join("; ").slice(0, 500)}`);

  let config: JsonObject | undefined;
  let safetensors: SafetensorsInfo | undefined;
  let gguf: GgufInfo | undefined;
  if (ref.type === "model") {
    const configTexts: Partial<Record<ConfigFile, string>> = {};
    for (const name of CONFIG_FILES) {
      const text = await readText(name, MAX_CONFIG_BYTES);
      if (text !== undefined) configTexts[name] = text;
    }
    config = deriveConfig(configTexts);
    const sizes = new Map(fileEntries.map((entry) => [entry.path, entry.size]));
    try {
      safetensors = await deriveSafetensors(
        sizes,
        (path, start, length) => files.range(path, start, length),
        (path) => files.text(path, MAX_SAFETENSORS_HEADER),
        (path) => files.objectKey(path),
      );
    } catch (error) {
      if (!(error instanceof SafetensorsError)) problems.push(`safetensors: ${reason(error)}`);
      else problems.push(`safetensors: ${error.message}`);
    }
    // The first GGUF file in path order (hub-api.md §9.7: which one the hub describes is unknown).
    const ggufEntry = fileEntries
      .filter((entry) => entry.path.endsWith(".gguf"))
      .sort((a, b) => (a.path < b.path ? -1 : 1))[0];
    if (ggufEntry !== undefined)
      try {
        gguf = await deriveGguf(
          ggufEntry.size,
          (start, length) => files.range(ggufEntry.path, start, length),
          files.objectKey(ggufEntry.path),
        );
        gguf.totalFileSize = ggufFileSize(ggufEntry, fileEntries);
      } catch (error) {
        problems.push(`${ggufEntry.path}: ${error instanceof GGUFHeaderError ? error.message : reason(error)}`);
      }
  }

  const inferred = inferTags(ref.type, cardData, config, paths);
  const mask = maskToken(config);
  const widgetData = ref.type === "model" ? widgetDataOf(cardData) : undefined;
  const sdk = ref.type === "space" && typeof cardData?.sdk === "string" ? cardData.sdk : undefined;
  return {
    sha: commit,
    lastModified,
    siblings: fileEntries.slice(0, MAX_SIBLINGS).map(toSibling),
    usedStorage: fileEntries.reduce((sum, entry) => sum + entry.size, 0),
    tags: inferred.tags,
    ...(cardData !== undefined ? { cardData } : {}),
    ...(config !== undefined ? { config } : {}),
    ...(safetensors !== undefined ? { safetensors } : {}),
    ...(gguf !== undefined ? { gguf } : {}),
    ...(inferred.library_name !== undefined ? { library_name: inferred.library_name } : {}),
    ...(inferred.pipeline_tag !== undefined ? { pipeline_tag: inferred.pipeline_tag } : {}),
    ...(inferred.transformersInfo !== undefined ? { transformersInfo: inferred.transformersInfo } : {}),
    ...(sdk !== undefined ? { sdk } : {}),
    ...(mask !== undefined ? { mask_token: mask } : {}),
    ...(widgetData !== undefined ? { widgetData } : {}),
    problems,
  };
}
