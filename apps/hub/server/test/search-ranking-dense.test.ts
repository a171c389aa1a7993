// Search ranking over tiers too large to read whole (search/ranked-page.ts): a name prefix and a typo matching more
// ids than FEW_ROWS are read through a bounded walk of the sort order, or — when the walk leaves the page short —
// through all their matches, sorted. Every path must give the order of the small tiers: tier by tier, each by the
// asked sort, and paging must show every row once. Checked against the order computed here, on every test database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEW_ROWS } from "../src/search/ranked-page.js";
import { type ModelSearch, ModelStore, type SortKey } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";

interface Rec {
  id: string;
  downloads: number;
}

// 1 300 qwen ids, the most downloaded: a walk of the downloads order meets no llama id before the page is full of
// qwen, so a llama tier past FEW_ROWS is read through all its matches. 1 100 names start with llama (name prefix),
// 30 only hold the word (words), 8 are llama under another name key ("llamas": words too, and one typo away from
// "llamma" like every llama id).
const QWEN: Rec[] = Array.from({ length: 1300 }, (_, i) => ({ id: `top/qwen-${i}`, downloads: 100_000 + i * 7 }));
const LLAMA: Rec[] = Array.from({ length: 1100 }, (_, i) => ({ id: `bulk/llama-x-${i}`, downloads: (i * 37) % 5000 }));
const WORD: Rec[] = Array.from({ length: 30 }, (_, i) => ({ id: `other/my-llama-${i}`, downloads: 40_000 + i }));
const RECORDS = [...QWEN, ...LLAMA, ...WORD];

const base: ModelSearch = { sort: "downloads", direction: -1, limit: 20 };
const byDownloads = (direction: 1 | -1) => (a: Rec, b: Rec) =>
  direction === -1
    ? b.downloads - a.downloads || (a.id < b.id ? -1 : 1)
    : a.downloads - b.downloads || (a.id < b.id ? 1 : -1);
const byId = (a: Rec, b: Rec) => (a.id < b.id ? -1 : 1);

for (const database of testDatabases()) {
  describe(`dense search tiers on ${database.name}`, () => {
    let store: ModelStore;
    beforeAll(async () => {
      store = await ModelStore.open(await database.open());
      await store.upsert(RECORDS);
    }, 120_000);
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    /** Every id of `search` in `sort`, page by page through the cursor. */
    const pagedIds = async (search: string, sort: SortKey, direction: 1 | -1, limit = 20) => {
      const seen: string[] = [];
      let page = await store.search({ ...base, search, sort, direction, limit });
      seen.push(...page.models.map((model) => model.id));
      for (let pages = 1; page.next !== undefined && pages < 500; pages += 1) {
        page = await store.search({ ...base, search, sort, direction, limit, cursor: page.next });
        seen.push(...page.models.map((model) => model.id));
      }
      return seen;
    };

    it("has tiers past the few-first read", () => {
      expect(LLAMA.length).toBeGreaterThan(FEW_ROWS.prefix);
      expect(LLAMA.length + WORD.length).toBeGreaterThan(FEW_ROWS.typo);
    });

    it("reads a large name prefix through all its matches when the walk finds none, then the word matches", async () => {
      const expected = [...LLAMA.sort(byDownloads(-1)), ...WORD.sort(byDownloads(-1))].map((record) => record.id);
      const first = await store.search({ ...base, search: "llama" });
      expect(first.models.map((model) => model.id)).toEqual(expected.slice(0, 20));
      expect(await pagedIds("llama", "downloads", -1, 100)).toEqual(expected);
      const ascending = [...LLAMA.sort(byDownloads(1)), ...WORD.sort(byDownloads(1))].map((record) => record.id);
      expect(await pagedIds("llama", "downloads", 1, 100)).toEqual(ascending);
    }, 120_000);

    it("reads a large name prefix that leads the sort order through the walk", async () => {
      const expected = QWEN.sort(byDownloads(-1)).map((record) => record.id);
      expect((await store.search({ ...base, search: "qwen" })).models.map((model) => model.id)).toEqual(
        expected.slice(0, 20),
      );
      // By id, direction -1 is descending (as every other key's).
      expect(await pagedIds("qwen", "id", -1, 250)).toEqual(
        QWEN.sort(byId)
          .reverse()
          .map((record) => record.id),
      );
      expect(await pagedIds("qwen", "id", 1, 250)).toEqual(QWEN.sort(byId).map((record) => record.id));
    }, 120_000);

    it("reads a large typo tier in order, and pages through it", async () => {
      // "llamma" is llama with one letter extra: every llama id is one typo away, none matches as typed.
      const expected = [...LLAMA, ...WORD].sort(byDownloads(-1)).map((record) => record.id);
      expect((await store.search({ ...base, search: "llamma" })).models.map((model) => model.id)).toEqual(
        expected.slice(0, 20),
      );
      expect(await pagedIds("llamma", "downloads", -1, 200)).toEqual(expected);
    }, 120_000);

    it("keeps a filter in every path", async () => {
      const page = await store.search({ ...base, search: "llama", author: "other", limit: 50 });
      expect(page.models.map((model) => model.id)).toEqual(WORD.sort(byDownloads(-1)).map((record) => record.id));
    });
  });
}
