// Reads the first rows of a Parquet file off the main thread with hyparquet: the footer and then only the column
// chunks of the first row group(s), each fetched with a Range request. Bounded: at most `maxBytes` fetched in all
// (a row group too large for that is an error, not a download of gigabytes).
/// <reference lib="webworker" />
import { type AsyncBuffer, parquetMetadataAsync, parquetReadObjects, parquetSchema } from "hyparquet";

export interface ParquetRequest {
  id: number;
  /** Same-origin URL of the file (the repository's resolve URL). */
  url: string;
  rows: number;
  maxBytes: number;
  /** The file's size when the page knows it (saves a HEAD request). */
  byteLength?: number;
}

export type ParquetAnswer =
  | {
      id: number;
      ok: true;
      numRows: number;
      columns: Array<{ name: string; type: string }>;
      rows: Array<Record<string, unknown>>;
      fetchedBytes: number;
    }
  | { id: number; ok: false; message: string };

/** A file over HTTP: its length from a HEAD request, its slices from Range requests, with a byte budget. */
async function rangedFile(
  url: string,
  maxBytes: number,
  knownLength: number | undefined,
): Promise<AsyncBuffer & { fetched(): number }> {
  let byteLength = knownLength ?? Number.NaN;
  if (knownLength === undefined) {
    const head = await fetch(url, { method: "HEAD" });
    if (!head.ok) throw new Error(`${head.status} ${head.statusText}`.trim());
    byteLength = Number(head.headers.get("content-length"));
  }
  if (!Number.isSafeInteger(byteLength) || byteLength <= 0) throw new Error("The server did not give the file's size");
  let fetched = 0;
  return {
    byteLength,
    fetched: () => fetched,
    async slice(start: number, end?: number): Promise<ArrayBuffer> {
      const last = (end ?? byteLength) - 1;
      const length = last - start + 1;
      if (fetched + length > maxBytes)
        throw new Error(
          `Reading the first rows needs more than ${Math.round(maxBytes / 1024 / 1024)} MB of this file (its first row group is large)`,
        );
      fetched += length;
      const response = await fetch(url, { headers: { Range: `bytes=${start}-${last}` } });
      if (response.status !== 206) throw new Error(`The server answered a range request with ${response.status}`);
      const buffer = await response.arrayBuffer();
      if (buffer.byteLength !== length) throw new Error("The server sent a range of the wrong length");
      return buffer;
    },
  };
}

function columnType(node: ReturnType<typeof parquetSchema>): string {
  const element = node.element;
  if (node.children.length > 0)
    return element.converted_type === "LIST" || element.logical_type?.type === "LIST" ? "list" : "struct";
  const logical = element.logical_type?.type;
  if (logical === "STRING" || element.converted_type === "UTF8") return "string";
  if (logical !== undefined) return logical.toLowerCase();
  if (element.converted_type !== undefined) return element.converted_type.toLowerCase();
  return (element.type ?? "unknown").toLowerCase();
}

async function read(request: ParquetRequest): Promise<ParquetAnswer> {
  const file = await rangedFile(request.url, request.maxBytes, request.byteLength);
  const metadata = await parquetMetadataAsync(file);
  const schema = parquetSchema(metadata);
  const columns = schema.children.map((child) => ({ name: child.element.name, type: columnType(child) }));
  const numRows = Number(metadata.num_rows);
  const rows = (await parquetReadObjects({
    file,
    metadata,
    rowStart: 0,
    rowEnd: Math.min(request.rows, numRows),
  })) as Array<Record<string, unknown>>;
  return { id: request.id, ok: true, numRows, columns, rows, fetchedBytes: file.fetched() };
}

self.onmessage = (event: MessageEvent<ParquetRequest>) => {
  const request = event.data;
  read(request).then(
    (answer) => self.postMessage(answer),
    (error: unknown) =>
      self.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies ParquetAnswer),
  );
};
