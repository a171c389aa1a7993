// A list page's URL state ↔ the API: which page parameters it keeps (the hub's names, plus older aliases) and how
// they become `GET /api/{type}s` and `GET /api/web/facets/{type}s` queries. Pure functions, unit-tested.
import { DEFAULT_SORT, type FacetConfig, type ListConfig } from "./list-config";

export const PAGE_SIZE = 30;

/** Page parameters that name a raw tag (`?other=gguf`, as the hub's chips link; `tag` in older links). */
const TAG_PARAMS = ["other", "tag"] as const;

/** The search text of the page (`?search=`, or `?q=` in older links). */
export function searchOf(page: URLSearchParams): string {
  return (page.get("search") ?? page.get("q") ?? "").trim();
}

/** The value chosen for `facet` in the page's URL ("" for none). */
export function facetValue(page: URLSearchParams, facet: FacetConfig): string {
  for (const name of [facet.param, ...(facet.aliases ?? [])]) {
    const value = page.get(name)?.trim();
    if (value) return value;
  }
  return "";
}

/** A facet count's value (the server's, e.g. `license:mit`) → the page's value (`mit`). */
export function pageValueOf(facet: FacetConfig, serverValue: string): string {
  return facet.api.kind === "tag" && serverValue.startsWith(facet.api.prefix)
    ? serverValue.slice(facet.api.prefix.length)
    : serverValue;
}

/** The filters of the page as API parameters, in a stable order: own parameters first, then `filter` tags. */
function filterParams(config: ListConfig, page: URLSearchParams): URLSearchParams {
  const api = new URLSearchParams();
  const search = searchOf(page);
  if (search) api.set("search", search);
  for (const facet of config.facets) {
    const value = facetValue(page, facet);
    if (value && facet.api.kind === "param") api.set(facet.api.name, value);
  }
  for (const facet of config.facets) {
    const value = facetValue(page, facet);
    if (value && facet.api.kind === "tag") api.append("filter", `${facet.api.prefix}${value}`);
  }
  for (const name of TAG_PARAMS) {
    const value = page.get(name)?.trim();
    if (value) api.append("filter", value);
  }
  return api;
}

/** Page parameters → the list's API path. Unknown page parameters are ignored. */
export function listApiQuery(config: ListConfig, page: URLSearchParams, limit = PAGE_SIZE): string {
  const api = filterParams(config, page);
  // The page's default order (Trending) is asked for by name: the API's own default is downloads.
  api.set("sort", page.get("sort")?.trim() || DEFAULT_SORT);
  const cursor = page.get("cursor")?.trim();
  if (cursor) api.set("cursor", cursor);
  api.set("limit", String(limit));
  // A space's row shows its card's emoji, title and short description.
  if (config.type === "space") api.set("cardData", "true");
  return `/api/${config.type}s?${api.toString()}`;
}

/** Page parameters → the facet counts' API path (sort and page do not change the counts). */
export function facetsApiQuery(config: ListConfig, page: URLSearchParams): string {
  const query = filterParams(config, page).toString();
  return `/api/web/facets/${config.type}s${query ? `?${query}` : ""}`;
}

/** Whether any filter is set (the cursor and the sort are not filters). */
export function hasFilters(config: ListConfig, page: URLSearchParams): boolean {
  return filterParams(config, page).toString() !== "";
}

/** The page's URL changes that clear every filter (search, facets, tags) and the cursor; the sort stays. */
export function clearedFilters(config: ListConfig): Record<string, undefined> {
  const names = [
    "search",
    "q",
    "cursor",
    ...TAG_PARAMS,
    ...config.facets.flatMap((f) => [f.param, ...(f.aliases ?? [])]),
  ];
  return Object.fromEntries(names.map((name) => [name, undefined]));
}

/** The raw tag filter of the page, if any (shown as a removable chip). */
export function tagFilterOf(page: URLSearchParams): { param: string; value: string } | undefined {
  for (const name of TAG_PARAMS) {
    const value = page.get(name)?.trim();
    if (value) return { param: name, value };
  }
  return undefined;
}
