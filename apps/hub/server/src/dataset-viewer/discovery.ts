// Which configs and splits a dataset has, and which files make each, the way the hub's dataset libraries decide:
// the card's `configs:` front matter (`config_name`, `data_files` as a pattern, a list, or `[{split, path}]`);
// else file-name conventions (train / validation (dev, valid, val) / test (eval) as a folder or a name part, shards
// `train-00000-of-00002.csv`); else every data file in one `train` split. Pure: files in, a plan out.
import { ConversionError } from "./conversion-error.js";
import { cardFolderSplit, type FolderPlan, folderPlans } from "./folder-discovery.js";

export type SourceFormat = "csv" | "tsv" | "json" | "jsonl" | "parquet" | "text" | "imagefolder" | "audiofolder";

export interface SourceFile {
  path: string;
  size: number;
}

export interface SplitPlan {
  split: string;
  format: SourceFormat;
  files: SourceFile[];
  /** An image or audio folder's split: its metadata file and class labels (folder-discovery.ts). */
  folder?: FolderPlan;
}

export interface ConfigPlan {
  config: string;
  splits: SplitPlan[];
}

const FORMATS: Record<string, SourceFormat> = {
  ".csv": "csv",
  ".tsv": "tsv",
  ".json": "json",
  ".jsonl": "jsonl",
  ".ndjson": "jsonl",
  ".parquet": "parquet",
  ".txt": "text",
};
/** Files that are data but that this hub cannot convert: a clear "unsupported" state instead of silence. */
const UNSUPPORTED =
  /\.(png|jpe?g|gif|webp|bmp|tiff?|wav|mp3|flac|ogg|opus|m4a|zip|tar|gz|tgz|zst|xz|bz2|arrow|h5|npy|npz|xlsx?|sql|webdataset)$/i;

const SPLIT_WORDS: readonly [string, readonly string[]][] = [
  ["train", ["train", "training"]],
  ["validation", ["validation", "valid", "val", "dev"]],
  ["test", ["test", "testing", "eval", "evaluation"]],
];
const SPLIT_ORDER = ["train", "validation", "test"];
/** Config and split names become folder names of the converted ref: a conservative set. */
export const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const MAX_FILES = 10_000;
const MAX_CONFIGS = 50;

export function extension(path: string): string {
  const dot = path.lastIndexOf(".");
  return dot < 0 ? "" : path.slice(dot).toLowerCase();
}

function isHidden(path: string): boolean {
  return path.split("/").some((part) => part.startsWith(".") || part.startsWith("__"));
}

/** The splits a path names (by folder or name part), possibly none. */
export function splitOfPath(path: string): string | undefined {
  const withoutExtension = path.toLowerCase().replace(/\.[a-z0-9]+$/, "");
  const tokens = withoutExtension.split(/[/._\s-]+|(?<=[a-z])(?=[0-9])|(?<=[0-9])(?=[a-z])/);
  for (const [split, words] of SPLIT_WORDS) if (tokens.some((token) => words.includes(token))) return split;
  return undefined;
}

/** A shell-style pattern (`*` within a folder, `**` across folders, `?` one character) as a whole-path test. */
function globTest(pattern: string): (path: string) => boolean {
  let source = "";
  const text = pattern.replace(/^\.?\//, "");
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (char === "*" && text[i + 1] === "*") {
      source += text[i + 2] === "/" ? "(?:.*/)?" : ".*";
      i += text[i + 2] === "/" ? 2 : 1;
    } else if (char === "*") source += "[^/]*";
    else if (char === "?") source += "[^/]";
    else source += char.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  const regex = new RegExp(`^${source}$`);
  return (path) => regex.test(path);
}

export function sortSplits(splits: SplitPlan[]): SplitPlan[] {
  const rank = (name: string) => {
    const index = SPLIT_ORDER.indexOf(name);
    return index < 0 ? SPLIT_ORDER.length : index;
  };
  return splits.sort((a, b) => rank(a.split) - rank(b.split) || a.split.localeCompare(b.split));
}

/** One split's files: those of the most common supported format (the others would not fit one table). */
function splitPlan(split: string, files: SourceFile[]): SplitPlan | undefined {
  const byFormat = new Map<SourceFormat, SourceFile[]>();
  for (const file of files) {
    const format = FORMATS[extension(file.path)];
    if (format !== undefined) byFormat.set(format, [...(byFormat.get(format) ?? []), file]);
  }
  let best: [SourceFormat, SourceFile[]] | undefined;
  for (const entry of byFormat) if (best === undefined || entry[1].length > best[1].length) best = entry;
  if (best === undefined) return undefined;
  return { split, format: best[0], files: best[1].sort((a, b) => a.path.localeCompare(b.path)) };
}

const isData = (path: string) => FORMATS[extension(path)] !== undefined;

function checkedName(value: unknown, what: string): string {
  if (typeof value !== "string" || !NAME.test(value))
    throw new ConversionError("ConfigNamesError", `Invalid ${what} name in the dataset card: ${JSON.stringify(value)}`);
  return value;
}

function patternsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value as string[];
  throw new ConversionError("ConfigNamesError", "Invalid data_files in the dataset card");
}

