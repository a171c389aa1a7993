// When the row holding the focus goes away (a member removed, a session signed out), the browser drops the focus to
// the page's start. This puts it on the list's heading instead, so a keyboard user stays where they were.
import { type RefObject, useEffect, useRef } from "react";

/** Returns `expectRemoval`: call it after a successful removal; once `rows` changes, a lost focus goes to `target`. */
export function useFocusAfterRemoval(rows: unknown, target: RefObject<HTMLElement | null>): () => void {
  const pending = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` changing is the signal (the new list is shown).
  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body || !focused.isConnected) target.current?.focus();
  }, [rows]);
  return () => {
    pending.current = true;
  };
}
