// The oracle of search-ranking-trending.test.ts: a ranked search's tiers one by one, in order, each as its own
// condition (exact name and same name apart, where rankedSearch finds tiers 0-2 at once), so the test can read every
// tier's matches separately and place them by the plain trending listing's order. Test-only: no store reads tiers in
// turn since every search goes through search/ranked-page.ts.
import type { RepoType } from "../src/repos/repo-ref.js";
import { type Bind, rankedSearch, searchParts, TIER } from "../src/search/ranking.js";

export interface SearchTier {
  name: "exact id" | "exact name" | "same name" | "name prefix" | "words" | "typo";
  /** Its TIER number. */
  tier: number;
  /** The tier's condition, its values bound through `bind`. */
  condition(bind: Bind): string;
}

/** rankedSearch's tiers one by one, in order; none when the search holds no word (`prefixQuery` undefined). */
export function searchTiers(type: RepoType, search: string, prefixQuery: string | undefined): SearchTier[] {
  const ranked = rankedSearch(type, search, prefixQuery);
  if (ranked === undefined || prefixQuery === undefined) return [];
  const { key, byName, exactId, exactName, exact, ownerIs } = searchParts(type, search, prefixQuery);
  const tiers: SearchTier[] = [{ name: "exact id", tier: TIER.exactId, condition: exactId }];
  if (byName)
    tiers.push({
      name: "exact name",
      tier: TIER.exactName,
      condition: (bind) => `${exactName(bind)} AND NOT ${exactId(bind)}`,
    });
  if (key !== "")
    tiers.push({
      name: "same name",
      tier: TIER.sameName,
      condition: (bind) => `${ownerIs(bind)}name_key = ${bind(key)} AND NOT ${exact(bind)}`,
    });
  if (ranked.prefix !== undefined)
    tiers.push({ name: "name prefix", tier: TIER.namePrefix, condition: ranked.prefix.condition });
  tiers.push({ name: "words", tier: TIER.words, condition: ranked.words });
  if (ranked.typo !== undefined) tiers.push({ name: "typo", tier: TIER.typo, condition: ranked.typo });
  return tiers;
}
