// A ranked search sorted by trendingScore (ranked-page.ts): the order of trending/listing.ts's two stretches as one
// key. An active repository's key is its hub_trending sort_key (at least ACTIVE_KEY_FLOOR), any other's its static
// trending_sort (below 10^12), so one bigint orders the stretches; ties go by lower(id) among active rows (the
// score index's last column) and by id among the rest, exactly as the stretch-by-stretch listing orders them.
// A tier's few candidates are sorted by this key; the bounded walk of a dense tier reads each stretch through its
// own index (the first `rows` of each) and keeps the first `rows` of both in order: a prefix of the whole order.
import type { RepoType } from "../repos/repo-ref.js";
import type { SearchCursor } from "../store/model-store.js";
import { ACTIVE_KEY_FLOOR } from "../trending/listing.js";
import type { SortSql } from "./ranked-page.js";
import type { Bind } from "./ranking.js";

const FLOOR = ACTIVE_KEY_FLOOR.toString();

/** The trendingScore order of `table` (of `type`; both from fixed maps, never input) in `direction`. */
export function trendingSortSql(
  type: RepoType,
  table: string,
  direction: 1 | -1,
  cursor: SearchCursor | undefined,
  bind: Bind,
): SortSql {
  const ascending = direction === -1;
  const column = `COALESCE((SELECT tsk.sort_key FROM hub_trending AS tsk
    WHERE tsk.repo_type = '${type}' AND tsk.repo_key = lower(id)), trending_sort)`;
  const tie = (key: string) => `(CASE WHEN ${key} >= ${FLOOR} THEN lower(id) ELSE id END)`;
  const [op, dir] = ascending ? [">", "ASC"] : ["<", "DESC"];
  let value: string | undefined;
  let id: string | undefined;
  const cursorValue = () => {
    value ??= bind(cursor?.value ?? "0");
    return value;
  };
  const cursorId = () => {
    id ??= bind(cursor?.id ?? "");
    return id;
  };
  const cursorTie = () =>
    `(CASE WHEN ${cursorValue()}::bigint >= ${FLOOR} THEN lower(${cursorId()}::text) ELSE ${cursorId()}::text END)`;
  // Each stretch's walk, in its index's order, from the cursor on (a cursor in the other stretch keeps all or none).
  const walk = (rows: number, afterCursor: boolean) => {
    const activeAfter = afterCursor
      ? ` AND ((-ht.sort_key), ht.repo_key) ${op} (-${cursorValue()}::bigint, ${cursorTie()})`
      : "";
    const restAfter = afterCursor
      ? ` AND ((-m.trending_sort), m.id) ${op} (-${cursorValue()}::bigint, ${cursorTie()})`
      : "";
    return `SELECT * FROM (
        (SELECT m.*, ht.sort_key AS k, (-ht.sort_key) AS nk, ht.repo_key AS tk FROM hub_trending AS ht
           CROSS JOIN LATERAL (SELECT * FROM ${table} AS m0 WHERE lower(m0.id) = ht.repo_key OFFSET 0) AS m
         WHERE ht.repo_type = '${type}'${activeAfter}
         ORDER BY (-ht.sort_key) ${dir}, ht.repo_key ${dir} LIMIT ${rows})
        UNION ALL
        (SELECT m.*, m.trending_sort AS k, (-m.trending_sort) AS nk, m.id AS tk FROM ${table} AS m
         WHERE NOT EXISTS (SELECT 1 FROM hub_trending AS hx WHERE hx.repo_type = '${type}' AND hx.repo_key = lower(m.id))${restAfter}
         ORDER BY (-m.trending_sort) ${dir}, m.id ${dir} LIMIT ${rows})
      ) AS stretches ORDER BY nk ${dir}, tk ${dir} LIMIT ${rows}`;
  };
  return {
    column,
    order: (key) => `(-${key}) ${dir}, ${tie(key)} ${dir}`,
    ...(cursor === undefined
      ? {}
      : { after: (key: string) => `((-${key}), ${tie(key)}) ${op} (-${cursorValue()}::bigint, ${cursorTie()})` }),
    walkColumns: "",
    walkOrder: `nk ${dir}, tk ${dir}`,
    walk,
  };
}
