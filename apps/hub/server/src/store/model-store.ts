// The model index: every SQL statement the server runs lives here (and in migrations.ts), each one a constant
// text with positional parameters. Filters and sort orders are picked from fixed fragments, never from input.
import type { RepoType } from "../repos/repo-ref.js";
import { backfillTypoKeys } from "../search/backfill.js";
import { FEW_ROWS, type RankedListing, rankedPageStatement } from "../search/ranked-page.js";
import { rankedSearch } from "../search/ranking.js";
import { indexTypoKeys } from "../search/typo-query.js";
import {
  dayNumber,
  type SortSource,
  scoreColumn,
  tableSource,
  trendingScoreOf,
  trendingSources,
  trendingStretchOf,
} from "../trending/listing.js";
import type { Db, SqlParam } from "./db.js";
import { queryFilters, scopeFilter } from "./listing-filters.js";
import { migrate } from "./migrations.js";
import { MAX_PREFIX, type ModelRow, searchWords, toModelRow } from "./model-record.js";
import { pendingColumn, pendingOf, withPending } from "./pending-column.js";
import { TABLES } from "./repo-tables.js";

export type SortKey = "downloads" | "likes" | "lastModified" | "createdAt" | "trendingScore" | "id";

export interface SearchCursor {
  /** The sort column's value (a bigint, as decimal text; "0" when sorting by id) of the last row seen. */
  value: string;
  id: string;
  /** With a search: the ranking tier (search/ranking.ts) the last row seen belongs to. */
  tier?: number;
}

/** Which private repositories a search may return: none, those of some namespaces, or all (the admin). */
export type PrivateScope = { kind: "none" } | { kind: "namespaces"; namespaces: string[] } | { kind: "all" };

export interface ModelSearch {
  search?: string;
  author?: string;
  pipelineTag?: string;
  library?: string;
  provider?: string;
  tags?: string[];
  sort: SortKey;
  direction: 1 | -1;
  limit: number;
  cursor?: SearchCursor;
  /** Default: public repositories only. */
  privateScope?: PrivateScope;
}

/** The indexed columns every repository row carries, as the API names them. */
interface RepoColumns {
  id: string;
  author: string;
  pipeline_tag: string | null;
  library_name: string | null;
  tags: string[];
  downloads: number | null;
  likes: number | null;
  lastModified: string | null;
  createdAt: string | null;
  private: boolean;
}

export interface ModelSummary extends RepoColumns {
  modelId: string;
}

export interface SearchPage {
  models: ModelSummary[];
  /** Present when more rows follow: pass it back as `cursor` for the next page. */
  next?: SearchCursor;
}

/** One indexed repository: its columns, and its whole record when asked for. */
export interface IndexedRow extends RepoColumns {
  sha: string | null;
  /** The hub's `trendingScore`: recent downloads and likes with decay (trending/trending-store.ts). */
  trendingScore: number;
  record?: Record<string, unknown>;
}

export interface RowPage {
  rows: IndexedRow[];
  next?: SearchCursor;
}

/** One table per repository type (repo-tables.ts), exported here too for the modules that name it from here. */
export { TABLES };

/**
 * Each sort key's column, whose keyset index (migrations 4 and 10) is on the stored key negated, so that
 * "key DESC, id ASC" is the index's own ascending order and "key ASC, id DESC" its backward scan. Sorting by id
 * uses the primary key alone; by trendingScore, two stretches of two indexes (trending/listing.ts).
 */
const SORT_COLUMNS: Record<Exclude<SortKey, "id" | "trendingScore">, string> = {
  downloads: "downloads_sort",
  likes: "likes_sort",
  lastModified: "last_modified_sort",
  createdAt: "created_at_sort",
};

