// Writing one value as a literal of each target language (inference.md §10.7, §10.8). Every string goes through
// JSON string escaping, which is also a valid Python and TypeScript string literal, so nothing from a model
// repository can close a string early.

/** Decodes an example source literal once: JSON if it parses, the inside of '…' as JSON, else the raw text. */
export function decodeExample(literal: string): unknown {
  try {
    return JSON.parse(literal);
  } catch {
    // not JSON: maybe a single-quoted JSON text
  }
  const quoted = /^'([\s\S]*)'$/.exec(literal);
  if (quoted) {
    try {
      return JSON.parse(quoted[1]);
    } catch {
      // fall through: keep the text
    }
  }
  return literal;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const isScalar = (value: unknown): boolean => value === null || typeof value !== "object";

/** JSON scalars as Python literals. */
function pyScalar(value: unknown): string {
  if (value === true) return "True";
  if (value === false) return "False";
  if (value === null || value === undefined) return "None";
  return JSON.stringify(value);
}

/**
 * `JSON.stringify(value, null, 4)` layout with Python literals (True/False/None). `depth` is the indentation level
 * of the line the value starts on.
 */
export function pyJson(value: unknown, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const end = "    ".repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => pad + pyJson(item, depth + 1)).join(",\n")}\n${end}]`;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pyJson(v, depth + 1)}`).join(",\n")}\n${end}}`;
  }
  return pyScalar(value);
}

/**
 * A Python literal laid out as people write dicts: one member per line with a trailing comma, arrays of scalars on
 * one line. `depth` is the indentation level of the line the value starts on.
 */
export function pyLiteral(value: unknown, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const end = "    ".repeat(depth);
  if (Array.isArray(value)) {
    if (value.every(isScalar)) return `[${value.map(pyScalar).join(", ")}]`;
    return `[\n${value.map((item) => `${pad}${pyLiteral(item, depth + 1)},`).join("\n")}\n${end}]`;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => `${pad}${JSON.stringify(k)}: ${pyLiteral(v, depth + 1)},`).join("\n")}\n${end}}`;
  }
  return pyScalar(value);
}

/** One-line JSON with Python's `json.dumps` separators (`, ` and `: `). */
export function jsonInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(jsonInline).join(", ")}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${jsonInline(v)}`).join(", ")}}`;
  }
  return value === undefined ? "null" : JSON.stringify(value);
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
export const tsKey = (key: string): string => (IDENTIFIER.test(key) ? key : JSON.stringify(key));

/** A TS literal, 4 spaces per level, a comma after every entry and item. */
export function tsLiteral(value: unknown, depth = 0): string {
  const pad = "    ".repeat(depth + 1);
  const end = "    ".repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((item) => `${pad}${tsLiteral(item, depth + 1)},`).join("\n")}\n${end}]`;
  }
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{\n${entries.map(([k, v]) => `${pad}${tsKey(k)}: ${tsLiteral(v, depth + 1)},`).join("\n")}\n${end}}`;
  }
  return value === undefined || value === null ? "null" : JSON.stringify(value);
}

/** A TS literal on one line: `{ key: value, … }`, `[a, b]`. */
export function tsInline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(tsInline).join(", ")}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, v]) => `${tsKey(k)}: ${tsInline(v)}`).join(", ")} }`;
  }
  return value === undefined || value === null ? "null" : JSON.stringify(value);
}

/** Drops the first and last line (the braces) of a multi-line object literal. */
const innerLines = (text: string): string => text.split("\n").slice(1, -1).join("\n");

const indentLines = (text: string, prefix: string): string =>
  text
    .split("\n")
    .map((line) => prefix + line)
    .join("\n");

/** Text kept literal inside an unquoted here-document (where `$`, backquote and backslash are special). */
export const heredocLiteral = (text: string): string => text.replace(/[\\$`]/g, "\\$&");

/** Text safe inside a single-quoted shell word. */
export const shellSingleQuoted = (text: string): string => text.replace(/'/g, `'\\''`);

/** The string forms of an object the templates receive (§10.7). */
export interface EncodedObject {
  asObj: Record<string, unknown>;
  asJsonString: string;
  asCurlString: string;
  asPythonString: string;
  asTsString: string;
  /** Ours: JSON layout with Python literals (request payloads in `requests` snippets), braces dropped. */
  asPythonJsonString: string;
  /** Ours: one member per line, Python literals, trailing commas, braces dropped. */
  asPythonDictString: string;
  /** Ours: one-line TS literal. */
  asTsInline: string;
  /** Ours: one-line JSON with `, ` / `: ` separators. */
  asJsonInline: string;
}

/** Each form is computed on first use (own enumerable getters), since a template reads only one or two of them. */
export function encodeObject(obj: Record<string, unknown>): EncodedObject {
  const forms: Record<Exclude<keyof EncodedObject, "asObj">, () => string> = {
    asJsonString: () => innerLines(JSON.stringify(obj, null, 4)),
    asCurlString: () => shellSingleQuoted(indentLines(innerLines(JSON.stringify(obj, null, 4)), "    ")),
    asPythonString: () =>
      indentLines(
        Object.entries(obj)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}=${pyJson(v)},`)
          .join("\n"),
        "    ",
      ),
    asTsString: () => innerLines(tsLiteral(obj)),
    asPythonJsonString: () => innerLines(pyJson(obj)),
    asPythonDictString: () => innerLines(pyLiteral(obj)),
    asTsInline: () => tsInline(obj),
    asJsonInline: () => jsonInline(obj),
  };
  const encoded = { asObj: obj } as EncodedObject;
  for (const [name, compute] of Object.entries(forms)) {
    let cached: string | undefined;
    Object.defineProperty(encoded, name, {
      enumerable: true,
      get: () => {
        cached ??= compute();
        return cached;
      },
    });
  }
  return encoded;
}
