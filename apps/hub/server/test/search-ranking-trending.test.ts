// A ranked search sorted by trendingScore (search/trending-sort.ts through ranked-page.ts) must give the order of
// the tiers one by one, each in the trending listing's own order (trending/listing.ts's two stretches: repositories
// with recent events by score, then the rest by their static order). The oracle here: the plain trending listing
// paged whole (no search), and each tier's matches (search-tiers.ts's conditions) placed by their position in
// it; the typo tier only when no earlier tier matched. Compared page by page, through cursors, in both directions,
// over a few thousand generated ids, some with downloads in the last 30 days.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlParam } from "../src/store/db.js";
import { type ModelSearch, ModelStore, toPrefixQuery } from "../src/store/model-store.js";
import { TrendingStore } from "../src/trending/trending-store.js";
import { testDatabases } from "./backends.js";
import { searchTiers } from "./search-tiers.js";

const WORDS = ["llama", "qwen", "mistral", "gemma", "phi"];
// 3 000 ids: names that are a word, start with one, or hold one among others; same names under many owners (ties of
// the static order come from equal download counts).
const RECORDS = Array.from({ length: 3000 }, (_, i) => {
  const word = WORDS[i % WORDS.length] as string;
  const shape = i % 7;
  const name =
    shape === 0 ? word : shape === 1 ? `${word}-7b-${i}` : shape === 2 ? `my-${word}-${i}` : `model-${i}-${word}x`;
  return { id: `org${i % 40}/${name}`, downloads: (i * 7919) % 500, likes: i % 11 };
});
const SEARCHES = ["llama", "org3/llama", "qwen-7b", "mistral", "my", "lama", "nothingatall", "gemma 7b"];
const base: ModelSearch = { sort: "trendingScore", direction: -1, limit: 20 };

for (const database of testDatabases()) {
  describe(`ranked search by trendingScore on ${database.name}`, () => {
    let store: ModelStore;
    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      await store.upsert(RECORDS);
      const trending = new TrendingStore(store.db);
      // Events on one id in twelve, of varied counts (some equal: ties in the score stretch).
      for (let i = 0; i < RECORDS.length; i += 12)
        await trending.addDownloads("model", (RECORDS[i] as { id: string }).id, 1 + (i % 9));
      await store.analyze();
    }, 300_000);
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    /** Every row of `query` (limit per page), page by page; each page's ids and its cursor's tier. */
    const paged = async (query: ModelSearch) => {
      const ids: string[] = [];
      const tiers: (number | undefined)[] = [];
      let page = await store.searchRows("model", query, false);
      for (let pages = 0; pages < 1000; pages += 1) {
        ids.push(...page.rows.map((row) => row.id));
        tiers.push(page.next?.tier);
        if (page.next === undefined) break;
        page = await store.searchRows("model", { ...query, cursor: page.next }, false);
      }
      return { ids, tiers };
    };

    /** The oracle: each tier's matches in the plain listing's order, tier after tier. */
    const expected = async (search: string, direction: 1 | -1) => {
      const listing = (await paged({ ...base, direction, limit: 500 })).ids;
      const position = new Map(listing.map((id, index) => [id, index]));
      const rows: { id: string; tier: number }[] = [];
      for (const tier of searchTiers("model", search, toPrefixQuery(search))) {
        if (tier.name === "typo" && rows.length > 0) break;
        const params: SqlParam[] = [];
        const where = tier.condition((value) => {
          params.push(value);
          return `$${params.length}`;
        });
        const found = await store.db.query<{ id: string }>(`SELECT id FROM hub_models WHERE ${where}`, params);
        const ids = found.map((row) => row.id).sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
        rows.push(...ids.map((id) => ({ id, tier: tier.tier })));
      }
      return rows;
    };

    it("has both stretches", async () => {
      const active = await store.db.query<{ n: number }>("SELECT count(*)::float8 AS n FROM hub_trending");
      expect(Number(active[0]?.n)).toBeGreaterThan(200);
    });

    for (const search of SEARCHES)
      for (const direction of [-1, 1] as const)
        for (const limit of [7, 50])
          it(`pages "${search}" (direction ${direction}, limit ${limit}) as the tier-by-tier order`, async () => {
            const want = await expected(search, direction);
            const got = await paged({ ...base, search, direction, limit });
            expect(got.ids).toEqual(want.map((row) => row.id));
            // Each cursor names the tier of its page's last row.
            got.tiers.forEach((tier, page) => {
              const last = want[(page + 1) * limit - 1];
              expect(tier).toBe(want.length > (page + 1) * limit ? last?.tier : undefined);
            });
          }, 120_000);
  });
}
