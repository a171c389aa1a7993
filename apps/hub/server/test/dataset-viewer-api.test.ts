// Issue 21: the dataset-viewer API on a small fixture whose answers are computed by hand here: a CSV dataset with
// train and test files is converted in the background after its commit; every route answers the service's shapes;
// paging, search, filter (and its hostile inputs), statistics, parquet/info/size; the converted ref is readable
// through the file routes; private and gated datasets are invisible through every route.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { commitFiles, createDataset, VIEWER, viewer, waitConverted } from "./dataset-viewer-harness.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const REPO = "alice/people";

// 250 train rows: id i, name "person i", age 20 + i % 50, score i / 4, member (i % 3 = 0), city one of 3.
const CITIES = ["Paris", "Oslo", "Lima"];
const train = Array.from({ length: 250 }, (_, i) => ({
  id: i,
  name: `person ${i}`,
  age: 20 + (i % 50),
  score: i / 4,
  member: i % 3 === 0,
  city: CITIES[i % 3] as string,
}));
const csv = (rows: typeof train) =>
  `id,name,age,score,member,city\n${rows.map((r) => `${r.id},${r.name},${r.age},${r.score},${r.member},${r.city}`).join("\n")}\n`;

beforeAll(async () => {
  hub = await startTestHub("dataset-viewer-api");
  await createDataset(hub, "people");
  await commitFiles(hub, REPO, [
    { path: "data/train.csv", content: Buffer.from(csv(train)) },
    { path: "data/test.csv", content: Buffer.from(csv(train.slice(0, 10))) },
    { path: "README.md", content: Buffer.from("# people\n") },
  ]);
  await waitConverted(hub, REPO);
}, 120_000);
afterAll(async () => {
  await hub?.close();
});

const base = { dataset: REPO, config: "default", split: "train" };

