// The order of a search's results (issue 20 point 2): what was typed first, then what starts with it, then what
// merely contains its words, then what is one typo away. Each tier is a SQL condition over the indexed columns
// (schema.ts's name_key, the full-text `search` with its typo keys), excluding the tiers before it, so a row belongs to
// exactly one tier; inside a tier the listing's own sort order (downloads by default) decides. The store reads the
// tiers in turn until a page is full, and a cursor carries the tier it stopped in.
import { LEGACY_IDS } from "../api/legacy-id-table.js";
import type { RepoType } from "../repos/repo-ref.js";
import type { SqlParam } from "../store/db.js";
import { typoQuery } from "./typo-query.js";

export type Bind = (value: SqlParam) => string;

export interface SearchTier {
  name: "exact id" | "exact name" | "same name" | "name prefix" | "words" | "typo";
  /** The tier's condition, its values bound through `bind`. */
  condition(bind: Bind): string;
  /** Holds a handful of rows found through an index: read its matches directly instead of walking a sort order. */
  small: boolean;
  /**
   * A b-tree condition that holds for every row of the tier, cheap to count a few hundred of: when it holds for
   * few rows, the tier is read directly too (a name prefix of a few dozen ids need not walk the sort order).
   */
  probe?: (bind: Bind) => string;
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
export function searchTiers(type: RepoType, search: string, prefixQuery: string | undefined): SearchTier[] {
  if (prefixQuery === undefined) return [];
  const typed = search.trim().toLowerCase();
  const slash = typed.indexOf("/");
  const owner = slash === -1 ? undefined : typed.slice(0, slash);
  const name = slash === -1 ? typed : typed.slice(slash + 1);
  const key = nameKey(name);
  const legacy = slash === -1 && Object.hasOwn(LEGACY_IDS[type], typed) ? LEGACY_IDS[type][typed] : undefined;

  const exactId = (bind: Bind) =>
    `lower(id) = ANY(${bind([typed, ...(legacy !== undefined ? [legacy.toLowerCase()] : [])])}::text[])`;
  const exactName = (bind: Bind) =>
    `name_key = ${bind(key)} AND lower(substr(id, strpos(id, '/') + 1)) = ${bind(name)}`;
  // Exact id or exact name: what every later tier leaves out.
  const exact = (bind: Bind) =>
    owner !== undefined || key === "" ? exactId(bind) : `(${exactId(bind)} OR (${exactName(bind)}))`;
  const ownerIs = (bind: Bind) => (owner === undefined ? "" : `lower(author) = ${bind(owner)} AND `);
  const namePrefix = (bind: Bind) => `${ownerIs(bind)}name_key LIKE ${bind(`${key}%`)}`;
  const words = (bind: Bind) => `search @@ ${bind(prefixQuery)}::tsquery`;

  const tiers: SearchTier[] = [{ name: "exact id", small: true, condition: exactId }];
  if (owner === undefined && key !== "")
    tiers.push({
      name: "exact name",
      small: true,
      condition: (bind) => `${exactName(bind)} AND NOT ${exactId(bind)}`,
    });
  if (key !== "") {
    tiers.push(
      {
        name: "same name",
        small: true,
        condition: (bind) => `${ownerIs(bind)}name_key = ${bind(key)} AND NOT ${exact(bind)}`,
      },
      {
        name: "name prefix",
        small: false,
        probe: (bind) => `name_key LIKE ${bind(`${key}%`)}`,
        condition: (bind) => `${namePrefix(bind)} AND name_key <> ${bind(key)} AND NOT ${exact(bind)}`,
      },
    );
  }
  const notNamed = (bind: Bind) => `NOT ${exact(bind)}${key === "" ? "" : ` AND NOT (${namePrefix(bind)})`}`;
  tiers.push({ name: "words", small: false, condition: (bind) => `${words(bind)} AND ${notNamed(bind)}` });
  const typo = typoQuery(search);
  if (typo !== undefined)
    tiers.push({
      name: "typo",
      small: false,
      condition: (bind) => `search @@ ${bind(typo)}::tsquery AND NOT ${words(bind)} AND ${notNamed(bind)}`,
    });
  return tiers;
}
