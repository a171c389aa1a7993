// Keeps each list address's scroll position, so that Back (to an earlier page of results, or from a repository
// to the list) returns where the visitor was. The browser's own restoration cannot: on Back the list is fetched
// again and is not there yet when the browser scrolls. Positions live in memory (Back in a single-page app does not
// reload) and are bounded.
import { useEffect } from "react";

const MAX_ENTRIES = 100;
const positions = new Map<string, number>();
/** The address a Back/Forward led to, until a page restores it. */
let popped: string | undefined;

const here = () => window.location.pathname + window.location.search;

if (typeof window !== "undefined") window.addEventListener("popstate", () => (popped = here()));

export function rememberScroll(href: string, y: number): void {
  positions.delete(href);
  positions.set(href, y);
  for (const oldest of positions.keys()) {
    if (positions.size <= MAX_ENTRIES) break;
    positions.delete(oldest);
  }
}

/** The position to restore at `href`, once, when the visitor came back to it with Back or Forward. */
export function takeRestore(href: string): number | undefined {
  if (popped !== href) return undefined;
  popped = undefined;
  return positions.get(href);
}

/**
 * Records the scroll position of `href` while its content is shown (`ready`), and restores it once the content is
 * back after Back/Forward. Positions are recorded only while the address is still `href` (a link click scrolls the
 * next page to the top after the address changed) and never while loading (the short page would clamp it).
 */
export function useScrollMemory(href: string, ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const y = takeRestore(href);
    const stopRestoring = y === undefined ? () => {} : restore(y);
    let frame = 0;
    const onScroll = () => {
      if (frame !== 0) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (here() === href) rememberScroll(href, window.scrollY);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      stopRestoring();
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [href, ready]);
}

/** How long a restore keeps up with the page growing (parts of it that arrive after the list). */
const RESTORE_WINDOW_MS = 1000;

/**
 * Scrolls to `y`, and again each time the page's height changes for a short while: a page that is still shorter
 * than `y` needs clamps the first scroll, and the browser's scroll anchoring then moves it by what arrives above.
 * Returns the function that stops it early.
 */
function restore(y: number): () => void {
  window.scrollTo(0, y);
  if (typeof ResizeObserver === "undefined") return () => {};
  const observer = new ResizeObserver(() => {
    if (window.scrollY !== y) window.scrollTo(0, y);
  });
  observer.observe(document.documentElement);
  // The visitor's own scrolling ends it at once.
  const inputs = ["wheel", "touchstart", "keydown", "mousedown"] as const;
  const stop = () => {
    clearTimeout(timer);
    observer.disconnect();
    for (const input of inputs) window.removeEventListener(input, stop);
  };
  const timer = setTimeout(stop, RESTORE_WINDOW_MS);
  for (const input of inputs) window.addEventListener(input, stop, { passive: true });
  return stop;
}