describe("routes", () => {
  test("is-valid and splits", async () => {
    expect((await viewer(hub, "is-valid", { dataset: REPO })).body).toEqual({
      preview: true,
      viewer: true,
      search: true,
      filter: true,
      statistics: true,
    });
    expect((await viewer(hub, "splits", { dataset: REPO })).body).toEqual({
      splits: [
        { dataset: REPO, config: "default", split: "train" },
        { dataset: REPO, config: "default", split: "test" },
      ],
      pending: [],
      failed: [],
    });
  });

  test("first-rows: features and the first 100 rows", async () => {
    const { status, body } = await viewer(hub, "first-rows", base);
    expect(status).toBe(200);
    expect(body.features).toEqual([
      { feature_idx: 0, name: "id", type: { dtype: "int64", _type: "Value" } },
      { feature_idx: 1, name: "name", type: { dtype: "string", _type: "Value" } },
      { feature_idx: 2, name: "age", type: { dtype: "int64", _type: "Value" } },
      { feature_idx: 3, name: "score", type: { dtype: "float64", _type: "Value" } },
      { feature_idx: 4, name: "member", type: { dtype: "bool", _type: "Value" } },
      { feature_idx: 5, name: "city", type: { dtype: "string", _type: "Value" } },
    ]);
    const rows = body.rows as { row_idx: number; row: unknown; truncated_cells: string[] }[];
    expect(rows).toHaveLength(100);
    expect(rows[7]).toEqual({ row_idx: 7, row: train[7], truncated_cells: [] });
    expect(body.truncated).toBe(true);
  });

  test("rows: a page at an offset, the last partial page, past the end", async () => {
    const page = await viewer(hub, "rows", { ...base, offset: 120, length: 5 });
    expect(page.body.num_rows_total).toBe(250);
    expect(page.body.num_rows_per_page).toBe(100);
    expect(page.body.partial).toBe(false);
    expect((page.body.rows as { row_idx: number; row: unknown }[]).map((r) => [r.row_idx, r.row])).toEqual(
      [120, 121, 122, 123, 124].map((i) => [i, train[i]]),
    );
    const last = await viewer(hub, "rows", { ...base, offset: 240 });
    expect((last.body.rows as unknown[]).length).toBe(10);
    const past = await viewer(hub, "rows", { ...base, offset: 1000 });
    expect(past.body.rows).toEqual([]);
    const test = await viewer(hub, "rows", { ...base, split: "test" });
    expect(test.body.num_rows_total).toBe(10);
  });

  test("rows: bad parameters are 400s, unknown splits 404", async () => {
    const bad: Record<string, string | number>[] = [
      { length: 101 },
      { length: -1 },
      { offset: "x" },
      { offset: "1e3" },
    ];
    for (const params of bad) {
      const answer = await viewer(hub, "rows", { ...base, ...params });
      expect(answer.status).toBe(400);
      expect(answer.code).toBe("InvalidParameter");
    }
    const missing = await viewer(hub, "rows", { dataset: REPO, config: "default" });
    expect([missing.status, missing.code]).toEqual([400, "ParameterMissingError"]);
    const unknown = await viewer(hub, "rows", { ...base, split: "nope" });
    expect([unknown.status, unknown.code]).toEqual([404, "ResponseNotFound"]);
  });

  test("search: case-insensitive over string columns, row_idx in the split", async () => {
    const expected = train.filter((r) => r.name.includes("person 12") || r.city.toLowerCase().includes("person 12"));
    const { body } = await viewer(hub, "search", { ...base, query: "PERSON 12" });
    expect(body.num_rows_total).toBe(expected.length);
    expect((body.rows as { row_idx: number }[]).map((r) => r.row_idx)).toEqual(expected.map((r) => r.id));
    const city = await viewer(hub, "search", { ...base, query: "osl", offset: 80, length: 3 });
    expect(city.body.num_rows_total).toBe(train.filter((r) => r.city === "Oslo").length);
    expect((city.body.rows as { row_idx: number }[]).map((r) => r.row_idx)).toEqual([241, 244, 247]);
    // LIKE's wildcards in a query are plain characters.
    expect((await viewer(hub, "search", { ...base, query: "%" })).body.num_rows_total).toBe(0);
  });

  test("filter: where and orderby against hand-computed answers", async () => {
    const where = `age >= 60 AND (city = 'Oslo' OR city = 'Lima') AND NOT member = true`;
    const expected = train
      .filter((r) => r.age >= 60 && (r.city === "Oslo" || r.city === "Lima") && !r.member)
      .sort((a, b) => b.score - a.score);
    const { status, body } = await viewer(hub, "filter", { ...base, where, orderby: "score DESC", length: 100 });
    expect(status).toBe(200);
    expect(body.num_rows_total).toBe(expected.length);
    expect((body.rows as { row_idx: number }[]).map((r) => r.row_idx)).toEqual(expected.map((r) => r.id));
    const inList = await viewer(hub, "filter", { ...base, where: `"id" IN (3, 5, 7) OR name LIKE 'person 24_'` });
    expect((inList.body.rows as { row_idx: number }[]).map((r) => r.row_idx)).toEqual([
      3, 5, 7, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249,
    ]);
    const nulls = await viewer(hub, "filter", { ...base, where: "city IS NULL" });
    expect(nulls.body.num_rows_total).toBe(0);
    const ordered = await viewer(hub, "filter", { ...base, orderby: "age DESC, id ASC", length: 3 });
    expect((ordered.body.rows as { row_idx: number }[]).map((r) => r.row_idx)).toEqual([49, 99, 149]);
  });

  test("filter: hostile where and orderby are refused with 400 and run nothing", async () => {
    const hostile = [
      "id = 1; DROP TABLE x",
      "id = 1; COPY (SELECT 1) TO '/tmp/pwned.csv'",
      "ATTACH '/tmp/x.db'",
      "name = read_csv('/etc/passwd')",
      "read_csv('/etc/passwd') IS NULL",
      "id IN (SELECT 1)",
      "id = (SELECT 1)",
      "id = 1 -- comment",
      "id = 1 /* c */",
      "nope = 1",
      "id = ",
      "'a' = 'a'",
      "id = 1 OR",
      `${"(".repeat(40)}id = 1${")".repeat(40)}`,
      `${"NOT ".repeat(40)}id = 1`,
      `id IN (${Array.from({ length: 150 }, (_, i) => i).join(",")})`,
      "x".repeat(3000),
      "id = 1 UNION SELECT * FROM duckdb_settings()",
      "name = 'a' || getenv('HOME')",
      "id::VARCHAR = '1'",
      `"id" = 1 AND "name" = 'it''s' ) OR (1=1`,
    ];
    for (const where of hostile) {
      const answer = await viewer(hub, "filter", { ...base, where });
      expect([where.slice(0, 60), answer.status, answer.code]).toEqual([where.slice(0, 60), 400, "InvalidParameter"]);
    }
    for (const orderby of ["id; DROP", "random()", "id DESC, (SELECT 1)", "nope", "1"]) {
      const answer = await viewer(hub, "filter", { ...base, orderby });
      expect([orderby, answer.status]).toEqual([orderby, 400]);
    }
    // A quote in a value is a value: no row, no error.
    const quoted = await viewer(hub, "filter", { ...base, where: "name = 'x'' OR ''1''=''1'" });
    expect([quoted.status, quoted.body.num_rows_total]).toEqual([200, 0]);
  });

  test("statistics: per column type, hand-computed", async () => {
    const { status, body } = await viewer(hub, "statistics", base);
    expect(status).toBe(200);
    expect(body.num_examples).toBe(250);
    const stats = Object.fromEntries(
      (
        body.statistics as { column_name: string; column_type: string; column_statistics: Record<string, unknown> }[]
      ).map((s) => [s.column_name, s]),
    );
    expect(stats.id?.column_type).toBe("int");
    expect(stats.id?.column_statistics).toMatchObject({
      nan_count: 0,
      nan_proportion: 0,
      min: 0,
      max: 249,
      mean: 124.5,
      median: 124.5,
      histogram: {
        hist: [25, 25, 25, 25, 25, 25, 25, 25, 25, 25],
        bin_edges: [0, 25, 50, 75, 100, 125, 150, 175, 200, 225, 249],
      },
    });
    expect(stats.id?.column_statistics.std).toBeCloseTo(72.31298, 4);
    expect(stats.score?.column_type).toBe("float");
    expect(stats.score?.column_statistics).toMatchObject({ min: 0, max: 62.25, mean: 31.125 });
    expect(stats.member).toEqual({
      column_name: "member",
      column_type: "bool",
      column_statistics: { nan_count: 0, nan_proportion: 0, frequencies: { False: 166, True: 84 } },
    });
    expect(stats.city?.column_type).toBe("string_label");
    expect(stats.city?.column_statistics).toMatchObject({
      n_unique: 3,
      frequencies: { Paris: 84, Oslo: 83, Lima: 83 },
    });
    expect(stats.name?.column_type).toBe("string_text");
    // Lengths: "person 0".."person 9" = 8 (10), 10..99 = 9 (90), 100..249 = 10 (150).
    expect(stats.name?.column_statistics).toMatchObject({ min: 8, max: 10, median: 10 });
    expect(stats.name?.column_statistics.mean).toBeCloseTo((10 * 8 + 90 * 9 + 150 * 10) / 250, 5);
    // Cached: the second answer is the same.
    expect((await viewer(hub, "statistics", base)).body).toEqual(body);
  });

  test("parquet, info and size", async () => {
    const parquet = await viewer(hub, "parquet", { dataset: REPO });
    const files = parquet.body.parquet_files as { url: string; split: string; size: number; filename: string }[];
    expect(files.map((f) => [f.split, f.filename])).toEqual([
      ["train", "0000.parquet"],
      ["test", "0000.parquet"],
    ]);
    expect(files[0]?.url).toBe(
      `${hub.url}/datasets/${REPO}/resolve/refs%2Fconvert%2Fparquet/default/train/0000.parquet`,
    );
    // The URL serves the file (Parquet magic at both ends), with the size the answer says.
    const bytes = Buffer.from(
      await (
        await fetch(files[0]?.url as string, { headers: { Authorization: `Bearer ${hub.readToken}` } })
      ).arrayBuffer(),
    );
    expect(bytes.length).toBe(files[0]?.size);
    expect(bytes.subarray(0, 4).toString()).toBe("PAR1");
    const info = await viewer(hub, "info", { dataset: REPO, config: "default" });
    const datasetInfo = info.body.dataset_info as Record<string, unknown>;
    expect(datasetInfo.config_name).toBe("default");
    expect((datasetInfo.splits as Record<string, { num_examples: number }>).train?.num_examples).toBe(250);
    expect((datasetInfo.features as Record<string, unknown>).city).toEqual({ dtype: "string", _type: "Value" });
    const size = await viewer(hub, "size", { dataset: REPO });
    const sizes = size.body.size as {
      dataset: { num_rows: number };
      splits: { split: string; num_rows: number; num_columns: number }[];
    };
    expect(sizes.dataset.num_rows).toBe(260);
    expect(sizes.splits.map((s) => [s.split, s.num_rows, s.num_columns])).toEqual([
      ["train", 250, 6],
      ["test", 10, 6],
    ]);
  });

  test("a new commit is converted again; the ref has one commit per conversion", async () => {
    await commitFiles(hub, REPO, [{ path: "data/test.csv", content: Buffer.from(csv(train.slice(0, 3))) }]);
    const deadline = Date.now() + 60_000;
    while ((await viewer(hub, "rows", { ...base, split: "test" })).body.num_rows_total !== 3) {
      if (Date.now() > deadline) throw new Error("not reconverted");
      await new Promise((done) => setTimeout(done, 100));
    }
    // The ref's tree through the API revision path (encoded), and its history: one commit per conversion.
    const auth = { headers: { Authorization: `Bearer ${hub.readToken}` } };
    const tree = (await (
      await fetch(`${hub.url}/api/datasets/${REPO}/tree/refs%2Fconvert%2Fparquet/default?recursive=true`, auth)
    ).json()) as { path: string; lfs?: unknown }[];
    expect(
      tree
        .filter((entry) => entry.lfs !== undefined)
        .map((entry) => entry.path)
        .sort(),
    ).toEqual(["default/test/0000.parquet", "default/train/0000.parquet"]);
    const commits = (await (
      await fetch(`${hub.url}/api/datasets/${REPO}/commits/refs%2Fconvert%2Fparquet`, auth)
    ).json()) as { title: string }[];
    expect(commits.map((commit) => commit.title)).toEqual(["Update parquet files", "Update parquet files"]);
    // The refs API lists it among `converts`, as the hub does (huggingface_hub's list_repo_refs reads it).
    const refs = (await (await fetch(`${hub.url}/api/datasets/${REPO}/refs`, auth)).json()) as {
      converts: { name: string; ref: string; targetCommit: string }[];
    };
    expect(refs.converts.map((entry) => [entry.name, entry.ref])).toEqual([["parquet", "refs/convert/parquet"]]);
    expect(refs.converts[0]?.targetCommit).toBe((commits[0] as { id?: string }).id);
  });
});

