// `/statistics` for one converted split (README.md §1): per column its kind's statistics, computed by DuckDB in a
// few scans (one for all aggregates, one per histogram) with bound parameters and quoted column names only.
import type { DuckDbPool } from "./engine.js";
import { columnKind, type Feature } from "./features.js";
import { quoteIdentifier } from "./sql-emit.js";

const BINS = 10;
/** At most this many distinct values make a string column a label column (frequencies), like the service. */
const MAX_LABELS = 30;

const round = (value: number) => Math.round(value * 100_000) / 100_000;
const num = (value: unknown): number | null => (value === null || value === undefined ? null : round(Number(value)));

export interface ColumnStatistics {
  column_name: string;
  column_type: string;
  column_statistics: Record<string, unknown>;
}

interface Numeric {
  nulls: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  median: number | null;
  std: number | null;
}

/** Edges and counts; ints get integer bins as the service's (`min + k·ceil(range/bins)`, last edge = max). */
async function histogram(
  pool: DuckDbPool,
  file: string,
  expression: string,
  stats: Numeric,
  integer: boolean,
): Promise<{ hist: number[]; bin_edges: number[] } | null> {
  const { min, max } = stats;
  if (min === null || max === null) return null;
  let width: number;
  let bins: number;
  if (integer) {
    width = Math.max(1, Math.ceil((max - min + 1) / BINS));
    bins = Math.max(1, Math.ceil((max - min + 1) / width));
  } else {
    bins = max === min ? 1 : BINS;
    width = max === min ? 1 : (max - min) / BINS;
  }
  const { rows } = await pool.query([
    {
      sql: `SELECT least(greatest(floor((${expression} - $2) / $3)::BIGINT, 0), $4::BIGINT - 1) AS bin, count(*)::BIGINT AS n
            FROM read_parquet($1) WHERE ${expression} IS NOT NULL GROUP BY bin`,
      params: [file, min, width, bins],
    },
  ]);
  const hist = new Array<number>(bins).fill(0);
  for (const row of rows) hist[Number(row.bin)] = Number(row.n);
  const edges = Array.from({ length: bins }, (_, index) => round(min + index * width));
  edges.push(round(max));
  return { hist, bin_edges: edges };
}

/** A ClassLabel column (an image folder's `label`): counts per class name; -1 (or an unknown index) is "no label". */
async function classLabelStatistics(
  pool: DuckDbPool,
  file: string,
  quoted: string,
  names: readonly string[],
  nulls: number,
  proportion: (count: number) => number,
): Promise<Record<string, unknown>> {
  const { rows } = await pool.query([
    {
      sql: `SELECT ${quoted}::BIGINT AS value, count(*)::BIGINT AS n FROM read_parquet($1) WHERE ${quoted} IS NOT NULL GROUP BY ${quoted} ORDER BY n DESC, value`,
      params: [file],
    },
  ]);
  const frequencies: Record<string, number> = {};
  let noLabel = 0;
  for (const row of rows) {
    const name = names[Number(row.value)];
    if (name === undefined) noLabel += Number(row.n);
    else frequencies[name] = Number(row.n);
  }
  return {
    nan_count: nulls,
    nan_proportion: proportion(nulls),
    no_label_count: noLabel,
    no_label_proportion: proportion(noLabel),
    n_unique: Object.keys(frequencies).length,
    frequencies,
  };
}

function numericSelect(expression: string, prefix: string): string {
  return [
    `count(*) FILTER (WHERE ${expression} IS NULL)::BIGINT AS "${prefix}nulls"`,
    `min(${expression})::DOUBLE AS "${prefix}min"`,
    `max(${expression})::DOUBLE AS "${prefix}max"`,
    `avg(${expression})::DOUBLE AS "${prefix}mean"`,
    `median(${expression})::DOUBLE AS "${prefix}median"`,
    `stddev_samp(${expression})::DOUBLE AS "${prefix}std"`,
  ].join(", ");
}

function numericOf(row: Record<string, unknown>, prefix: string): Numeric {
  return {
    nulls: Number(row[`${prefix}nulls`] ?? 0),
    min: num(row[`${prefix}min`]),
    max: num(row[`${prefix}max`]),
    mean: num(row[`${prefix}mean`]),
    median: num(row[`${prefix}median`]),
    std: num(row[`${prefix}std`]),
  };
}

