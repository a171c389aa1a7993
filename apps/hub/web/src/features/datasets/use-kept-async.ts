// useAsync that keeps showing the last settled answer while the next one loads (a new page of rows, a re-check of
// a pending conversion): the table does not blink away and the focused pager link stays in the page.
// `group` names what an answer is about; an answer from another group (another dataset or split) is not kept.
import { useRef } from "react";
import { type AsyncState, useAsync } from "../../lib/use-async";

export function useKeptAsync<T>(
  group: string,
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): { state: AsyncState<T>; refreshing: boolean } {
  const current = useAsync(`${group}\u0000${key}`, load);
  const kept = useRef<{ group: string; state: AsyncState<T> }>(undefined);
  if (current.status !== "loading") kept.current = { group, state: current };
  if (current.status === "loading" && kept.current?.group === group)
    return { state: kept.current.state, refreshing: true };
  return { state: current, refreshing: false };
}
