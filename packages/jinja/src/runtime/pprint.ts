// pprint.pformat(value) with Python's defaults (width 80, indent 1, sorted dicts, not compact).
import { chargeNode } from "./limits.js";
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

/** One-line repr with dict keys sorted (pprint's _safe_repr). */
function safeRepr(v: unknown): string {
  if (Array.isArray(v) && viewOf(v) === undefined) {
    const parts = v.map((x) => safeRepr(fromHost(x)));
    if (isTuple(v)) return parts.length === 1 ? `(${parts[0]},)` : `(${parts.join(", ")})`;
    return `[${parts.join(", ")}]`;
  }
  if (isDict(v))
    return `{${sortedItems(v)
      .map(([k, x]) => `${safeRepr(k)}: ${safeRepr(fromHost(x))}`)
      .join(", ")}}`;
  return pyRepr(v);
}

class Printer {
  out = "";

  format(v: unknown, indent: number, allowance: number, level: number): void {
    chargeNode();
    const rep = safeRepr(v);
    if (strLen(rep) <= WIDTH - indent - allowance) {
      this.out += rep;
      return;
    }
    if (Array.isArray(v) && viewOf(v) === undefined) {
      if (isTuple(v)) {
        const end = v.length === 1 ? ",)" : ")";
        this.out += "(";
        this.items(v.map(fromHost), indent, allowance + end.length, level + 1);
        this.out += end;
      } else {
        this.out += "[";
        this.items(v.map(fromHost), indent, allowance + 1, level + 1);
        this.out += "]";
      }
      return;
    }
    if (isDict(v)) {
      this.out += "{";
      const items = sortedItems(v);
      const inner = indent + 1;
      items.forEach(([k, x], i) => {
        const last = i === items.length - 1;
        const krep = safeRepr(k);
        this.out += `${krep}: `;
        this.format(fromHost(x), inner + strLen(krep) + 2, last ? allowance + 1 : 1, level + 1);
        if (!last) this.out += `,\n${" ".repeat(inner)}`;
      });
      this.out += "}";
      return;
    }
    if (typeof v === "string" && v.length > 0) {
      this.str(v, indent, allowance, level + 1);
      return;
    }
    this.out += rep;
  }

  private items(items: unknown[], indent: number, allowance: number, level: number): void {
    const inner = indent + 1;
    items.forEach((x, i) => {
      const last = i === items.length - 1;
      if (i > 0) this.out += `,\n${" ".repeat(inner)}`;
      this.format(x, inner, last ? allowance : 1, level);
    });
  }

  /** Long strings are split at whitespace into adjacent literals, parenthesised at the top level. */
  private str(s: string, indent: number, allowance: number, level: number): void {
    const chunks: string[] = [];
    const lines = s.match(/[^\n\r\v\f\x1c-\x1e\x85\u2028\u2029]*(\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]|$)/gu) ?? [s];
    if (lines[lines.length - 1] === "") lines.pop();
    if (level === 1) {
      indent += 1;
      allowance += 1;
    }
    const maxWidth = WIDTH - indent;
    let maxWidth1 = maxWidth;
    lines.forEach((line, i) => {
      const rep = pyRepr(line);
      if (i === lines.length - 1) maxWidth1 -= allowance;
      if (strLen(rep) <= maxWidth1) {
        chunks.push(rep);
        return;
      }
      const parts = line.match(/\S*\s*/gu) ?? [line];
      if (parts[parts.length - 1] === "") parts.pop();
      let maxWidth2 = maxWidth;
      let current = "";
      parts.forEach((part, j) => {
        const candidate = current + part;
        if (j === parts.length - 1 && i === lines.length - 1) maxWidth2 -= allowance;
        if (strLen(pyRepr(candidate)) > maxWidth2) {
          if (current) chunks.push(pyRepr(current));
          current = part;
        } else current = candidate;
      });
      if (current) chunks.push(pyRepr(current));
    });
    if (chunks.length === 1) {
      this.out += chunks[0];
      return;
    }
    if (level === 1) this.out += "(";
    this.out += chunks.join(`\n${" ".repeat(indent)}`);
    if (level === 1) this.out += ")";
  }
}

export function pformat(v: unknown): string {
  const p = new Printer();
  p.format(v, 0, 0, 0);
  return p.out;
}
