import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  commitFiles,
  createDataset,
  datasetsPython,
  runDatasetsPython,
  viewer,
  waitConverted,
} from "./dataset-viewer-harness.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let python: string;

beforeAll(async () => {
  [hub, python] = await Promise.all([startTestHub("dataset-viewer-formats"), datasetsPython()]);
}, 600_000);
afterAll(async () => {
  await hub?.close();
});

function py(code: string, files: Record<string, Buffer> = {}): Promise<unknown> {
  return runDatasetsPython(hub, python, code, files);
}

/** Python: `converted(path)` = the converted file's rows (downloaded from the ref), JSON-normalised. */
const PRELUDE = `
import json, math, datetime
import pyarrow as pa, pyarrow.parquet as pq, pyarrow.csv as pcsv, pyarrow.json as pjson
from huggingface_hub import hf_hub_download
def norm(value):
    if isinstance(value, float) and math.isnan(value): return None
    if isinstance(value, (datetime.date, datetime.datetime)): return value.isoformat()
    if isinstance(value, dict): return {k: norm(v) for k, v in value.items()}
    if isinstance(value, list): return [norm(v) for v in value]
    return value
def rows(table): return [norm(r) for r in table.to_pylist()]
def converted(repo, path):
    local = hf_hub_download(repo, path, repo_type="dataset", revision="refs/convert/parquet")
    return rows(pq.read_table(local))
`;

interface Case {
  name: string;
  files: Record<string, string | Buffer>;
  /** Python expression for the expected rows of split train (files are in the cwd). */
  expected: string;
  source: string;
}

const csvText = `name,count,price,note\n"Smith, J",3,1.5,"said ""hi"""\nÉlodie,,2.25,\nZoë,7,,multi word\n`;
const cases: Case[] = [
  {
    name: "csv",
    files: { "train.csv": csvText },
    source: "train.csv",
    // Empty unquoted fields are nulls, as the hub's CSV builder (pandas) reads them: pyarrow told the same.
    expected: "rows(pcsv.read_csv('train.csv', convert_options=pcsv.ConvertOptions(strings_can_be_null=True)))",
  },
  {
    name: "tsv",
    files: { "train.tsv": "a\tb\n1\tx y\n2\t\n3\tz\n" },
    source: "train.tsv",
    expected:
      "rows(pcsv.read_csv('train.tsv', parse_options=pcsv.ParseOptions(delimiter='\\t'), convert_options=pcsv.ConvertOptions(strings_can_be_null=True)))",
  },
  {
    name: "jsonl",
    files: {
      "train.jsonl": `${[
        { id: 1, text: "a", tags: ["x", "y"], meta: { ok: true, n: 1.5 } },
        { id: 2, text: "b", tags: [], meta: { ok: false, n: 2 } },
        { id: 3, text: null, tags: ["z"], meta: { ok: true, n: null } },
      ]
        .map((row) => JSON.stringify(row))
        .join("\n")}\n`,
    },
    source: "train.jsonl",
    expected: "rows(pjson.read_json('train.jsonl'))",
  },
  {
    name: "json",
    files: {
      "train.json": JSON.stringify([
        { q: "one", a: 1 },
        { q: "two", a: 2 },
        { q: "three", a: 3 },
      ]),
    },
    source: "train.json",
    expected: "[norm(r) for r in __import__('pandas').read_json('train.json').to_dict('records')]",
  },
  {
    name: "text",
    files: { "train.txt": 'first line\nsecond, with comma\n"quoted"\n\ttabbed\nlast\n' },
    source: "train.txt",
    expected: "[{'text': line} for line in open('train.txt').read().splitlines()]",
  },
];

describe("formats: converted cell by cell as pyarrow reads the source", () => {
  for (const item of cases)
    test(item.name, async () => {
      const repo = `alice/format-${item.name}`;
      await createDataset(hub, `format-${item.name}`);
      const files = Object.entries(item.files).map(([path, content]) => ({
        path,
        content: Buffer.isBuffer(content) ? content : Buffer.from(content),
      }));
      await commitFiles(hub, repo, files);
      const splits = await waitConverted(hub, repo);
      expect(splits.status).toBe(200);
      const buffers = Object.fromEntries(files.map((file) => [file.path, file.content]));
      const answer = (await py(
        `${PRELUDE}\nprint(json.dumps({"expected": ${item.expected}, "got": converted(${JSON.stringify(repo)}, "default/train/0000.parquet")}))`,
        buffers,
      )) as { expected: unknown[]; got: unknown[] };
      expect(answer.got.length).toBeGreaterThan(0);
      expect(answer.got).toEqual(answer.expected);
    }, 300_000);

  test("parquet (written by pyarrow, nested and null columns)", async () => {
    const source = (await py(`${PRELUDE}
table = pa.table({"x": [1, 2, None], "s": ["a", None, "c"], "l": [[1], [], [2, 3]], "st": [{"k": 1}, {"k": 2}, None]})
pq.write_table(table, "train.parquet")
print(json.dumps({"hex": open("train.parquet", "rb").read().hex(), "rows": rows(table)}))`)) as {
      hex: string;
      rows: unknown[];
    };
    await createDataset(hub, "format-parquet");
    await commitFiles(hub, "alice/format-parquet", [
      { path: "train.parquet", content: Buffer.from(source.hex, "hex") },
    ]);
    expect((await waitConverted(hub, "alice/format-parquet")).status).toBe(200);
    const got = await py(
      `${PRELUDE}\nprint(json.dumps(converted("alice/format-parquet", "default/train/0000.parquet")))`,
    );
    expect(got).toEqual(source.rows);
  }, 300_000);
});

