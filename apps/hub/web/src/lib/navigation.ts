// A minimal client-side router on the History API: one hook for the current location, one function to navigate.
import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};
if (typeof window !== "undefined") window.addEventListener("popstate", notify);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => window.location.pathname + window.location.search;

/** The current path and query string; re-renders on navigation. */
export function useLocation(): { pathname: string; search: URLSearchParams; href: string } {
  const href = useSyncExternalStore(subscribe, snapshot, () => "/");
  const url = new URL(href, "http://localhost");
  return { pathname: url.pathname, search: url.searchParams, href };
}

/** Navigates without a page load. `replace` keeps the history length (e.g. when typing in a search box). */
export function navigate(to: string, options: { replace?: boolean; scroll?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  // jsdom has no scrolling; browsers jump to the top of a new page but not when only the query changes.
  if (options.scroll !== false && !navigator.userAgent.includes("jsdom")) window.scrollTo?.(0, 0);
  notify();
}
