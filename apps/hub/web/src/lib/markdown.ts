// A small Markdown parser for the task about pages: ATX headings, paragraphs, bullet and numbered lists, fenced code
// blocks, thematic breaks, and inline code, **strong**, *emphasis* / _emphasis_ and [links](url). It returns plain
// data (no HTML): the renderer builds React elements from it, so raw HTML in the input stays text. Anything it does
// not understand is kept as literal text, and unbalanced markers are shown as typed.

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong" | "emphasis"; children: Inline[] }
  /** `href` is undefined when the target is not http(s) or relative: the text is shown without a link. */
  | { kind: "link"; href: string | undefined; children: Inline[] };

export type Block =
  | { kind: "heading"; level: number; children: Inline[] }
  | { kind: "paragraph"; children: Inline[] }
  | { kind: "list"; ordered: boolean; items: Inline[][] }
  | { kind: "code"; language: string; text: string }
  | { kind: "rule" };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:\s+(.*?))?(?:\s+#+)?\s*$/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])\s+(.*)$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;

export function parseMarkdown(source: string): Block[] {
  if (typeof source !== "string") throw new TypeError("parseMarkdown: source must be a string");
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    const fence = FENCE.exec(line);
    if (line.trim() === "") {
      index += 1;
    } else if (fence) {
      // The block ends at a fence of the same character at least as long; an unclosed fence runs to the end.
      const closing = new RegExp(`^ {0,3}${fence[1][0] === "`" ? "`" : "~"}{${fence[1].length},}\\s*$`);
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !closing.test(lines[index])) body.push(lines[index++]);
      index += 1;
      blocks.push({ kind: "code", language: fence[2].toLowerCase(), text: body.join("\n") });
    } else if (HEADING.test(line)) {
      const [, hashes, text = ""] = HEADING.exec(line) ?? [];
      blocks.push({ kind: "heading", level: hashes.length, children: parseInline(text) });
      index += 1;
    } else if (RULE.test(line)) {
      blocks.push({ kind: "rule" });
      index += 1;
    } else if (LIST_ITEM.test(line)) {
      const ordered = /\d/.test(LIST_ITEM.exec(line)?.[1] ?? "");
      const items: string[] = [];
      // Items of the same kind continue the list; other non-blank lines continue the current item.
      while (index < lines.length && lines[index].trim() !== "" && !startsOtherBlock(lines[index])) {
        const item = LIST_ITEM.exec(lines[index]);
        if (item && /\d/.test(item[1]) !== ordered) break;
        if (item) items.push(item[2]);
        else items[items.length - 1] += ` ${lines[index].trim()}`;
        index += 1;
      }
      blocks.push({ kind: "list", ordered, items: items.map((item) => parseInline(item.trim())) });
    } else {
      const text: string[] = [];
      while (
        index < lines.length &&
        lines[index].trim() !== "" &&
        !startsOtherBlock(lines[index]) &&
        !LIST_ITEM.test(lines[index])
      )
        text.push(lines[index++].trim());
      blocks.push({ kind: "paragraph", children: parseInline(text.join(" ")) });
    }
  }
  return blocks;
}

function startsOtherBlock(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line);
}

/** Parses the inline markup of one block. Never throws; unmatched markers stay as text. */
export function parseInline(text: string): Inline[] {
  return new InlineParser(text).parse(0, text.length);
}

class InlineParser {
  // Markers known to have no closing match after some position, so hostile input (thousands of unmatched `*`)
  // costs one scan per marker instead of one per occurrence.
  private readonly unclosedAfter = new Map<string, number>();

  constructor(private readonly text: string) {}

  parse(start: number, end: number): Inline[] {
    const out: Inline[] = [];
    let plain = "";
    const flush = () => {
      if (plain !== "") out.push({ kind: "text", text: plain });
      plain = "";
    };
    let position = start;
    while (position < end) {
      const parsed = this.parseAt(position, end);
      if (parsed === undefined) {
        plain += this.text[position];
        position += 1;
        continue;
      }
      flush();
      out.push(parsed.node);
      position = parsed.next;
    }
    flush();
    return out;
  }

