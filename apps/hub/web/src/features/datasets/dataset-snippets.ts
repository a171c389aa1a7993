// "Use this dataset": code for the `datasets` library, pandas, Polars and DuckDB that reads THIS hub's copy of the
// dataset. Each tool reaches a hub differently:
// - `datasets` and pandas go through huggingface_hub (`load_dataset`, and fsspec's `hf://` → HfFileSystem), which
//   takes the hub's address from HF_ENDPOINT (read when huggingface_hub is imported) or, for HfFileSystem, an
//   `endpoint` storage option;
// - Polars' and DuckDB's own `hf://` support can only reach the hosted hub (huggingface.co is built into both), so
//   their snippets read the converted Parquet files over plain HTTP(S) from this hub's resolve URLs; for a private
//   dataset Polars opens them through HfFileSystem instead (its HTTP reader sends no token; checked by
//   server/test/dataset-viewer-snippets.test.ts, which runs the Python snippets against a real hub).
// Pure, unit-tested.

export const PARQUET_REVISION = "refs/convert/parquet";

export interface SnippetTarget {
  /** The hub's origin, e.g. `https://hub.example.org` (the page's own). */
  endpoint: string;
  /** `owner/name`. */
  dataset: string;
  config: string;
  split: string;
  /** The split's Parquet files in the converted revision (`{config}/{split}/0000.parquet`, …). */
  files: string[];
  /** A private dataset: the snippets show where an access token goes. */
  private: boolean;
}

export interface Snippet {
  tool: "datasets" | "pandas" | "polars" | "duckdb";
  label: string;
  language: "python" | "sql";
  code: string;
}

/** A Python string literal (JSON's escaping is valid Python for these characters). */
const py = (text: string) => JSON.stringify(text);
/** An SQL string literal. */
const sql = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The file's URL on this hub: `{endpoint}/datasets/{id}/resolve/refs%2Fconvert%2Fparquet/{path}`. */
export function resolveFileUrl(endpoint: string, dataset: string, path: string): string {
  const encodedPath = path.split("/").map(encodeURIComponent).join("/");
  return `${endpoint}/datasets/${dataset}/resolve/${encodeURIComponent(PARQUET_REVISION)}/${encodedPath}`;
}

/** The file as an `hf://` path in the converted revision (HfFileSystem reads `@refs/convert/parquet` whole). */
export function hfPath(dataset: string, path: string): string {
  return `hf://datasets/${dataset}@${PARQUET_REVISION}/${path}`;
}

function datasetsSnippet(t: SnippetTarget): string {
  const args = [py(t.dataset), ...(t.config !== "default" ? [py(t.config)] : []), `split=${py(t.split)}`];
  return [
    "import os",
    "",
    "# Set before importing datasets: huggingface_hub reads it on import.",
    `os.environ["HF_ENDPOINT"] = ${py(t.endpoint)}`,
    ...(t.private ? ['os.environ["HF_TOKEN"] = "hf_…"  # an access token of this hub'] : []),
    "from datasets import load_dataset",
    "",
    `ds = load_dataset(${args.join(", ")})`,
  ].join("\n");
}

function pandasSnippet(t: SnippetTarget): string {
  const options = `{"endpoint": ${py(t.endpoint)}${t.private ? ', "token": "hf_…"' : ""}}`;
  const paths = t.files.map((file) => hfPath(t.dataset, file));
  const read =
    paths.length === 1
      ? [`df = pd.read_parquet(${py(paths[0] as string)}, storage_options=storage_options)`]
      : [
          "files = [",
          ...paths.map((path) => `    ${py(path)},`),
          "]",
          "df = pd.concat(pd.read_parquet(f, storage_options=storage_options) for f in files)",
        ];
  return [
    "import pandas as pd",
    "",
    "# hf:// goes through huggingface_hub's HfFileSystem: `endpoint` is this hub.",
    `storage_options = ${options}`,
    ...read,
  ].join("\n");
}

function polarsSnippet(t: SnippetTarget): string {
  if (t.private) {
    // Polars' HTTP reader sends no token (storage_options are for cloud stores): open the files through
    // huggingface_hub's HfFileSystem, which takes this hub's endpoint and the token.
    const paths = t.files.map((file) => py(hfPath(t.dataset, file)));
    const read =
      paths.length === 1
        ? [`df = pl.read_parquet(fs.open(${paths[0]}))`]
        : [
            "files = [",
            ...paths.map((path) => `    ${path},`),
            "]",
            "df = pl.concat(pl.read_parquet(fs.open(f)) for f in files)",
          ];
    return [
      "import polars as pl",
      "from huggingface_hub import HfFileSystem",
      "",
      "# A private dataset: Polars' own readers send no token, HfFileSystem does.",
      `fs = HfFileSystem(endpoint=${py(t.endpoint)}, token="hf_…")`,
      ...read,
    ].join("\n");
  }
  const urls = t.files.map((file) => resolveFileUrl(t.endpoint, t.dataset, file));
  const source = urls.length === 1 ? py(urls[0] as string) : `[\n${urls.map((url) => `    ${py(url)},`).join("\n")}\n]`;
  return [
    "import polars as pl",
    "",
    "# Polars' hf:// reaches only huggingface.co: read this hub's files over HTTP.",
    `df = pl.read_parquet(${source})`,
  ].join("\n");
}

function duckdbSnippet(t: SnippetTarget): string {
  const urls = t.files.map((file) => sql(resolveFileUrl(t.endpoint, t.dataset, file)));
  const source = urls.length === 1 ? (urls[0] as string) : `read_parquet([${urls.join(", ")}])`;
  return [
    "-- DuckDB's hf:// reaches only huggingface.co: read this hub's files over HTTP.",
    ...(t.private ? ["CREATE SECRET (TYPE http, BEARER_TOKEN 'hf_…');"] : []),
    `SELECT * FROM ${source} LIMIT 10;`,
  ].join("\n");
}

export function datasetSnippets(target: SnippetTarget): Snippet[] {
  const snippets: Snippet[] = [
    { tool: "datasets", label: "Datasets", language: "python", code: datasetsSnippet(target) },
  ];
  // The Parquet readers need the converted files; without them only `datasets` (which reads the originals) applies.
  if (target.files.length > 0)
    snippets.push(
      { tool: "pandas", label: "pandas", language: "python", code: pandasSnippet(target) },
      { tool: "polars", label: "Polars", language: "python", code: polarsSnippet(target) },
      { tool: "duckdb", label: "DuckDB", language: "sql", code: duckdbSnippet(target) },
    );
  return snippets;
}
