// The dataset viewer on a dataset's page: its configs and splits (from the card's `configs` or the file names), and
// the first rows of the chosen file as a table with typed columns. Text files are read in part with one Range
// request; Parquet files are read by hyparquet in a Web Worker (parquet-client.ts).
import { useId, useMemo, useState } from "react";
import { Link } from "../../components/link";
import { ErrorMessage, Loading } from "../../components/status";
import { useSearchState } from "../../lib/search-state";
import { useAsync } from "../../lib/use-async";
import { readText } from "../repo/read-file";
import type { RepoInfo } from "../repo/repo-data";
import { formatBytes, type RepoId, repoPagePath, resolveUrl } from "../repo/repo-url";
import { CellValue } from "./cell-value";
import { type DataFile, datasetLayout } from "./dataset-layout";
import { readParquetStart } from "./parquet-client";
import { MAX_ROWS, parseCsv, parseJsonLines, type Table } from "./parse-table";
import { repoMediaPath, typeRepoMediaColumns } from "./repo-media";

/** Bytes of a text file read for its first rows. */
export const TEXT_READ_BYTES = 1024 * 1024;

interface Preview extends Table {
  /** Rows in the whole file, when known (Parquet metadata, or a text file read whole). */
  numRows?: number;
}

async function loadPreview(
  repo: RepoId,
  rev: string,
  file: DataFile,
  files: ReadonlySet<string>,
  signal: AbortSignal,
): Promise<Preview> {
  const url = resolveUrl(repo, rev, file.path);
  if (file.format === "parquet") {
    const answer = await readParquetStart(url, MAX_ROWS, file.size, signal);
    return {
      columns: answer.columns,
      rows: answer.rows,
      more: answer.numRows > answer.rows.length,
      numRows: answer.numRows,
    };
  }
  const { text, truncated } = await readText(url, TEXT_READ_BYTES, signal);
  const table =
    file.format === "csv" || file.format === "tsv"
      ? parseCsv(text, file.format === "tsv" ? "\t" : ",", !truncated)
      : parseJsonLines(text, !truncated);
  const columns = typeRepoMediaColumns(table.columns, table.rows, file.path, files);
  return { ...table, columns, ...(!table.more ? { numRows: table.rows.length } : {}) };
}

export default function DatasetViewer({ repo, info }: { repo: RepoId; info: RepoInfo }) {
  const configs = useMemo(() => datasetLayout(info.siblings ?? [], info.cardData), [info.siblings, info.cardData]);
  // The subset and split are in the page's URL (`?config=…&split=…`), so a view can be shared and Back undoes a pick.
  const { params, setParams } = useSearchState();
  const configName = params.get("config") ?? undefined;
  const splitName = params.get("split") ?? undefined;
  const [filePath, setFilePath] = useState<string>();
  const ids = useId();
  const config = configs.find((c) => c.name === configName) ?? configs[0];
  const split = config?.splits.find((s) => s.name === splitName) ?? config?.splits[0];
  const file = split?.files.find((f) => f.path === filePath) ?? split?.files[0];
  const rev = info.sha ?? "main";
  const files = useMemo(() => new Set((info.siblings ?? []).map((sibling) => sibling.rfilename)), [info.siblings]);
  const preview = useAsync(`${repo.id}@${rev}:${file?.path ?? ""}`, (signal) =>
    file === undefined ? Promise.resolve(undefined) : loadPreview(repo, rev, file, files, signal),
  );
  if (config === undefined || split === undefined || file === undefined) return null;
  return (
    <section className="dataset-viewer" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Dataset viewer</h2>
      <div className="filters dataset-pickers">
        {configs.length > 1 ? (
          <label>
            <span>Subset</span>
            <select
              value={config.name}
              onChange={(event) => {
                setParams({ config: event.target.value, split: undefined });
                setFilePath(undefined);
              }}
            >
              {configs.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset className="split-picker">
          <legend>Split</legend>
          {config.splits.map((s) => (
            <button
              key={s.name}
              type="button"
              aria-pressed={s.name === split.name}
              onClick={() => {
                setParams({ split: s.name });
                setFilePath(undefined);
              }}
            >
              {s.name}
            </button>
          ))}
        </fieldset>
        {split.files.length > 1 ? (
          <label>
            <span>File</span>
            <select value={file.path} onChange={(event) => setFilePath(event.target.value)}>
              {split.files.map((f) => (
                <option key={f.path} value={f.path}>
                  {f.path}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </div>
      <p className="muted small">
        <Link href={repoPagePath(repo, { kind: "blob", rev, path: file.path })}>{file.path}</Link> · {file.format}
        {file.size !== undefined ? ` · ${formatBytes(file.size)}` : ""}
        {preview.status === "ready" && preview.data !== undefined ? <RowCount preview={preview.data} /> : null}
      </p>
      {preview.status === "loading" ? (
        <Loading what="the rows" />
      ) : preview.status === "error" ? (
        <ErrorMessage error={preview.error} what="the rows" />
      ) : preview.data !== undefined ? (
        <RowsTable
          preview={preview.data}
          caption={`First rows of the ${split.name} split (${file.path})`}
          mediaUrl={(value) => {
            const path = repoMediaPath(value, file.path, files);
            return path === undefined ? undefined : resolveUrl(repo, rev, path);
          }}
        />
      ) : null}
    </section>
  );
}

function RowCount({ preview }: { preview: Preview }) {
  if (preview.numRows !== undefined)
    return (
      <>
        {" · "}
        <strong>{preview.numRows.toLocaleString("en")}</strong> row{preview.numRows === 1 ? "" : "s"}
        {preview.more ? ` (the first ${preview.rows.length} shown)` : ""}
      </>
    );
  return <> · the first {preview.rows.length} rows shown</>;
}

function RowsTable({
  preview,
  caption,
  mediaUrl,
}: {
  preview: Preview;
  caption: string;
  /** The repository URL of a media cell (in an `image`/`audio` column), if it names a file of the repository. */
  mediaUrl: (value: unknown) => string | undefined;
}) {
  if (preview.rows.length === 0) return <p className="muted">This file has no rows.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must be reachable by keyboard.
    <section className="table-scroll dataset-scroll" tabIndex={0} aria-label={caption}>
      <table className="data-table dataset-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {preview.columns.map((column) => (
              <th key={column.name} scope="col">
                <span className="dataset-column">{column.name}</span>
                <span className="dataset-type">{column.type}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their position.
            <tr key={index}>
              {preview.columns.map((column) => (
                <td key={column.name}>
                  <CellValue
                    value={row[column.name]}
                    {...(column.type === "image" || column.type === "audio"
                      ? { media: { kind: column.type, url: mediaUrl(row[column.name]) } }
                      : {})}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
