// How a ranked search's statement reads its rows (issue 23: `search=llama` at 1 M models on PostgreSQL), checked on
// the plans PostgreSQL actually ran, on every test database:
//   - a name prefix with more candidates than FEW_ROWS reads only FEW_ROWS + 1 entries of the name_key range to
//     learn so (an ordered index read), never the whole range (a bitmap of 50 000 entries at 1 M models, 54 ms);
//   - PostgreSQL connections run without JIT, which compiled every ranked search (60-180 ms) because its plan
//     carries the estimated cost of tiers it rarely runs;
//   - an owner's few models (`author=org17`, 490 of 1 M) and the word tier of an exact id's search (its words match
//     nothing else) are read through their own index first, not after a walk of the sort index's first ~4 600 rows
//     (a heap fetch each: 8-20 ms at 1 M models).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEW_ROWS } from "../src/search/ranked-page.js";
import type { Db, SqlParam } from "../src/store/db.js";
import { ModelStore } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";

const PREFIX_ROWS = FEW_ROWS.prefix + 2000;
const LONE_ROWS = 30;
const OTHER_ROWS = 20_000;
// As `llama` at 1 M models: the prefix holds a few percent of the table, its rows spread over the whole heap (ids
// arrive over time; rows a kilobyte and a half wide, about five to a page): reading the range unordered takes a
// bitmap of all its entries and most of the table's pages, reading it in the index's order stops after FEW_ROWS + 1.
const PADDING = { text: "x".repeat(1500) };
const SPREAD = Math.floor(OTHER_ROWS / PREFIX_ROWS);
const RECORDS = [
  ...Array.from({ length: 200 }, (_, i) => ({ id: `top/qwen-${i}`, downloads: 100_000 + i })),
  ...Array.from({ length: OTHER_ROWS }, (_, i) => [
    { id: `many/other-${i}`, downloads: i % 1000, cardData: PADDING },
    ...(i % SPREAD === 0 && i / SPREAD < PREFIX_ROWS
      ? [{ id: `bulk/llama-x-${i}`, downloads: (i * 37) % 5000, cardData: PADDING }]
      : []),
  ]).flat(),
  // An owner's few models and an id whose words no other id has, all at the bottom of the downloads order (0, as
  // a thousandth of the others): a walk of the sort index from the top meets none of them.
  ...Array.from({ length: LONE_ROWS }, (_, i) => ({ id: `lone/ferret-${i}`, downloads: 0, cardData: PADDING })),
  { id: "solo/zebra-quokka", downloads: 0, cardData: PADDING },
];

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Subplan Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan tree. */
function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

/** The nodes of the plan PostgreSQL ran for `sql` (EXPLAIN ANALYZE: the statement runs again). */
async function ranPlan(db: Db, sql: string, params: readonly SqlParam[]): Promise<PlanNode[]> {
  const explained = await db.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, [...params]);
  const raw = explained[0]?.["QUERY PLAN"];
  const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodes((plan[0] as { Plan: PlanNode }).Plan);
}

/** How many entries the plans of `statements` read from the downloads order's keyset index (the walk's). */
async function sortIndexRows(db: Db, statements: readonly { sql: string; params: readonly SqlParam[] }[]) {
  let rows = 0;
  // (The store's own planner estimate, fewWordMatches, is an EXPLAIN without ANALYZE: it reads nothing.)
  for (const { sql, params } of statements.filter((statement) => !statement.sql.startsWith("EXPLAIN")))
    for (const node of await ranPlan(db, sql, params))
      if (node["Index Name"] === "hub_models_downloads_keyset_idx")
        rows += (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1);
  return rows;
}

