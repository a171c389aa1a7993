// A dataset's configs and splits from its files, as the hub's viewer finds them: the card's `configs` (each with
// `data_files` as a path, a list, or `{split, path}` entries; paths may be globs) or, without them, one `default`
// config whose splits come from the file names (`train`, `validation`/`valid`/`dev`, `test`). Pure, unit-tested.

export type DataFormat = "csv" | "tsv" | "jsonl" | "json" | "parquet";

export interface DataFile {
  path: string;
  format: DataFormat;
  size?: number;
}

export interface Split {
  name: string;
  files: DataFile[];
}

export interface DatasetConfig {
  name: string;
  splits: Split[];
}

const FORMATS: ReadonlyArray<[RegExp, DataFormat]> = [
  [/\.csv$/i, "csv"],
  [/\.tsv$/i, "tsv"],
  [/\.jsonl$/i, "jsonl"],
  [/\.ndjson$/i, "jsonl"],
  [/\.json$/i, "json"],
  [/\.parquet$/i, "parquet"],
];

/** Most configs, splits per config and files per split kept (a hostile card may list thousands). */
const MAX_CONFIGS = 50;
const MAX_SPLITS = 20;
const MAX_FILES = 200;
const MAX_GLOB = 500;

export function formatOf(path: string): DataFormat | undefined {
  return FORMATS.find(([pattern]) => pattern.test(path))?.[1];
}

/** A data-files glob (`*` within a folder, `**` across folders, `?` one character) as an anchored regex. */
export function globToRegExp(glob: string): RegExp | undefined {
  if (glob.length === 0 || glob.length > MAX_GLOB) return undefined;
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i] as string;
    if (char === "*") {
      if (glob[i + 1] === "*") {
        // `**/` matches zero or more folders.
        const slash = glob[i + 2] === "/";
        source += slash ? "(?:.*/)?" : ".*";
        i += slash ? 2 : 1;
      } else source += "[^/]*";
    } else if (char === "?") source += "[^/]";
    else source += char.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

const SPLIT_WORDS: ReadonlyArray<[string, RegExp]> = [
  ["train", /(?:^|[/._-])(?:train|training)(?:[/._-]|\d|$)/i],
  ["validation", /(?:^|[/._-])(?:validation|valid|val|dev)(?:[/._-]|\d|$)/i],
  ["test", /(?:^|[/._-])(?:test|testing|eval|evaluation)(?:[/._-]|\d|$)/i],
];

/** The split a file belongs to by its path (`train` when its name says none). */
export function splitOfPath(path: string): string {
  for (const [split, pattern] of SPLIT_WORDS) if (pattern.test(path)) return split;
  return "train";
}

const SPLIT_ORDER = ["train", "validation", "test"];
const bySplitOrder = (a: Split, b: Split) => {
  const rank = (name: string) => (SPLIT_ORDER.includes(name) ? SPLIT_ORDER.indexOf(name) : SPLIT_ORDER.length);
  return rank(a.name) - rank(b.name) || a.name.localeCompare(b.name);
};

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

/** The `{split, patterns}` entries of a card config's `data_files`. */
function splitPatterns(dataFiles: unknown): Array<{ split: string; patterns: string[] }> {
  if (typeof dataFiles === "string" || (Array.isArray(dataFiles) && dataFiles.every((x) => typeof x === "string")))
    return [{ split: "train", patterns: strings(dataFiles) }];
  if (!Array.isArray(dataFiles)) return [];
  const out: Array<{ split: string; patterns: string[] }> = [];
  for (const entry of dataFiles) {
    if (typeof entry !== "object" || entry === null) continue;
    const { split, path } = entry as { split?: unknown; path?: unknown };
    out.push({ split: typeof split === "string" && split !== "" ? split : "train", patterns: strings(path) });
  }
  return out;
}

export function datasetLayout(
  siblings: ReadonlyArray<{ rfilename: string; size?: number; lfs?: { size: number } }>,
  cardData: Record<string, unknown> | undefined,
): DatasetConfig[] {
  const files: DataFile[] = [];
  for (const sibling of siblings) {
    const format = formatOf(sibling.rfilename);
    // Hidden folders (`.github/…`) hold no data.
    if (format === undefined || sibling.rfilename.split("/").some((part) => part.startsWith("."))) continue;
    const size = sibling.lfs?.size ?? sibling.size;
    files.push({ path: sibling.rfilename, format, ...(size !== undefined ? { size } : {}) });
  }
  const configs: DatasetConfig[] = [];
  const cardConfigs = Array.isArray(cardData?.configs) ? cardData.configs.slice(0, MAX_CONFIGS) : [];
  for (const config of cardConfigs) {
    if (typeof config !== "object" || config === null) continue;
    const { config_name: name, data_files: dataFiles } = config as { config_name?: unknown; data_files?: unknown };
    const splits: Split[] = [];
    for (const { split, patterns } of splitPatterns(dataFiles).slice(0, MAX_SPLITS)) {
      const regexes = patterns.map(globToRegExp).filter((r): r is RegExp => r !== undefined);
      const matched = files.filter((file) => regexes.some((regex) => regex.test(file.path))).slice(0, MAX_FILES);
      if (matched.length === 0) continue;
      const existing = splits.find((s) => s.name === split);
      if (existing !== undefined) existing.files.push(...matched);
      else splits.push({ name: split, files: matched });
    }
    if (splits.length > 0) configs.push({ name: typeof name === "string" && name !== "" ? name : "default", splits });
  }
  if (configs.length > 0) return configs;
  if (files.length === 0) return [];
  const splits = new Map<string, DataFile[]>();
  for (const file of files) {
    const split = splitOfPath(file.path);
    const list = splits.get(split) ?? [];
    if (list.length < MAX_FILES) list.push(file);
    splits.set(split, list);
  }
  return [
    {
      name: "default",
      splits: [...splits].map(([name, list]) => ({ name, files: list })).sort(bySplitOrder),
    },
  ];
}
