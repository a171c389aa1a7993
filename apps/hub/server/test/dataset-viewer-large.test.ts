// Issue 21: a 5-million-row Parquet dataset generated here with DuckDB, converted, and every row route answered
// against values computed from the generating formulas: pages at the start, middle and end, search, filter with
// ordering, and statistics of each column type.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, expect, test } from "vitest";
import { commitFiles, createDataset, viewer, waitConverted } from "./dataset-viewer-harness.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

const ROWS = 5_000_000;
const REPO = "alice/five-million";
const LABELS = ["cat", "dog", "bird"];
let hub: TestHub;

/** Row `i` as generated below. */
const rowOf = (i: number) => ({
  id: i,
  label: LABELS[i % 3],
  value: (i % 1000) / 10,
  flag: i % 2 === 0,
  text: `row ${i}`,
});

beforeAll(async () => {
  hub = await startTestHub("dataset-viewer-large");
  const path = join(hub.work, "five-million.parquet");
  const duck = await (await DuckDBInstance.create(":memory:", { threads: "2" })).connect();
  await duck.run(
    `COPY (SELECT i AS id, ['cat', 'dog', 'bird'][(i % 3) + 1] AS label, (i % 1000) / 10 AS value, i % 2 = 0 AS flag,
            'row ' || i AS text FROM range(${ROWS}) t(i)) TO '${path}' (FORMAT parquet, COMPRESSION zstd)`,
  );
  duck.closeSync();
  await createDataset(hub, "five-million");
  await commitFiles(hub, REPO, [{ path: "data/train-00000-of-00001.parquet", content: await readFile(path) }]);
  expect((await waitConverted(hub, REPO, 240_000)).status).toBe(200);
}, 300_000);
afterAll(async () => {
  await hub?.close();
});

const base = { dataset: REPO, config: "default", split: "train" };
type Rows = { row_idx: number; row: Record<string, unknown> }[];

test("rows at the start, the middle and the end", async () => {
  for (const offset of [0, 2_500_000, 4_321_987, ROWS - 50]) {
    const { body } = await viewer(hub, "rows", { ...base, offset, length: 100 });
    expect(body.num_rows_total).toBe(ROWS);
    const rows = body.rows as Rows;
    const expected = Array.from({ length: Math.min(100, ROWS - offset) }, (_, k) => offset + k);
    expect(rows.map((r) => r.row_idx)).toEqual(expected);
    expect(rows.map((r) => r.row)).toEqual(expected.map(rowOf));
  }
}, 60_000);

test("search and filter over five million rows", async () => {
  const search = await viewer(hub, "search", { ...base, query: "ROW 4999999" });
  expect(search.body.num_rows_total).toBe(1);
  expect((search.body.rows as Rows)[0]?.row).toEqual(rowOf(4_999_999));
  // value = 99.9 ⇔ i ≡ 999 (mod 1000); label dog ⇔ i ≡ 1 (mod 3): i = 1000k + 999 with k ≡ 1 (mod 3), k < 5000.
  const filtered = await viewer(hub, "filter", {
    ...base,
    where: "value = 99.9 AND label = 'dog'",
    orderby: "id DESC",
    length: 3,
  });
  expect(filtered.body.num_rows_total).toBe(1667);
  expect((filtered.body.rows as Rows).map((r) => r.row_idx)).toEqual([4_999_999, 4_996_999, 4_993_999]);
  const paged = await viewer(hub, "filter", { ...base, where: "value = 99.9 AND label = 'dog'", offset: 1666 });
  expect((paged.body.rows as Rows).map((r) => r.row_idx)).toEqual([4_999_999]);
}, 60_000);

test("statistics of every column", async () => {
  const { body } = await viewer(hub, "statistics", base);
  expect(body.num_examples).toBe(ROWS);
  const stats = Object.fromEntries(
    (body.statistics as { column_name: string; column_type: string; column_statistics: Record<string, unknown> }[]).map(
      (s) => [s.column_name, s],
    ),
  );
  expect(stats.id?.column_type).toBe("int");
  expect(stats.id?.column_statistics).toMatchObject({ nan_count: 0, min: 0, max: 4_999_999, mean: 2_499_999.5 });
  expect((stats.id?.column_statistics.histogram as { hist: number[] } | undefined)?.hist).toEqual(
    Array(10).fill(500_000),
  );
  expect(stats.value?.column_type).toBe("float");
  expect(stats.value?.column_statistics).toMatchObject({ min: 0, max: 99.9, mean: 49.95 });
  expect(stats.label).toMatchObject({
    column_type: "string_label",
    column_statistics: { n_unique: 3, frequencies: { cat: 1_666_667, dog: 1_666_667, bird: 1_666_666 } },
  });
  expect(stats.flag?.column_statistics.frequencies).toEqual({ True: 2_500_000, False: 2_500_000 });
  expect(stats.text?.column_type).toBe("string_text");
  expect(stats.text?.column_statistics).toMatchObject({ min: 5, max: 11 });
}, 120_000);
