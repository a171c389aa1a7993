// The conditions a listing's query puts on every row: its filters and which private repositories it may see. One
// definition for both readers of a listing (model-store.ts's pageIn, search/ranked-page.ts), so a filter added to the
// API cannot reach one and not the other. Values are bound through `bind`; the SQL text is fixed.
import type { SqlParam } from "./db.js";
import type { ModelSearch } from "./model-store.js";

type Bind = (value: SqlParam) => string;

/** The query's filters (author, task, library, provider, tags): none when it has none. */
export function queryFilters(query: ModelSearch, bind: Bind): string[] {
  const filters: string[] = [];
  if (query.author !== undefined) filters.push(`author = ${bind(query.author)}`);
  if (query.pipelineTag !== undefined) filters.push(`pipeline_tag = ${bind(query.pipelineTag)}`);
  if (query.library !== undefined) filters.push(`library_name = ${bind(query.library)}`);
  if (query.provider !== undefined) filters.push(`providers @> ARRAY[${bind(query.provider)}]::text[]`);
  if (query.tags !== undefined && query.tags.length > 0) filters.push(`tags @> ${bind(query.tags)}::text[]`);
  return filters;
}

/** Which private repositories the query may see, as a condition (undefined: all of them, the admin). */
export function scopeFilter(query: ModelSearch, bind: Bind): string | undefined {
  const scope = query.privateScope ?? { kind: "none" };
  if (scope.kind === "none") return "NOT private";
  if (scope.kind === "namespaces")
    return `(NOT private OR lower(author) = ANY(${bind(scope.namespaces.map((name) => name.toLowerCase()))}::text[]))`;
  return undefined;
}
