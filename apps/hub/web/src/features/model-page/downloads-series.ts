// The model page's 30-day downloads series (GET /api/web/downloads/{type}s/{id} → {"days":[{date, downloads}]},
// oldest first): checked on arrival (the graph draws nothing rather than something wrong), and turned into the
// sparkline's points and its text summary. Pure, so it is unit-tested.

export interface DownloadDay {
  date: string;
  downloads: number;
}

/** At most this many days are drawn (the route gives 30). */
export const MAX_DAYS = 31;

/** The days of an answer, or undefined when it is not the documented shape. */
export function parseDownloadDays(body: unknown): DownloadDay[] | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const days = (body as { days?: unknown }).days;
  if (!Array.isArray(days) || days.length === 0 || days.length > MAX_DAYS) return undefined;
  const parsed: DownloadDay[] = [];
  for (const day of days) {
    if (typeof day !== "object" || day === null) return undefined;
    const { date, downloads } = day as { date?: unknown; downloads?: unknown };
    if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
    if (typeof downloads !== "number" || !Number.isFinite(downloads) || downloads < 0) return undefined;
    parsed.push({ date, downloads: Math.floor(downloads) });
  }
  return parsed;
}

/** The polyline's points in a width × height box (a flat line along the bottom when every day is 0). */
export function sparklinePoints(days: readonly DownloadDay[], width: number, height: number): string {
  const peak = Math.max(1, ...days.map((day) => day.downloads));
  const step = days.length > 1 ? width / (days.length - 1) : 0;
  return days
    .map((day, index) => {
      const x = days.length > 1 ? index * step : width / 2;
      const y = height - 1 - (day.downloads / peak) * (height - 2);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

/** What the graph shows, in words (its accessible name). */
export function seriesSummary(days: readonly DownloadDay[]): string {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return "No downloads recorded";
  const total = days.reduce((sum, day) => sum + day.downloads, 0);
  const peak = days.reduce((best, day) => (day.downloads > best.downloads ? day : best), first);
  const counted = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "download" : "downloads"}`;
  if (total === 0) return `No downloads from ${first.date} to ${last.date}`;
  return `${counted(total)} from ${first.date} to ${last.date}; busiest day ${peak.date} with ${counted(peak.downloads)}`;
}