export async function computeStatistics(
  pool: DuckDbPool,
  file: string,
  numRows: number,
  columns: readonly { name: string; type: string; feature?: Feature }[],
): Promise<{ num_examples: number; statistics: ColumnStatistics[]; partial: false }> {
  const proportion = (count: number) => (numRows === 0 ? 0 : round(count / numRows));
  // One scan for every column's aggregates; columns are addressed by position-based aliases.
  const selects: string[] = [];
  columns.forEach((column, index) => {
    const quoted = quoteIdentifier(column.name);
    const kind = columnKind(column.type);
    if (kind === "int" || kind === "float") selects.push(numericSelect(quoted, `c${index}_`));
    else if (kind === "string") {
      selects.push(numericSelect(`length(${quoted})`, `c${index}_`));
      selects.push(`approx_count_distinct(${quoted})::BIGINT AS "c${index}_distinct"`);
    } else if (kind === "list") selects.push(numericSelect(`len(${quoted})`, `c${index}_`));
    else if (kind === "bool")
      selects.push(
        `count(*) FILTER (WHERE ${quoted} IS NULL)::BIGINT AS "c${index}_nulls", count(*) FILTER (WHERE ${quoted})::BIGINT AS "c${index}_true", count(*) FILTER (WHERE NOT ${quoted})::BIGINT AS "c${index}_false"`,
      );
  });
  if (selects.length === 0) return { num_examples: numRows, statistics: [], partial: false };
  const { rows } = await pool.query([{ sql: `SELECT ${selects.join(", ")} FROM read_parquet($1)`, params: [file] }]);
  const aggregates = rows[0] ?? {};
  const statistics: ColumnStatistics[] = [];
  for (const [index, column] of columns.entries()) {
    const kind = columnKind(column.type);
    const quoted = quoteIdentifier(column.name);
    const prefix = `c${index}_`;
    if (kind === "bool") {
      const nulls = Number(aggregates[`${prefix}nulls`] ?? 0);
      const frequencies: Record<string, number> = {};
      const trues = Number(aggregates[`${prefix}true`] ?? 0);
      const falses = Number(aggregates[`${prefix}false`] ?? 0);
      if (falses > 0) frequencies.False = falses;
      if (trues > 0) frequencies.True = trues;
      statistics.push({
        column_name: column.name,
        column_type: "bool",
        column_statistics: { nan_count: nulls, nan_proportion: proportion(nulls), frequencies },
      });
      continue;
    }
    if (kind === "other") continue;
    const stats = numericOf(aggregates, prefix);
    const names = column.feature?._type === "ClassLabel" ? column.feature.names : undefined;
    if (Array.isArray(names)) {
      statistics.push({
        column_name: column.name,
        column_type: "class_label",
        column_statistics: await classLabelStatistics(pool, file, quoted, names.map(String), stats.nulls, proportion),
      });
      continue;
    }
    if (kind === "string" && Number(aggregates[`${prefix}distinct`] ?? 0) <= MAX_LABELS * 2) {
      // Exact distinct values (the approximate count only decides whether to look).
      const counted = await pool.query([
        {
          sql: `SELECT ${quoted} AS value, count(*)::BIGINT AS n FROM read_parquet($1) WHERE ${quoted} IS NOT NULL GROUP BY ${quoted} ORDER BY n DESC, value LIMIT ${MAX_LABELS + 1}`,
          params: [file],
        },
      ]);
      if (counted.rows.length <= MAX_LABELS) {
        const frequencies: Record<string, number> = {};
        for (const row of counted.rows) frequencies[String(row.value)] = Number(row.n);
        statistics.push({
          column_name: column.name,
          column_type: "string_label",
          column_statistics: {
            nan_count: stats.nulls,
            nan_proportion: proportion(stats.nulls),
            no_label_count: 0,
            no_label_proportion: 0,
            n_unique: counted.rows.length,
            frequencies,
          },
        });
        continue;
      }
    }
    const expression = kind === "string" ? `length(${quoted})` : kind === "list" ? `len(${quoted})` : quoted;
    const integer = kind !== "float";
    statistics.push({
      column_name: column.name,
      column_type: kind === "string" ? "string_text" : kind,
      column_statistics: {
        nan_count: stats.nulls,
        nan_proportion: proportion(stats.nulls),
        min: stats.min,
        max: stats.max,
        mean: stats.mean,
        median: stats.median,
        std: stats.std,
        histogram: await histogram(pool, file, expression, stats, integer),
      },
    });
  }
  return { num_examples: numRows, statistics, partial: false };
}
