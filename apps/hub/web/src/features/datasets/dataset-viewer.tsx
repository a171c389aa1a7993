// The dataset viewer on a dataset's page, driven by the hub's dataset-viewer API (viewer-api.ts): subsets and
// splits from `/splits` with each split's row count from `/size`, a page of rows from `/rows` (or `/search`, or
// `/filter`), column charts from `/statistics`, and "Use this dataset". What is shown lives in the URL
// (viewer-url-state.ts). Until the service has converted the dataset, or when it cannot, a note says so.
import { useId } from "react";
import { Loading } from "../../components/status";
import { useLocation } from "../../lib/navigation";
import { hrefWith, useSearchState, withParams } from "../../lib/search-state";
import type { RepoInfo } from "../repo/repo-data";
import type { RepoId } from "../repo/repo-url";
import "./dataset-viewer.css";
import { SplitView } from "./split-view";
import { useKeptAsync } from "./use-kept-async";
import { useRecheckedAsync } from "./use-recheck";
import { errorMessageOf, type SizeAnswer, type SplitsAnswer, ViewerApiError, viewerGet } from "./viewer-api";
import { ViewerProblem } from "./viewer-problem";
import { groupSplits, pickSplit, readViewerState, type ViewerChange, viewerChanges } from "./viewer-url-state";

/** `/splits`, with "nothing converted yet" (empty splits, some pending) and "all failed" as errors. */
async function loadSplits(dataset: string, signal: AbortSignal): Promise<SplitsAnswer> {
  const answer = await viewerGet<SplitsAnswer>("splits", { dataset }, signal);
  if (answer.splits.length > 0) return answer;
  if ((answer.pending ?? []).length > 0)
    throw new ViewerApiError("The conversion is pending", 500, "pending", "ResponseNotReady");
  const failed = answer.failed?.[0];
  if (failed !== undefined)
    throw new ViewerApiError(errorMessageOf(failed.error) ?? "the conversion failed", 500, "failed", undefined);
  throw new ViewerApiError("This dataset has no data files the viewer can read.", 404, "refused", undefined);
}

export default function DatasetViewer({ repo, info }: { repo: RepoId; info: RepoInfo }) {
  const ids = useId();
  const { pathname } = useLocation();
  const { params, setParams } = useSearchState();
  const state = readViewerState(params);
  const rev = info.sha ?? "main";
  const disabled = info.cardData?.viewer === false;

  const splits = useRecheckedAsync(`${repo.id}@${rev}`, "splits", (signal) =>
    disabled ? Promise.resolve({ splits: [] }) : loadSplits(repo.id, signal),
  );
  const splitsState = splits.state;
  const size = useKeptAsync(`${repo.id}@${rev}:size`, splitsState.status, (signal) =>
    splitsState.status === "ready"
      ? viewerGet<SizeAnswer>("size", { dataset: repo.id }, signal)
      : Promise.resolve(undefined),
  );

  const change = (viewerChange: ViewerChange) => setParams(viewerChanges(viewerChange));
  const hrefFor = (viewerChange: ViewerChange) => hrefWith(pathname, withParams(params, viewerChanges(viewerChange)));

  const heading = (
    <h2 id={`${ids}-title`} className="viewer-title">
      Dataset viewer
    </h2>
  );
  if (disabled)
    return (
      <section className="dataset-viewer" aria-labelledby={`${ids}-title`}>
        {heading}
        <p className="viewer-note">The dataset viewer is turned off by this dataset's card (`viewer: false`).</p>
      </section>
    );
  if (splitsState.status !== "ready")
    return (
      <section className="dataset-viewer" aria-labelledby={`${ids}-title`}>
        {heading}
        {splitsState.status === "loading" ? (
          <Loading what="the dataset viewer" />
        ) : (
          <ViewerProblem error={splitsState.error} what="this dataset" onRetry={splits.retry} />
        )}
      </section>
    );
  const groups = groupSplits(splitsState.data.splits);
  const chosen = pickSplit(groups, state);
  if (chosen === undefined) return null;
  const counts = new Map<string, number>();
  if (size.state.status === "ready")
    for (const entry of size.state.data?.size.splits ?? [])
      counts.set(`${entry.config}\u0000${entry.split}`, entry.num_rows);
  const configSplits = groups.find((group) => group.config === chosen.config)?.splits ?? [];

  return (
    <section className="dataset-viewer" aria-labelledby={`${ids}-title`}>
      <div className="viewer-heading">{heading}</div>
      <div className="filters dataset-pickers">
        {groups.length > 1 ? (
          <label>
            <span>Subset</span>
            <select value={chosen.config} onChange={(event) => change({ kind: "config", config: event.target.value })}>
              {groups.map((group) => (
                <option key={group.config} value={group.config}>
                  {group.config}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <fieldset className="split-picker">
          <legend>Split</legend>
          {configSplits.map((split) => {
            const count = counts.get(`${chosen.config}\u0000${split}`);
            return (
              <button
                key={split}
                type="button"
                aria-pressed={split === chosen.split}
                onClick={() => change({ kind: "split", split })}
              >
                {split}
                {count !== undefined ? (
                  <span className="split-count">
                    <span className="visually-hidden">, </span>
                    {count.toLocaleString("en")}
                    <span className="visually-hidden"> rows</span>
                  </span>
                ) : null}
              </button>
            );
          })}
        </fieldset>
      </div>
      <SplitView
        dataset={repo.id}
        revision={rev}
        config={chosen.config}
        split={chosen.split}
        state={state}
        isPrivate={info.private === true || (info.gated !== undefined && info.gated !== false)}
        change={change}
        hrefFor={hrefFor}
      />
    </section>
  );
}
