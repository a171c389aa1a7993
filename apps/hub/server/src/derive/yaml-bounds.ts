// Bounds on hostile YAML, checked before the `yaml` package builds anything. Its composer recurses once per
// nesting level and costs about 1.5 µs per token, so an anonymous `POST /api/validate-yaml` with 250 000 `[`
// held the main thread for seconds (issue 17, finding 4), and duplicate-key checks are quadratic in the keys of one
// mapping. This module is the one gate in front of every YAML parse of the server (card front matter on commits
// and seeding, validate-yaml, a space's runtime): `parseBoundedYaml` refuses by size, token count, alias count and
// nesting depth in one linear pass of the package's own lexer (so quoting and block scalars are read exactly as
// the parser reads them), stopping at the first bound crossed; only then does it compose the document.

import { CST, type Document, isMap, isPair, isScalar, isSeq, Lexer, parseDocument } from "yaml";

/** Longest YAML text we parse; a card's metadata is a few KB, big dataset_info blocks a few hundred. */
export const MAX_YAML_BYTES = 512 * 1024;
/**
 * Lexer tokens (scalars, indicators, spaces, line ends…) we scan and let the parser compose: at about 3 µs a token
 * for both, at most ~150 ms of one core. A card with a model-index of 100 results has ~10 000; a dataset card with
 * dataset_info for 300 configs ~40 000.
 */
export const MAX_YAML_TOKENS = 50_000;
/** Nesting of the value handed on; the hub's cards stay under 10. Flow brackets are counted exactly. */
export const MAX_YAML_DEPTH = 64;
/**
 * Bound on the block-nesting estimate of the pre-scan. The estimate is an upper bound of the real depth (each
 * indentation level may hold a mapping and a sequence, each indicator on a line may open one more), at most about
 * twice the real depth for usual cards, so this lets every document of real depth ≤ MAX_YAML_DEPTH through while
 * keeping the composer's recursion short. The exact depth is checked again on the composed value.
 */
export const MAX_YAML_DEPTH_ESTIMATE = 2 * MAX_YAML_DEPTH;
/** Aliases (`*name`) in one document: enough for hand-written cards, far too few for an alias bomb. */
export const MAX_YAML_ALIASES = 100;

