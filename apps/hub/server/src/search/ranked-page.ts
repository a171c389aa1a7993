// One page of a ranked search (ranking.ts's tiers) in at most two statements: the name tiers (exact id, exact name,
// same name, name prefix), then — only when they leave the page short — the word tiers (words, and typos when
// nothing matched as typed). Inside a statement each tier sits behind a gate (a one-time filter on the row counts of
// the tiers before it), so it runs only when needed. Reading one statement per tier (up to nine, each a round trip
// to PGlite's worker) made a search matching nothing cost 78 ms p95 at 100 000 models under load (BENCHMARKS.md).
//
// How each tier reads its rows, bounded whatever the data (bench/search.ts at 100 000 models):
//   exact (tiers 0-2) — one look-up of lower(id) and name_key (a BitmapOr of two b-trees), its tier by CASE.
//   name prefix, typo — few-first: up to FEW_ROWS + 1 candidates through the tier's index (the name_key b-tree
//                       range; GIN). Not more: they are the whole tier, sorted. More: the tier is dense, and a
//                       bounded walk of the sort order's index keeps its first matches; only if that walk leaves the
//                       page short are all the candidates read on and sorted.
//   words             — walk-first: a common word fills a page within a few hundred rows of the walk, where GIN
//                       would list all its thousands of matches first; a rare one (or none) is then read through GIN.
//                       Few-first instead when the planner's estimate of the words' matches is at most FEW_ROWS.words
//                       (model-store's fewWordMatches: an exact id's search, whose words match little else).
import type { RepoType } from "../repos/repo-ref.js";
import type { SqlParam } from "../store/db.js";
import { queryFilters, scopeFilter } from "../store/listing-filters.js";
import type { ModelSearch, SearchCursor } from "../store/model-store.js";
import { type Bind, type RankedSearch, TIER } from "./ranking.js";
import { trendingSortSql } from "./trending-sort.js";

/**
 * A tier with at most this many candidates is read whole and sorted: below it, sorting its rows costs less than
 * walking a sort index past rows that do not match. For the name prefix, its b-tree range (the probe before this
 * statement counted as many); for typos, fewer (a GIN match of 410 typo'd ids took 11 ms, walking 1 450 rows first,
 * to find 5, 15 ms more; but a typo one edit from a common word matches thousands, which a walk finds sooner).
 */
export const FEW_ROWS = { prefix: 1000, typo: 500, words: 1000 } as const;

/** The listing's sort order as SQL (model-store.ts builds it). */
export interface SortSql {
  /** The sort key's column (`0::bigint` when sorting by id). */
  column: string;
  /** ORDER BY for rows whose sort key is `key` (and whose id is `id`). */
  order(key: string): string;
  /**
   * With a cursor: rows after it, `key` being the sort key's expression (the column itself in a scan of the
   * table, so that its keyset index applies).
   */
  after?: (key: string) => string;
  /** The bounded walk's extra output columns and its ORDER BY over them (no sort node: the index's order). */
  walkColumns: string;
  walkOrder: string;
  /**
   * The bounded walk's rows when one index does not hold the order (trendingScore's two stretches): a subquery of
   * the table's columns plus `k` and the walkOrder columns: the first `rows` rows of the order (after the cursor).
   */
  walk?: (rows: number, afterCursor: boolean) => string;
}

interface RankedPage {
  table: string;
  search: RankedSearch;
  sort: SortSql;
  /** Conditions every row meets (the listing's filters and the private scope), already bound. */
  filters: readonly string[];
  /** The tier the cursor stopped in (0 without a cursor). */
  firstTier: number;
  /** Which tiers: those read through the name (0-3) or through the words (4-5). */
  part: RankedPart;
  /** Rows the name tiers put on this page already (with `part` "words"). */
  foundBefore: number;
  /** The bound placeholder of the page's row count plus one. */
  pageRows: string;
  /** How many rows of the sort index a dense tier walks at most (model-store's WALK_ROWS_PER_RESULT rule). */
  walkRows: number;
  /** Read the words tier few-first (RankedListing.fewWords). */
  fewWords: boolean;
  /** The columns to return (of the table), besides `sort_value` and `tier`. */
  columns: string;
  bind: Bind;
}

/**
 * A page is read in at most two statements: the name tiers (exact, prefix: index look-ups that usually fill a
 * page), then, when they leave it short, the word tiers. One statement for all would be planned whole every time
 * (planning it whole took 3-20 ms on PGlite at load 10-20), one per tier paid a round trip each.
 */
