// How listings sort by trendingScore (store/model-store.ts pageOf) and what value they expose, from the scores of
// hub_trending (scores.ts). The order is two stretches, each walked through an index of its own:
//   1. the active repositories (a row in hub_trending: an event in the last 30 days), by their score — the side
//      table's (repo_type, -sort_key, repo_key) index, joined to the repository row for the filters;
//   2. every other one, by the repository row's static `trending_sort` (the seed's curated order, then all-time
//      downloads; schema.ts), skipping the active ones (one primary-key probe of hub_trending per row).
// Descending (the default) is 1 then 2; ascending 2 backwards then 1 backwards. A cursor's value says which stretch
// it is in: an active key is at least ACTIVE_KEY_FLOOR, a static key below 10^12. Ties within stretch 1 go by the
// lower-case id (the index's last column), within stretch 2 by the id.
// This file imports nothing from the store, which imports it (no cycle).
import type { RepoType } from "../repos/repo-ref.js";
import { HALF_LIFE_DAYS } from "./window.js";

/** Every active repository's sort key is at least this (schema.ts: 10^15 + the quantized log of its score). */
export const ACTIVE_KEY_FLOOR = 1_000_000_000_000_000n;

/** One stretch of a listing: where its rows come from and the keyset index they are walked through. */
export interface SortSource {
  /** The FROM clause; its columns are unambiguous, so filters and search conditions need no qualification. */
  from: string;
  /** The bigint sort key. */
  column: string;
  /** The indexed expression (the key negated: `key DESC` is the index's own order). */
  indexed: string;
  /** The tie-break column, unique per row, the index's next column. */
  tie: string;
  /** The tie value of a cursor's id (bound as `bound`). */
  cursorTie(bound: string): string;
  /** Conditions that hold for every row of the stretch (applied with the keyset, inside a bounded walk too). */
  conditions: readonly string[];
  /**
   * The FROM clause of the bounded walk, when it differs: a walk must read rows in index order and stop early, but
   * a join's planner may prefer a hash join over whole tables when it expects the outer filter to reject most
   * rows (seen: 160 ms at 20 000 models for one author's models, a sequential scan of the repository table).
   */
  walkFrom?: string;
  /** The table whose planner estimate bounds the stretch's size (for the walk's length). */
  sizeTable?: string;
}

/** A plain sort: one repository table, one keyset index on (-column, id). */
export function tableSource(table: string, column: string): SortSource {
  return {
    from: table,
    column,
    indexed: `(-${column})`,
    tie: "id",
    cursorTie: (bound) => `${bound}::text`,
    conditions: [],
  };
}

/** The condition "has a score" for a row of a repository table of `type` (its `id` column in scope). */
const activeRow = (type: RepoType) =>
  `EXISTS (SELECT 1 FROM hub_trending AS trk WHERE trk.repo_type = '${type}' AND trk.repo_key = lower(id))`;

/** The two stretches of `table` (of `type`), in the order a listing in this direction reads them. */
export function trendingSources(type: RepoType, table: string, descending: boolean): readonly SortSource[] {
  const active: SortSource = {
    // The side table's columns (repo_type, repo_key, base_day, oldest_day, weight, sort_key) are named apart from
    // the repository table's. `type` comes from a fixed map, never from input.
    from: `hub_trending JOIN ${table} ON lower(${table}.id) = hub_trending.repo_key`,
    column: "sort_key",
    indexed: "(-sort_key)",
    tie: "repo_key",
    cursorTie: (bound) => `lower(${bound}::text)`,
    conditions: [`hub_trending.repo_type = '${type}'`],
    // OFFSET 0 keeps the lateral subquery from being pulled up into a join the planner could hash: one index probe
    // per walked score row, in the score index's order.
    walkFrom: `hub_trending CROSS JOIN LATERAL (SELECT * FROM ${table} AS m
      WHERE lower(m.id) = hub_trending.repo_key OFFSET 0) AS ${table}`,
    sizeTable: "hub_trending",
  };
  const rest: SortSource = { ...tableSource(table, "trending_sort"), conditions: [`NOT ${activeRow(type)}`] };
  return descending ? [active, rest] : [rest, active];
}

/** Which of trendingSources' stretches a cursor's value belongs to (its index in the same order). */
export function trendingStretchOf(value: string, descending: boolean): 0 | 1 {
  const active = BigInt(value) >= ACTIVE_KEY_FLOOR;
  return active === descending ? 0 : 1;
}

/**
 * The column each listed row carries for its score: `[weight, base day]` of its hub_trending row (NULL when it
 * has none). Qualified by its own alias: it sits in the select list of queries whose FROM may join hub_trending.
 */
export function scoreColumn(type: RepoType): string {
  return `(SELECT ARRAY[trs.weight, (trs.base_day - DATE '1970-01-01')::float8] FROM hub_trending AS trs
    WHERE trs.repo_type = '${type}' AND trs.repo_key = lower(id)) AS trending`;
}

/** Days since 1970-01-01 (UTC) of `at`. */
export function dayNumber(at: Date): number {
  return Math.floor(at.getTime() / 86_400_000);
}

/**
 * The exposed trendingScore on `today` (a dayNumber) of a row's scoreColumn: the score stored as of its base day
 * (the day of its newest event), halved every 7 days since, rounded to an integer as the hub's API gives it.
 * Reading needs no write: decay is this multiplication.
 */
export function trendingScoreOf(cell: unknown, today: number): number {
  if (!Array.isArray(cell) || cell.length !== 2) return 0;
  const [weight, baseDay] = cell.map(Number) as [number, number];
  if (!Number.isFinite(weight) || !Number.isFinite(baseDay) || weight <= 0) return 0;
  return Math.round(weight * 2 ** ((baseDay - today) / HALF_LIFE_DAYS));
}
