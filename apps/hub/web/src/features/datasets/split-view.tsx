// One split in the viewer: the search box and filter bar, the page of rows (`/rows`, or `/search` with a query,
// or `/filter` with a where/orderby) with the total and the pager, the column charts from `/statistics`, and the
// "Use this dataset" menu. A page being fetched keeps the previous one on screen.
import { useMemo, useRef } from "react";
import { Loading } from "../../components/status";
import { FilterBar } from "./filter-bar";
import { Pager } from "./pager";
import { RowsTable } from "./rows-table";
import { SearchBox } from "./search-box";
import { UseDatasetMenu } from "./use-dataset-menu";
import { useKeptAsync } from "./use-kept-async";
import { useRecheckedAsync } from "./use-recheck";
import {
  type ColumnStatisticsEntry,
  PAGE_LENGTH,
  type RowsAnswer,
  type StatisticsAnswer,
  viewerGet,
} from "./viewer-api";
import { ViewerProblem } from "./viewer-problem";
import type { ViewerChange, ViewerState } from "./viewer-url-state";

function loadRows(dataset: string, config: string, split: string, state: ViewerState, signal: AbortSignal) {
  const page = { dataset, config, split, offset: state.offset, length: PAGE_LENGTH };
  if (state.query !== undefined) return viewerGet<RowsAnswer>("search", { ...page, query: state.query }, signal);
  if (state.where !== undefined || state.orderby !== undefined)
    return viewerGet<RowsAnswer>("filter", { ...page, where: state.where, orderby: state.orderby }, signal);
  return viewerGet<RowsAnswer>("rows", page, signal);
}

export function SplitView({
  dataset,
  revision,
  config,
  split,
  state,
  isPrivate,
  change,
  hrefFor,
}: {
  dataset: string;
  revision: string;
  config: string;
  split: string;
  state: ViewerState;
  isPrivate: boolean;
  change: (change: ViewerChange) => void;
  hrefFor: (change: ViewerChange) => string;
}) {
  const where = `${dataset}@${revision}\u0000${config}\u0000${split}`;
  const rowsKey = [state.offset, state.query ?? "", state.where ?? "", state.orderby ?? ""].join("\u0000");
  const rows = useRecheckedAsync(where, rowsKey, (signal) => loadRows(dataset, config, split, state, signal));
  // Asked once rows have arrived: during a conversion they would answer "not ready" like the rows.
  const rowsReady = rows.state.status === "ready";
  const statistics = useKeptAsync(where, rowsReady ? "statistics" : "waiting", (signal) =>
    rowsReady
      ? viewerGet<StatisticsAnswer>("statistics", { dataset, config, split }, signal)
      : Promise.resolve(undefined),
  );
  const byColumn = useMemo(() => {
    const map = new Map<string, ColumnStatisticsEntry>();
    if (statistics.state.status === "ready")
      for (const entry of statistics.state.data?.statistics ?? []) map.set(entry.column_name, entry);
    return map;
  }, [statistics.state]);
  // The columns for the filter bar: from the last page that loaded (a refused filter keeps the bar usable).
  const searchInput = useRef<HTMLInputElement>(null);
  const lastFeatures = useRef<{ where: string; features: RowsAnswer["features"] }>(undefined);
  if (rows.state.status === "ready") lastFeatures.current = { where, features: rows.state.data.features };
  const features = lastFeatures.current?.where === where ? lastFeatures.current.features : [];
  const searching = state.query !== undefined;
  const filtering = state.where !== undefined || state.orderby !== undefined;
  const what = searching || filtering ? "matching rows" : "rows";
  const caption = `${split} split of ${config}${searching ? `, rows matching “${state.query}”` : filtering ? ", filtered" : ""}`;

  return (
    <div className="split-view">
      <div className="viewer-tools">
        <SearchBox query={state.query} onSearch={(query) => change({ kind: "search", query })} inputRef={searchInput} />
        <UseDatasetMenu dataset={dataset} config={config} split={split} isPrivate={isPrivate} />
      </div>
      <details className="viewer-filter-box" open={filtering || undefined}>
        <summary>Filter and order{filtering ? " (active)" : ""}</summary>
        {features.length > 0 || state.where !== undefined ? (
          <FilterBar
            features={features}
            where={state.where}
            orderby={state.orderby}
            onApply={(whereClause, orderby) => change({ kind: "filter", where: whereClause, orderby })}
          />
        ) : (
          <p className="muted small">The filter needs the split's columns: they appear with the rows.</p>
        )}
      </details>
      {searching || filtering ? (
        <p className="viewer-active small">
          {searching ? `Rows matching “${state.query}”.` : "Filtered rows."}{" "}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              change({ kind: "clear" });
              searchInput.current?.focus();
            }}
          >
            Show all rows
          </button>
        </p>
      ) : null}
      {rows.state.status === "loading" ? (
        <Loading what="the rows" />
      ) : rows.state.status === "error" ? (
        <ViewerProblem
          error={rows.state.error}
          what={searching ? "the search" : filtering ? "the filter" : "the rows"}
          onRetry={rows.retry}
        />
      ) : (
        <RowsPage
          answer={rows.state.data}
          offset={state.offset}
          what={what}
          caption={caption}
          statistics={byColumn}
          busy={rows.refreshing}
          hrefFor={(offset) => hrefFor({ kind: "offset", offset })}
        />
      )}
      {statistics.state.status === "error" && rowsReady ? (
        <p className="muted small">Column statistics are not available: {statistics.state.error.message}</p>
      ) : null}
    </div>
  );
}

function RowsPage({
  answer,
  offset,
  what,
  caption,
  statistics,
  busy,
  hrefFor,
}: {
  answer: RowsAnswer;
  offset: number;
  what: string;
  caption: string;
  statistics: ReadonlyMap<string, ColumnStatisticsEntry>;
  busy: boolean;
  hrefFor: (offset: number) => string;
}) {
  const total = answer.num_rows_total;
  return (
    <div className="rows-page" aria-busy={busy}>
      <p className="viewer-total">
        <strong>{total.toLocaleString("en")}</strong> {what === "rows" ? (total === 1 ? "row" : "rows") : what}
        {answer.partial ? " (in the part of the split the viewer converted)" : ""}
      </p>
      {answer.rows.length > 0 ? (
        <RowsTable features={answer.features} rows={answer.rows} statistics={statistics} caption={caption} />
      ) : (
        <p className="muted">{total === 0 ? `No ${what}.` : "No rows at this offset."}</p>
      )}
      {/* One page holds them all: no pager. */}
      {total > PAGE_LENGTH || offset > 0 ? (
        <Pager
          offset={offset}
          length={PAGE_LENGTH}
          shown={answer.rows.length}
          total={total}
          hrefFor={hrefFor}
          what={what}
        />
      ) : null}
    </div>
  );
}