for (const database of testDatabases()) {
  describe(`ranked search plans on ${database.name}`, () => {
    let db: Db;
    let store: ModelStore;
    const statements: { sql: string; params: readonly SqlParam[] }[] = [];
    beforeAll(async () => {
      db = await database.open();
      // The store's statements, recorded on their way to the database.
      const traced: Db = {
        kind: db.kind,
        query: (sql, params = []) => {
          statements.push({ sql, params });
          return db.query(sql, params);
        },
        transaction: (work) => db.transaction(work),
        close: () => db.close(),
      };
      store = await ModelStore.open(traced);
      await store.upsert(RECORDS);
      await store.analyze("model");
    }, 120_000);
    afterAll(async () => {
      await store.close();
      await database.cleanup();
    });

    it("counts a large name prefix with FEW_ROWS + 1 entries of its index, not the whole range", async () => {
      statements.length = 0;
      const page = await store.search({ search: "llama", sort: "downloads", direction: -1, limit: 20 });
      expect(page.models).toHaveLength(20);
      expect(page.models.every((model) => model.id.startsWith("bulk/llama-x-"))).toBe(true);
      const names = statements.find((statement) => statement.sql.includes("few3"));
      expect(names).toBeDefined();
      const { sql, params } = names as { sql: string; params: readonly SqlParam[] };
      const reads = (await ranPlan(db, sql, params)).filter((node) => node["Index Name"]?.endsWith("name_key_idx"));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads)
        expect((read["Actual Rows"] ?? 0) * (read["Actual Loops"] ?? 1)).toBeLessThanOrEqual(FEW_ROWS.prefix + 1);
    });

    it("counts a large name prefix in its index alone, and reads none of its rows to do so", async () => {
      statements.length = 0;
      const page = await store.search({ search: "llama", sort: "downloads", direction: -1, limit: 20 });
      expect(page.models).toHaveLength(20);
      const names = statements.find((statement) => statement.sql.includes("few3"));
      expect(names).toBeDefined();
      const { sql, params } = names as { sql: string; params: readonly SqlParam[] };
      const all = await ranPlan(db, sql, params);
      // The rows of the name_key range each CTE read (the few's are heap rows: reading them is what costs).
      const readIn = (cte: string) =>
        all
          .filter((node) => node["Subplan Name"] === `CTE ${cte}`)
          .flatMap(nodes)
          .filter((node) => node["Index Name"]?.endsWith("name_key_idx"))
          .reduce((sum, node) => sum + (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 1), 0);
      expect(readIn("probed3")).toBe(FEW_ROWS.prefix + 1);
      expect(readIn("few3")).toBe(0);
    });

    it("reads an owner's few models through the author index, not after a walk of the sort index", async () => {
      statements.length = 0;
      const first = await store.search({ author: "lone", sort: "downloads", direction: -1, limit: 20 });
      const all = Array.from({ length: LONE_ROWS }, (_, i) => `lone/ferret-${i}`).sort();
      expect(first.models.map((model) => model.id)).toEqual(all.slice(0, 20));
      // Without the author probe the walk read WALK_ROWS_PER_RESULT × 21 = 1 050 entries of the sort index first.
      expect(await sortIndexRows(db, statements)).toBeLessThanOrEqual(21);
      statements.length = 0;
      const second = await store.search({
        author: "lone",
        sort: "downloads",
        direction: -1,
        limit: 20,
        ...(first.next !== undefined ? { cursor: first.next } : {}),
      });
      expect(second.models.map((model) => model.id)).toEqual(all.slice(20));
      expect(second.next).toBeUndefined();
      expect(await sortIndexRows(db, statements)).toBeLessThanOrEqual(21);
    });

    it("reads the word tier of an exact id's search through GIN when its words match nothing else", async () => {
      statements.length = 0;
      const page = await store.search({ search: "solo/zebra-quokka", sort: "downloads", direction: -1, limit: 20 });
      expect(page.models.map((model) => model.id)).toEqual(["solo/zebra-quokka"]);
      // The name tiers left the page short, so the word tiers' statement ran; before, its walk read 1 050 entries.
      expect(statements.some((statement) => statement.sql.includes("walk4"))).toBe(true);
      expect(await sortIndexRows(db, statements)).toBeLessThanOrEqual(21);
    });

    it("walks the sort index for a common word, never listing its matches through GIN first", async () => {
      // `bulk` owns 3 000 ids and starts no name: the words statement runs, and its walk fills the page. Read
      // few-first instead, GIN would list all the word's ids before the first row (83 000 of `awq` at 1 M: 23 ms).
      statements.length = 0;
      const page = await store.search({ search: "bulk", sort: "downloads", direction: -1, limit: 20 });
      expect(page.models).toHaveLength(20);
      const words = statements.find((statement) => statement.sql.includes("walk4"));
      expect(words).toBeDefined();
      const { sql, params } = words as { sql: string; params: readonly SqlParam[] };
      const sources = (await ranPlan(db, sql, params)).filter((node) => node["Subplan Name"] === "CTE source4");
      expect(sources).toHaveLength(1);
      expect(sources[0]?.["Actual Loops"]).toBe(0);
    });

    it.runIf(database.name === "postgres")("runs without JIT on PostgreSQL", async () => {
      // Several statements at once, so that more than one pooled connection answers.
      const answers = await Promise.all(Array.from({ length: 4 }, () => db.query<{ jit: string }>("SHOW jit")));
      expect(answers.map((rows) => rows[0]?.jit)).toEqual(["off", "off", "off", "off"]);
    });
  });
}
