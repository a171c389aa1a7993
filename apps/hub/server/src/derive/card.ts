// README.md front matter → cardData (hub-api.md §7.1). The block runs from a first `---` line (leading whitespace
// allowed) to the next `---` line, with LF, CR or CRLF line ends, as Python's REGEX_YAML_BLOCK reads it. The YAML
// is hostile input: yaml-bounds.ts refuses it by size, nesting, tokens and aliases before the `yaml` package
// composes it (plain core schema: no custom tags, no timestamps).

import { isMap } from "yaml";
import { MAX_YAML_BYTES, MAX_YAML_DEPTH, parseBoundedYaml, toJsBounded } from "./yaml-bounds.js";

/** Longest front matter we parse; a card's metadata is a few KB, model-index blocks a few hundred. */
export const MAX_FRONT_MATTER_BYTES = MAX_YAML_BYTES;
/** Nesting bound for the JSON value we hand on (a deep document would overflow a recursive consumer). */
const MAX_DEPTH = MAX_YAML_DEPTH;

// Python's r"^(\s*---[\r\n]+)([\S\s]*?)([\r\n]+---(\r\n|\n|$))", plus a lone CR after the closing line (old
// Mac line ends, which §7.1 accepts), anchored at the start of the text. It is matched by hand in one pass: as a
// JavaScript regular expression it backtracks cubically on a run of line ends ("---" and 10 000 newlines took
// minutes), and a README of up to 1 MB reaches it from an anonymous validate-yaml.

const isLineEnd = (char: string | undefined): boolean => char === "\n" || char === "\r";

/** End of the run of line-end characters starting at `from`. */
function lineEndsFrom(source: string, from: number): number {
  let end = from;
  while (isLineEnd(source[end])) end += 1;
  return end;
}

/** Where a closing `---` starting at `at` ends, with its line end (`\r\n`, `\n`, `\r` or the end of the text). */
function closingEnd(source: string, at: number): number | undefined {
  if (!source.startsWith("---", at)) return undefined;
  const after = at + 3;
  if (after === source.length) return after;
  if (source.startsWith("\r\n", after)) return after + 2;
  return isLineEnd(source[after]) ? after + 1 : undefined;
}

export interface FrontMatter {
  /** The YAML text between the two `---` lines. */
  yaml: string;
  /** The Markdown after the block. */
  body: string;
}

/** The front matter block of a card, or undefined when the text has none. A leading BOM is ignored. */
export function extractFrontMatter(text: string): FrontMatter | undefined {
  const source = text.startsWith("\ufeff") ? text.slice(1) : text;
  const open = (/^\s*/.exec(source)?.[0].length ?? 0) + 3;
  if (!source.startsWith("---", open - 3)) return undefined;
  // The opening line's ends are greedy: the block starts after all of them…
  const start = lineEndsFrom(source, open);
  if (start === open) return undefined;
  // …and runs, lazily, to the first run of line ends that a closing `---` line follows.
  const nextLineEnd = /[\r\n]/g;
  nextLineEnd.lastIndex = start;
  for (let found = nextLineEnd.exec(source); found !== null; found = nextLineEnd.exec(source)) {
    const runEnd = lineEndsFrom(source, found.index);
    const end = closingEnd(source, runEnd);
    if (end !== undefined) return block(source.slice(start, found.index), source.slice(end));
    nextLineEnd.lastIndex = runEnd;
  }
  // Without a later closing line, the regex gives one opening line end back: `---\n\n---` is an empty block.
  const end = start - open >= 2 ? closingEnd(source, start) : undefined;
  return end === undefined ? undefined : block("", source.slice(end));
}

function block(yaml: string, body: string): FrontMatter {
  // The YAML library reads LF and CRLF; a lone CR becomes LF so that CR-only files parse the same.
  return { yaml: yaml.replace(/\r(?!\n)/g, "\n"), body };
}

export type CardParse = { ok: true; cardData: Record<string, unknown> | undefined } | { ok: false; errors: string[] };

/** Whether a JSON-like value nests deeper than `limit`, walked without recursion (arrays may be long). */
function deeperThan(value: unknown, limit: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== "object" || node === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

/** Parses YAML metadata text into a JSON object (the block must be a mapping; empty = undefined). */
export function parseCardYaml(yaml: string): CardParse {
  const parsed = parseBoundedYaml(yaml);
  if (!parsed.ok) return parsed;
  const { document } = parsed;
  if (document.contents === null) return { ok: true, cardData: undefined };
  if (!isMap(document.contents)) return { ok: false, errors: ["The YAML metadata must be a mapping (key: value)"] };
  let value: unknown;
  try {
    value = toJsBounded(document);
  } catch (error) {
    return { ok: false, errors: [`Invalid YAML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  // Non-string keys (`1: x`, `[a]: b`) become a Map; JSON needs a plain object of string keys.
  if (typeof value !== "object" || value === null || value instanceof Map || Array.isArray(value))
    return { ok: false, errors: ["The YAML metadata must be a mapping with string keys"] };
  if (deeperThan(value, MAX_DEPTH))
    return { ok: false, errors: [`The YAML metadata is nested deeper than ${MAX_DEPTH}`] };
  // A JSON round trip drops what JSON cannot hold (undefined, functions never occur; Infinity/NaN become null).
  return { ok: true, cardData: JSON.parse(JSON.stringify(value)) as Record<string, unknown> };
}

/** cardData of a README: undefined when there is no front matter or it is invalid (the hub still serves the repo). */
export function cardDataOf(readme: string): Record<string, unknown> | undefined {
  const parsed = readmeCard(readme);
  return parsed?.ok === true ? parsed.cardData : undefined;
}

/** The parse of a README's front matter, with the reasons when it is refused; undefined without front matter. */
export function readmeCard(readme: string): CardParse | undefined {
  const block = extractFrontMatter(readme);
  return block === undefined ? undefined : parseCardYaml(block.yaml);
}
