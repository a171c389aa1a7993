// Runs an async loader when its key changes and exposes loading / data / error; stale answers are dropped.
import { useEffect, useState } from "react";

export type AsyncState<T> = { status: "loading" } | { status: "error"; error: Error } | { status: "ready"; data: T };

export function useAsync<T>(key: string, load: (signal: AbortSignal) => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<{ key: string; value: AsyncState<T> }>({ key, value: { status: "loading" } });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names everything the loader depends on.
  useEffect(() => {
    const controller = new AbortController();
    setState({ key, value: { status: "loading" } });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ key, value: { status: "ready", data } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setState({
            key,
            value: { status: "error", error: error instanceof Error ? error : new Error(String(error)) },
          });
      },
    );
    return () => controller.abort();
  }, [key]);
  return state.key === key ? state.value : { status: "loading" };
}
