import { describe, expect, test } from "vitest";
import { datasetLayout, globToRegExp, splitOfPath } from "./dataset-layout";
import { MAX_ROWS, parseCsv, parseDelimited, parseJsonLines, sniffMedia, typeColumns } from "./parse-table";

const files = (...paths: string[]) => paths.map((rfilename) => ({ rfilename }));

describe("configs and splits", () => {
  test("splits from file names, in the usual order; other files ignored", () => {
    const layout = datasetLayout(
      files(
        "README.md",
        "data/test-00000.parquet",
        "data/train-00000.parquet",
        "data/train-00001.parquet",
        "valid.jsonl",
        ".hidden/x.csv",
        "notes.txt",
      ),
      undefined,
    );
    expect(layout).toEqual([
      {
        name: "default",
        splits: [
          {
            name: "train",
            files: [
              { path: "data/train-00000.parquet", format: "parquet" },
              { path: "data/train-00001.parquet", format: "parquet" },
            ],
          },
          { name: "validation", files: [{ path: "valid.jsonl", format: "jsonl" }] },
          { name: "test", files: [{ path: "data/test-00000.parquet", format: "parquet" }] },
        ],
      },
    ]);
    expect(splitOfPath("sample.csv")).toBe("train");
    expect(splitOfPath("dev/part1.csv")).toBe("validation");
    expect(splitOfPath("contest.csv")).toBe("train");
    expect(datasetLayout(files("README.md"), undefined)).toEqual([]);
  });

  test("the card's configs: a path, a list, split entries and globs", () => {
    const siblings = files("a/train.csv", "a/test.csv", "b/x-1.tsv", "b/x-2.tsv", "b/sub/x-3.tsv", "c.parquet");
    const layout = datasetLayout(siblings, {
      configs: [
        {
          config_name: "first",
          data_files: [
            { split: "train", path: "a/train.csv" },
            { split: "test", path: ["a/test.csv"] },
          ],
        },
        { config_name: "second", data_files: "b/*.tsv" },
        { config_name: "deep", data_files: "b/**/*.tsv" },
        { config_name: "nothing", data_files: "zzz/*" },
        "junk",
      ],
    });
    expect(layout.map((c) => c.name)).toEqual(["first", "second", "deep"]);
    expect(layout[0]?.splits.map((s) => [s.name, s.files.map((f) => f.path)])).toEqual([
      ["train", ["a/train.csv"]],
      ["test", ["a/test.csv"]],
    ]);
    expect(layout[1]?.splits[0]?.files.map((f) => f.path)).toEqual(["b/x-1.tsv", "b/x-2.tsv"]);
    expect(layout[2]?.splits[0]?.files.map((f) => f.path)).toEqual(["b/x-1.tsv", "b/x-2.tsv", "b/sub/x-3.tsv"]);
  });

  test("globs are literal outside their wildcards and bounded", () => {
    expect(globToRegExp("a.(b)+*.csv")?.test("a.(b)+x.csv")).toBe(true);
    expect(globToRegExp("a.(b)+*.csv")?.test("aX(b)+x.csv")).toBe(false);
    expect(globToRegExp("x".repeat(501))).toBeUndefined();
    expect(globToRegExp("?.csv")?.test("a/b.csv")).toBe(false);
  });
});

describe("text tables", () => {
  test("CSV with quotes, typed columns and a cut last line", () => {
    const text = 'id,name,score,ok,empty\n1,"Smith, J",0.5,true,\n2,"say ""hi""\nthere",1,False,\n3,cut';
    const table = parseCsv(text, ",", false);
    expect(table.columns).toEqual([
      { name: "id", type: "int" },
      { name: "name", type: "string" },
      { name: "score", type: "float" },
      { name: "ok", type: "bool" },
      { name: "empty", type: "null" },
    ]);
    expect(table.rows).toEqual([
      { id: 1, name: "Smith, J", score: 0.5, ok: true, empty: null },
      { id: 2, name: 'say "hi"\nthere', score: 1, ok: false, empty: null },
    ]);
    expect(table.more).toBe(true);
    const whole = parseCsv("a\tb\r\nx\ty", "\t", true);
    expect(whole.rows).toEqual([{ a: "x", b: "y" }]);
    expect(whole.more).toBe(false);
  });

  test("at most MAX_ROWS rows; duplicate and empty headers get names", () => {
    const text = `a,a,\n${"1,2,3\n".repeat(150)}`;
    const table = parseCsv(text, ",", true);
    expect(table.rows).toHaveLength(MAX_ROWS);
    expect(table.more).toBe(true);
    expect(table.columns.map((c) => c.name)).toEqual(["a", "a_1", "column_3"]);
    expect(parseDelimited("x,y\n\n\nz,w\n", ",", true, 10)).toEqual([
      ["x", "y"],
      ["z", "w"],
    ]);
  });

  test("JSON lines and arrays", () => {
    const table = parseJsonLines(
      '{"q": "a", "n": 1, "tags": ["x"]}\n{"q": "b", "n": 2.5, "meta": {"k": 1}}\n{"q": "c',
      false,
    );
    expect(table.rows).toHaveLength(2);
    expect(table.columns).toEqual([
      { name: "q", type: "string" },
      { name: "n", type: "float" },
      { name: "tags", type: "list" },
      { name: "meta", type: "struct" },
    ]);
    expect(parseJsonLines("[1, 2]", true).rows).toEqual([{ value: 1 }, { value: 2 }]);
    expect(() => parseJsonLines("[1, 2", false)).toThrow(/JSON lines/);
    expect(() => parseJsonLines("{bad}\n", true)).toThrow();
  });

  test("media sniffed from bytes", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]);
    expect(sniffMedia(png)).toBe("image/png");
    expect(sniffMedia(new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]))).toBe("audio/wav");
    expect(sniffMedia(new Uint8Array([1, 2, 3]))).toBeUndefined();
    expect(typeColumns([{ img: { bytes: png, path: "x.png" }, n: 1n }])).toEqual([
      { name: "img", type: "image" },
      { name: "n", type: "int" },
    ]);
  });
});
