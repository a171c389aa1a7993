// The order of a search's results (issue 20 point 2): what was typed first, then what starts with it, then what
// merely contains its words, then what is one typo away. Each tier is a SQL condition over the indexed columns
// (schema.ts's name_key, the full-text `search` with its typo keys), excluding the tiers before it, so a row belongs to
// exactly one tier; inside a tier the listing's own sort order (downloads by default) decides. ranked-page.ts reads
// the tiers of a page in one statement, and a cursor carries the tier it stopped in (the TIER numbers below).
import { LEGACY_IDS } from "../api/legacy-id-table.js";
import type { RepoType } from "../repos/repo-ref.js";
import type { SqlParam } from "../store/db.js";
import { typoQuery } from "./typo-query.js";

export type Bind = (value: SqlParam) => string;

/** The tiers in their order; a cursor stores these numbers, so they never change meaning. */
export const TIER = { exactId: 0, exactName: 1, sameName: 2, namePrefix: 3, words: 4, typo: 5 } as const;

/** A search's tiers as SQL over one repository table, their values bound through `bind`. */
export interface RankedSearch {
  /**
   * Tiers 0-2 (exact id, exact name, same name) at once: `condition` finds their rows through the lower(id) and
   * name_key b-trees, `tier` is each such row's tier.
   */
  exact: { condition: (bind: Bind) => string; tier: (bind: Bind) => string };
  /**
   * Tier 3, name prefix: `probe` is a b-tree range holding every row of the tier (a few hundred of its rows are
   * cheap to count), `condition` the tier itself. Absent when the name part of the search has no letter or digit.
   */
  prefix?: {
    probe: (bind: Bind) => string;
    /**
     * The probe's b-tree order (name_key's text_pattern_ops index): reading the first FEW_ROWS + 1 candidates in it
     * stops the index range there, where an unordered read bitmapped the whole range first (50 000 entries for
     * `llama` at 1 M models: 54 ms before the first row).
     */
    probeOrder: string;
    condition: (bind: Bind) => string;
  };
  /** Tier 4: every word is a prefix of a word of the id. */
  words: (bind: Bind) => string;
  /** Tier 5: the same with one typo (typo-query.ts); read only when no earlier tier matched at all. */
  typo?: (bind: Bind) => string;
}

/** Lower case, letters and digits only: the query side of name_key. */
export function nameKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * The tiers of `search` for a listing of `type`, given its full-text prefix query (model-store's toPrefixQuery;
 * undefined when the search holds no word, and then there is nothing to rank).
 *   exact id    — the whole id ignoring case, or the canonical repository of a legacy id ("gpt2" →
 *                 openai-community/gpt2, even when other owners have a model named gpt2)
 *   exact name  — the whole name ignoring case ("Llama-3.1-8B" → meta-llama/Llama-3.1-8B)
 *   same name   — the name equal once case and separators are ignored ("llama 3.1 8b" → …/Llama-3.1-8B)
 *   name prefix — the name starts with it ("bert" → google-bert/bert-base-uncased)
 *   words       — every word is a prefix of a word of the id
 *   typo        — the same with one typo in a word (typo-query.ts), only when no earlier tier matched at all
 * With a `/` the part before it must be the owner (ignoring case) for the name tiers.
 */
export function rankedSearch(
  type: RepoType,
  search: string,
  prefixQuery: string | undefined,
): RankedSearch | undefined {
  if (prefixQuery === undefined) return undefined;
  const { key, byName, exactId, exactName, exact, ownerIs, namePrefix, words, notNamed, typo } = searchParts(
    type,
    search,
    prefixQuery,
  );
  return {
    exact: {
      // Same name includes the exact name: one name_key look-up finds tiers 1 and 2.
      condition: (bind) =>
        key === "" ? exactId(bind) : `(${exactId(bind)} OR (${ownerIs(bind)}name_key = ${bind(key)}))`,
      tier: (bind) =>
        `CASE WHEN ${exactId(bind)} THEN ${TIER.exactId}${
          byName ? ` WHEN ${exactName(bind)} THEN ${TIER.exactName}` : ""
        } ELSE ${TIER.sameName} END`,
    },
    ...(key === ""
      ? {}
      : {
          prefix: {
            probe: (bind: Bind) => `name_key LIKE ${bind(`${key}%`)}`,
            probeOrder: "name_key USING ~<~",
            condition: (bind: Bind) => `${namePrefix(bind)} AND name_key <> ${bind(key)} AND NOT ${exact(bind)}`,
          },
        }),
    words: (bind) => `${words(bind)} AND ${notNamed(bind)}`,
    ...(typo === undefined
      ? {}
      : {
          typo: (bind: Bind) => `search @@ ${bind(typo)}::tsquery AND NOT ${words(bind)} AND ${notNamed(bind)}`,
        }),
  };
}

/**
 * The conditions the tiers are made of, one builder each, for rankedSearch and for the tests' tier-by-tier oracle
 * (test/search-tiers.ts).
 */
export function searchParts(type: RepoType, search: string, prefixQuery: string) {
  const typed = search.trim().toLowerCase();
  const slash = typed.indexOf("/");
  const owner = slash === -1 ? undefined : typed.slice(0, slash);
  const name = slash === -1 ? typed : typed.slice(slash + 1);
  const key = nameKey(name);
  const legacy = slash === -1 && Object.hasOwn(LEGACY_IDS[type], typed) ? LEGACY_IDS[type][typed] : undefined;
  // The exact-name tier exists without an owner only; the name tiers need a name key.
  const byName = owner === undefined && key !== "";

  const exactId = (bind: Bind) =>
    `lower(id) = ANY(${bind([typed, ...(legacy !== undefined ? [legacy.toLowerCase()] : [])])}::text[])`;
  const exactName = (bind: Bind) =>
    `name_key = ${bind(key)} AND lower(substr(id, strpos(id, '/') + 1)) = ${bind(name)}`;
  // Exact id or exact name: what every later tier leaves out.
  const exact = (bind: Bind) => (byName ? `(${exactId(bind)} OR (${exactName(bind)}))` : exactId(bind));
  const ownerIs = (bind: Bind) => (owner === undefined ? "" : `lower(author) = ${bind(owner)} AND `);
  const namePrefix = (bind: Bind) => `${ownerIs(bind)}name_key LIKE ${bind(`${key}%`)}`;
  const words = (bind: Bind) => `search @@ ${bind(prefixQuery)}::tsquery`;
  const notNamed = (bind: Bind) => `NOT ${exact(bind)}${key === "" ? "" : ` AND NOT (${namePrefix(bind)})`}`;
  const typo = typoQuery(search);
  return { key, byName, exactId, exactName, exact, ownerIs, namePrefix, words, notNamed, typo };
}
