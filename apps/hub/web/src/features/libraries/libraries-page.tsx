// The library catalogue: a filterable list with label, repository and docs links, the download-count query, the
// tasks each library serves through hosted inference, and how many models of the index use it.
import { LIBRARY_TASK_MAPPING, PIPELINE_DATA } from "@hubkit/tasks";
import { useMemo } from "react";
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { getJson, type LibraryEntry } from "../../lib/api";
import { useSearchState } from "../../lib/search-state";
import { useAsync } from "../../lib/use-async";

const TASKS_BY_LIBRARY = LIBRARY_TASK_MAPPING as Partial<Record<string, string[]>>;
const PIPELINES = PIPELINE_DATA as Record<string, { name: string; color: string }>;

export function filterLibraries(
  libraries: readonly LibraryEntry[],
  query: string,
  options: { withSnippets: boolean; withModels: boolean },
): LibraryEntry[] {
  const needle = query.trim().toLowerCase();
  return libraries.filter((library) => {
    if (options.withSnippets && !library.hasSnippets) return false;
    if (options.withModels && library.models === 0) return false;
    if (needle === "") return true;
    const tasks = TASKS_BY_LIBRARY[library.key] ?? [];
    return [library.key, library.prettyLabel, library.repoName ?? "", ...tasks].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}

export default function LibrariesPage() {
  const state = useAsync("libraries", (signal) =>
    getJson<LibraryEntry[]>("/api/libraries", signal).then((r) => r.data),
  );
  const { params, setParams } = useSearchState();
  const query = params.get("q") ?? "";
  const withSnippets = params.get("snippets") === "1";
  const withModels = params.get("indexed") === "1";
  return (
    <section>
      <h1>Libraries</h1>
      <p className="muted">The libraries models are loaded with, what they serve, and how downloads are counted.</p>
      <form className="toolbar" aria-label="Filter libraries" onSubmit={(event) => event.preventDefault()}>
        <label>
          <span className="visually-hidden">Filter libraries</span>
          <input
            type="search"
            placeholder="Filter by name or task…"
            value={query}
            onChange={(event) => setParams({ q: event.target.value }, { replace: true })}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={withSnippets}
            onChange={(event) => setParams({ snippets: event.target.checked ? "1" : undefined })}
          />
          With code snippets
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={withModels}
            onChange={(event) => setParams({ indexed: event.target.checked ? "1" : undefined })}
          />
          With models in this index
        </label>
      </form>
      <AsyncView
        state={state}
        what="libraries"
        render={(libraries) => (
          <LibraryList libraries={libraries} query={query} options={{ withSnippets, withModels }} />
        )}
      />
    </section>
  );
}

function LibraryList({
  libraries,
  query,
  options,
}: {
  libraries: LibraryEntry[];
  query: string;
  options: { withSnippets: boolean; withModels: boolean };
}) {
  const shown = useMemo(() => filterLibraries(libraries, query, options), [libraries, query, options]);
  return (
    <>
      <p className="muted" aria-live="polite">
        {shown.length} of {libraries.length} libraries
      </p>
      <ul className="library-list">
        {shown.map((library) => (
          <li key={library.key} className="card library-card">
            <div className="library-head">
              <h2>{library.prettyLabel}</h2>
              <code className="muted">{library.key}</code>
              {library.hasSnippets ? <span className="badge">snippets</span> : null}
            </div>
            <p className="links">
              {library.repoUrl ? (
                <a href={library.repoUrl} rel="noreferrer">
                  {library.repoName ?? "Repository"}
                </a>
              ) : null}
              {library.docsUrl ? (
                <a href={library.docsUrl} rel="noreferrer">
                  Docs
                </a>
              ) : null}
              {library.models > 0 ? (
                <Link href={`/models?library=${encodeURIComponent(library.key)}`}>
                  {library.models} model{library.models === 1 ? "" : "s"}
                </Link>
              ) : null}
            </p>
            {library.countDownloads ? (
              <p className="small">
                Downloads counted by: <code>{library.countDownloads}</code>
              </p>
            ) : null}
            {(TASKS_BY_LIBRARY[library.key] ?? []).length > 0 ? (
              <ul className="chips" aria-label={`Tasks served by ${library.prettyLabel}`}>
                {(TASKS_BY_LIBRARY[library.key] ?? []).map((task) => (
                  <li key={task}>
                    <Link href={`/tasks/${task}`} className="chip small">
                      <span
                        className="task-dot"
                        style={{ background: `var(--c-${PIPELINES[task]?.color ?? "blue"})` }}
                        aria-hidden="true"
                      />
                      {PIPELINES[task]?.name ?? task}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
