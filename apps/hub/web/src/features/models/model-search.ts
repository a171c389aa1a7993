// The models page's state ↔ the API query: which URL parameters the page keeps and how they map to /api/models.

export const SORTS = [
  { value: "downloads", label: "Most downloads" },
  { value: "likes", label: "Most likes" },
  { value: "lastModified", label: "Recently updated" },
] as const;

export const PAGE_SIZE = 30;

/** Page parameters (in the page URL) → the API query string. Unknown page parameters are ignored. */
export function apiQueryFromPage(page: URLSearchParams, limit = PAGE_SIZE): string {
  const api = new URLSearchParams();
  const copy = (from: string, to: string) => {
    const value = page.get(from)?.trim();
    if (value) api.set(to, value);
  };
  copy("q", "search");
  copy("pipeline_tag", "pipeline_tag");
  copy("library", "library");
  copy("provider", "inference_provider");
  copy("tag", "filter");
  copy("sort", "sort");
  copy("cursor", "cursor");
  api.set("limit", String(limit));
  return `/api/models?${api.toString()}`;
}

/** Whether any filter is set (the cursor and the sort are not filters). */
export function hasFilters(page: URLSearchParams): boolean {
  return ["q", "pipeline_tag", "library", "provider", "tag"].some((key) => (page.get(key) ?? "").trim() !== "");
}