  private parseAt(position: number, end: number): { node: Inline; next: number } | undefined {
    const text = this.text;
    const char = text[position];
    if (char === "\\" && position + 1 < end && /[\\`*_[\]()#+\-.!<>]/.test(text[position + 1]))
      return { node: { kind: "text", text: text[position + 1] }, next: position + 2 };
    if (char === "`") {
      const run = /^`+/.exec(text.slice(position, end))?.[0] ?? "`";
      const close = this.find(run, position + run.length, end);
      if (close === -1) return { node: { kind: "text", text: run }, next: position + run.length };
      const code = text.slice(position + run.length, close);
      const trimmed = /^ .* $/s.test(code) && code.trim() !== "" ? code.slice(1, -1) : code;
      return { node: { kind: "code", text: trimmed }, next: close + run.length };
    }
    if (char === "[") {
      const closeText = this.find("](", position + 1, end);
      if (closeText === -1) return undefined;
      const closeUrl = this.closingParenthesis(closeText + 2, end);
      if (closeUrl === -1) return undefined;
      const url = text.slice(closeText + 2, closeUrl).trim();
      return {
        node: { kind: "link", href: safeHref(url), children: this.parse(position + 1, closeText) },
        next: closeUrl + 1,
      };
    }
    if (char === "*" || char === "_") {
      const marker = text.startsWith(char.repeat(2), position) ? char.repeat(2) : char;
      const inner = position + marker.length;
      // An opener is followed by a non-space; `_` must not sit inside a word (snake_case stays as typed).
      if (inner >= end || /\s/.test(text[inner])) return undefined;
      if (char === "_" && position > 0 && /\w/.test(text[position - 1])) return undefined;
      const close = this.findCloser(marker, inner + 1, end);
      if (close === -1) return undefined;
      return {
        node: { kind: marker.length === 2 ? "strong" : "emphasis", children: this.parse(inner, close) },
        next: close + marker.length,
      };
    }
    return undefined;
  }

  /** A closing marker: preceded by a non-space, and for `_` not followed by a word character. */
  private findCloser(marker: string, from: number, end: number): number {
    const key = `closer ${marker}@${end}`;
    const unclosed = this.unclosedAfter.get(key);
    if (unclosed !== undefined && from >= unclosed) return -1;
    let at = this.find(marker, from, end);
    while (at !== -1) {
      const before = this.text[at - 1];
      const after = this.text[at + marker.length] ?? "";
      // A `*` that is half of a `**` does not close a single `*`.
      const doubled = marker.length === 1 && (after === marker || before === marker);
      if (!/\s/.test(before) && !doubled && !(marker[0] === "_" && /\w/.test(after))) return at;
      at = this.find(marker, at + marker.length, end);
    }
    this.unclosedAfter.set(key, Math.min(from, unclosed ?? from));
    return -1;
  }

  /** The `)` that ends a link target; balanced parentheses inside it (`f(x)`) belong to the target. */
  private closingParenthesis(from: number, end: number): number {
    if (this.find(")", from, end) === -1) return -1;
    let depth = 0;
    for (let at = from; at < end; at++) {
      const char = this.text[at];
      if (char === "(") depth += 1;
      else if (char === ")" && depth-- === 0) return at;
    }
    return -1;
  }

  private find(needle: string, from: number, end: number): number {
    const key = `${needle}@${end}`;
    const unclosed = this.unclosedAfter.get(key);
    if (unclosed !== undefined && from >= unclosed) return -1;
    const at = this.text.indexOf(needle, from);
    if (at === -1 || at + needle.length > end) {
      this.unclosedAfter.set(key, Math.min(from, unclosed ?? from));
      return -1;
    }
    return at;
  }
}

/**
 * The link target if it is safe to follow: an http(s) URL or a relative one (path, query or fragment). Any other
 * scheme (`javascript:`, `data:`, `vbscript:`…) and protocol-relative `//host` URLs give undefined. Browsers ignore
 * tabs and newlines inside a scheme (`java\tscript:`), so those are removed before looking at it.
 */
export function safeHref(url: string): string | undefined {
  const cleaned = url.replace(/[\u0000-\u0020\u007f]/g, "");
  if (cleaned === "" || cleaned.startsWith("//") || cleaned.startsWith("\\")) return undefined;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  if (scheme === null) return /^[^:]*$|^[^:]*[/?#]/.test(cleaned) ? url.trim() : undefined;
  return /^https?$/i.test(scheme[1]) ? url.trim() : undefined;
}