/**
 * A filtered search first walks at least this many rows (per row of the page asked for) of the sort order's index
 * and keeps those that match: a filter held by more than ~2 % of the repositories fills its page there. When it does not,
 * the filter is selective and its matches are read first and sorted (few rows, by construction). Issue 14: the
 * planner alone walked the lastModified index for a tag held by 0.3 % of 66 k models (660 ms a page); the count
 * probe that replaced it read up to 3 000 matches of every non-selective filter first (40-70 ms a page on PGlite).
 */
export const WALK_ROWS_PER_RESULT = 50;

/**
 * A trendingScore listing whose filters hold for fewer rows than this reads their matches in each of its two
 * stretches instead of walking both indexes first (trending/listing.ts).
 */
const FEW_FILTER_ROWS = 200;

const SUMMARY_COLUMNS =
  "id, author, pipeline_tag, library_name, tags, downloads::float8 AS downloads, likes::float8 AS likes, last_modified, created_at, private, sha";

/**
 * The columns of a listed row of `type`: the summary, the trending score's (trending/listing.ts) and its pending
 * download count's (pending-column.ts: shown at once, in the same statement).
 */
const summaryColumns = (type: RepoType) => `${SUMMARY_COLUMNS}, ${scoreColumn(type)}, ${pendingColumn(type)}`;

/** The row of each record of the JSON array $1, with its sort keys and search lexemes (see withTypoKeys). */
const rowsSql = (table: string) => `INSERT INTO ${table} (id, author, pipeline_tag, library_name, tags, providers,
    downloads, likes, last_modified, created_at, downloads_sort, likes_sort, last_modified_sort, created_at_sort,
    private, sha, search, record)
  SELECT r.id, r.author, r.pipeline_tag, r.library_name, r.tags, r.providers, r.downloads, r.likes,
    r.last_modified, r.created_at, coalesce(r.downloads, -1), coalesce(r.likes, -1),
    coalesce((extract(epoch FROM r.last_modified) * 1000)::bigint, -1),
    coalesce((extract(epoch FROM r.created_at) * 1000)::bigint, -1), r.private, r.sha,
    array_to_tsvector(r.search_words), r.record
  FROM jsonb_to_recordset($1::jsonb) AS r(id text, author text, pipeline_tag text, library_name text, tags text[],
    providers text[], downloads bigint, likes bigint, last_modified timestamptz, created_at timestamptz,
    private boolean, sha text, search_words text[], record jsonb)`;

// Ids are unique case-insensitively (migration 13's unique index on lower(id)): a record whose id differs from a
// stored one only in case updates that row, which keeps its id.
const upsertSql = (table: string) => `${rowsSql(table)}
  ON CONFLICT ((lower(id))) DO UPDATE SET author = EXCLUDED.author, pipeline_tag = EXCLUDED.pipeline_tag,
    library_name = EXCLUDED.library_name, tags = EXCLUDED.tags, providers = EXCLUDED.providers,
    downloads = EXCLUDED.downloads, likes = EXCLUDED.likes, last_modified = EXCLUDED.last_modified,
    created_at = EXCLUDED.created_at, downloads_sort = EXCLUDED.downloads_sort, likes_sort = EXCLUDED.likes_sort,
    last_modified_sort = EXCLUDED.last_modified_sort, created_at_sort = EXCLUDED.created_at_sort,
    private = EXCLUDED.private, sha = EXCLUDED.sha, search = EXCLUDED.search, record = EXCLUDED.record`;

const UPSERT: Record<RepoType, string> = {
  model: upsertSql(TABLES.model),
  dataset: upsertSql(TABLES.dataset),
  space: upsertSql(TABLES.space),
};

/**
 * A sync's row (DbRepoIndex.sync): written only while the stored `sha` is still the one the sync read ($2; NULL
 * for a row without one, or none), so a sync that another one overtook writes nothing. RETURNING says which.
 * The sync derives from storage what storage holds; the privacy flag and the counts are the database's own (the
 * settings route, downloads and likes write them while a sync derives), so an existing row keeps its stored ones
 * instead of the ones the sync read before deriving: writing those back made a repository turned private
 * meanwhile public again, and lost the downloads counted meanwhile.
 */
