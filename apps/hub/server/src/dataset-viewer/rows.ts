// The row answers (`/first-rows`, `/rows`, `/search`, `/filter`): a page of a split's rows by their index in the
// split, read with DuckDB's `file_row_number` so a page touches only its row groups; search and filter with the
// server's own SQL, user values bound as parameters.
import type { ConvertedSplit } from "./conversion-store.js";
import type { QueryParam } from "./duckdb-protocol.js";
import type { DuckDbPool } from "./engine.js";
import { type Feature, featureOf } from "./features.js";
import type { Condition, OrderTerm } from "./filter-parser.js";
import { conditionSql, orderSql, Params, quoteIdentifier } from "./sql-emit.js";

export const MAX_LENGTH = 100;
/** First-rows cuts string cells to this many characters, naming the column in `truncated_cells`. */
const MAX_CELL_CHARS = 10_000;
const ROW_NUMBER = "__hubkit_row_idx";

export interface RowEntry {
  row_idx: number;
  row: Record<string, unknown>;
  truncated_cells: string[];
}

export function featuresOf(split: ConvertedSplit): { feature_idx: number; name: string; type: Feature }[] {
  return split.columns.map((column, index) => ({
    feature_idx: index,
    name: column.name,
    type: featureOf(column.type),
  }));
}

/** The split's columns selected by name (never `*`, so the row number is ours alone). */
function selectList(split: ConvertedSplit): string {
  return split.columns.map((column) => quoteIdentifier(column.name)).join(", ");
}

function entries(split: ConvertedSplit, rows: Record<string, unknown>[], truncate: boolean): RowEntry[] {
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    const truncated: string[] = [];
    for (const column of split.columns) {
      let value = raw[column.name] ?? null;
      if (truncate && typeof value === "string" && value.length > MAX_CELL_CHARS) {
        value = value.slice(0, MAX_CELL_CHARS);
        truncated.push(column.name);
      }
      row[column.name] = value;
    }
    return { row_idx: Number(raw[ROW_NUMBER]), row, truncated_cells: truncated };
  });
}

function scan(first: string): string {
  return `(SELECT file_row_number AS ${ROW_NUMBER}, * FROM read_parquet(${first}, file_row_number = true))`;
}

/** Rows [offset, offset+length) of the split. */
export async function pageRows(
  pool: DuckDbPool,
  file: string,
  split: ConvertedSplit,
  offset: number,
  length: number,
  truncate = false,
): Promise<RowEntry[]> {
  const { rows } = await pool.query([
    {
      sql: `SELECT ${ROW_NUMBER}, ${selectList(split)} FROM ${scan("$1")} AS t
            WHERE ${ROW_NUMBER} >= $2 AND ${ROW_NUMBER} < $3 ORDER BY ${ROW_NUMBER}`,
      params: [file, offset, offset + length],
    },
  ]);
  return entries(split, rows, truncate);
}

/** Rows where `where` holds, ordered, a page of them, and how many there are. */
async function selectWhere(
  pool: DuckDbPool,
  file: string,
  split: ConvertedSplit,
  where: (params: Params) => string,
  order: string,
  offset: number,
  length: number,
): Promise<{ rows: RowEntry[]; total: number }> {
  const pageParams = new Params(1);
  const pageWhere = where(pageParams);
  const countParams = new Params(1);
  const countWhere = where(countParams);
  const limit = pageParams.add(length);
  const skip = pageParams.add(offset);
  const pageValues: QueryParam[] = [file, ...pageParams.values];
  const [page, count] = await Promise.all([
    pool.query([
      {
        sql: `SELECT ${ROW_NUMBER}, ${selectList(split)} FROM ${scan("$1")} AS t WHERE ${pageWhere}
              ORDER BY ${order === "" ? "" : `${order}, `}${ROW_NUMBER} LIMIT ${limit} OFFSET ${skip}`,
        params: pageValues,
      },
    ]),
    pool.query([
      {
        sql: `SELECT count(*)::BIGINT AS n FROM read_parquet($1) AS t WHERE ${countWhere}`,
        params: [file, ...countParams.values],
      },
    ]),
  ]);
  return { rows: entries(split, page.rows, false), total: Number(count.rows[0]?.n ?? 0) };
}

/** Case-insensitive substring search over the split's string columns. */
export function searchRows(
  pool: DuckDbPool,
  file: string,
  split: ConvertedSplit,
  query: string,
  offset: number,
  length: number,
) {
  const strings = split.columns.filter((column) => column.type === "VARCHAR");
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return selectWhere(
    pool,
    file,
    split,
    (params) => {
      if (strings.length === 0) return "false";
      const bound = params.add(pattern);
      return `(${strings.map((column) => `${quoteIdentifier(column.name)} ILIKE ${bound} ESCAPE '\\'`).join(" OR ")})`;
    },
    "",
    offset,
    length,
  );
}

export function filterRows(
  pool: DuckDbPool,
  file: string,
  split: ConvertedSplit,
  where: Condition | undefined,
  orderBy: readonly OrderTerm[],
  offset: number,
  length: number,
) {
  return selectWhere(
    pool,
    file,
    split,
    (params) => (where === undefined ? "true" : conditionSql(where, params)),
    orderSql(orderBy),
    offset,
    length,
  );
}
