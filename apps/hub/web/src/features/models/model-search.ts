// The models list's state ↔ the API query: kept as the models' entry to the shared list logic (features/search).
import { LISTS } from "../search/list-config";
import { listApiQuery, hasFilters as listHasFilters, PAGE_SIZE } from "../search/list-query";

export { PAGE_SIZE };

/** Page parameters (in the page URL) → the API query string. Unknown page parameters are ignored. */
export function apiQueryFromPage(page: URLSearchParams, limit = PAGE_SIZE): string {
  return listApiQuery(LISTS.model, page, limit);
}

/** Whether any filter is set (the cursor and the sort are not filters). */
export function hasFilters(page: URLSearchParams): boolean {
  return listHasFilters(LISTS.model, page);
}
