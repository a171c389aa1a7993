// Page state kept in the URL's query string, so searches can be shared, bookmarked and restored with Back.
import { navigate, useLocation } from "./navigation";

/** Returns `search` with `changes` applied: empty values remove the key; other keys are kept in order. */
export function withParams(search: URLSearchParams, changes: Record<string, string | undefined>): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export function hrefWith(pathname: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The current query parameters and a setter that rewrites them (replacing the history entry while typing). */
export function useSearchState(): {
  params: URLSearchParams;
  setParams: (changes: Record<string, string | undefined>, options?: { replace?: boolean }) => void;
} {
  const { pathname, search } = useLocation();
  return {
    params: search,
    setParams: (changes, options = {}) => {
      const current = new URLSearchParams(window.location.search);
      navigate(hrefWith(pathname, withParams(current, changes)), { replace: options.replace ?? false, scroll: false });
    },
  };
}
