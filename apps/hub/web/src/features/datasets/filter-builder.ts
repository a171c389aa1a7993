// The filter bar's `where` and `orderby` clauses for the service's `/filter` route, built from a column, an
// operator and a value: the column name as a double-quoted identifier, the value as a literal of the column's kind
// (numbers checked, text single-quoted with quotes doubled). The service parses and validates the clause itself;
// this only writes clauses it accepts, and says why a value does not fit. Pure, unit-tested.
import type { ColumnKind } from "./feature-types";

export type FilterOperator = "=" | "!=" | "<" | "<=" | ">" | ">=" | "contains" | "is null" | "is not null";

export const OPERATORS: ReadonlyArray<{ value: FilterOperator; label: string; kinds: readonly ColumnKind[] }> = [
  { value: "=", label: "equals", kinds: ["number", "string", "bool"] },
  { value: "!=", label: "does not equal", kinds: ["number", "string", "bool"] },
  { value: "<", label: "less than", kinds: ["number", "string"] },
  { value: "<=", label: "at most", kinds: ["number", "string"] },
  { value: ">", label: "greater than", kinds: ["number", "string"] },
  { value: ">=", label: "at least", kinds: ["number", "string"] },
  { value: "contains", label: "contains", kinds: ["string"] },
  { value: "is null", label: "is null", kinds: ["number", "string", "bool", "other"] },
  { value: "is not null", label: "is not null", kinds: ["number", "string", "bool", "other"] },
];

export function operatorsFor(kind: ColumnKind): FilterOperator[] {
  return OPERATORS.filter((op) => op.kinds.includes(kind)).map((op) => op.value);
}

export function needsValue(operator: FilterOperator): boolean {
  return operator !== "is null" && operator !== "is not null";
}

/** A column name as an SQL identifier: always double-quoted, inner quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A text value as an SQL string literal: single-quoted, inner quotes doubled. */
export function quoteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A LIKE pattern matching `value` anywhere (a `%` or `_` typed in it keeps its LIKE meaning: no ESCAPE clause). */
function containsPattern(value: string): string {
  return `%${value}%`;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export type Built = { ok: true; clause: string } | { ok: false; problem: string };

export interface Condition {
  column: string;
  kind: ColumnKind;
  operator: FilterOperator;
  value: string;
}

/** One condition as a `where` clause, or why its value does not fit the column. */
export function buildCondition({ column, kind, operator, value }: Condition): Built {
  const name = quoteIdentifier(column);
  if (!operatorsFor(kind).includes(operator))
    return { ok: false, problem: `"${operator}" does not apply to the column ${column}.` };
  if (operator === "is null") return { ok: true, clause: `${name} IS NULL` };
  if (operator === "is not null") return { ok: true, clause: `${name} IS NOT NULL` };
  const trimmed = value.trim();
  if (operator === "contains") {
    if (trimmed === "") return { ok: false, problem: "Type the text to look for." };
    return { ok: true, clause: `${name} LIKE ${quoteString(containsPattern(value))}` };
  }
  let literal: string;
  if (kind === "number") {
    if (!NUMBER.test(trimmed)) return { ok: false, problem: `${column} holds numbers: "${value}" is not one.` };
    literal = trimmed;
  } else if (kind === "bool") {
    const lower = trimmed.toLowerCase();
    if (lower !== "true" && lower !== "false")
      return { ok: false, problem: `${column} holds true or false: "${value}" is neither.` };
    literal = lower;
  } else literal = quoteString(value);
  return { ok: true, clause: `${name} ${operator} ${literal}` };
}

/** `where` with one more condition (AND); parentheses keep an existing OR together. */
export function addCondition(where: string, clause: string): string {
  const current = where.trim();
  if (current === "") return clause;
  const grouped = /\bOR\b/i.test(current) ? `(${current})` : current;
  return `${grouped} AND ${clause}`;
}

/** An `orderby` clause: the column quoted, ascending or descending. */
export function buildOrderBy(column: string, direction: "ASC" | "DESC"): string {
  return column === "" ? "" : `${quoteIdentifier(column)} ${direction}`;
}
