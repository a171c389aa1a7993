// What the viewer shows, kept in the dataset page's query string so a view can be shared and Back/Forward step
// through it: `?config=&split=&offset=` plus a search (`q`) or a filter (`where`, `orderby`). A search and a filter
// are exclusive (the service answers one or the other). Pure, unit-tested.
import type { SplitEntry } from "./viewer-api";

/** Longest search or filter text kept from a URL (the service has its own, smaller bound). */
const MAX_QUERY_CHARS = 2000;
/** Highest offset accepted from a URL. */
export const MAX_OFFSET = 1_000_000_000_000;

export interface ViewerState {
  config?: string;
  split?: string;
  offset: number;
  query?: string;
  where?: string;
  orderby?: string;
}

function text(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value ? value.slice(0, MAX_QUERY_CHARS) : undefined;
}

/** The viewer's state from the query string: a bad or negative offset is 0; a search wins over a filter. */
export function readViewerState(params: URLSearchParams): ViewerState {
  const rawOffset = params.get("offset") ?? "";
  const offset = /^\d{1,13}$/.test(rawOffset) ? Math.min(Number(rawOffset), MAX_OFFSET) : 0;
  const query = text(params, "q");
  const state: ViewerState = { offset };
  const config = text(params, "config");
  const split = text(params, "split");
  if (config !== undefined) state.config = config;
  if (split !== undefined) state.split = split;
  if (query !== undefined) state.query = query;
  else {
    const where = text(params, "where");
    const orderby = text(params, "orderby");
    if (where !== undefined) state.where = where;
    if (orderby !== undefined) state.orderby = orderby;
  }
  return state;
}

export type ViewerChange =
  | { kind: "config"; config: string }
  | { kind: "split"; split: string }
  | { kind: "offset"; offset: number }
  | { kind: "search"; query: string }
  | { kind: "filter"; where: string; orderby: string }
  | { kind: "clear" };

/**
 * The query-string changes (for `setParams`: undefined removes a key) that one user action makes. A new subset
 * starts over (its columns differ); a new split keeps the search or filter; a new search or filter starts at the
 * first row; offset 0 is left out of the URL.
 */
export function viewerChanges(change: ViewerChange): Record<string, string | undefined> {
  const none = { offset: undefined };
  switch (change.kind) {
    case "config":
      return { config: change.config, split: undefined, q: undefined, where: undefined, orderby: undefined, ...none };
    case "split":
      return { split: change.split, ...none };
    case "offset":
      return { offset: change.offset > 0 ? String(Math.floor(change.offset)) : undefined };
    case "search":
      return { q: change.query.trim() || undefined, where: undefined, orderby: undefined, ...none };
    case "filter":
      return {
        where: change.where.trim() || undefined,
        orderby: change.orderby.trim() || undefined,
        q: undefined,
        ...none,
      };
    case "clear":
      return { q: undefined, where: undefined, orderby: undefined, ...none };
  }
}

/** The configs in the order the service lists them, each with its splits. */
export function groupSplits(splits: readonly SplitEntry[]): Array<{ config: string; splits: string[] }> {
  const groups = new Map<string, string[]>();
  for (const { config, split } of splits) {
    const list = groups.get(config) ?? [];
    if (!list.includes(split)) list.push(split);
    groups.set(config, list);
  }
  return [...groups].map(([config, list]) => ({ config, splits: list }));
}

/** The subset and split shown: the URL's when they exist, else the first of each. */
export function pickSplit(
  groups: ReadonlyArray<{ config: string; splits: string[] }>,
  state: Pick<ViewerState, "config" | "split">,
): { config: string; split: string } | undefined {
  const group = groups.find((g) => g.config === state.config) ?? groups[0];
  if (group === undefined) return undefined;
  const split = group.splits.find((s) => s === state.split) ?? group.splits[0];
  return split === undefined ? undefined : { config: group.config, split };
}

export interface PageInfo {
  /** 1-based first and last row shown. */
  first: number;
  last: number;
  previous?: number;
  next?: number;
  lastPage?: number;
}

/** Where the current page sits among `total` rows, and the offsets of its neighbours (undefined at the ends). */
export function pageInfo(offset: number, length: number, shown: number, total: number): PageInfo {
  const lastPage = total > 0 ? Math.floor((total - 1) / length) * length : 0;
  const info: PageInfo = { first: shown > 0 ? offset + 1 : 0, last: offset + shown };
  if (offset > 0) info.previous = Math.max(0, Math.min(offset - length, lastPage));
  if (offset + length < total) info.next = offset + length;
  if (lastPage > offset) info.lastPage = lastPage;
  return info;
}
