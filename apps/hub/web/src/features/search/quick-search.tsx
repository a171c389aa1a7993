// The header's global search: a button (and Ctrl-K / ⌘K anywhere) that opens the search dialog. The dialog is its
// own chunk, loaded on first use, so the header every page loads stays small.
import { lazy, Suspense, useEffect, useState } from "react";

const QuickSearchDialog = lazy(() => import("./quick-search-dialog"));

/** Ctrl-K, or ⌘K on a Mac. */
export function isSearchShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
}

export function QuickSearch() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        type="button"
        className="quick-search-button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
      >
        <span aria-hidden="true">⌕</span> Search <kbd className="quick-search-kbd">Ctrl K</kbd>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <QuickSearchDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
