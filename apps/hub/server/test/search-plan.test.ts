// How a ranked search's statement reads its rows (issue 23: `search=llama` at 1 M models on PostgreSQL), checked on
// the plans PostgreSQL actually ran, on every test database:
//   - a name prefix with more candidates than FEW_ROWS reads only FEW_ROWS + 1 entries of the name_key range to
//     learn so (an ordered index read), never the whole range (a bitmap of 50 000 entries at 1 M models, 54 ms);
//   - PostgreSQL connections run without JIT, which compiled every ranked search (60-180 ms) because its plan
//     carries the estimated cost of tiers it rarely runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEW_ROWS } from "../src/search/ranked-page.js";
import type { Db, SqlParam } from "../src/store/db.js";
import { ModelStore } from "../src/store/model-store.js";
import { testDatabases } from "./backends.js";

const PREFIX_ROWS = FEW_ROWS.prefix + 2000;
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
];

interface PlanNode {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

/** Every node of a plan tree. */
function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
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
      const explained = await db.query<{ "QUERY PLAN": unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const raw = explained[0]?.["QUERY PLAN"];
      const plan = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
      const reads = nodes((plan[0] as { Plan: PlanNode }).Plan).filter((node) =>
        node["Index Name"]?.endsWith("name_key_idx"),
      );
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads)
        expect((read["Actual Rows"] ?? 0) * (read["Actual Loops"] ?? 1)).toBeLessThanOrEqual(FEW_ROWS.prefix + 1);
    });

    it.runIf(database.name === "postgres")("runs without JIT on PostgreSQL", async () => {
      // Several statements at once, so that more than one pooled connection answers.
      const answers = await Promise.all(Array.from({ length: 4 }, () => db.query<{ jit: string }>("SHOW jit")));
      expect(answers.map((rows) => rows[0]?.jit)).toEqual(["off", "off", "off", "off"]);
    });
  });
}