export type RankedPart = "names" | "words";

/** A ranked listing: the store's query, and what of the table it reads. */
export interface RankedListing {
  table: string;
  /** The columns to return, besides `sort_value` and `tier`. */
  columns: string;
  search: RankedSearch;
  query: ModelSearch;
  /** The sort key's column, whose keyset index is on (-column, id); undefined: sorted by id (the primary key). */
  sortColumn: string | undefined;
  /** Sorted by trendingScore (its two stretches, trending/listing.ts), over this repository type's table. */
  trending?: RepoType;
  walkRows: number;
  /**
   * The planner expects at most FEW_ROWS.words ids to match the words (model-store's fewWordMatches): read the words
   * tier few-first through GIN instead of walk-first.
   */
  fewWords?: boolean;
}

/**
 * The statement (and its parameters) of one page of a ranked listing: up to limit + 1 rows, each with its
 * `sort_value` and `tier`; undefined when the cursor is past the last tier.
 */
export function rankedPageStatement(
  listing: RankedListing,
  part: RankedPart,
  foundBefore = 0,
): { sql: string; params: SqlParam[] } | undefined {
  const { query } = listing;
  const { bind, params } = binder();
  const sql = rankedPageSql({
    table: listing.table,
    search: listing.search,
    sort:
      listing.trending === undefined
        ? sortSql(listing.sortColumn, query.direction, query.cursor, bind)
        : trendingSortSql(listing.trending, listing.table, query.direction, query.cursor, bind),
    filters: listingFilters(query, bind),
    firstTier: Math.max(query.cursor?.tier ?? 0, 0),
    part,
    foundBefore,
    pageRows: bind(query.limit + 1 - foundBefore),
    walkRows: listing.walkRows,
    fewWords: listing.fewWords === true,
    columns: listing.columns,
    bind,
  });
  return sql === undefined ? undefined : { sql, params };
}

/** The listing's filters and private scope (store/listing-filters.ts, as model-store's pageIn). */
function listingFilters(query: ModelSearch, bind: Bind): string[] {
  const scope = scopeFilter(query, bind);
  return [...queryFilters(query, bind), ...(scope === undefined ? [] : [scope])];
}

/**
 * A sort by `column` (undefined: by id) in `direction` (-1: descending, as the API's default), after `cursor`: the
 * same keyset as model-store's pageIn, so a scan of the table starts at the cursor in the keyset index.
 */
function sortSql(column: string | undefined, direction: 1 | -1, cursor: SearchCursor | undefined, bind: Bind): SortSql {
  const ascending = direction === -1;
  // The cursor's values are bound when a condition uses them, once (an unused parameter is an error).
  const once = (value: string) => {
    let placeholder: string | undefined;
    return () => {
      placeholder ??= bind(value);
      return placeholder;
    };
  };
  const cursorValue = cursor === undefined ? undefined : once(cursor.value);
  const cursorId = cursor === undefined ? undefined : once(cursor.id);
  if (column === undefined) {
    const order = ascending ? "id DESC" : "id ASC";
    return {
      column: "0::bigint",
      order: () => order,
      ...(cursorId === undefined ? {} : { after: () => `id ${ascending ? "<" : ">"} ${cursorId()}::text` }),
      walkColumns: "",
      walkOrder: order,
    };
  }
  // Direction -1 walks the keyset index forwards (key DESC, id ASC), direction 1 backwards.
  return {
    column,
    order: (key) => (ascending ? `(-${key}) ASC, id ASC` : `(-${key}) DESC, id DESC`),
    ...(cursorValue === undefined || cursorId === undefined
      ? {}
      : {
          after: (key: string) =>
            `((-${key}), id) ${ascending ? ">" : "<"} (-${cursorValue()}::bigint, ${cursorId()}::text)`,
        }),
    walkColumns: `, (-${column}) AS nk`,
    walkOrder: ascending ? "nk ASC, id ASC" : "nk DESC, id DESC",
  };
}

/**
 * The statement reading up to `pageRows` rows of the tiers from `firstTier` on, in tier then sort order, each with
 * its `sort_value` and `tier`; undefined when no tier is left (a cursor past the last one).
 */
