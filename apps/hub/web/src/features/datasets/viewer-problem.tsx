// What the viewer says when the service has no rows to give: the conversion is still running ("being prepared",
// re-checked by the caller), it failed (the service's error), a search or filter was refused (the service's 400
// message, next to the bar that sent it), or the service cannot be reached.
import { ViewerApiError } from "./viewer-api";

export function ViewerProblem({ error, what, onRetry }: { error: Error; what: string; onRetry?: () => void }) {
  const kind = error instanceof ViewerApiError ? error.kind : "unavailable";
  if (kind === "pending")
    return (
      <p className="viewer-note" role="status">
        The viewer is being prepared: this dataset is being converted to Parquet. This page checks again on its own.
      </p>
    );
  // A dataset without data files (only a card, say) is not a fault: a plain note, as for a dataset without a viewer.
  if (error instanceof ViewerApiError && error.code === "EmptyDatasetError")
    return <p className="muted">This dataset has no data files for the viewer yet.</p>;
  return (
    <div className="error" role="alert">
      <p>
        {kind === "refused"
          ? `The dataset viewer refused ${what}: ${error.message}`
          : kind === "failed"
            ? `The dataset viewer could not prepare ${what}: ${error.message}`
            : `The dataset viewer is not available: ${error.message}`}
      </p>
      {onRetry !== undefined && kind !== "refused" ? (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
