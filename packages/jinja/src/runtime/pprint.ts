// pprint.pformat(value) with Python's defaults (width 80, indent 1, sorted dicts, not compact).
import { StringBuilder } from "./builder.js";
import { active, checkCap } from "./limits.js";
import { pySort } from "./sort.js";
import { dictEntries, fromHost, isDict, isTuple, pyCompare, pyRepr, strLen, typeName, viewOf } from "./values.js";

const WIDTH = 80;

/** dict keys sort like pprint's _safe_key: by value, falling back to the type name for unorderable mixes. */
function sortedItems(v: Map<unknown, unknown> | Record<string, unknown>): [unknown, unknown][] {
  return pySort(dictEntries(v), (a, b) => {
    try {
      return pyCompare(a[0], b[0], "lt") < 0;
    } catch {
      return typeName(a[0]) < typeName(b[0]);
    }
  });
}

/** One-line repr with dict keys sorted (pprint's _safe_repr); each container is a node of the walk. */
function safeRepr(v: unknown): string {
  if (Array.isArray(v) && viewOf(v) === undefined) {
    active.charge(NODE_STEPS);
    const parts = v.map((x) => safeRepr(fromHost(x)));
    if (isTuple(v)) return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(", ")})`;
    return `[${parts.join(", ")}]`;
  }
  if (isDict(v)) {
    active.charge(NODE_STEPS);
    return `{${sortedItems(v)
      .map(([k, x]) => `${safeRepr(k)}: ${safeRepr(fromHost(x))}`)
      .join(", ")}}`;
  }
  return pyRepr(v);
}

/**
 * Steps per container walked (twice each: `format` tries a one-line repr of the subtree before it breaks lines),
 * about 250 ns with its parts joined: a shared 2^40-node list spent 450 ms of CPU at one step a node.
 */
const NODE_STEPS = 2;
/** Steps per line or word of a long text: a regex match, its repr and a write, about 500 ns. */
const PIECE_STEPS = 4;

const LINE = /[^\n\r\v\f\x1c-\x1e\x85\u2028\u2029]*(\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]|$)/gu;
const PART = /\S*\s*/gu;

/**
 * The non-empty matches of a global regex over `s`, one at a time, with whether each is the last (it ends the
 * string): pprint of a 30 M text walks its lines and words without making a list of millions of them first.
 */
function* pieces(re: RegExp, s: string): Generator<[string, boolean]> {
  const r = new RegExp(re.source, re.flags);
  let m = r.exec(s);
  while (m !== null && m[0] !== "") {
    active.charge(PIECE_STEPS);
    const end = m.index + m[0].length;
    yield [m[0], end === s.length];
    if (end === s.length) return;
    m = r.exec(s);
  }
}

class Printer {
  private readonly out = new StringBuilder();

  /** Appends to the result, which is held to the size cap as it grows (deep indents make it grow fast). */
  write(s: string): void {
    this.out.add(s);
    checkCap(this.out.length);
  }

  result(): string {
    return this.out.toString();
  }

  format(v: unknown, indent: number, allowance: number, level: number): void {
    active.charge(NODE_STEPS);
    // a string wider than the line cannot fit whatever its escapes (its repr is longer than itself): no need to
    // build a repr of all of it just to find that out
    if (typeof v === "string" && v.length > 0 && strLen(v) + 2 > WIDTH - indent - allowance) {
      this.str(v, indent, allowance, level + 1);
      return;
    }
    const rep = safeRepr(v);
    if (strLen(rep) <= WIDTH - indent - allowance) {
      this.write(rep);
      return;
    }
    if (Array.isArray(v) && viewOf(v) === undefined) {
      if (isTuple(v)) {
        const end = v.length === 1 ? ",)" : ")";
        this.write("(");
        this.items(v.map(fromHost), indent, allowance + end.length, level + 1);
        this.write(end);
      } else {
        this.write("[");
        this.items(v.map(fromHost), indent, allowance + 1, level + 1);
        this.write("]");
      }
      return;
    }
    if (isDict(v)) {
      this.write("{");
      const items = sortedItems(v);
      const inner = indent + 1;
      items.forEach(([k, x], i) => {
        const last = i === items.length - 1;
        const krep = safeRepr(k);
        this.write(`${krep}: `);
        this.format(fromHost(x), inner + strLen(krep) + 2, last ? allowance + 1 : 1, level + 1);
        if (!last) this.write(`,\n${" ".repeat(inner)}`);
      });
      this.write("}");
      return;
    }
    if (typeof v === "string" && v.length > 0) {
      this.str(v, indent, allowance, level + 1);
      return;
    }
    this.write(rep);
  }

  private items(items: unknown[], indent: number, allowance: number, level: number): void {
    const inner = indent + 1;
    items.forEach((x, i) => {
      const last = i === items.length - 1;
      if (i > 0) this.write(`,\n${" ".repeat(inner)}`);
      this.format(x, inner, last ? allowance : 1, level);
    });
  }

  /**
   * Long strings are split at line breaks, then at whitespace, into adjacent literals, parenthesised at the top
   * level. The chunks are written as they are found (the first one is held back: alone, it needs no parentheses).
   */
  private str(s: string, indent: number, allowance: number, level: number): void {
    if (level === 1) {
      indent += 1;
      allowance += 1;
    }
    const sep = `\n${" ".repeat(indent)}`;
    let first: string | null = null;
    let count = 0;
    const chunk = (rep: string) => {
      if (count === 0) first = rep;
      else {
        if (count === 1) {
          if (level === 1) this.write("(");
          this.write(first ?? "");
        }
        this.write(sep);
        this.write(rep);
      }
      count++;
    };
    const maxWidth = WIDTH - indent;
    for (const [line, lastLine] of pieces(LINE, s)) {
      const rep = pyRepr(line);
      if (strLen(rep) <= (lastLine ? maxWidth - allowance : maxWidth)) {
        chunk(rep);
        continue;
      }
      let current = "";
      for (const [part, lastPart] of pieces(PART, line)) {
        const candidate = current + part;
        const maxWidth2 = lastPart && lastLine ? maxWidth - allowance : maxWidth;
        if (strLen(pyRepr(candidate)) > maxWidth2) {
          if (current) chunk(pyRepr(current));
          current = part;
        } else current = candidate;
      }
      if (current) chunk(pyRepr(current));
    }
    if (count === 1) this.write(first ?? "");
    else if (count > 1 && level === 1) this.write(")");
  }
}

export function pformat(v: unknown): string {
  const p = new Printer();
  p.format(v, 0, 0, 0);
  return p.result();
}
