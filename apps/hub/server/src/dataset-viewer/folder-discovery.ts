// Image and audio folders, planned the way the hub's "folder" builders (ImageFolder / AudioFolder) read them: media
// files split by the usual train/validation/test names; a `metadata.csv` / `metadata.jsonl` whose `file_name`
// column names files relative to its own folder adds its columns; without one, the parent folders' names become a
// `label` class column when there are at least two of them and every file sits at the same depth.
import { ConversionError } from "./conversion-error.js";
import { extension, type SourceFile, type SplitPlan, sortSplits, splitOfPath } from "./discovery.js";

export type MediaKind = "image" | "audio";

export interface FolderPlan {
  kind: MediaKind;
  /** The split's metadata file, whose `file_name` joins the media files (relative to its folder). */
  metadata?: SourceFile;
  /** Class names (sorted) when labels come from the parent folders; each file's label is its parent's name. */
  labels?: string[];
}

const MEDIA: Record<MediaKind, ReadonlySet<string>> = {
  image: new Set([".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff"]),
  audio: new Set([".wav", ".mp3", ".flac", ".ogg"]),
};
const METADATA_NAMES = new Set(["metadata.csv", "metadata.jsonl"]);

export const baseName = (path: string) => path.slice(path.lastIndexOf("/") + 1);
export const folderOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "");

/** The media file's path relative to `folder` (`""` = the repository's root), as `file_name` names it. */
export function relativeTo(folder: string, path: string): string {
  return folder === "" ? path : path.slice(folder.length + 1);
}

function isUnder(folder: string, path: string): boolean {
  return folder === "" || path.startsWith(`${folder}/`);
}

/** Whether these files are an image or an audio folder (media outnumber the other data files, metadata aside). */
function mediaKindOf(files: readonly SourceFile[], isData: (path: string) => boolean): MediaKind | undefined {
  const counts = { image: 0, audio: 0 };
  let tabular = 0;
  for (const file of files) {
    const ext = extension(file.path);
    if (MEDIA.image.has(ext)) counts.image++;
    else if (MEDIA.audio.has(ext)) counts.audio++;
    else if (isData(file.path) && !isMetadata(file)) tabular++;
  }
  const kind: MediaKind = counts.image >= counts.audio ? "image" : "audio";
  return counts[kind] === 0 || counts[kind] < tabular ? undefined : kind;
}

const isMetadata = (file: SourceFile) => METADATA_NAMES.has(baseName(file.path).toLowerCase());

function metadataOf(files: readonly SourceFile[]): SourceFile[] {
  const metadata = files.filter(isMetadata);
  if (new Set(metadata.map((file) => extension(file.path))).size > 1)
    throw new ConversionError("MalformedFileError", "The metadata files must all be CSV or all be JSON Lines");
  return metadata;
}

/** Labels only without metadata, from parent folder names, when there are ≥ 2 and all files are equally deep. */
function labelsOf(media: readonly SourceFile[], metadata: readonly SourceFile[]): string[] | undefined {
  if (metadata.length > 0) return undefined;
  const names = new Set(media.map((file) => baseName(folderOf(file.path))));
  const depths = new Set(media.map((file) => file.path.split("/").length));
  return names.size > 1 && depths.size === 1 ? [...names].sort() : undefined;
}

function folderSplit(
  split: string,
  kind: MediaKind,
  media: SourceFile[],
  metadataFiles: readonly SourceFile[],
  labels: string[] | undefined,
): SplitPlan {
  const applying = metadataFiles.filter((meta) => media.some((file) => isUnder(folderOf(meta.path), file.path)));
  if (applying.length > 1)
    throw new ConversionError(
      "UnsupportedFileFormatError",
      `The split ${split} has more than one metadata file (${applying.map((meta) => meta.path).join(", ")}): this hub reads one per split`,
    );
  const metadata = applying[0];
  return {
    split,
    format: kind === "image" ? "imagefolder" : "audiofolder",
    files: media.sort((a, b) => a.path.localeCompare(b.path)),
    folder: {
      kind,
      ...(metadata !== undefined ? { metadata } : {}),
      ...(labels !== undefined ? { labels } : {}),
    },
  };
}

/**
 * One split named by the card's `configs:` when its files are an image or audio folder (metadata files among them),
 * else undefined.
 */
export function cardFolderSplit(
  split: string,
  files: readonly SourceFile[],
  isData: (path: string) => boolean,
): SplitPlan | undefined {
  const kind = mediaKindOf(files, isData);
  if (kind === undefined) return undefined;
  const media = files.filter((file) => MEDIA[kind].has(extension(file.path)));
  const metadata = metadataOf(files);
  return folderSplit(split, kind, media, metadata, labelsOf(media, metadata));
}

/**
 * The splits of an image or audio folder, or undefined when the dataset is not one (its media files are fewer than
 * its other data files, metadata files aside). `isData` tells a tabular data file.
 */
export function folderPlans(
  files: readonly SourceFile[],
  isData: (path: string) => boolean,
): { config: string; splits: SplitPlan[] }[] | undefined {
  const kind = mediaKindOf(files, isData);
  if (kind === undefined) return undefined;
  const media = files.filter((file) => MEDIA[kind].has(extension(file.path)));
  const metadata = metadataOf(files);
  const labels = labelsOf(media, metadata);
  const bySplit = new Map<string, SourceFile[]>();
  for (const file of media) {
    const split = splitOfPath(file.path) ?? "train";
    bySplit.set(split, [...(bySplit.get(split) ?? []), file]);
  }
  const splits = [...bySplit].map(([split, splitFiles]) => folderSplit(split, kind, splitFiles, metadata, labels));
  return [{ config: "default", splits: sortSplits(splits) }];
}
