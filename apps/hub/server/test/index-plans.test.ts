// The filtered search plans (issue 14): a bounded walk of the sort index for dense filters, the matches read first
// for selective ones. Whatever plan answers, paging with a cursor through a filter gives every match exactly once,
// in sort order, for each sort key and direction, and the same rows as one big page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedModel } from "../../bench/generate.js";
import { openPglite } from "../src/store/db.js";
import { type ModelSearch, ModelStore, WALK_ROWS_PER_RESULT } from "../src/store/model-store.js";

const COUNT = 3000;
const PAGE = 5;
const records = Array.from({ length: COUNT }, (_, index) => generatedModel(index)) as {
  id: string;
  tags: string[];
  inferenceProviderMapping: Record<string, unknown>;
  downloads: number;
  likes: number;
  lastModified: string;
  createdAt: string;
}[];

// A dense filter fills a page within the walk; a selective one does not and is read match-first.
const FILTERS: [string, Partial<ModelSearch>, (record: (typeof records)[number]) => boolean][] = [
  ["tag t5 (dense)", { tags: ["t5"] }, (record) => record.tags.includes("t5")],
  [
    "provider together (selective)",
    { provider: "together" },
    (record) => "together" in record.inferenceProviderMapping,
  ],
];
const KEY: Record<string, (record: (typeof records)[number]) => number> = {
  downloads: (record) => record.downloads,
  likes: (record) => record.likes,
  lastModified: (record) => Date.parse(record.lastModified),
  createdAt: (record) => Date.parse(record.createdAt),
};

let store: ModelStore;
beforeAll(async () => {
  store = await ModelStore.open(await openPglite(undefined));
  await store.upsert(records);
  await store.analyze();
}, 120_000);
afterAll(async () => store?.close());

describe.each(FILTERS)("%s", (name, filter, matches) => {
  const expected = records.filter(matches);
  const byId = new Map(records.map((record) => [record.id, record]));

  it("is the kind of filter this test needs", () => {
    const walked = (PAGE + 1) * WALK_ROWS_PER_RESULT;
    const density = expected.length / COUNT;
    // Dense: a walk finds far more than a page; selective: far less.
    if (name.includes("dense")) expect(density * walked).toBeGreaterThan(2 * (PAGE + 1));
    else expect(density * walked).toBeLessThan(PAGE + 1);
  });

  for (const sort of ["downloads", "likes", "lastModified", "createdAt"] as const)
    for (const direction of [-1, 1] as const)
      it(`pages through every match once in order (${sort}, direction ${direction})`, async () => {
        const query: ModelSearch = { ...filter, sort, direction, limit: PAGE } as ModelSearch;
        const seen: string[] = [];
        let page = await store.search(query);
        for (let pages = 0; pages < COUNT; pages += 1) {
          seen.push(...page.models.map((model) => model.id));
          if (page.next === undefined) break;
          page = await store.search({ ...query, cursor: page.next });
        }
        expect(new Set(seen).size).toBe(seen.length);
        expect([...seen].sort()).toEqual(expected.map((record) => record.id).sort());
        const keys = seen.map((id) => KEY[sort]?.(byId.get(id) as (typeof records)[number]) ?? 0);
        for (let i = 1; i < keys.length; i += 1) {
          const [before, after] = [keys[i - 1] ?? 0, keys[i] ?? 0];
          expect(direction === -1 ? before >= after : before <= after).toBe(true);
        }
        const whole = await store.search({ ...query, limit: COUNT });
        expect(whole.models.map((model) => model.id)).toEqual(seen);
      });
});
