// Model search: a search box and filters (task, library, provider, tag) backed by /api/models, with pagination.
// Everything lives in the URL, so a search can be shared and Back restores it.
import { PIPELINE_DATA } from "@hubkit/tasks";
import { useEffect, useState } from "react";
import { Link } from "../../components/link";
import { AsyncView } from "../../components/status";
import { getJson, type LibraryEntry, type ModelRecord, modelPath, nextCursorFromLink } from "../../lib/api";
import { loadInference } from "../../lib/inference-loader";
import { useSearchState } from "../../lib/search-state";
import { useAsync } from "../../lib/use-async";
import { apiQueryFromPage, hasFilters, SORTS } from "./model-search";

const PIPELINES = PIPELINE_DATA as Record<string, { name: string; color: string }>;

export default function ModelsPage() {
  const { params, setParams } = useSearchState();
  const apiPath = apiQueryFromPage(params);
  const results = useAsync(apiPath, async (signal) => {
    const { data, response } = await getJson<ModelRecord[]>(apiPath, signal);
    return { models: data, next: nextCursorFromLink(response.headers.get("link")) };
  });
  const libraries = useAsync("libraries", (signal) =>
    getJson<LibraryEntry[]>("/api/libraries", signal).then((r) => r.data.filter((library) => library.models > 0)),
  );
  // The provider list lives in @hubkit/inference, a chunk of its own that model pages load anyway.
  const providers = useAsync("providers", () => loadInference().then((m) => [...m.INFERENCE_PROVIDERS] as string[]));
  const chosenProvider = params.get("provider") ?? "";
  // The search box updates the URL after a short pause, not on every key press.
  const [draft, setDraft] = useState(params.get("q") ?? "");
  const urlQuery = params.get("q") ?? "";
  useEffect(() => setDraft(urlQuery), [urlQuery]);
  useEffect(() => {
    if (draft === urlQuery) return;
    const timer = setTimeout(() => setParams({ q: draft, cursor: undefined }, { replace: true }), 250);
    return () => clearTimeout(timer);
  }, [draft, urlQuery, setParams]);
  const set = (key: string) => (event: { target: { value: string } }) =>
    setParams({ [key]: event.target.value, cursor: undefined });

  return (
    <section>
      <h1>Models</h1>
      <form className="filters" aria-label="Search models" onSubmit={(event) => event.preventDefault()}>
        <label className="grow">
          <span>Search</span>
          <input
            type="search"
            value={draft}
            placeholder="Model name, e.g. llama"
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <label>
          <span>Task</span>
          <select value={params.get("pipeline_tag") ?? ""} onChange={set("pipeline_tag")}>
            <option value="">All tasks</option>
            {Object.entries(PIPELINES).map(([id, data]) => (
              <option key={id} value={id}>
                {data.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Library</span>
          <select value={params.get("library") ?? ""} onChange={set("library")}>
            <option value="">All libraries</option>
            {libraries.status === "ready"
              ? libraries.data.map((library) => (
                  <option key={library.key} value={library.key}>
                    {library.prettyLabel} ({library.models})
                  </option>
                ))
              : null}
          </select>
        </label>
        <label>
          <span>Provider</span>
          <select value={params.get("provider") ?? ""} onChange={set("provider")}>
            <option value="">Any provider</option>
            {(providers.status === "ready" ? providers.data : chosenProvider ? [chosenProvider] : []).map(
              (provider) => (
                <option key={provider} value={provider}>
                  {provider}
                </option>
              ),
            )}
          </select>
        </label>
        <label>
          <span>Sort</span>
          <select value={params.get("sort") ?? "downloads"} onChange={set("sort")}>
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      {params.get("tag") ? (
        <p>
          Tag: <code>{params.get("tag")}</code>{" "}
          <button type="button" onClick={() => setParams({ tag: undefined, cursor: undefined })}>
            Clear tag
          </button>
        </p>
      ) : null}
      <AsyncView
        state={results}
        what="models"
        render={({ models, next }) => (
          <>
            {models.length === 0 ? (
              <p role="status">
                No model matches{hasFilters(params) ? " these filters" : ""}.{" "}
                {hasFilters(params) ? (
                  <Link href="/models" className="button-link">
                    Clear filters
                  </Link>
                ) : null}
              </p>
            ) : (
              <ul className="model-list" aria-label="Models">
                {models.map((model) => (
                  <ModelRow key={model.id} model={model} />
                ))}
              </ul>
            )}
            <nav className="pager" aria-label="Pages">
              {params.get("cursor") ? (
                <button type="button" onClick={() => setParams({ cursor: undefined })}>
                  ← First page
                </button>
              ) : null}
              {next ? (
                <button type="button" onClick={() => setParams({ cursor: next })}>
                  Next page →
                </button>
              ) : null}
            </nav>
          </>
        )}
      />
    </section>
  );
}

function ModelRow({ model }: { model: ModelRecord }) {
  const pipeline = model.pipeline_tag ? PIPELINES[model.pipeline_tag] : undefined;
  return (
    <li className="model-row">
      <Link href={modelPath(model.id)} className="model-id">
        {model.id}
      </Link>
      <span className="model-meta">
        {pipeline ? (
          <span className="chip small">
            <span className="task-dot" style={{ background: `var(--c-${pipeline.color})` }} aria-hidden="true" />
            {pipeline.name}
          </span>
        ) : null}
        {model.library_name ? <span className="muted small">{model.library_name}</span> : null}
        {typeof model.downloads === "number" ? (
          <span className="muted small">{model.downloads.toLocaleString("en")} downloads</span>
        ) : null}
      </span>
    </li>
  );
}