describe("discovery and the datasets library", () => {
  test("the card's configs with data_files per split; shards; load_dataset of the converted ref", async () => {
    const card = [
      "---",
      "configs:",
      "- config_name: small",
      "  data_files:",
      "  - split: train",
      "    path: small/train-*.csv",
      "  - split: test",
      "    path: small/test.csv",
      "- config_name: big",
      "  default: true",
      "  data_files: big/*.jsonl",
      "---",
      "# card",
      "",
    ].join("\n");
    await createDataset(hub, "configs");
    await commitFiles(hub, "alice/configs", [
      { path: "README.md", content: Buffer.from(card) },
      { path: "small/train-00000-of-00002.csv", content: Buffer.from("v\n1\n2\n") },
      { path: "small/train-00001-of-00002.csv", content: Buffer.from("v\n3\n") },
      { path: "small/test.csv", content: Buffer.from("v\n9\n") },
      { path: "big/a.jsonl", content: Buffer.from('{"w": "x"}\n') },
      { path: "big/b.jsonl", content: Buffer.from('{"w": "y"}\n{"w": "z"}\n') },
    ]);
    const splits = await waitConverted(hub, "alice/configs");
    expect(splits.body.error).toBeUndefined();
    expect(splits.body.splits).toEqual([
      { dataset: "alice/configs", config: "big", split: "train" },
      { dataset: "alice/configs", config: "small", split: "train" },
      { dataset: "alice/configs", config: "small", split: "test" },
    ]);
    const rows = await viewer(hub, "rows", { dataset: "alice/configs", config: "small", split: "train" });
    expect((rows.body.rows as { row: { v: number } }[]).map((r) => r.row.v)).toEqual([1, 2, 3]);
    const loaded = await py(`
import json
from datasets import load_dataset
small = load_dataset("alice/configs", "small", revision="refs/convert/parquet")
big = load_dataset("alice/configs", "big", revision="refs/convert/parquet", split="train")
print(json.dumps({"train": list(small["train"]["v"]), "test": list(small["test"]["v"]), "big": list(big["w"])}))`);
    expect(loaded).toEqual({ train: [1, 2, 3], test: [9], big: ["x", "y", "z"] });
  }, 300_000);

  test("file-name conventions: folders and name parts pick train / validation / test", async () => {
    await createDataset(hub, "conventions");
    await commitFiles(hub, "alice/conventions", [
      { path: "data/train/part1.csv", content: Buffer.from("a\n1\n") },
      { path: "data/dev.csv", content: Buffer.from("a\n2\n") },
      { path: "data/my_test_file.csv", content: Buffer.from("a\n3\n") },
    ]);
    const splits = await waitConverted(hub, "alice/conventions");
    expect((splits.body.splits as { split: string }[]).map((s) => s.split)).toEqual(["train", "validation", "test"]);
  }, 120_000);

  // (Image and audio folders are converted: dataset-viewer-folders.test.ts.)
  test("archives are a clear unsupported state, not a half-written ref", async () => {
    await createDataset(hub, "images");
    await commitFiles(hub, "alice/images", [{ path: "train/cats.zip", content: Buffer.from("PK not really a zip") }]);
    const answer = await waitConverted(hub, "alice/images");
    expect([answer.status, answer.code]).toEqual([501, "UnsupportedFileFormatError"]);
    expect((await viewer(hub, "is-valid", { dataset: "alice/images" })).body.viewer).toBe(false);
    const ref = await fetch(`${hub.url}/api/datasets/alice/images/revision/refs%2Fconvert%2Fparquet`, {
      headers: { Authorization: `Bearer ${hub.readToken}` },
    });
    expect(ref.status).toBe(404);
  }, 120_000);
});