/** Why `text` is refused before parsing, or undefined when it is within every bound. */
export function yamlBoundsProblem(text: string): string | undefined {
  // UTF-8 is at most 3 bytes per UTF-16 unit, so only texts near the cap need the exact byte count.
  if (text.length * 3 > MAX_YAML_BYTES && Buffer.byteLength(text, "utf8") > MAX_YAML_BYTES)
    return `The YAML metadata is larger than ${MAX_YAML_BYTES} bytes`;
  let tokens = 0;
  let aliases = 0;
  let flowLevel = 0;
  // Block structure: the lines that still enclose the current one, by indentation, each with an upper bound of
  // the nesting depth reached on it. A line's bound is its parent's plus 2 (a mapping and a sequence may start
  // at one indentation) plus one per block indicator (`- `, `? `, `: `) on the line.
  const enclosing: Array<{ indent: number; depth: number }> = [];
  let lineStart = true;
  let indent = 0;
  let scalarSourceNext = false;
  let blockScalarBody = false;
  const deepest = () => (enclosing.at(-1)?.depth ?? 0) + 2 * flowLevel;
  const content = (): void => {
    if (!lineStart) return;
    lineStart = false;
    if (flowLevel > 0) return; // inside brackets, indentation opens nothing
    while (enclosing.length > 0 && (enclosing.at(-1)?.indent ?? 0) >= indent) enclosing.pop();
    enclosing.push({ indent, depth: (enclosing.at(-1)?.depth ?? 0) + 2 });
  };
  for (const token of new Lexer().lex(text)) {
    tokens += 1;
    if (tokens > MAX_YAML_TOKENS) return `The YAML metadata has more than ${MAX_YAML_TOKENS} tokens`;
    if (scalarSourceNext) {
      scalarSourceNext = false;
      if (blockScalarBody) {
        // A `|`/`>` body runs to the end of a line; the header's line already counted its depth.
        blockScalarBody = false;
        lineStart = true;
        indent = 0;
      } else content();
      continue;
    }
    if (token === CST.SCALAR) {
      scalarSourceNext = true;
      if (!blockScalarBody) content();
      continue;
    }
    switch (CST.tokenType(token)) {
      case "newline":
        lineStart = true;
        indent = 0;
        continue;
      case "space":
        if (lineStart) indent = token.length - token.trimStart().length;
        continue;
      case "comment":
      case "comma":
      case "byte-order-mark":
      case "doc-mode":
        continue;
      case "doc-start":
      case "doc-end":
        enclosing.length = 0;
        flowLevel = 0;
        continue;
      case "flow-seq-start":
      case "flow-map-start":
        content();
        flowLevel += 1;
        if (flowLevel > MAX_YAML_DEPTH) return `The YAML metadata is nested deeper than ${MAX_YAML_DEPTH}`;
        break;
      case "flow-seq-end":
      case "flow-map-end":
        flowLevel = Math.max(0, flowLevel - 1);
        continue;
      case "flow-error-end":
        flowLevel = 0;
        continue;
      case "seq-item-ind":
      case "explicit-key-ind":
      case "map-value-ind": {
        content();
        const line = enclosing.at(-1);
        if (flowLevel === 0 && line !== undefined) line.depth += 1;
        break;
      }
      case "alias":
        content();
        aliases += 1;
        if (aliases > MAX_YAML_ALIASES) return `The YAML metadata has more than ${MAX_YAML_ALIASES} aliases`;
        continue;
      case "block-scalar-header":
        content();
        blockScalarBody = true;
        continue;
      default:
        // anchors, tags, quoted scalars, directives, unknown tokens: a node on this line
        content();
        continue;
    }
    if (deepest() > MAX_YAML_DEPTH_ESTIMATE) return `The YAML metadata is nested deeper than ${MAX_YAML_DEPTH}`;
  }
  return undefined;
}

/** The first duplicate scalar key of any mapping in the document, found in one pass (the package's is quadratic). */
function duplicateKey(document: Document): string | undefined {
  const pending: unknown[] = [document.contents];
  while (pending.length > 0) {
    const node = pending.pop();
    if (isMap(node)) {
      const seen = new Set<unknown>();
      for (const pair of node.items) {
        if (isScalar(pair.key)) {
          if (seen.has(pair.key.value)) return String(pair.key.value).slice(0, 100);
          seen.add(pair.key.value);
        }
        pending.push(pair.key, pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node.items) pending.push(isPair(item) ? item.value : item);
    } else if (isPair(node)) pending.push(node.key, node.value);
  }
  return undefined;
}

export type BoundedYaml = { ok: true; document: Document } | { ok: false; errors: string[] };

/**
 * Parses YAML within the bounds above, with the plain core schema (no custom or language tags, no timestamps).
 * Errors are messages for the hub's `{"errors":[{"message"}]}` answers; the caller reads the value with
 * `toJsBounded` so that alias expansion stays bounded too.
 */
export function parseBoundedYaml(text: string): BoundedYaml {
  const problem = yamlBoundsProblem(text);
  if (problem !== undefined) return { ok: false, errors: [problem] };
  let document: Document;
  try {
    document = parseDocument(text, {
      schema: "core",
      customTags: [],
      resolveKnownTags: false,
      // Checked below in linear time: the package compares every key with every earlier key of its mapping.
      uniqueKeys: false,
      prettyErrors: false,
    });
  } catch (error) {
    return { ok: false, errors: [`Invalid YAML: ${error instanceof Error ? error.message : String(error)}`] };
  }
  if (document.errors.length > 0)
    return { ok: false, errors: document.errors.slice(0, 10).map((error) => `Invalid YAML: ${error.message}`) };
  const duplicate = duplicateKey(document);
  if (duplicate !== undefined) return { ok: false, errors: [`Invalid YAML: Map keys must be unique (${duplicate})`] };
  return { ok: true, document };
}

/** The document's value; throws when aliases would expand past MAX_YAML_ALIASES nodes (a "billion laughs"). */
export function toJsBounded(document: Document): unknown {
  return document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
}
