// The model index: every SQL statement the server runs lives here (and in migrations.ts), each one a constant
// text with positional parameters. Filters and sort orders are picked from fixed fragments, never from input.
import type { Db, SqlParam } from "./db.js";
import { migrate } from "./migrations.js";
import { MAX_PREFIX, type ModelRow, searchWords, toModelRow } from "./model-record.js";

export type SortKey = "downloads" | "likes" | "lastModified";

export interface SearchCursor {
  /** The sort column's value (a bigint, as decimal text) of the last row seen. */
  value: string;
  id: string;
}

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
}

export interface ModelSummary {
  id: string;
  modelId: string;
  author: string;
  pipeline_tag: string | null;
  library_name: string | null;
  tags: string[];
  downloads: number | null;
  likes: number | null;
  lastModified: string | null;
  createdAt: string | null;
  private: false;
}

export interface SearchPage {
  models: ModelSummary[];
  /** Present when more rows follow: pass it back as `cursor` for the next page. */
  next?: SearchCursor;
}

/**
 * Each sort key as the expression its keyset index is built on (migration 4): the stored key negated, so that
 * "key DESC, id ASC" is the index's own ascending order and "key ASC, id DESC" its backward scan.
 */
const SORT_KEYS: Record<SortKey, { column: string; indexed: string }> = {
  downloads: { column: "downloads_sort", indexed: "(-downloads_sort)" },
  likes: { column: "likes_sort", indexed: "(-likes_sort)" },
  lastModified: { column: "last_modified_sort", indexed: "(-last_modified_sort)" },
};

const SUMMARY_COLUMNS =
  "id, author, pipeline_tag, library_name, tags, downloads::float8 AS downloads, likes::float8 AS likes, last_modified, created_at";

const UPSERT = `INSERT INTO hub_models (id, author, pipeline_tag, library_name, tags, providers, downloads, likes,
    last_modified, created_at, downloads_sort, likes_sort, last_modified_sort, search, record)
  SELECT r.id, r.author, r.pipeline_tag, r.library_name, r.tags, r.providers, r.downloads, r.likes,
    r.last_modified, r.created_at, coalesce(r.downloads, -1), coalesce(r.likes, -1),
    coalesce((extract(epoch FROM r.last_modified) * 1000)::bigint, -1), array_to_tsvector(r.search_words), r.record
  FROM jsonb_to_recordset($1::jsonb) AS r(id text, author text, pipeline_tag text, library_name text, tags text[],
    providers text[], downloads bigint, likes bigint, last_modified timestamptz, created_at timestamptz,
    search_words text[], record jsonb)
  ON CONFLICT (id) DO UPDATE SET author = EXCLUDED.author, pipeline_tag = EXCLUDED.pipeline_tag,
    library_name = EXCLUDED.library_name, tags = EXCLUDED.tags, providers = EXCLUDED.providers,
    downloads = EXCLUDED.downloads, likes = EXCLUDED.likes, last_modified = EXCLUDED.last_modified,
    created_at = EXCLUDED.created_at, downloads_sort = EXCLUDED.downloads_sort, likes_sort = EXCLUDED.likes_sort,
    last_modified_sort = EXCLUDED.last_modified_sort, search = EXCLUDED.search, record = EXCLUDED.record`;

const BATCH = 1000;

