// useAsync for a list the page asks again after each change: while the new answer is on its way, the last one
// stays on screen (no flash of "Loading…"), so the focus and the announcements stay where they are. `scope`
// names what the data is about; data of another scope is never shown (a different organization's members).
import { useRef } from "react";
import { type AsyncState, useAsync } from "../../lib/use-async";

export function useRefreshed<T>(
  scope: string,
  version: number | string,
  load: (signal: AbortSignal) => Promise<T>,
): AsyncState<T> {
  const state = useAsync(`${scope}:${version}`, load);
  const last = useRef<{ scope: string; data: T }>(undefined);
  if (state.status === "ready") last.current = { scope, data: state.data };
  if (state.status === "loading" && last.current?.scope === scope) return { status: "ready", data: last.current.data };
  return state;
}
