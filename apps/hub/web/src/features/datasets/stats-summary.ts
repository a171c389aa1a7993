// A column's `/statistics` entry in words and in chart-ready numbers: the text alternative of its chart (numbers:
// range and mean; text: lengths; classes: the most common values with their shares; nulls), the histogram bars,
// and the class bar's segments (the largest classes, the rest as "others"). Pure, unit-tested.
import type { ColumnStatistics, ColumnStatisticsEntry } from "./viewer-api";

/** Classes drawn in a class bar before the rest is one "others" segment. */
const MAX_CLASS_SEGMENTS = 5;
/** Histogram bars drawn at most (a hostile answer may send thousands). */
const MAX_BARS = 50;

const number = (value: number) =>
  Number.isInteger(value) ? value.toLocaleString("en") : value.toLocaleString("en", { maximumSignificantDigits: 4 });

function shown(value: number | string | null | undefined): string | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return number(value);
  if (typeof value === "string" && value !== "") return value.slice(0, 40);
  return undefined;
}

const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : "0%");

export interface ClassSegment {
  label: string;
  count: number;
  share: number;
}

/** The class bar's segments, largest first, at most MAX_CLASS_SEGMENTS plus "others". */
export function classSegments(frequencies: Record<string, number>): ClassSegment[] {
  const entries = Object.entries(frequencies)
    .filter((entry): entry is [string, number] => typeof entry[1] === "number" && entry[1] > 0)
    .sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (total === 0) return [];
  const top = entries.slice(0, MAX_CLASS_SEGMENTS).map(([label, count]) => ({ label, count, share: count / total }));
  const rest = entries.slice(MAX_CLASS_SEGMENTS).reduce((sum, [, count]) => sum + count, 0);
  if (rest > 0) top.push({ label: "others", count: rest, share: rest / total });
  return top;
}

/** The histogram's bar heights (0–1 of the tallest), at most MAX_BARS, or none when the shape is wrong. */
export function histogramBars(stats: ColumnStatistics): number[] {
  const hist = stats.histogram?.hist;
  if (!Array.isArray(hist) || hist.length === 0) return [];
  const counts = hist.slice(0, MAX_BARS).map((count) => (typeof count === "number" && count > 0 ? count : 0));
  const tallest = Math.max(...counts);
  return tallest > 0 ? counts.map((count) => count / tallest) : [];
}

function nulls(stats: ColumnStatistics): string | undefined {
  const count = stats.nan_count;
  if (typeof count !== "number" || count <= 0) return undefined;
  const share = typeof stats.nan_proportion === "number" ? ` (${Math.round(stats.nan_proportion * 100)}%)` : "";
  return `${number(count)} null${count === 1 ? "" : "s"}${share}`;
}

/** The short line shown under the chart (the range, or the number of classes). */
export function statsCaption(entry: ColumnStatisticsEntry): string | undefined {
  const stats = entry.column_statistics;
  if (stats.frequencies !== undefined) {
    const classes = stats.n_unique ?? Object.keys(stats.frequencies).length;
    return `${number(classes)} value${classes === 1 ? "" : "s"}`;
  }
  const min = shown(stats.min);
  const max = shown(stats.max);
  if (min === undefined || max === undefined) return undefined;
  const range = `${min} – ${max}`;
  return entry.column_type === "string_text" || entry.column_type === "list" ? `length ${range}` : range;
}

/** The whole statistics of the column in one sentence: the chart's text alternative. */
export function statsDescription(entry: ColumnStatisticsEntry): string {
  const stats = entry.column_statistics;
  const parts: string[] = [];
  if (stats.frequencies !== undefined) {
    const segments = classSegments(stats.frequencies);
    const total = segments.reduce((sum, s) => sum + s.count, 0);
    const classes = stats.n_unique ?? Object.keys(stats.frequencies).length;
    parts.push(`${number(classes)} distinct value${classes === 1 ? "" : "s"}`);
    if (segments.length > 0)
      parts.push(segments.map((s) => `${s.label}: ${number(s.count)} (${percent(s.count, total)})`).join(", "));
  } else {
    const lengths = entry.column_type === "string_text" || entry.column_type === "list";
    const min = shown(stats.min);
    const max = shown(stats.max);
    if (min !== undefined && max !== undefined) parts.push(`${lengths ? "lengths " : ""}from ${min} to ${max}`);
    const mean = shown(stats.mean);
    if (mean !== undefined) parts.push(`mean ${mean}`);
    const median = shown(stats.median);
    if (median !== undefined) parts.push(`median ${median}`);
  }
  const missing = nulls(stats);
  if (missing !== undefined) parts.push(missing);
  return parts.length > 0 ? `${entry.column_name}: ${parts.join("; ")}` : `${entry.column_name}: no statistics`;
}