const upsertIfShaSql = (table: string) => `${rowsSql(table)}
  ON CONFLICT ((lower(id))) DO UPDATE SET author = EXCLUDED.author, pipeline_tag = EXCLUDED.pipeline_tag,
    library_name = EXCLUDED.library_name, tags = EXCLUDED.tags, providers = EXCLUDED.providers,
    last_modified = EXCLUDED.last_modified, created_at = EXCLUDED.created_at,
    last_modified_sort = EXCLUDED.last_modified_sort, created_at_sort = EXCLUDED.created_at_sort,
    sha = EXCLUDED.sha, search = EXCLUDED.search,
    record = EXCLUDED.record || jsonb_strip_nulls(jsonb_build_object('private', ${table}.private,
      'downloads', ${table}.downloads, 'likes', ${table}.likes,
      'downloadsAllTime', ${table}.record->'downloadsAllTime'))
  WHERE ${table}.sha IS NOT DISTINCT FROM $2::text RETURNING id`;

const UPSERT_IF_SHA: Record<RepoType, string> = {
  model: upsertIfShaSql(TABLES.model),
  dataset: upsertIfShaSql(TABLES.dataset),
  space: upsertIfShaSql(TABLES.space),
};

/** A new repository's row, only if no id equal to it ignoring case is stored: one statement, atomic. */
const insertNewSql = (table: string) => `${rowsSql(table)} ON CONFLICT DO NOTHING RETURNING id`;

const INSERT_NEW: Record<RepoType, string> = {
  model: insertNewSql(TABLES.model),
  dataset: insertNewSql(TABLES.dataset),
  space: insertNewSql(TABLES.space),
};

const BATCH = 1000;

/** A row's search lexemes with its typo keys added (search/typo-query.ts): what the `search` column holds. */
function withTypoKeys(row: ModelRow): ModelRow {
  return { ...row, search_words: [...row.search_words, ...indexTypoKeys(row.id)] };
}

function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toColumns(row: Record<string, unknown>): RepoColumns {
  return {
    id: String(row.id),
    author: String(row.author),
    pipeline_tag: (row.pipeline_tag as string | null) ?? null,
    library_name: (row.library_name as string | null) ?? null,
    tags: (row.tags as string[] | null) ?? [],
    downloads: numberOrNull(row.downloads),
    likes: numberOrNull(row.likes),
    lastModified: isoOrNull(row.last_modified),
    createdAt: isoOrNull(row.created_at),
    private: row.private === true,
  };
}

/**
 * `today`: the day number (trending/listing.ts dayNumber) the trending score is read on. The downloads (column and
 * record) include the row's pending count.
 */
function toIndexedRow(row: Record<string, unknown>, today: number): IndexedRow {
  const indexed: IndexedRow = {
    ...toColumns(row),
    sha: typeof row.sha === "string" ? row.sha : null,
    trendingScore: trendingScoreOf(row.trending, today),
    ...(row.record !== undefined && row.record !== null ? { record: row.record as Record<string, unknown> } : {}),
  };
  return withPending(indexed, pendingOf(row.pending_downloads));
}

/** A page of `limit` rows from `rows` (read with one extra), and the cursor after it when more follow. */
function toPage(rows: Record<string, unknown>[], limit: number, tier: number | undefined, today: number): RowPage {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rows: page.map((row) => toIndexedRow(row, today)),
    ...(rows.length > limit && last !== undefined
      ? { next: { value: String(last.sort_value), id: String(last.id), ...(tier !== undefined ? { tier } : {}) } }
      : {}),
  };
}