function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function numberOrNull(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

function toSummary(row: Record<string, unknown>): ModelSummary {
  const id = String(row.id);
  return {
    id,
    modelId: id,
    author: String(row.author),
    pipeline_tag: (row.pipeline_tag as string | null) ?? null,
    library_name: (row.library_name as string | null) ?? null,
    tags: (row.tags as string[] | null) ?? [],
    downloads: numberOrNull(row.downloads),
    likes: numberOrNull(row.likes),
    lastModified: isoOrNull(row.last_modified),
    createdAt: isoOrNull(row.created_at),
    private: false,
  };
}

/**
 * `Llama 3.1` → `'llama' & '3' & '1'`: each word must be a prefix of some word of the id (the index holds every
 * prefix, see searchLexemes). Words are letters and digits only, so the tsquery text cannot be malformed.
 */
export function toPrefixQuery(search: string): string | undefined {
  const words = searchWords(search)
    .slice(0, 16)
    .map((word) => [...word].slice(0, MAX_PREFIX).join(""));
  return words.length === 0 ? undefined : [...new Set(words)].map((word) => `'${word}'`).join(" & ");
}

export class ModelStore {
  private constructor(readonly db: Db) {}

  /** Opens the index on `db`, applying any pending schema migration. */
  static async open(db: Db): Promise<ModelStore> {
    await migrate(db);
    return new ModelStore(db);
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** Validates and inserts (or replaces) records; returns how many were written. Throws ModelRecordError. */
  async upsert(records: readonly unknown[]): Promise<number> {
    const rows: ModelRow[] = records.map((record) => toModelRow(record));
    await this.db.transaction(async (tx) => {
      for (let start = 0; start < rows.length; start += BATCH) {
        await tx.query(UPSERT, [JSON.stringify(rows.slice(start, start + BATCH))]);
      }
    });
    return rows.length;
  }

  /**
   * Refreshes the planner's statistics after a bulk load. The search plans depend on them (how many ids a word
   * matches decides between the GIN index and walking the sort order), and PGlite has no autovacuum to do it.
   */
  async analyze(): Promise<void> {
    await this.db.query("ANALYZE hub_models");
  }

  async count(): Promise<number> {
    const rows = await this.db.query<{ n: number }>("SELECT count(*)::float8 AS n FROM hub_models");
    return Number(rows[0]?.n ?? 0);
  }

  async search(query: ModelSearch): Promise<SearchPage> {
    const where: string[] = [];
    const params: SqlParam[] = [];
    const bind = (value: SqlParam): string => {
      params.push(value);
      return `$${params.length}`;
    };
    const tsquery = query.search === undefined ? undefined : toPrefixQuery(query.search);
    if (tsquery !== undefined) where.push(`search @@ ${bind(tsquery)}::tsquery`);
    if (query.author !== undefined) where.push(`author = ${bind(query.author)}`);
    if (query.pipelineTag !== undefined) where.push(`pipeline_tag = ${bind(query.pipelineTag)}`);
    if (query.library !== undefined) where.push(`library_name = ${bind(query.library)}`);
    if (query.provider !== undefined) where.push(`providers @> ARRAY[${bind(query.provider)}]::text[]`);
    if (query.tags !== undefined && query.tags.length > 0) where.push(`tags @> ${bind(query.tags)}::text[]`);

    const { column, indexed } = SORT_KEYS[query.sort];
    // Direction -1 walks the keyset index forwards (key DESC, id ASC), direction 1 backwards.
    const ascending = query.direction === -1;
    if (query.cursor !== undefined) {
      // Rows strictly after the last one seen, as one row comparison on the index's own columns: the scan starts
      // right there instead of filtering every earlier row with the same key.
      const after = `(-${bind(query.cursor.value)}::bigint, ${bind(query.cursor.id)}::text)`;
      where.push(`(${indexed}, id) ${ascending ? ">" : "<"} ${after}`);
    }
    const order = ascending ? `${indexed} ASC, id ASC` : `${indexed} DESC, id DESC`;
    const sql = `SELECT ${SUMMARY_COLUMNS}, ${column}::text AS sort_value FROM hub_models
      ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${order} LIMIT ${bind(query.limit + 1)}`;
    const rows = await this.db.query(sql, params);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      models: page.map(toSummary),
      ...(rows.length > query.limit && last !== undefined
        ? { next: { value: String(last.sort_value), id: String(last.id) } }
        : {}),
    };
  }

  /** The full stored record of one model, or undefined. */
  async get(id: string): Promise<Record<string, unknown> | undefined> {
    const rows = await this.db.query<{ record: Record<string, unknown> } & Record<string, unknown>>(
      `SELECT ${SUMMARY_COLUMNS}, record FROM hub_models WHERE id = $1`,
      [id],
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    const summary = toSummary(row);
    const { private: _private, ...columns } = summary;
    return { ...row.record, ...columns, private: false };
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

  /** Model counts per library_name, most used first. */
  async countByLibrary(): Promise<Map<string, number>> {
    const rows = await this.db.query<{ library_name: string; n: number }>(
      `SELECT library_name, count(*)::float8 AS n FROM hub_models WHERE library_name IS NOT NULL
       GROUP BY library_name ORDER BY n DESC, library_name`,
    );
    return new Map(rows.map((row) => [row.library_name, Number(row.n)]));
  }
}
