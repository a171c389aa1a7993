// SQL from the filter AST (filter-parser.ts): column names quoted as identifiers (and already checked against the
// split's schema), every literal a positional parameter ($n). The only SQL text is the server's own.
import type { QueryParam } from "./duckdb-protocol.js";
import type { Condition, Literal, OrderTerm } from "./filter-parser.js";

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export class Params {
  readonly values: QueryParam[] = [];
  constructor(private readonly offset = 0) {}
  add(value: QueryParam): string {
    this.values.push(value);
    return `$${this.offset + this.values.length}`;
  }
}

function literal(params: Params, value: Literal): string {
  // NULL compares as SQL NULL; numbers and strings are bound (DuckDB casts them against the column).
  return value === null ? "NULL" : params.add(value);
}

export function conditionSql(condition: Condition, params: Params): string {
  switch (condition.kind) {
    case "and":
    case "or":
      return `(${conditionSql(condition.left, params)} ${condition.kind.toUpperCase()} ${conditionSql(condition.right, params)})`;
    case "not":
      return `(NOT ${conditionSql(condition.operand, params)})`;
    case "compare":
      return `(${quoteIdentifier(condition.column)} ${condition.op} ${literal(params, condition.value)})`;
    case "isNull":
      return `(${quoteIdentifier(condition.column)} IS ${condition.negated ? "NOT " : ""}NULL)`;
    case "in":
      return `(${quoteIdentifier(condition.column)} ${condition.negated ? "NOT " : ""}IN (${condition.values.map((value) => literal(params, value)).join(", ")}))`;
    case "like":
      return `(${quoteIdentifier(condition.column)}::VARCHAR ${condition.negated ? "NOT " : ""}${condition.caseInsensitive ? "ILIKE" : "LIKE"} ${params.add(condition.pattern)})`;
  }
}

export function orderSql(terms: readonly OrderTerm[]): string {
  return terms.map((term) => `${quoteIdentifier(term.column)} ${term.descending ? "DESC" : "ASC"}`).join(", ");
}