/**
 * `Llama 3.1` → `('llama' & '3' | 'llama3') & '1'`: each word must be a prefix of some word of the id (the index
 * holds every prefix, see searchLexemes); separators between letters and digits do not matter (`llama3` = `llama-3`
 * = `llama 3`). Words are letters and digits only, so the tsquery text cannot be malformed.
 */
export function toPrefixQuery(search: string): string | undefined {
  const words = [
    ...new Set(
      searchWords(search)
        .slice(0, 16)
        .map((word) => [...word].slice(0, MAX_PREFIX).join("")),
    ),
  ];
  if (words.length === 0) return undefined;
  const terms: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const next = words[index + 1];
    // "llama 3" also finds ids written "llama3": a letter word followed by a digit word matches either both
    // words or the two joined (the joined form is what the index holds for "Llama3-…").
    if (next !== undefined && /\p{L}$/u.test(word) && /^\p{N}/u.test(next)) {
      const joined = [...`${word}${next}`].slice(0, MAX_PREFIX).join("");
      terms.push(`('${word}' & '${next}' | '${joined}')`);
      index += 1;
      continue;
    }
    // "llama3" also finds ids written "Llama-3": a word mixing letters and digits matches itself or its runs.
    const runs = word.match(/\p{N}+|[^\p{N}]+/gu) ?? [word];
    terms.push(runs.length > 1 ? `('${word}' | ${runs.map((run) => `'${run}'`).join(" & ")})` : `'${word}'`);
  }
  return terms.join(" & ");
}

export class ModelStore {
  private constructor(readonly db: Db) {}

  /** The clock trendingScore values are read at (they decay with it; tests move it). */
  now: () => Date = () => new Date();

  /** The planner's row count of each table (pg_class.reltuples, set by ANALYZE), re-read at most once a minute. */
  private readonly rowEstimates = new Map<string, { rows: number; at: number }>();

  private async estimatedRows(table: string): Promise<number> {
    const cached = this.rowEstimates.get(table);
    if (cached !== undefined && Date.now() - cached.at < 60_000) return cached.rows;
    const result = await this.db.query<{ n: number }>(
      "SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = to_regclass($1)",
      [table],
    );
    const rows = Math.min(Number(result[0]?.n ?? 0), 100_000_000);
    this.rowEstimates.set(table, { rows, at: Date.now() });
    return rows;
  }

