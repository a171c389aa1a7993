// A site-only route: `GET /api/web/facets/{models|datasets|spaces}?search=&author=&pipeline_tag=&library=&…` →
// the counts per value of each facet of a list page (task, library, provider, license, language, size class,
// format, SDK, author), over the repositories the caller may see. Each facet is counted with every filter applied
// except its own, so a chosen value's siblings keep their counts and the visitor can switch. Bounded: each count reads at most
// FACET_SCAN_ROWS matching rows (then `truncated` is set and the counts are lower bounds), answers at most
// FACET_VALUES values per facet, and equal questions within FACET_CACHE_MS share one answer.
import type { Hono } from "hono";
import { ANONYMOUS, type HubEnv } from "../auth/principal.js";
import { SIZE_TAG_PREFIX } from "../derive/size-class.js";
import type { HubContext } from "../hub-context.js";
import { type RepoType, typeFromSegment } from "../repos/repo-ref.js";
import type { Db, SqlParam } from "../store/db.js";
import { DbRepoIndex, privateScopeOf } from "../store/db-repo-index.js";
import { type ModelSearch, TABLES, toPrefixQuery } from "../store/model-store.js";
import { ApiError } from "./api-error.js";
import { parseModelQuery } from "./model-query.js";

export const FACET_SCAN_ROWS = 10_000;
export const FACET_VALUES = 40;
const FACET_CACHE_MS = 30_000;
const FACET_CACHE_ENTRIES = 200;

/** Where a facet's values live: a column, an array column, or the tags (those with a prefix, or matching a rule). */
type FacetSource =
  | { kind: "column"; column: "pipeline_tag" | "library_name" | "author"; owns: "pipelineTag" | "library" | "author" }
  | { kind: "array"; column: "providers"; owns: "provider" }
  | { kind: "tag-prefix"; prefix: string }
  | { kind: "tag-set"; values: readonly string[] }
  | { kind: "tag-pattern"; pattern: string; regex: RegExp };

export interface FacetDefinition {
  /** The facet's key in the answer. */
  key: string;
  source: FacetSource;
}

// The model's languages are bare ISO 639-1 tags (`en`), as the hub's are; datasets prefix them (`language:en`).
const MODEL_LANGUAGE = { kind: "tag-pattern", pattern: "^[a-z]{2}$", regex: /^[a-z]{2}$/ } as const;

/** The facets of each list page, as data. */
export const FACETS: Record<RepoType, readonly FacetDefinition[]> = {
  model: [
    { key: "pipeline_tag", source: { kind: "column", column: "pipeline_tag", owns: "pipelineTag" } },
    { key: "library", source: { kind: "column", column: "library_name", owns: "library" } },
    { key: "provider", source: { kind: "array", column: "providers", owns: "provider" } },
    { key: "license", source: { kind: "tag-prefix", prefix: "license:" } },
    { key: "language", source: MODEL_LANGUAGE },
    { key: "size", source: { kind: "tag-prefix", prefix: SIZE_TAG_PREFIX } },
    { key: "author", source: { kind: "column", column: "author", owns: "author" } },
  ],
  dataset: [
    { key: "task", source: { kind: "tag-prefix", prefix: "task_categories:" } },
    { key: "format", source: { kind: "tag-prefix", prefix: "format:" } },
    { key: "license", source: { kind: "tag-prefix", prefix: "license:" } },
    { key: "language", source: { kind: "tag-prefix", prefix: "language:" } },
    { key: "size", source: { kind: "tag-prefix", prefix: "size_categories:" } },
    { key: "author", source: { kind: "column", column: "author", owns: "author" } },
  ],
  space: [
    { key: "sdk", source: { kind: "tag-set", values: ["static", "gradio", "streamlit", "docker"] } },
    { key: "license", source: { kind: "tag-prefix", prefix: "license:" } },
    { key: "author", source: { kind: "column", column: "author", owns: "author" } },
  ],
};

export interface FacetValue {
  value: string;
  count: number;
}

export interface FacetsAnswer {
  /** Repositories matching every filter (at most FACET_SCAN_ROWS). */
  total: number;
  facets: Record<string, FacetValue[]>;
  /** A count reached FACET_SCAN_ROWS: the numbers are lower bounds. */
  truncated: boolean;
}

/** Whether a `filter` tag belongs to `source` (so that facet's own count leaves it out). */
function tagOwnedBy(source: FacetSource, tag: string): boolean {
  if (source.kind === "tag-prefix") return tag.startsWith(source.prefix);
  if (source.kind === "tag-set") return source.values.includes(tag);
  if (source.kind === "tag-pattern") return source.regex.test(tag);
  return false;
}