function rankedPageSql(page: RankedPage): string | undefined {
  const { table, search, sort, bind, pageRows: n1 } = page;
  const cursor = sort.after;
  const filters = page.filters.join(" AND ");
  const and = (...conditions: (string | undefined)[]) =>
    conditions.filter((condition) => condition !== undefined && condition !== "").join(" AND ");
  // Rows after the cursor, in the tier it stopped in only.
  const keysetIn = (tier: number) => (cursor !== undefined && page.firstTier === tier ? cursor : undefined);
  const ctes: string[] = [];
  const branches: string[] = [];
  // The number of rows the tiers so far put on the page (a gate for the next).
  const found: string[] = [];
  const foundSoFar = () => (found.length === 0 ? "0" : found.join(" + "));

  const names = page.part === "names";
  if (names && page.firstTier <= TIER.sameName) {
    const after =
      cursor === undefined ? "" : `WHERE tier > ${page.firstTier} OR (tier = ${page.firstTier} AND ${cursor("k")})`;
    ctes.push(`exact AS MATERIALIZED (SELECT id, k, tier FROM (
        SELECT id, ${sort.column} AS k, ${search.exact.tier(bind)} AS tier FROM ${table}
        WHERE ${and(search.exact.condition(bind), filters)}) AS named ${after})`);
    branches.push("SELECT id, k, tier FROM exact");
    found.push("(SELECT count(*) FROM exact)");
  }

  /**
   * Tier `number`'s CTEs and branch. `fewFirst`: its candidates through its own index first (`probe`, a b-tree range
   * holding the tier, or else the tier's condition over GIN), the walk only when there are more than FEW_ROWS;
   * otherwise the walk first (a word tier: a common word fills a page in a few hundred rows of the walk, while GIN
   * would list all its thousands of matches before the first one is read).
   */
  const tier = (
    number: number,
    condition: string,
    options: { fewFirst?: number; probe?: string; probeOrder?: string; gate: string | undefined },
  ): void => {
    const { fewFirst, probe, probeOrder, gate } = options;
    const keyset = keysetIn(number);
    const match = and(condition, filters, keyset === undefined ? undefined : keyset(sort.column));
    const [source, few, walk] = [`source${number}`, `few${number}`, `walk${number}`];
    // With an ordered probe, how many candidates (up to FEW_ROWS + 1) is counted in the probe's index alone (probed):
    // the few's rows are then read only when they are few. Reading them to count them fetched FEW_ROWS + 1 heap rows
    // for every dense prefix (`llama` at 1 M models: 1 008 buffers, 2.3 ms of the statement's 4.4; the index-only
    // count: 182 buffers, 0.24 ms).
    const ordered = probe !== undefined && probeOrder !== undefined;
    const probed = `probed${number}`;
    const fewCount = ordered ? `(SELECT n FROM ${probed})` : `(SELECT count(*) FROM ${few})`;
    const walkCount = `(SELECT count(*) FROM ${walk})`;
    const walkGate = fewFirst !== undefined ? `${fewCount} > ${fewFirst}` : gate;
    // The candidates, read only as far as their readers pull. No LIMIT inside the MATERIALIZED read: its row goal
    // made the planner scan the table in physical order for a common word instead of asking the index (a tier
    // matching nothing would then read the whole table). With a probe, each row says whether it is in the tier.
    const sourceCte = `${source} AS MATERIALIZED (SELECT id, ${sort.column} AS k,
         ${probe === undefined ? "true" : `(${match})`} AS keep
       FROM ${table} WHERE ${and(probe ?? match, fewFirst !== undefined ? gate : and(gate, `${walkCount} < ${n1}`))})`;
    // The first matches in a bounded walk of the sort order (LIMIT inside, so the planner cannot walk further;
    // ordered by an output column, so the scan stops at the page's last match).
    const walkCte = `${walk} AS MATERIALIZED (SELECT id, k FROM (${
      sort.walk?.(page.walkRows, keyset !== undefined) ??
      `SELECT *, ${sort.column} AS k${sort.walkColumns} FROM ${table}
         ${keyset === undefined ? "" : `WHERE ${keyset(sort.column)}`}
         ORDER BY ${sort.walkOrder} LIMIT ${page.walkRows}`
    }) AS walked WHERE ${and(condition, filters, walkGate)}
       ORDER BY ${sort.walkOrder} LIMIT ${n1})`;
    // (A CTE sees only those before it.)
    // With an ordered probe, the few are read on their own, in the probe index's order: the LIMIT then ends the index
    // range after FEW_ROWS + 1 entries (the source, read only when a dense tier's walk leaves the page short, is
    // planned apart). Without one (GIN), the first rows of the source.
    const fewCtes = (rows: number) =>
      ordered
        ? [
            `${probed} AS MATERIALIZED (SELECT count(*) AS n FROM (SELECT 1 FROM ${table}
               WHERE ${and(probe, gate)} ORDER BY ${probeOrder} LIMIT ${rows}) AS candidates)`,
            `${few} AS MATERIALIZED (SELECT id, ${sort.column} AS k, (${match}) AS keep FROM ${table}
               WHERE ${and(probe, gate, `${fewCount} < ${rows}`)} ORDER BY ${probeOrder} LIMIT ${rows})`,
          ]
        : [`${few} AS MATERIALIZED (SELECT id, k, keep FROM ${source} LIMIT ${rows})`];
    if (fewFirst !== undefined) ctes.push(sourceCte, ...fewCtes(fewFirst + 1), walkCte);
    else ctes.push(walkCte, sourceCte);
    // All the candidates in the tier, sorted: when the walk did not fill the page.
    const all = (gates: string) =>
      `(SELECT id, k FROM ${source} WHERE keep AND ${gates} ORDER BY ${sort.order("k")} LIMIT ${n1})`;
    if (fewFirst !== undefined)
      ctes.push(`tier${number} AS (
         SELECT id, k FROM ${few} WHERE keep AND ${fewCount} <= ${fewFirst}
         UNION ALL SELECT id, k FROM ${walk} WHERE ${walkCount} >= ${n1}
         UNION ALL ${all(`${fewCount} > ${fewFirst} AND ${walkCount} < ${n1}`)})`);
    else
      ctes.push(`tier${number} AS (
         SELECT id, k FROM ${walk} WHERE ${walkCount} >= ${n1}
         UNION ALL ${all(`${walkCount} < ${n1}`)})`);
    branches.push(`SELECT id, k, ${number} AS tier FROM tier${number}`);
    found.push(`(SELECT count(*) FROM tier${number})`);
  };

  if (names && search.prefix !== undefined && page.firstTier <= TIER.namePrefix)
    tier(TIER.namePrefix, search.prefix.condition(bind), {
      fewFirst: FEW_ROWS.prefix,
      probe: search.prefix.probe(bind),
      probeOrder: search.prefix.probeOrder,
      gate: found.length === 0 ? undefined : `${foundSoFar()} < ${n1}`,
    });
  // Words: few-first when the planner expects few matches (an exact id's own words: none besides it at 1 M models),
  // which GIN lists at once where the walk passed ~4 600 rows of the sort index, a heap fetch each, first (7-20 ms).
  // Never for a common word: GIN builds its whole list before the first row (83 000 ids of `awq`: 23 ms, where the
  // walk fills the page in 0.5 ms). A wrong estimate costs FEW_ROWS.words + 1 rows before the walk, no more.
  if (!names && page.firstTier <= TIER.words)
    tier(TIER.words, search.words(bind), {
      ...(page.fewWords ? { fewFirst: FEW_ROWS.words } : {}),
      gate: found.length === 0 ? undefined : `${foundSoFar()} < ${n1}`,
    });
  // Typos are forgiven only for a search nothing matches as typed: nothing on this page, and no cursor from an
  // earlier tier (which says something did).
  if (
    !names &&
    search.typo !== undefined &&
    page.foundBefore === 0 &&
    (cursor === undefined || page.firstTier === TIER.typo)
  )
    // Typos: few-first, as a typo'd word usually matches a few hundred ids (sorting them beats walking 1 450 rows
    // through the typo query's dozens of keys).
    tier(TIER.typo, search.typo(bind), {
      fewFirst: FEW_ROWS.typo,
      gate: found.length === 0 ? undefined : `${foundSoFar()} = 0`,
    });
  if (branches.length === 0) return undefined;

  return `WITH ${ctes.join(",\n")},
    page AS (SELECT id, k, tier FROM (${branches.join(" UNION ALL ")}) AS ranked
      ORDER BY tier, ${sort.order("k")} LIMIT ${n1})
    SELECT ${page.columns}, page.k::text AS sort_value, page.tier FROM page JOIN ${table} USING (id)
    ORDER BY page.tier, ${sort.order("page.k")}`;
}

/** A `bind` collecting its values in order, for `$n` placeholders. */
function binder(): { bind: Bind; params: SqlParam[] } {
  const params: SqlParam[] = [];
  return {
    params,
    bind: (value) => {
      params.push(value);
      return `$${params.length}`;
    },
  };
}