  /** Opens the index on `db`, applying any pending schema migration. */
  static async open(db: Db): Promise<ModelStore> {
    await migrate(db);
    await backfillTypoKeys(db);
    return new ModelStore(db);
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** Validates and inserts (or replaces) records; returns how many were written. Throws ModelRecordError. */
  async upsert(records: readonly unknown[], type: RepoType = "model"): Promise<number> {
    const rows: ModelRow[] = records.map((record) => withTypoKeys(toModelRow(record)));
    // One row per id ignoring case (the last one wins, as it would across statements): a statement may not update
    // the same row twice.
    const byKey = new Map<string, ModelRow>();
    for (const row of rows) {
      byKey.delete(row.id.toLowerCase());
      byKey.set(row.id.toLowerCase(), row);
    }
    const unique = byKey.size === rows.length ? rows : [...byKey.values()];
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < unique.length; start += BATCH) {
        await tx.query(UPSERT[type], [JSON.stringify(unique.slice(start, start + BATCH))]);
      }
    });
    return rows.length;
  }

  /**
   * Inserts or replaces one record only if the stored row's `sha` is `expected` (null: no row or a row without a
   * sha); a row inserted where none was is written too. Returns whether it was written: the compare-and-set of
   * DbRepoIndex.sync. Throws ModelRecordError.
   */
  async upsertIfSha(record: unknown, type: RepoType, expected: string | null): Promise<boolean> {
    const rows = await this.db.query(UPSERT_IF_SHA[type], [
      JSON.stringify([withTypoKeys(toModelRow(record))]),
      expected,
    ]);
    return rows.length === 1;
  }

  /**
   * Inserts the record of a new repository unless one with the same id ignoring case exists (concurrent creations
   * of `A/Race` and `A/race` cannot both get in); returns whether it was inserted. Throws ModelRecordError.
   */
  async insertNew(record: unknown, type: RepoType): Promise<boolean> {
    const rows = await this.db.query(INSERT_NEW[type], [JSON.stringify([withTypoKeys(toModelRow(record))])]);
    return rows.length === 1;
  }

  /**
   * Refreshes the planner's statistics after a bulk load. The search plans depend on them (how many ids a word
   * matches decides between the GIN index and walking the sort order), and PGlite has no autovacuum to do it.
   */
  async analyze(type?: RepoType): Promise<void> {
    for (const table of type === undefined ? Object.values(TABLES) : [TABLES[type]])
      await this.db.query(`ANALYZE ${table}`);
  }

  async count(type: RepoType = "model"): Promise<number> {
    const rows = await this.db.query<{ n: number }>(`SELECT count(*)::float8 AS n FROM ${TABLES[type]}`);
    return Number(rows[0]?.n ?? 0);
  }

  /** Model summaries (the LocalBackend's shape). */
  async search(query: ModelSearch): Promise<SearchPage> {
    const page = await this.searchRows("model", query, false);
    return {
      models: page.rows.map(({ sha: _sha, record: _record, trendingScore: _trending, ...row }) => ({
        ...row,
        modelId: row.id,
      })),
      ...(page.next !== undefined ? { next: page.next } : {}),
    };
  }

  /**
   * One page of repositories of `type` matching `query`. Without a search, in its sort order; with one, tier by tier
   * (search/ranking.ts: exact id or name, same name, name prefix, words, one typo), each tier in the sort order,
   * until the page is full, read in at most two statements (search/ranked-page.ts); the cursor names the tier it
   * stopped in.
   */
  async searchRows(type: RepoType, query: ModelSearch, withRecord: boolean): Promise<RowPage> {
    const table = TABLES[type];
    const tsquery = query.search === undefined ? undefined : toPrefixQuery(query.search);
    const ranked = query.search === undefined ? undefined : rankedSearch(type, query.search, tsquery);
    const today = dayNumber(this.now());
    if (ranked === undefined) {
      const rows = await this.pageOf(type, query, query.cursor, query.limit, withRecord);
      return toPage(rows, query.limit, undefined, today);
    }
    // The name tiers of the page in one statement, the word tiers in a second when those left it short
    // (search/ranked-page.ts; the trendingScore order's two stretches through search/trending-sort.ts).
    const pageRows = query.limit + 1;
    const listing: RankedListing = {
      table,
      columns: `${summaryColumns(type)}${withRecord ? ", record" : ""}`,
      search: ranked,
      query,
      sortColumn: query.sort === "id" || query.sort === "trendingScore" ? undefined : SORT_COLUMNS[query.sort],
      ...(query.sort === "trendingScore" ? { trending: type } : {}),
      walkRows: Math.max(
        pageRows * WALK_ROWS_PER_RESULT,
        Math.ceil(Math.sqrt(pageRows * (await this.estimatedRows(table)))),
      ),
    };
    const read = async (statement: { sql: string; params: SqlParam[] } | undefined) =>
      statement === undefined ? [] : await this.db.query(statement.sql, statement.params);
    const rows = await read(rankedPageStatement(listing, "names"));
    if (rows.length < pageRows) {
      const fewWords = tsquery !== undefined && (await this.fewWordMatches(table, tsquery));
      rows.push(...(await read(rankedPageStatement({ ...listing, fewWords }, "words", rows.length))));
    }
    const last = rows[query.limit - 1];
    return toPage(rows, query.limit, last === undefined ? undefined : Number(last.tier), today);
  }

  /**
   * Up to `limit` + 1 rows of `type` matching the query's filters after
   * `cursor`, in the sort order, each with its `sort_value`. A trendingScore order reads its two stretches
   * (trending/listing.ts) one after the other, from the one the cursor is in; every other order is one.
   */
  private async pageOf(
    type: RepoType,
    query: ModelSearch,
    cursor: SearchCursor | undefined,
    limitRows: number,
    withRecord: boolean,
  ): Promise<Record<string, unknown>[]> {
    const table = TABLES[type];
    if (query.sort !== "trendingScore") {
      const source = query.sort === "id" ? undefined : tableSource(table, SORT_COLUMNS[query.sort]);
      return this.pageIn(type, source, query, cursor, limitRows, withRecord);
    }
    const descending = query.direction === -1;
    const sources = trendingSources(type, table, descending);
    const first = cursor === undefined ? 0 : trendingStretchOf(cursor.value, descending);
    // Each stretch would walk its own index for a filter that few rows meet (an owner's models): a bounded count
    // of the filter's rows first tells such a filter apart, and its matches are then read at once in both.
    const few = await this.fewFilterRows(table, query);
    const rows: Record<string, unknown>[] = [];
    for (let stretch = first; stretch < sources.length && rows.length <= limitRows; stretch += 1) {
      const source = sources[stretch] as SortSource;
      const at = stretch === first ? cursor : undefined;
      rows.push(...(await this.pageIn(type, source, query, at, limitRows - rows.length, withRecord, few)));
    }
    return rows;
  }

  /** Whether the query has filters and fewer than FEW_FILTER_ROWS rows meet them (read through their indexes). */
  private async fewFilterRows(table: string, query: ModelSearch): Promise<boolean> {
    const params: SqlParam[] = [];
    const bind = (value: SqlParam): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const filters = queryFilters(query, bind);
    if (filters.length === 0) return false;
    const scope = scopeFilter(query, bind);
    if (scope !== undefined) filters.push(scope);
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::float8 AS n FROM (SELECT 1 FROM ${table} WHERE ${filters.join(" AND ")}
       LIMIT ${FEW_FILTER_ROWS}) AS probe`,
      params,
    );
    return Number(rows[0]?.n ?? FEW_FILTER_ROWS) < FEW_FILTER_ROWS;
  }

  /**
   * Whether the planner expects at most FEW_ROWS.words rows of `table` to match the full-text `tsquery` (its estimate
   * from the lexeme statistics ANALYZE keeps). GIN has no cheap exact count that stops early (it lists every match
   * of a word before the first row), so the estimate decides how the words tier is read (ranked-page.ts); a wrong
   * one only costs time, the tier's read is bounded either way. One planning round trip, no execution.
   */
  private async fewWordMatches(table: string, tsquery: string): Promise<boolean> {
    const rows = await this.db.query<{ "QUERY PLAN": unknown }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${table} WHERE search @@ $1::tsquery`,
      [tsquery],
    );
    const raw = rows[0]?.["QUERY PLAN"];
    try {
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: unknown } }[];
      const estimate = Number(plan[0]?.Plan?.["Plan Rows"]);
      return Number.isFinite(estimate) && estimate <= FEW_ROWS.words;
    } catch {
      return false;
    }
  }

  /**
   * Whether `author` owns at most `bound` rows (pageIn's walk length, where reading every match costs what the walk
   * would), counted in the author b-tree alone and stopped one entry past the bound: an upper bound on the listing's
   * matches (its other filters and the private scope only remove rows), so the match-first read it lets pageIn do is
   * bounded by it too. Index entries only (an index-only scan once the table is vacuumed), where a count of the
   * filters' matches would fetch each row it counts.
   */
  private async authorOwnsAtMost(table: string, author: string, bound: number): Promise<boolean> {
    const rows = await this.db.query<{ n: number }>(
      `SELECT count(*)::float8 AS n FROM (SELECT 1 FROM ${table} WHERE author = $1 LIMIT ${bound + 1}) AS probe`,
      [author],
    );
    return Number(rows[0]?.n ?? bound + 1) <= bound;
  }

  /**
   * Up to `limit` + 1 rows of `source` (undefined: the table of `type` by id) matching the query's filters after
   * `cursor`, in the sort order. A filtered read first walks a bounded stretch of the
   * sort index (WALK_ROWS_PER_RESULT); when that does not fill the page, the filter is selective and its matches
   * are read first (a MATERIALIZED CTE, which the planner cannot flatten into a walk of the sort index) and sorted.
   * Either way no filter × sort combination walks a whole sort index.
   */
  private async pageIn(
    type: RepoType,
    source: SortSource | undefined,
    query: ModelSearch,
    cursor: SearchCursor | undefined,
    limitRows: number,
    withRecord: boolean,
    /** The filters hold for few rows (fewFilterRows): read their matches, no walk. */
    few = false,
  ): Promise<Record<string, unknown>[]> {
    const table = TABLES[type];
    const filters: string[] = [];
    const params: SqlParam[] = [];
    const bind = (value: SqlParam): string => {
      params.push(value);
      return `$${params.length}`;
    };
    filters.push(...queryFilters(query, bind));
    const selectiveCandidate = filters.length > 0;
    const scope = scopeFilter(query, bind);
    if (scope !== undefined) filters.push(scope);

    const ascending = query.direction === -1;
    // The keyset condition (rows after the cursor) is kept apart, with the conditions of the source's stretch: the
    // bounded walk applies them inside the walk.
    const keyset: string[] = [...(source?.conditions ?? [])];
    let sortColumn: string;
    let tie: string;
    let order: (key: string, tieBy?: string) => string;
    if (source === undefined) {
      // Direction -1 is descending, as for every other key.
      sortColumn = "0::bigint";
      tie = "id";
      if (cursor !== undefined) keyset.push(`id ${ascending ? "<" : ">"} ${bind(cursor.id)}::text`);
      order = () => (ascending ? "id DESC" : "id ASC");
    } else {
      sortColumn = source.column;
      tie = source.tie;
      // Direction -1 walks the keyset index forwards (key DESC, tie ASC), direction 1 backwards.
      if (cursor !== undefined) {
        // Rows strictly after the last one seen, as one row comparison on the index's own columns: the scan
        // starts right there instead of filtering every earlier row with the same key.
        const after = `(-${bind(cursor.value)}::bigint, ${source.cursorTie(bind(cursor.id))})`;
        keyset.push(`(${source.indexed}, ${tie}) ${ascending ? ">" : "<"} ${after}`);
      }
      order = (key, tieBy = tie) => (ascending ? `(-${key}) ASC, ${tieBy} ASC` : `(-${key}) DESC, ${tieBy} DESC`);
    }
    const from = source?.from ?? table;
    const whereOf = (conditions: readonly string[]) =>
      conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
    const where = whereOf([...filters, ...keyset]);
    const columns = `${summaryColumns(type)}${withRecord ? ", record" : ""}`;
    const limit = bind(limitRows + 1);
    if (!selectiveCandidate)
      return this.db.query(
        `SELECT ${columns}, ${sortColumn}::text AS sort_value FROM ${from} ${where}
         ORDER BY ${order(sortColumn)} LIMIT ${limit}`,
        params,
      );
    let rows: Record<string, unknown>[] = [];
    // 1. A bounded walk of the sort index (the LIMIT inside keeps the planner from walking further): a dense
    //    filter fills its page here. The rows are the first matches in sort order, so the page is exact.
    // Inlined, not bound: the match-first query below shares `params` and must not get an unused parameter.
    // The walk's length balances its cost against the match-first plan's: walking finds a page of a filter
    // with density d in (limit+1)/d rows, reading the matches costs d × rows; both are √((limit+1) × rows) at
    // the break-even density. The walk orders by an output column (nk), so the outer ORDER BY is known to be
    // already satisfied: no sort, and the scan stops at the page's last match instead of reading all `walk` rows.
    const pageRows = limitRows + 1;
    const walk = Math.max(
      pageRows * WALK_ROWS_PER_RESULT,
      Math.ceil(Math.sqrt(pageRows * (await this.estimatedRows(source?.sizeTable ?? table)))),
    );
    // An owner's few models (issue 23: author=org17, 490 of 1 M) are read first: the walk would pass its ~4 600
    // rows of the sort index, each with a heap fetch, before the match-first read found them anyway.
    const readFirst = few || (query.author !== undefined && (await this.authorOwnsAtMost(table, query.author, walk)));
    if (!readFirst) {
      const isId = source === undefined;
      const walkOrder = isId ? order("") : ascending ? `nk ASC, ${tie} ASC` : `nk DESC, ${tie} DESC`;
      rows = await this.db.query(
        `SELECT ${columns}, k::text AS sort_value FROM (
           SELECT *, ${sortColumn} AS k${isId ? "" : `, (-${sortColumn}) AS nk`} FROM ${source?.walkFrom ?? from}
           ${whereOf(keyset)}
           ORDER BY ${walkOrder} LIMIT ${walk}
         ) AS walked ${whereOf(filters)} ORDER BY ${walkOrder} LIMIT ${limit}`,
        params,
      );
    }
    // 2. Not filled: the filter is selective (or this is the last page). Read its matches first and sort only
    //    their (id, key) pairs, then read the page's rows.
    if (rows.length <= limitRows) {
      // The tie-break travels with the pairs when it is not the id itself.
      const tk = tie === "id" ? "" : `, ${tie} AS tk`;
      const pageTie = tie === "id" ? "id" : "page.tk";
      rows = await this.db.query(
        `WITH matches AS MATERIALIZED (SELECT id, ${sortColumn} AS k${tk} FROM ${from} ${where}),
           page AS (SELECT * FROM matches ORDER BY ${order("k", tie === "id" ? "id" : "tk")} LIMIT ${limit})
         SELECT ${columns}, page.k::text AS sort_value FROM page JOIN ${table} USING (id)
         ORDER BY ${order("page.k", pageTie)}`,
        params,
      );
    }
    return rows;
  }

  /** The full stored record of one model, or undefined. */
  async get(id: string, type: RepoType = "model"): Promise<Record<string, unknown> | undefined> {
    const row = await this.getRow(type, id);
    if (row === undefined) return undefined;
    const { sha: _sha, record, trendingScore: _trending, ...columns } = row;
    return { ...record, ...columns, modelId: row.id };
  }

  /** One repository's row and record by its exact id (its downloads with its pending count). */
  async getRow(type: RepoType, id: string): Promise<IndexedRow | undefined> {
    const rows = await this.db.query(`SELECT ${summaryColumns(type)}, record FROM ${TABLES[type]} WHERE id = $1`, [id]);
    return rows[0] === undefined ? undefined : toIndexedRow(rows[0], dayNumber(this.now()));
  }

  async getMeta(key: string): Promise<string | undefined> {
    const rows = await this.db.query<{ value: string }>("SELECT value FROM hub_meta WHERE key = $1", [key]);
    return rows[0]?.value;
  }

  async setMeta(key: string, value: string): Promise<void> {
    await this.db.query(
      "INSERT INTO hub_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
      [key, value],
    );
  }

  /** Public model counts per library_name, most used first (a private model changes no public number). */
  async countByLibrary(): Promise<Map<string, number>> {
    const rows = await this.db.query<{ library_name: string; n: number }>(
      `SELECT library_name, count(*)::float8 AS n FROM hub_models WHERE library_name IS NOT NULL AND NOT private
       GROUP BY library_name ORDER BY n DESC, library_name`,
    );
    return new Map(rows.map((row) => [row.library_name, Number(row.n)]));
  }
}
