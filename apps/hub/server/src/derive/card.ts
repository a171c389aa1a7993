// README.md front matter → cardData (hub-api.md §7.1). The block runs from a first `---` line (leading whitespace
// allowed) to the next `---` line, with LF, CR or CRLF line ends, as Python's REGEX_YAML_BLOCK reads it. The YAML
// is hostile input: it is parsed with the `yaml` package's plain core schema (no custom tags, no timestamps), a
// size cap and an alias cap (a "billion laughs" document expands aliases exponentially).

import { isMap, parseDocument } from "yaml";

/** Longest front matter we parse; a card's metadata is a few KB, model-index blocks a few hundred. */
export const MAX_FRONT_MATTER_BYTES = 512 * 1024;
/** Aliases (`*name`) allowed in one document: enough for hand-written cards, far too few for an alias bomb. */
const MAX_ALIASES = 100;
/** Nesting bound for the JSON value we hand on (a deep document would overflow a recursive consumer). */
const MAX_DEPTH = 64;

// Python's r"^(\s*---[\r\n]+)([\S\s]*?)([\r\n]+---(\r\n|\n|$))", plus a lone CR after the closing line (old
// Mac line ends, which §7.1 accepts). Anchored at the start of the text only.
const YAML_BLOCK = /^(\s*---[\r\n]+)([\S\s]*?)([\r\n]+---(\r\n|\n|\r|$))/;

export interface FrontMatter {
  /** The YAML text between the two `---` lines. */
  yaml: string;
  /** The Markdown after the block. */
  body: string;
}

/** The front matter block of a card, or undefined when the text has none. A leading BOM is ignored. */
export function extractFrontMatter(text: string): FrontMatter | undefined {
  const source = text.startsWith("\ufeff") ? text.slice(1) : text;
  const match = YAML_BLOCK.exec(source);
  if (match === null) return undefined;
  // The YAML library reads LF and CRLF; a lone CR becomes LF so that CR-only files parse the same.
  return { yaml: (match[2] ?? "").replace(/\r(?!\n)/g, "\n"), body: source.slice(match[0].length) };
}

export type CardParse = { ok: true; cardData: Record<string, unknown> | undefined } | { ok: false; errors: string[] };

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_DEPTH) return depth;
  if (Array.isArray(value)) return Math.max(depth, ...value.map((item) => depthOf(item, depth + 1)));
  if (typeof value === "object" && value !== null)
    return Math.max(depth, ...Object.values(value).map((item) => depthOf(item, depth + 1)));
  return depth;
}

/** Parses YAML metadata text into a JSON object (the block must be a mapping; empty = undefined). */
export function parseCardYaml(yaml: string): CardParse {
  if (Buffer.byteLength(yaml, "utf8") > MAX_FRONT_MATTER_BYTES)
    return { ok: false, errors: [`The YAML metadata is larger than ${MAX_FRONT_MATTER_BYTES} bytes`] };
  let document: ReturnType<typeof parseDocument>;
  try {
    document = parseDocument(yaml, {
      schema: "core",
      customTags: [],
      resolveKnownTags: false,
      uniqueKeys: true,
      prettyErrors: false,
    });
  } catch (error) {
    return { ok: false, errors: [`Invalid YAML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (document.errors.length > 0)
    return { ok: false, errors: document.errors.slice(0, 10).map((error) => `Invalid YAML: ${error.message}`) };
  if (document.contents === null) return { ok: true, cardData: undefined };
  if (!isMap(document.contents)) return { ok: false, errors: ["The YAML metadata must be a mapping (key: value)"] };
  let value: unknown;
  try {
    // toJS expands aliases; maxAliasCount makes it throw instead of building an exponential object.
    value = document.toJS({ maxAliasCount: MAX_ALIASES });
  } catch (error) {
    return { ok: false, errors: [`Invalid YAML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  // Non-string keys (`1: x`, `[a]: b`) become a Map; JSON needs a plain object of string keys.
  if (typeof value !== "object" || value === null || value instanceof Map || Array.isArray(value))
    return { ok: false, errors: ["The YAML metadata must be a mapping with string keys"] };
  if (depthOf(value) > MAX_DEPTH)
    return { ok: false, errors: [`The YAML metadata is nested deeper than ${MAX_DEPTH}`] };
  // A JSON round trip drops what JSON cannot hold (undefined, functions never occur; Infinity/NaN become null).
  return { ok: true, cardData: JSON.parse(JSON.stringify(value)) as Record<string, unknown> };
}

/** cardData of a README: undefined when there is no front matter or it is invalid (the hub still serves the repo). */
export function cardDataOf(readme: string): Record<string, unknown> | undefined {
  const block = extractFrontMatter(readme);
  if (block === undefined) return undefined;
  const parsed = parseCardYaml(block.yaml);
  return parsed.ok ? parsed.cardData : undefined;
}
