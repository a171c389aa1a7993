// DuckDB's JavaScript values as JSON the API can send: 64-bit integers as numbers when exact (else text), bytes as
// base64, dates and times as ISO text, lists, structs and maps recursively.

export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint")
    return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER)
      ? Number(value)
      : value.toString();
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonValue);
  if (typeof value === "object") {
    // Plain objects are structs; anything else (DuckDB's decimal, interval, uuid … value classes) prints itself.
    if (Object.getPrototypeOf(value) !== Object.prototype) return String(value);
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = jsonValue(item);
    return out;
  }
  return String(value);
}