/** Plans from the card's `configs:` list. */
function cardPlans(configs: unknown, files: SourceFile[]): ConfigPlan[] {
  if (!Array.isArray(configs) || configs.length === 0 || configs.length > MAX_CONFIGS)
    throw new ConversionError("ConfigNamesError", "The dataset card's configs must be a list of 1 to 50 entries");
  const plans: ConfigPlan[] = [];
  for (const entry of configs) {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw new ConversionError("ConfigNamesError", "Each entry of the dataset card's configs must be a mapping");
    const fields = entry as Record<string, unknown>;
    const config = checkedName(fields.config_name ?? "default", "config");
    const dataFiles = fields.data_files;
    // A list of {split, path} mappings, or patterns for one `train` split.
    const splitPatterns: [string, string[]][] =
      Array.isArray(dataFiles) && dataFiles.some((item) => typeof item === "object" && item !== null)
        ? dataFiles.map((item) => {
            const pair = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
            return [checkedName(pair.split ?? "train", "split"), patternsOf(pair.path)];
          })
        : [["train", dataFiles === undefined ? ["**"] : patternsOf(dataFiles)]];
    const splits: SplitPlan[] = [];
    for (const [split, patterns] of splitPatterns) {
      const tests = patterns.map(globTest);
      const matched = files.filter((file) => tests.some((test) => test(file.path)));
      const plan = cardFolderSplit(split, matched, isData) ?? splitPlan(split, matched);
      if (plan === undefined)
        throw new ConversionError("EmptyDatasetError", `No data file matches the split ${split} of config ${config}`);
      splits.push(plan);
    }
    plans.push({ config, splits: sortSplits(splits) });
  }
  const defaultFirst = configs.findIndex(
    (entry) => typeof entry === "object" && entry !== null && (entry as Record<string, unknown>).default === true,
  );
  if (defaultFirst > 0) plans.unshift(...plans.splice(defaultFirst, 1));
  return plans;
}

/**
 * The dataset's configs and splits from its files (`path`, `size`) and its card data (front matter, parsed).
 * Throws ConversionError when nothing can be converted.
 */
export function discover(all: readonly SourceFile[], cardData: Record<string, unknown> | undefined): ConfigPlan[] {
  const files = all.filter((file) => !isHidden(file.path) && file.path.toLowerCase() !== "readme.md");
  if (files.length > MAX_FILES)
    throw new ConversionError("DatasetTooBigError", `The dataset has more than ${MAX_FILES} files`);
  if (cardData?.configs !== undefined) return cardPlans(cardData.configs, files);
  const folders = folderPlans(files, isData);
  if (folders !== undefined) return folders;
  const data = files.filter((file) => FORMATS[extension(file.path)] !== undefined);
  if (data.length === 0) {
    if (files.some((file) => UNSUPPORTED.test(file.path)))
      throw new ConversionError(
        "UnsupportedFileFormatError",
        "This dataset's files (archives or other formats) are not supported by this hub's viewer: it converts CSV, TSV, JSON, JSON Lines, Parquet and text files, and image and audio folders",
      );
    throw new ConversionError("EmptyDatasetError", "The dataset has no data files");
  }
  const bySplit = new Map<string, SourceFile[]>();
  for (const file of data) {
    const split = splitOfPath(file.path);
    if (split !== undefined) bySplit.set(split, [...(bySplit.get(split) ?? []), file]);
  }
  if (bySplit.size === 0) bySplit.set("train", data);
  const splits: SplitPlan[] = [];
  for (const [split, splitFiles] of bySplit) {
    const plan = splitPlan(split, splitFiles);
    if (plan !== undefined) splits.push(plan);
  }
  return [{ config: "default", splits: sortSplits(splits) }];
}