/** The WHERE conditions of `query` (minus what `except` owns), bound into `params`. Fixed fragments only. */
function conditions(query: ModelSearch, except: FacetSource | undefined, bind: (value: SqlParam) => string): string[] {
  const where: string[] = [];
  const owns = except !== undefined && (except.kind === "column" || except.kind === "array") ? except.owns : undefined;
  const tsquery = query.search === undefined ? undefined : toPrefixQuery(query.search);
  if (tsquery !== undefined) where.push(`search @@ ${bind(tsquery)}::tsquery`);
  if (query.author !== undefined && owns !== "author") where.push(`author = ${bind(query.author)}`);
  if (query.pipelineTag !== undefined && owns !== "pipelineTag")
    where.push(`pipeline_tag = ${bind(query.pipelineTag)}`);
  if (query.library !== undefined && owns !== "library") where.push(`library_name = ${bind(query.library)}`);
  if (query.provider !== undefined && owns !== "provider")
    where.push(`providers @> ARRAY[${bind(query.provider)}]::text[]`);
  const tags = (query.tags ?? []).filter((tag) => except === undefined || !tagOwnedBy(except, tag));
  if (tags.length > 0) where.push(`tags @> ${bind(tags)}::text[]`);
  const scope = query.privateScope ?? { kind: "none" };
  if (scope.kind === "none") where.push("NOT private");
  else if (scope.kind === "namespaces")
    where.push(
      `(NOT private OR lower(author) = ANY(${bind(scope.namespaces.map((name) => name.toLowerCase()))}::text[]))`,
    );
  return where;
}

/** One facet's statement: group the (bounded) matching rows by the facet's value. */
function facetSql(table: string, facet: FacetDefinition, query: ModelSearch): { sql: string; params: SqlParam[] } {
  const params: SqlParam[] = [];
  const bind = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const source = facet.source;
  const where = conditions(query, source, bind);
  const whereSql = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  let column: string;
  let valueSql: string;
  let keep: string;
  if (source.kind === "column") {
    column = source.column;
    valueSql = `s.${source.column}`;
    keep = `s.${source.column} IS NOT NULL`;
  } else if (source.kind === "array") {
    column = source.column;
    valueSql = "v";
    keep = "TRUE";
  } else {
    column = "tags";
    valueSql = "v";
    keep =
      source.kind === "tag-prefix"
        ? `left(v, ${bind(source.prefix.length)}) = ${bind(source.prefix)}`
        : source.kind === "tag-set"
          ? `v = ANY(${bind([...source.values])}::text[])`
          : `v ~ ${bind(source.pattern)}`;
  }
  const from = source.kind === "column" ? "s" : `s CROSS JOIN LATERAL unnest(s.${column}) AS v`;
  const scan = bind(FACET_SCAN_ROWS);
  const values = bind(FACET_VALUES);
  const sql = `SELECT ${valueSql} AS value, count(*)::float8 AS n
    FROM (SELECT ${column} FROM ${table} ${whereSql} LIMIT ${scan}) AS ${from}
    WHERE ${keep} GROUP BY 1 ORDER BY n DESC, value LIMIT ${values}`;
  return { sql, params };
}

export async function computeFacets(db: Db, type: RepoType, query: ModelSearch): Promise<FacetsAnswer> {
  const table = TABLES[type];
  const params: SqlParam[] = [];
  const bind = (value: SqlParam): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = conditions(query, undefined, bind);
  const totalRows = await db.query<{ n: number }>(
    `SELECT count(*)::float8 AS n FROM (SELECT 1 FROM ${table} ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
     LIMIT ${bind(FACET_SCAN_ROWS)}) AS matched`,
    params,
  );
  const total = Number(totalRows[0]?.n ?? 0);
  const facets: Record<string, FacetValue[]> = {};
  for (const facet of FACETS[type]) {
    const { sql, params: facetParams } = facetSql(table, facet, query);
    const rows = await db.query<{ value: string; n: number }>(sql, facetParams);
    facets[facet.key] = rows.map((row) => ({ value: String(row.value), count: Number(row.n) }));
  }
  return { total, facets, truncated: total >= FACET_SCAN_ROWS };
}

/** The filters of the request, validated as the listing validates them (the same 400s); sort and pages ignored. */
export function facetQuery(params: URLSearchParams): ModelSearch {
  const filters = new URLSearchParams();
  for (const [key, value] of params)
    if (!["sort", "direction", "limit", "cursor", "full", "config", "cardData", "expand[]", "expand"].includes(key))
      filters.append(key, value);
  return parseModelQuery(filters);
}

/** The index's database, when the hub's index is the database one (always, for a local hub). */
export function indexDb(ctx: HubContext): Db | undefined {
  return ctx.index instanceof DbRepoIndex ? ctx.index.store.db : undefined;
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const cache = new Map<string, { at: number; answer: Promise<FacetsAnswer> }>();
  app.get("/api/web/facets/:segment", async (c) => {
    const type = typeFromSegment(c.req.param("segment"));
    if (type === undefined) throw new ApiError(404, "Facets exist for models, datasets and spaces");
    const db = indexDb(ctx);
    if (db === undefined) throw new ApiError(501, "This hub has no searchable index");
    const principal = c.get("principal") ?? ANONYMOUS;
    const query: ModelSearch = {
      ...facetQuery(new URL(c.req.url).searchParams),
      privateScope: privateScopeOf(principal),
    };
    const key = JSON.stringify([type, query]);
    const now = Date.now();
    let entry = cache.get(key);
    if (entry === undefined || now - entry.at > FACET_CACHE_MS) {
      // Bounded: stale answers go first, then the oldest (a Map iterates in insertion order).
      for (const [old, value] of cache) if (now - value.at > FACET_CACHE_MS) cache.delete(old);
      for (const old of cache.keys()) if (cache.size >= FACET_CACHE_ENTRIES) cache.delete(old);
      entry = { at: now, answer: computeFacets(db, type, query) };
      cache.set(key, entry);
      entry.answer.catch(() => cache.delete(key));
    }
    c.header("Cache-Control", "private, max-age=30");
    return c.json(await entry.answer);
  });
}
