// One split's source files → one Parquet file, by DuckDB in the conversion pool: the reader per format with bounds
// (longest line / object, a Parquet source's uncompressed size), row groups sized for paging, zstd. The SQL is the
// server's own; file paths are bound as parameters.
import { ConversionError } from "./conversion-error.js";
import type { SourceFormat } from "./discovery.js";
import { type DuckDbPool, EngineError } from "./engine.js";
import type { Feature } from "./features.js";

export interface SplitOutput {
  numRows: number;
  /** `feature` when the column's `datasets` feature is not the one its type says (Image, Audio, ClassLabel). */
  columns: { name: string; type: string; feature?: Feature }[];
  /** Bytes of the data uncompressed (the Parquet metadata's total), the service's `num_bytes_memory`. */
  uncompressedBytes: number;
}

export interface ConvertLimits {
  maxSourceBytes: number;
  maxLineBytes: number;
  rowGroupRows: number;
  timeoutMs: number;
}

/**
 * The table expression reading the sources (`$1` = the list of paths). The CSV reader's buffer is named: by default
 * DuckDB makes it 16 × the longest line, which with a generous line limit exhausts the worker's memory limit.
 */
export function reader(format: SourceFormat, maxLineBytes: number): string {
  switch (format) {
    case "csv":
      return `read_csv($1, header = true, union_by_name = true, max_line_size = ${maxLineBytes}, buffer_size = ${2 * maxLineBytes}, sample_size = 20480)`;
    case "tsv":
      return `read_csv($1, header = true, delim = '\t', union_by_name = true, max_line_size = ${maxLineBytes}, buffer_size = ${2 * maxLineBytes}, sample_size = 20480)`;
    case "jsonl":
      return `read_json($1, format = 'newline_delimited', union_by_name = true, maximum_object_size = ${maxLineBytes})`;
    case "json":
      return `read_json($1, format = 'auto', union_by_name = true, maximum_object_size = ${maxLineBytes})`;
    case "parquet":
      return "read_parquet($1, union_by_name = true)";
    case "imagefolder":
    case "audiofolder":
      // Not one table file: convert-folder.ts builds these splits.
      throw new ConversionError("DatasetConversionError", `A ${format} split is not read by a table reader`);
    case "text":
      // One row per line: no quoting, no header, a delimiter no text line holds (the unit separator is refused
      // by the check below, so a line cannot be split into two columns silently).
      return `read_csv($1, header = false, columns = {'text': 'VARCHAR'}, delim = '\x1f', quote = '', escape = '', max_line_size = ${maxLineBytes}, buffer_size = ${2 * maxLineBytes}, strict_mode = false)`;
  }
}

/**
 * The first line of an engine error for the dataset's page. DuckDB names the files it read by their path in the
 * server's work folder: each absolute path is cut to its last segment, so no server path reaches a visitor.
 */
export function message(error: unknown): string {
  const line = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
  return line.replace(/(^|[\s'"(])\/[^\s'"()]*\/([^\s'"()/]+)/g, "$1$2").slice(0, 500);
}

/** Rows, uncompressed bytes and columns of a written Parquet file. */
export async function describeOutput(pool: DuckDbPool, output: string, timeoutMs: number): Promise<SplitOutput> {
  const meta = await pool.query(
    [
      {
        sql: "SELECT coalesce(sum(total_uncompressed_size), 0)::BIGINT AS bytes FROM parquet_metadata($1)",
        params: [output],
      },
    ],
    timeoutMs,
  );
  const count = await pool.query(
    [{ sql: "SELECT num_rows::BIGINT AS n FROM parquet_file_metadata($1)", params: [output] }],
    timeoutMs,
  );
  const described = await pool.query([{ sql: "DESCRIBE SELECT * FROM read_parquet($1)", params: [output] }], timeoutMs);
  return {
    numRows: Number(count.rows[0]?.n ?? 0),
    uncompressedBytes: Number(meta.rows[0]?.bytes ?? 0),
    columns: described.rows.map((row) => ({ name: String(row.column_name), type: String(row.column_type) })),
  };
}

export async function convertSplit(
  pool: DuckDbPool,
  format: SourceFormat,
  sources: string[],
  output: string,
  limits: ConvertLimits,
): Promise<SplitOutput> {
  try {
    if (format === "parquet") {
      // A decompression bomb is refused from its metadata, before a byte of it is decoded.
      const { rows } = await pool.query(
        [{ sql: "SELECT sum(total_uncompressed_size)::BIGINT AS bytes FROM parquet_metadata($1)", params: [sources] }],
        limits.timeoutMs,
      );
      const bytes = Number(rows[0]?.bytes ?? 0);
      if (bytes > limits.maxSourceBytes)
        throw new ConversionError(
          "DatasetTooBigError",
          `The Parquet files hold ${bytes} bytes uncompressed, more than this hub converts (${limits.maxSourceBytes})`,
        );
    }
    const copy = `COPY (SELECT * FROM ${reader(format, limits.maxLineBytes)}) TO $2 (FORMAT parquet, ROW_GROUP_SIZE ${limits.rowGroupRows}, COMPRESSION zstd)`;
    await pool.query([{ sql: copy, params: [sources, output] }], limits.timeoutMs);
    return await describeOutput(pool, output, limits.timeoutMs);
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    if (error instanceof EngineError)
      throw new ConversionError("MalformedFileError", `The ${format} files could not be read: ${message(error)}`);
    throw new ConversionError("DatasetConversionError", `The conversion failed: ${message(error)}`);
  }
}
