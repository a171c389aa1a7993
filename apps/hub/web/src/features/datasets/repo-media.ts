// Text cells that name an image or audio file of the repository (an `imagefolder`-style `metadata.csv` with a
// `file_name` column, say): such a column is typed `image`/`audio` and its cells shown from the repository's own
// resolve URLs. Only files that exist in the repository count; no other address is ever loaded. Pure, unit-tested.
import type { Column } from "./parse-table";

const IMAGE = /\.(?:png|jpe?g|gif|webp|avif|bmp)$/i;
const AUDIO = /\.(?:wav|mp3|flac|ogg|oga|m4a)$/i;

export type RepoMediaKind = "image" | "audio";

/** The repository path a cell names, resolved against the data file's folder; undefined when none exists. */
export function repoMediaPath(value: unknown, dataFile: string, files: ReadonlySet<string>): string | undefined {
  if (typeof value !== "string" || value.length === 0 || value.length > 1000) return undefined;
  if (!IMAGE.test(value) && !AUDIO.test(value)) return undefined;
  const folder = dataFile.includes("/") ? dataFile.slice(0, dataFile.lastIndexOf("/") + 1) : "";
  const name = value.replace(/^\.\//, "");
  for (const candidate of [`${folder}${name}`, name]) if (files.has(candidate)) return candidate;
  return undefined;
}

export function mediaKindOfPath(path: string): RepoMediaKind | undefined {
  return IMAGE.test(path) ? "image" : AUDIO.test(path) ? "audio" : undefined;
}

/** Columns whose every non-empty cell names one media kind of the repository's files get that kind as type. */
export function typeRepoMediaColumns(
  columns: readonly Column[],
  rows: ReadonlyArray<Record<string, unknown>>,
  dataFile: string,
  files: ReadonlySet<string>,
): Column[] {
  return columns.map((column) => {
    if (column.type !== "string") return column;
    const kinds = new Set<RepoMediaKind | undefined>();
    for (const row of rows) {
      const value = row[column.name];
      if (value === null || value === undefined || value === "") continue;
      const path = repoMediaPath(value, dataFile, files);
      kinds.add(path === undefined ? undefined : mediaKindOfPath(path));
      if (kinds.has(undefined)) return column;
    }
    const [kind] = [...kinds];
    return kinds.size === 1 && kind !== undefined ? { ...column, type: kind } : column;
  });
}
