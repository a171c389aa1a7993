// "Use this dataset": a disclosure (a native <details>, opened by Enter/Space, closed by Escape with the focus back
// on its button) with the `datasets`, pandas, Polars and DuckDB snippets for the shown split on this hub, each with
// a copy button. The split's Parquet file names come from the service's `/parquet`.
import { useEffect, useRef, useState } from "react";
import { CodeBlock } from "../../components/code-block";
import { useAsync } from "../../lib/use-async";
import { datasetSnippets, PARQUET_REVISION } from "./dataset-snippets";
import { type ParquetAnswer, viewerGet } from "./viewer-api";

/** The part of a Parquet file's address after the revision: `{config}/{split}/0000.parquet`. */
function pathInRevision(file: { config: string; split: string; filename: string }): string {
  return `${file.config}/${file.split}/${file.filename}`;
}

export function UseDatasetMenu({
  dataset,
  config,
  split,
  isPrivate,
}: {
  dataset: string;
  config: string;
  split: string;
  isPrivate: boolean;
}) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      menu.current?.removeAttribute("open");
      menu.current?.querySelector("summary")?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  // Fetched once the menu is opened: most visitors never open it.
  const parquet = useAsync(open ? `${dataset}:parquet` : "", (signal) =>
    open ? viewerGet<ParquetAnswer>("parquet", { dataset }, signal) : Promise.resolve(undefined),
  );
  const files =
    parquet.status === "ready" && parquet.data !== undefined
      ? parquet.data.parquet_files
          .filter((file) => file.config === config && file.split === split)
          .map(pathInRevision)
          .sort()
      : [];
  const snippets = datasetSnippets({
    endpoint: window.location.origin,
    dataset,
    config,
    split,
    files,
    private: isPrivate,
  });
  return (
    <details className="use-dataset" ref={menu} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Use this dataset</summary>
      <div className="use-dataset-panel">
        <p className="muted small">
          Reads the {split} split of {config} from this hub. The Parquet readers use the converted files in{" "}
          <code>{PARQUET_REVISION}</code>.
        </p>
        {parquet.status === "loading" && open ? (
          <p className="muted small" role="status">
            Looking up the Parquet files…
          </p>
        ) : null}
        {snippets.map((snippet) => (
          <section key={snippet.tool} aria-label={`${snippet.label} snippet`}>
            <h3>{snippet.label}</h3>
            <CodeBlock
              code={snippet.code}
              language={snippet.language === "sql" ? "text" : snippet.language}
              label={`${snippet.label} code`}
            />
          </section>
        ))}
      </div>
    </details>
  );
}
