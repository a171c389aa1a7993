// The first rows of a text data file (CSV, TSV, JSON lines, a JSON array) as a table with typed columns. The input
// is the start of the file (a Range read): a line cut at the end is dropped. Bounded: at most MAX_ROWS rows and
// MAX_COLUMNS columns, each cell kept whole (the view shortens long ones). Pure, unit-tested.

export const MAX_ROWS = 100;
export const MAX_COLUMNS = 200;

export type ColumnType = "int" | "float" | "bool" | "string" | "list" | "struct" | "image" | "audio" | "null" | string;

export interface Column {
  name: string;
  type: ColumnType;
}

export interface Table {
  columns: Column[];
  rows: Array<Record<string, unknown>>;
  /** More rows follow in the file (or in the part read). */
  more: boolean;
}

/** RFC 4180 fields of delimited text: quotes around fields, `""` inside them, newlines inside quotes. */
export function parseDelimited(text: string, delimiter: string, complete: boolean, maxRecords: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  let recordStart = 0;
  const endRecord = () => {
    record.push(field);
    field = "";
    // A blank line is no record.
    if (!(record.length === 1 && record[0] === "")) records.push(record);
    record = [];
  };
  while (i < text.length && records.length < maxRecords) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += char;
      i++;
      continue;
    }
    if (char === '"' && field === "") quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = "";
      if (record.length > MAX_COLUMNS) record.length = MAX_COLUMNS;
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      recordStart = i + 1;
    } else field += char;
    i++;
  }
  // The last record is whole only when the file is (a cut file's last line is partial).
  if (records.length < maxRecords && complete && (field !== "" || record.length > 0) && recordStart < text.length)
    endRecord();
  return records;
}

const INT = /^[+-]?\d{1,15}$/;
const FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$|^(?:nan|NaN|inf|-inf)$/;

/** A CSV cell's value: numbers and booleans typed when the whole column is; see typeColumns. */
function cellKind(value: string): "int" | "float" | "bool" | "empty" | "string" {
  if (value === "") return "empty";
  if (INT.test(value)) return "int";
  if (FLOAT.test(value)) return "float";
  if (/^(?:true|false|True|False)$/.test(value)) return "bool";
  return "string";
}

export function parseCsv(text: string, delimiter: "," | "\t", complete: boolean): Table {
  const records = parseDelimited(text.replace(/^\uFEFF/, ""), delimiter, complete, MAX_ROWS + 2);
  const header = records[0] ?? [];
  const names = uniqueNames(header.slice(0, MAX_COLUMNS));
  const body = records.slice(1, MAX_ROWS + 1);
  const columns: Column[] = names.map((name, index) => {
    const kinds = new Set(body.map((row) => cellKind(row[index] ?? "")));
    kinds.delete("empty");
    const type =
      kinds.size === 0
        ? "null"
        : kinds.size === 1
          ? ([...kinds][0] as string)
          : kinds.size === 2 && kinds.has("int") && kinds.has("float")
            ? "float"
            : "string";
    return { name, type };
  });
  const rows = body.map((record) => {
    const row: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      const raw = record[index] ?? "";
      row[column.name] =
        raw === "" && column.type !== "string"
          ? null
          : column.type === "int" || column.type === "float"
            ? Number(raw)
            : column.type === "bool"
              ? /^true$/i.test(raw)
              : raw;
    });
    return row;
  });
  return { columns, rows, more: records.length > MAX_ROWS + 1 || !complete };
}

/** `a, a, ""` → `a, a_1, column_3`: headers as unique, non-empty keys. */
function uniqueNames(header: string[]): string[] {
  const seen = new Set<string>();
  return header.map((raw, index) => {
    let name = raw.trim() === "" ? `column_${index + 1}` : raw;
    for (let n = 1; seen.has(name); n++) name = `${raw}_${n}`;
    seen.add(name);
    return name;
  });
}

/** The type of a JSON value as the viewer names it. */
export function valueType(value: unknown): ColumnType {
  if (value === null || value === undefined) return "null";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (typeof value === "bigint") return "int";
  if (typeof value === "string") return "string";
  if (Array.isArray(value)) return "list";
  if (value instanceof Uint8Array) return "binary";
  if (typeof value === "object") {
    const media = mediaKind(value);
    return media ?? "struct";
  }
  return typeof value;
}

/** Columns from the first rows' keys, in order of appearance, typed by their non-null values. */
export function typeColumns(rows: ReadonlyArray<Record<string, unknown>>): Column[] {
  const types = new Map<string, Set<ColumnType>>();
  for (const row of rows)
    for (const [key, value] of Object.entries(row)) {
      if (!types.has(key)) {
        if (types.size >= MAX_COLUMNS) continue;
        types.set(key, new Set());
      }
      const type = valueType(value);
      if (type !== "null") types.get(key)?.add(type);
    }
  return [...types].map(([name, set]) => ({
    name,
    type:
      set.size === 0
        ? "null"
        : set.size === 1
          ? ([...set][0] as string)
          : set.size === 2 && set.has("int") && set.has("float")
            ? "float"
            : "mixed",
  }));
}

export function parseJsonLines(text: string, complete: boolean): Table {
  const trimmed = text.replace(/^\uFEFF/, "").trimStart();
  let values: unknown[] = [];
  let more = !complete;
  if (trimmed.startsWith("[")) {
    // A JSON array can only be read whole.
    if (!complete)
      throw new Error("This JSON file is larger than the part the viewer reads; only JSON lines are read in part.");
    const parsed: unknown = JSON.parse(trimmed);
    values = Array.isArray(parsed) ? parsed : [];
    more = values.length > MAX_ROWS;
  } else {
    const lines = text.split("\n");
    if (!complete) lines.pop(); // cut
    for (const line of lines) {
      if (line.trim() === "") continue;
      if (values.length >= MAX_ROWS) {
        more = true;
        break;
      }
      values.push(JSON.parse(line));
    }
  }
  const rows = values
    .slice(0, MAX_ROWS)
    .map((value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { value },
    );
  return { columns: typeColumns(rows), rows, more };
}

const IMAGE_MAGIC: ReadonlyArray<[number[], string]> = [
  [[0x89, 0x50, 0x4e, 0x47], "image/png"],
  [[0xff, 0xd8, 0xff], "image/jpeg"],
  [[0x47, 0x49, 0x46, 0x38], "image/gif"],
  [[0x52, 0x49, 0x46, 0x46], "riff"],
];

/** The media type of bytes by their first bytes (images and audio the viewer can show), or undefined. */
export function sniffMedia(bytes: Uint8Array): string | undefined {
  const starts = (magic: number[], at = 0) => magic.every((byte, i) => bytes[at + i] === byte);
  for (const [magic, type] of IMAGE_MAGIC)
    if (starts(magic)) {
      if (type !== "riff") return type;
      if (starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
      if (starts([0x57, 0x41, 0x56, 0x45], 8)) return "audio/wav";
      return undefined;
    }
  if (starts([0x49, 0x44, 0x33]) || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return "audio/mpeg";
  if (starts([0x66, 0x4c, 0x61, 0x43])) return "audio/flac";
  if (starts([0x4f, 0x67, 0x67, 0x53])) return "audio/ogg";
  return undefined;
}

/** `{bytes, path}` (the datasets library's Image and Audio features) holding an image or audio. */
export function mediaKind(value: object): "image" | "audio" | undefined {
  const bytes = (value as { bytes?: unknown }).bytes;
  if (!(bytes instanceof Uint8Array)) return undefined;
  const type = sniffMedia(bytes);
  if (type === undefined) return undefined;
  return type.startsWith("image/") ? "image" : "audio";
}
