// The row answers (`/first-rows`, `/rows`, `/search`, `/filter`): a page of a split's rows by their index in the
// split, read with DuckDB's `file_row_number` so a page touches only its row groups; search and filter with the
// server's own SQL, user values bound as parameters.
import type { ConvertedSplit } from "./conversion-store.js";
import type { QueryParam } from "./duckdb-protocol.js";
import type { DuckDbPool } from "./engine.js";
import { columnFeature, type Feature } from "./features.js";
import type { Condition, OrderTerm } from "./filter-parser.js";
import { MAX_INLINE_BYTES, mediaCell } from "./media-cells.js";
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
    type: columnFeature(column),
  }));
}

/**
 * The split's columns selected by name (never `*`, so the row number is ours alone). A media struct's bytes over
 * MAX_INLINE_BYTES are left in the file (null here, the cell marked truncated): a page never holds 100 large files.
 */
function selectList(split: ConvertedSplit): string {
  return split.columns
    .map((column) => {
      const quoted = quoteIdentifier(column.name);
      if (mediaKind(column) === undefined) return quoted;
      const big = `octet_length(${quoted}.bytes) > ${MAX_INLINE_BYTES}`;
      return `CASE WHEN ${big} THEN {'bytes': NULL::BLOB, 'path': ${quoted}.path} ELSE ${quoted} END AS ${quoted}, coalesce(${big}, false) AS ${quoteIdentifier(`${BIG}${column.name}`)}`;
    })
    .join(", ");
}

const BIG = "__hubkit_big_";

/** "Image" or "Audio" for such a column stored as the `{bytes BLOB, path}` struct; undefined for any other. */
function mediaKind(column: ConvertedSplit["columns"][number]): "Image" | "Audio" | undefined {
  const kind = columnFeature(column)._type;
  return (kind === "Image" || kind === "Audio") && /^STRUCT\(.*\bbytes BLOB\b.*\)$/.test(column.type)
    ? kind
    : undefined;
}

function entries(split: ConvertedSplit, rows: Record<string, unknown>[], truncate: boolean): RowEntry[] {
  // Each column's media kind worked out once, not once per row.
  const columns = split.columns.map((column) => ({ column, media: mediaKind(column) }));
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    const truncated: string[] = [];
    for (const { column, media } of columns) {
      let value: unknown = raw[column.name] ?? null;
      if (media !== undefined) {
        const cell = mediaCell(media, value);
        value = cell.value;
        if (cell.truncated || raw[`${BIG}${column.name}`] === true) truncated.push(column.name);
      } else if (truncate && typeof value === "string" && value.length > MAX_CELL_CHARS) {
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

/**
 * Rows where `where` holds, a page of them in split order, and how many there are, in ONE scan of the file: the
 * count and the first `offset + length` matching row numbers (DuckDB's top-N `min_by`), then only that page's rows
 * read back by row number (a narrow range of row groups).
 */
async function selectWhereInOrder(
  pool: DuckDbPool,
  file: string,
  split: ConvertedSplit,
  where: (params: Params) => string,
  offset: number,
  length: number,
): Promise<{ rows: RowEntry[]; total: number }> {
  const params = new Params(1);
  const condition = where(params);
  const top = params.add(offset + length);
  const { rows } = await pool.query([
    {
      sql: `SELECT count(*)::BIGINT AS n, min_by(${ROW_NUMBER}, ${ROW_NUMBER}, ${top}) AS hits
            FROM ${scan("$1")} AS t WHERE ${condition}`,
      params: [file, ...params.values],
    },
  ]);
  const total = Number(rows[0]?.n ?? 0);
  const hits = ((rows[0]?.hits ?? []) as unknown[]).map(Number).slice(offset, offset + length);
  if (hits.length === 0) return { rows: [], total };
  const page = await pool.query([
    {
      sql: `SELECT ${ROW_NUMBER}, ${selectList(split)} FROM ${scan("$1")} AS t
            WHERE ${ROW_NUMBER} BETWEEN $2 AND $3 AND list_contains($4::BIGINT[], ${ROW_NUMBER}) ORDER BY ${ROW_NUMBER}`,
      params: [file, hits[0] as number, hits[hits.length - 1] as number, hits.map(String)],
    },
  ]);
  return { rows: entries(split, page.rows, false), total };
}

/** Rows where `where` holds in a user-given order: a page of them and how many there are (two scans). */
async function selectWhere(
  pool: DuckDbPool,
  file: string,
  split: ConvertedSplit,
  where: (params: Params) => string,
  order: string,
  offset: number,
  length: number,
): Promise<{ rows: RowEntry[]; total: number }> {
  if (order === "") return selectWhereInOrder(pool, file, split, where, offset, length);
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
              ORDER BY ${order}, ${ROW_NUMBER} LIMIT ${limit} OFFSET ${skip}`,
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
  const needle = query.toLowerCase();
  return selectWhere(
    pool,
    file,
    split,
    (params) => {
      if (strings.length === 0) return "false";
      // A plain substring test on lower-cased text: no pattern syntax in the query, and faster than ILIKE.
      const bound = params.add(needle);
      return `(${strings.map((column) => `contains(lower(${quoteIdentifier(column.name)}), ${bound})`).join(" OR ")})`;
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
