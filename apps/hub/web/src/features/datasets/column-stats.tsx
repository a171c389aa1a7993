// The small chart in a column's header, from its `/statistics` entry: a histogram (numbers, text lengths, list
// lengths) or a class bar (class labels, short strings, booleans), in SVG coloured by the theme's variables. The
// chart is an image whose accessible name is the statistics in words (stats-summary.ts).
import { classSegments, histogramBars, statsCaption, statsDescription } from "./stats-summary";
import type { ColumnStatisticsEntry } from "./viewer-api";

const WIDTH = 120;
const HEIGHT = 28;

function Histogram({ bars, label }: { bars: number[]; label: string }) {
  const step = WIDTH / bars.length;
  return (
    <svg className="column-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <title>{label}</title>
      {bars.map((height, index) => (
        <rect
          // biome-ignore lint/suspicious/noArrayIndexKey: bins are positional.
          key={index}
          className="column-chart-bar"
          x={index * step + 0.5}
          width={Math.max(step - 1, 0.5)}
          y={HEIGHT - Math.max(height * HEIGHT, 1)}
          height={Math.max(height * HEIGHT, 1)}
        />
      ))}
    </svg>
  );
}

function ClassBar({ frequencies, label }: { frequencies: Record<string, number>; label: string }) {
  const segments = classSegments(frequencies);
  let x = 0;
  return (
    <svg className="column-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <title>{label}</title>
      {segments.map((segment, index) => {
        const width = segment.share * WIDTH;
        const rect = (
          <rect
            key={segment.label}
            className={`column-chart-class column-chart-class-${segment.label === "others" ? "rest" : index % 5}`}
            x={x}
            width={Math.max(width - 1, 0.5)}
            y={HEIGHT / 4}
            height={HEIGHT / 2}
          />
        );
        x += width;
        return rect;
      })}
    </svg>
  );
}

export function ColumnStats({ entry }: { entry: ColumnStatisticsEntry | undefined }) {
  if (entry === undefined) return null;
  const stats = entry.column_statistics;
  const label = statsDescription(entry);
  const caption = statsCaption(entry);
  const bars = histogramBars(stats);
  const chart =
    stats.frequencies !== undefined && classSegments(stats.frequencies).length > 0 ? (
      <ClassBar frequencies={stats.frequencies} label={label} />
    ) : bars.length > 0 ? (
      <Histogram bars={bars} label={label} />
    ) : null;
  return (
    <span className="column-stats">
      {chart}
      {caption !== undefined ? (
        // The chart's name already says it all: the caption is for the eye.
        <span className="column-stats-caption" aria-hidden={chart !== null}>
          {caption}
        </span>
      ) : null}
      {chart === null && caption === undefined ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}
