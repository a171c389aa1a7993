// DuckDB column types (as text) → the `datasets` library's Features JSON the service answers: `Value` with its
// dtype, `List`, structs as plain objects, an image struct `{bytes, path}` as `Image` (an image or audio folder's
// columns carry their feature themselves: `columnFeature`).

export type Feature = Record<string, unknown>;

const SCALARS: Record<string, string> = {
  BIGINT: "int64",
  INTEGER: "int32",
  SMALLINT: "int16",
  TINYINT: "int8",
  UBIGINT: "uint64",
  UINTEGER: "uint32",
  USMALLINT: "uint16",
  UTINYINT: "uint8",
  HUGEINT: "string",
  DOUBLE: "float64",
  FLOAT: "float32",
  BOOLEAN: "bool",
  VARCHAR: "string",
  BLOB: "binary",
  DATE: "date32",
  TIME: "time64[us]",
  TIMESTAMP: "timestamp[us]",
  "TIMESTAMP WITH TIME ZONE": "timestamp[us, tz=UTC]",
  TIMESTAMP_NS: "timestamp[ns]",
  TIMESTAMP_MS: "timestamp[ms]",
  TIMESTAMP_S: "timestamp[s]",
  UUID: "string",
  INTERVAL: "duration[us]",
};

/** Splits `a INTEGER, "b c" VARCHAR[]` at its top-level commas. */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts.filter((part) => part !== "");
}

function fieldOf(part: string): [string, string] {
  const match = /^"((?:[^"]|"")*)"\s+(.*)$/s.exec(part) ?? /^(\S+)\s+(.*)$/s.exec(part);
  if (match === null) return [part, "VARCHAR"];
  return [(match[1] as string).replaceAll('""', '"'), match[2] as string];
}

export function featureOf(type: string): Feature {
  const trimmed = type.trim();
  if (trimmed.endsWith("[]")) return { feature: featureOf(trimmed.slice(0, -2)), _type: "List" };
  const fixed = /^(.*)\[(\d+)\]$/.exec(trimmed);
  if (fixed !== null) return { feature: featureOf(fixed[1] as string), length: Number(fixed[2]), _type: "List" };
  if (trimmed.startsWith("STRUCT(") && trimmed.endsWith(")")) {
    const fields = topLevel(trimmed.slice(7, -1)).map(fieldOf);
    const names = fields.map(([name]) => name).sort();
    if (names.join(",") === "bytes,path") return { _type: "Image" };
    const out: Feature = {};
    for (const [name, fieldType] of fields) out[name] = featureOf(fieldType);
    return out;
  }
  const decimal = /^DECIMAL\((\d+),\s*(\d+)\)$/.exec(trimmed);
  if (decimal !== null) return { dtype: `decimal128(${decimal[1]}, ${decimal[2]})`, _type: "Value" };
  return { dtype: SCALARS[trimmed] ?? "string", _type: "Value" };
}

/** A converted column's feature: the one the conversion recorded (Image, Audio, ClassLabel), else its type's. */
export function columnFeature(column: { type: string; feature?: Feature }): Feature {
  return column.feature ?? featureOf(column.type);
}

export type ColumnKind = "int" | "float" | "bool" | "string" | "list" | "other";

export function columnKind(type: string): ColumnKind {
  const trimmed = type.trim();
  if (trimmed.endsWith("[]")) return "list";
  if (/^(U?(BIG|SMALL|TINY)?INT(EGER)?|HUGEINT|UHUGEINT)$/.test(trimmed)) return "int";
  if (/^(DOUBLE|FLOAT|DECIMAL\(.*\))$/.test(trimmed)) return "float";
  if (trimmed === "BOOLEAN") return "bool";
  if (trimmed === "VARCHAR") return "string";
  return "other";
}