describe("access", () => {
  test("unknown, private and gated datasets", async () => {
    await createDataset(hub, "secret", true);
    await commitFiles(hub, "alice/secret", [{ path: "train.csv", content: Buffer.from("a\n1\n") }]);
    await waitConverted(hub, "alice/secret");
    const routes: [string, Record<string, string>][] = [
      ["is-valid", {}],
      ["splits", {}],
      ["first-rows", { config: "default", split: "train" }],
      ["rows", { config: "default", split: "train" }],
      ["search", { config: "default", split: "train", query: "1" }],
      ["filter", { config: "default", split: "train", where: "a = 1" }],
      ["parquet", {}],
      ["info", {}],
      ["size", {}],
      ["statistics", { config: "default", split: "train" }],
    ];
    const ghost = await viewer(hub, "splits", { dataset: "alice/ghost" });
    for (const [route, params] of routes) {
      const anonymous = await viewer(hub, route, { dataset: "alice/secret", ...params }, null);
      expect([route, anonymous.status, anonymous.code]).toEqual([route, 401, "RepoNotFound"]);
      const owner = await viewer(hub, route, { dataset: "alice/secret", ...params });
      expect([route, owner.status]).toEqual([route, 200]);
    }
    expect([ghost.status, ghost.code]).toEqual([404, "RepoNotFound"]);
    // Bob (signed in, no rights) sees exactly what a missing dataset shows.
    await hub.admin("/api/admin/users", { name: "bob" });
    const bob = String(
      (
        (await (await hub.admin("/api/admin/tokens", { user: "bob", role: "read", name: "r" })).json()) as {
          token: string;
        }
      ).token,
    );
    for (const [route, params] of routes) {
      const answer = await viewer(hub, route, { dataset: "alice/secret", ...params }, bob);
      const missing = await viewer(hub, route, { dataset: "alice/ghost", ...params }, bob);
      expect([route, answer.status, answer.body]).toEqual([route, missing.status, missing.body]);
    }
    // Gated: bob without access is refused by the gate on every route; alice (the owner) is not.
    const gate = await fetch(`${hub.url}/api/datasets/alice/people/settings`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ gated: "manual" }),
    });
    expect(gate.status).toBe(200);
    for (const [route, params] of routes) {
      const answer = await viewer(hub, route, { dataset: REPO, ...params, where: "id = 1", query: "1" }, bob);
      expect([route, answer.status, answer.code]).toEqual([route, 403, "GatedRepo"]);
      const owner = await viewer(hub, route, { dataset: REPO, ...params, where: "id = 1", query: "1" });
      expect([route, owner.status]).toEqual([route, 200]);
    }
  });

  test("the base path has only GET routes: other methods get 405, unknown routes the API's 404", async () => {
    const response = await fetch(`${hub.url}${VIEWER}/nope?dataset=${REPO}`);
    expect(response.status).toBe(404);
    for (const method of ["POST", "PUT", "DELETE"]) {
      const other = await fetch(`${hub.url}${VIEWER}/rows?dataset=${REPO}&config=default&split=train`, { method });
      expect([method, other.status]).toEqual([method, 405]);
    }
  });
});
