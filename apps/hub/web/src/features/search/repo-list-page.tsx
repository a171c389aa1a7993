// The models, datasets and spaces lists: search as you type, facets with counts, sorts and pages, all in the URL
// (so a search can be shared and Back restores it, scroll position included).
import { useEffect, useState } from "react";
import { AsyncView } from "../../components/status";
import { getJson, nextCursorFromLink } from "../../lib/api";
import { navigate, useLocation } from "../../lib/navigation";
import { hrefWith, useSearchState, withParams } from "../../lib/search-state";
import { useAsync } from "../../lib/use-async";
import { DEFAULT_SORT, type FacetConfig, LISTS, listTypeOfPath, SORTS } from "./list-config";
import {
  clearedFilters,
  facetsApiQuery,
  facetValue,
  hasFilters,
  listApiQuery,
  pageValueOf,
  searchOf,
  tagFilterOf,
} from "./list-query";
import { facetLabel, type ListItem, RepoRow } from "./repo-row";
import { useScrollMemory } from "./scroll-memory";

interface FacetsAnswer {
  total: number;
  truncated: boolean;
  facets: Record<string, Array<{ value: string; count: number }>>;
}

const SEARCH_DELAY_MS = 250;

export default function RepoListPage() {
  const { pathname, href } = useLocation();
  const config = LISTS[listTypeOfPath(pathname)];
  const { params, setParams } = useSearchState();
  const apiPath = listApiQuery(config, params);
  const results = useAsync(apiPath, async (signal) => {
    const { data, response } = await getJson<ListItem[]>(apiPath, signal);
    return { items: data, next: nextCursorFromLink(response.headers.get("link")) };
  });
  const facetsPath = facetsApiQuery(config, params);
  const facets = useAsync(facetsPath, (signal) => getJson<FacetsAnswer>(facetsPath, signal).then((r) => r.data));
  useScrollMemory(href, results.status === "ready");

  // The search box updates the URL after a short pause, not on every key press.
  const urlSearch = searchOf(params);
  const [draft, setDraft] = useState(urlSearch);
  useEffect(() => setDraft(urlSearch), [urlSearch]);
  useEffect(() => {
    if (draft.trim() === urlSearch) return;
    const timer = setTimeout(
      () => setParams({ search: draft.trim(), q: undefined, cursor: undefined }, { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [draft, urlSearch, setParams]);
  const setFacet = (facet: FacetConfig) => (event: { target: { value: string } }) =>
    setParams({
      [facet.param]: event.target.value,
      ...Object.fromEntries((facet.aliases ?? []).map((alias) => [alias, undefined])),
      cursor: undefined,
    });
  // A new page of results starts at the top (a filter change keeps the place: the form is at the top anyway).
  const goToPage = (cursor: string | undefined) =>
    navigate(hrefWith(pathname, withParams(new URLSearchParams(window.location.search), { cursor })));
  const tagFilter = tagFilterOf(params);
  const filtered = hasFilters(config, params);

  return (
    <section className="repo-list-page">
      <h1>{config.title}</h1>
      <form className="filters" aria-label={`Search ${config.noun}s`} onSubmit={(event) => event.preventDefault()}>
        <label className="grow">
          <span>Search</span>
          <input
            type="search"
            value={draft}
            placeholder={config.placeholder}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        {config.facets.map((facet) => {
          const chosen = facetValue(params, facet);
          const counts = facets.status === "ready" ? (facets.data.facets[facet.countsKey] ?? []) : [];
          const options = counts.map((entry) => ({ value: pageValueOf(facet, entry.value), count: entry.count }));
          if (chosen && !options.some((option) => option.value === chosen))
            options.unshift({ value: chosen, count: 0 });
          return (
            <label key={facet.param}>
              <span>{facet.label}</span>
              <select value={chosen} onChange={setFacet(facet)}>
                <option value="">{facet.anyLabel}</option>
                {options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {facetLabel(facet, option.value)}
                    {option.count > 0 ? ` (${option.count.toLocaleString("en")})` : ""}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
        <label>
          <span>Sort</span>
          <select
            value={params.get("sort") ?? DEFAULT_SORT}
            onChange={(event) => setParams({ sort: event.target.value, cursor: undefined })}
          >
            {SORTS.map((sort) => (
              <option key={sort.value} value={sort.value}>
                {sort.label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <p className="muted small list-summary" aria-live="polite">
        {facets.status === "ready"
          ? `${facets.data.total.toLocaleString("en")}${facets.data.truncated ? "+" : ""} ${config.noun}${facets.data.total === 1 ? "" : "s"}${filtered ? " match" : ""}`
          : "\u00a0"}
        {tagFilter ? (
          <>
            {" · tag "}
            <code>{tagFilter.value}</code>{" "}
            <button type="button" onClick={() => setParams({ [tagFilter.param]: undefined, cursor: undefined })}>
              Clear tag
            </button>
          </>
        ) : null}
      </p>
      <AsyncView
        state={results}
        what={`${config.noun}s`}
        render={({ items, next }) => (
          <>
            {items.length === 0 ? (
              <p role="status">
                No {config.noun} matches{filtered ? " these filters" : ""}.{" "}
                {filtered ? (
                  <button type="button" onClick={() => setParams(clearedFilters(config))}>
                    Clear filters
                  </button>
                ) : null}
              </p>
            ) : (
              <ul className="model-list" aria-label={config.title}>
                {items.map((item) => (
                  <RepoRow key={item.id} type={config.type} item={item} />
                ))}
              </ul>
            )}
            <nav className="pager" aria-label="Pages">
              {params.get("cursor") ? (
                <button type="button" onClick={() => goToPage(undefined)}>
                  ← First page
                </button>
              ) : null}
              {next ? (
                <button type="button" onClick={() => goToPage(next)}>
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
