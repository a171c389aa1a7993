// Loading and error states shared by the pages.
import type { AsyncState } from "../lib/use-async";

export function Loading({ what }: { what: string }) {
  return (
    <p className="loading" role="status">
      Loading {what}…
    </p>
  );
}

export function ErrorMessage({ error, what }: { error: Error; what: string }) {
  return (
    <p className="error" role="alert">
      Could not load {what}: {error.message}
    </p>
  );
}

/** A form's refusal (the hub's message, or a check of our own), announced; nothing when there is none. */
export function FormProblem({ problem }: { problem: string | undefined }) {
  if (!problem) return null;
  return (
    <p className="error" role="alert">
      {problem}
    </p>
  );
}

/** Renders the loading/error state, or `render(data)` once the data is there. */
export function AsyncView<T>({
  state,
  what,
  render,
}: {
  state: AsyncState<T>;
  what: string;
  render: (data: T) => React.ReactNode;
}) {
  if (state.status === "loading") return <Loading what={what} />;
  if (state.status === "error") return <ErrorMessage error={state.error} what={what} />;
  return <>{render(state.data)}</>;
}
