// A listing's rows carry their pending download counts (store/pending-column.ts) read by the listing's own
// statement, on PGlite and PostgreSQL: every way a page is read (sort index alone, a filter's bounded walk, an
// owner's matches first, both trendingScore stretches, the ranked search's tiers, with and without the record) and a
// repository's own read show the pending count, and none of them reads hub_download_pending in a statement of its
// own (the extra round trip each listing made before).
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ANONYMOUS } from "../src/auth/principal.js";
import type { DbRepoIndex } from "../src/store/db-repo-index.js";
import { type ModelSearch, ModelStore } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";
import { temporaryFolder } from "./files.js";
import { folderRepoIndex } from "./folder-repo-index.js";

const TARGET = "lp/target-model";

/** Each listing shape, named; every one has TARGET on its first page. */
const LISTINGS: [string, Omit<ModelSearch, "limit">][] = [
  ["by id", { sort: "id", direction: 1 }],
  ["by downloads", { sort: "downloads", direction: -1 }],
  ["a dense filter's walk", { sort: "likes", direction: -1, library: "transformers" }],
  ["an owner's matches first", { sort: "downloads", direction: -1, author: "lp" }],
  ["trendingScore", { sort: "trendingScore", direction: -1 }],
  ["trendingScore ascending", { sort: "trendingScore", direction: 1 }],
  ["trendingScore, an owner's few", { sort: "trendingScore", direction: -1, author: "lp" }],
  ["search, exact id", { sort: "downloads", direction: -1, search: TARGET }],
  ["search, name prefix", { sort: "downloads", direction: -1, search: "target" }],
  ["search, words", { sort: "lastModified", direction: -1, search: "model lp" }],
  ["search by trendingScore", { sort: "trendingScore", direction: -1, search: "target" }],
];

for (const database of testDatabases()) {
  describe(`listings with pending download counts on ${database.name}`, () => {
    const data = temporaryFolder("listing-pending");
    let store: ModelStore;
    let index: DbRepoIndex;

    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      index = await folderRepoIndex(store, data);
      // No timed fold: the counts must stay pending while the listings read them.
      vi.spyOn(index.downloads, "counted").mockImplementation(() => {});
      for (let i = 0; i < 30; i += 1)
        await store.insertNew(
          { id: `lp/other-${i}`, private: false, downloads: 0, likes: 0, tags: [], library_name: "transformers" },
          "model",
        );
      await store.insertNew(
        { id: TARGET, private: false, downloads: 5, likes: 0, tags: [], library_name: "transformers" },
        "model",
      );
      for (let i = 0; i < 3; i += 1) await index.recordDownload({ type: "model", id: TARGET }, "config.json");
      await index.trending.ensureFresh();
    });
    afterAll(async () => {
      await store?.close();
      await database.cleanup();
    });

    it("shows the pending count in every listing shape and the record, in the listing's own statement", async () => {
      const folded = await store.db.query<{ n: number }>(
        "SELECT downloads::float8 AS n FROM hub_models WHERE id = $1",
        [TARGET],
      );
      expect(Number(folded[0]?.n)).toBe(5);
      const db = store.db;
      const query = db.query.bind(db);
      // Statements that read the pending counts apart from the repository rows (the fold, "WITH taken", is not one).
      const apart: string[] = [];
      db.query = ((...args: Parameters<typeof db.query>) => {
        const sql = String(args[0]);
        if (sql.includes("hub_download_pending") && !sql.includes("hub_models") && !sql.startsWith("WITH taken"))
          apart.push(sql);
        return query(...args);
      }) as typeof db.query;
      const shown: Record<string, unknown[]> = {};
      try {
        for (const [name, listing] of LISTINGS)
          for (const withRecord of [false, true]) {
            const page = await index.list("model", { ...listing, limit: 100 }, ANONYMOUS, withRecord);
            const row = page.rows.find((candidate) => candidate.id === TARGET);
            shown[`${name}${withRecord ? ", with record" : ""}`] = withRecord
              ? [row?.downloads, row?.record?.downloads, row?.record?.downloadsAllTime]
              : [row?.downloads];
          }
        const record = await index.record({ type: "model", id: TARGET });
        shown.record = [record?.downloads, record?.record?.downloads, record?.record?.downloadsAllTime];
      } finally {
        db.query = query;
      }
      const expected: Record<string, unknown[]> = { record: [8, 8, 8] };
      for (const [name] of LISTINGS) {
        expected[name] = [8];
        expected[`${name}, with record`] = [8, 8, 8];
      }
      expect(shown).toEqual(expected);
      expect(apart).toEqual([]);
    });
  });
}
