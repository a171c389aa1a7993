// "Downloads last month" with a small graph of the last 30 days (an inline SVG sparkline; its summary in words is
// its accessible name). The series route may be missing or fail: then only the number shows.
import { getJson } from "../../lib/api";
import { formatCount } from "../../lib/format-count";
import { useAsync } from "../../lib/use-async";
import { type DownloadDay, parseDownloadDays, seriesSummary, sparklinePoints } from "./downloads-series";

const WIDTH = 240;
const HEIGHT = 44;

async function loadDays(id: string, signal: AbortSignal): Promise<DownloadDay[] | undefined> {
  try {
    const { data } = await getJson<unknown>(`/api/web/downloads/models/${id}`, signal);
    return parseDownloadDays(data);
  } catch (error) {
    if (signal.aborted) throw error;
    return undefined;
  }
}

export function DownloadsGraph({ id, downloads }: { id: string; downloads: number | null | undefined }) {
  const state = useAsync(`downloads:${id}`, (signal) => loadDays(id, signal));
  const days = state.status === "ready" ? state.data : undefined;
  return (
    <section className="model-downloads" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading" className="sidebar-label">
        Downloads last month
      </h2>
      <p className="downloads-count">{formatCount(downloads ?? 0, "download")}</p>
      {days ? (
        <>
          <Sparkline days={days} />
          <p className="muted small sparkline-caption" aria-hidden="true">
            Downloads per day, last {days.length} days
          </p>
        </>
      ) : null}
    </section>
  );
}

export function Sparkline({ days }: { days: readonly DownloadDay[] }) {
  const points = sparklinePoints(days, WIDTH, HEIGHT);
  return (
    <svg
      className="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Downloads per day: ${seriesSummary(days)}`}
    >
      <polygon className="sparkline-area" points={`0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`} />
      <polyline className="sparkline-line" points={points} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
