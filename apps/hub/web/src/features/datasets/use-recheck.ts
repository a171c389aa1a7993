// A viewer loader that asks again on its own while the service says the dataset is still being converted: every
// RECHECK_MS while the answer is "pending" (at most MAX_RECHECKS times), keeping the pending note on screen in
// between (use-kept-async.ts). `retry` asks again at once (the "Try again" button).
import { useCallback, useEffect, useState } from "react";
import type { AsyncState } from "../../lib/use-async";
import { useKeptAsync } from "./use-kept-async";
import { ViewerApiError } from "./viewer-api";

const RECHECK_MS = 3_000;
/** Ten minutes of re-checks; after that the page shows the pending note until reloaded or retried. */
const MAX_RECHECKS = 200;

function isPending(state: AsyncState<unknown>): boolean {
  return state.status === "error" && state.error instanceof ViewerApiError && state.error.kind === "pending";
}

export function useRecheckedAsync<T>(
  group: string,
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): { state: AsyncState<T>; refreshing: boolean; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const { state, refreshing } = useKeptAsync(group, `${key}\u0000${attempt}`, load);
  const pending = isPending(state);
  useEffect(() => {
    if (!pending || refreshing || attempt >= MAX_RECHECKS) return;
    const timer = setTimeout(() => setAttempt((n) => n + 1), RECHECK_MS);
    return () => clearTimeout(timer);
  }, [pending, refreshing, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, refreshing, retry };
}
