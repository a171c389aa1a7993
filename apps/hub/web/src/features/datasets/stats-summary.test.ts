import { describe, expect, it } from "vitest";
import { datasetSnippets, hfPath, resolveFileUrl } from "./dataset-snippets";
import { classSegments, histogramBars, statsCaption, statsDescription } from "./stats-summary";
import { errorMessageOf, problemKind } from "./viewer-api";

describe("column statistics in words and bars", () => {
  it("describes a number column: range, mean, median and nulls", () => {
    const entry = {
      column_name: "score",
      column_type: "float",
      column_statistics: {
        nan_count: 2,
        nan_proportion: 0.02,
        min: 0,
        max: 10.5,
        mean: 4.123456,
        median: 4,
        std: 1,
        histogram: { hist: [1, 4, 2, 0], bin_edges: [0, 2.5, 5, 7.5, 10.5] },
      },
    };
    expect(statsDescription(entry)).toBe("score: from 0 to 10.5; mean 4.123; median 4; 2 nulls (2%)");
    expect(statsCaption(entry)).toBe("0 – 10.5");
    expect(histogramBars(entry.column_statistics)).toEqual([0.25, 1, 0.5, 0]);
  });

  it("describes text lengths and classes", () => {
    const text = {
      column_name: "text",
      column_type: "string_text",
      column_statistics: { nan_count: 0, min: 3, max: 120, mean: 40, median: 38 },
    };
    expect(statsCaption(text)).toBe("length 3 – 120");
    expect(statsDescription(text)).toBe("text: lengths from 3 to 120; mean 40; median 38");
    const label = {
      column_name: "label",
      column_type: "class_label",
      column_statistics: { nan_count: 0, n_unique: 2, frequencies: { neg: 30, pos: 70 } },
    };
    expect(statsDescription(label)).toBe("label: 2 distinct values; pos: 70 (70%), neg: 30 (30%)");
    expect(statsCaption(label)).toBe("2 values");
  });

  it("keeps the five largest classes and folds the rest into others; ignores bad counts", () => {
    const frequencies = { a: 10, b: 9, c: 8, d: 7, e: 6, f: 5, g: 4, bad: -3 };
    const segments = classSegments(frequencies);
    expect(segments.map((s) => s.label)).toEqual(["a", "b", "c", "d", "e", "others"]);
    expect(segments.at(-1)?.count).toBe(9);
    expect(classSegments({})).toEqual([]);
    expect(histogramBars({ histogram: { hist: new Array(500).fill(1), bin_edges: [] } })).toHaveLength(50);
    expect(histogramBars({ histogram: { hist: [0, 0], bin_edges: [] } })).toEqual([]);
  });
});

describe("service errors", () => {
  it("tells a pending conversion from a failure and a refusal", () => {
    expect(problemKind(500, "ResponseNotReady", "The server is busier than usual")).toBe("pending");
    expect(problemKind(500, undefined, "The response is not ready yet. Please retry later.")).toBe("pending");
    expect(problemKind(500, "ConversionError", "Cannot read the CSV file")).toBe("failed");
    expect(problemKind(400, "InvalidParameter", "Parameter 'where' is invalid")).toBe("refused");
    expect(problemKind(404, "RepoNotFound", "Repository not found")).toBe("refused");
    expect(problemKind(404, undefined, "Not Found")).toBe("unavailable");
    expect(problemKind(503, undefined, "Service Unavailable")).toBe("unavailable");
    expect(errorMessageOf({ error: "bad where" })).toBe("bad where");
    expect(errorMessageOf({ error: { error: "nested" } })).toBe("nested");
    expect(errorMessageOf({ nope: 1 })).toBeUndefined();
  });
});

describe("Use this dataset snippets", () => {
  const target = {
    endpoint: "http://127.0.0.1:5675",
    dataset: "alice/my-data",
    config: "default",
    split: "train",
    files: ["default/train/0000.parquet"],
    private: false,
  };

  it("point every tool at this hub, never at huggingface.co", () => {
    const snippets = datasetSnippets(target);
    expect(snippets.map((s) => s.tool)).toEqual(["datasets", "pandas", "polars", "duckdb"]);
    for (const snippet of snippets) {
      expect(snippet.code).toContain("127.0.0.1:5675");
      expect(snippet.code).not.toMatch(/https:\/\/huggingface\.co/);
    }
    const code = (tool: string) => snippets.find((s) => s.tool === tool)?.code ?? "";
    expect(code("datasets")).toContain('os.environ["HF_ENDPOINT"] = "http://127.0.0.1:5675"');
    // HF_ENDPOINT must be set before datasets (and huggingface_hub) is imported.
    expect(code("datasets").indexOf("HF_ENDPOINT")).toBeLessThan(code("datasets").indexOf("from datasets"));
    expect(code("datasets")).toContain('load_dataset("alice/my-data", split="train")');
    expect(code("pandas")).toContain('"hf://datasets/alice/my-data@refs/convert/parquet/default/train/0000.parquet"');
    expect(code("pandas")).toContain('storage_options = {"endpoint": "http://127.0.0.1:5675"}');
    const url =
      "http://127.0.0.1:5675/datasets/alice/my-data/resolve/refs%2Fconvert%2Fparquet/default/train/0000.parquet";
    expect(code("polars")).toContain(`pl.read_parquet("${url}")`);
    expect(code("duckdb")).toContain(`SELECT * FROM '${url}' LIMIT 10;`);
  });

  it("name the subset, list every shard, quote hostile names, and show where a token goes", () => {
    const snippets = datasetSnippets({
      ...target,
      config: "it's",
      files: ["it's/train/0000.parquet", "it's/train/0001.parquet"],
      private: true,
    });
    const code = (tool: string) => snippets.find((s) => s.tool === tool)?.code ?? "";
    expect(code("datasets")).toContain(`load_dataset("alice/my-data", "it's", split="train")`);
    expect(code("datasets")).toContain("HF_TOKEN");
    expect(code("pandas")).toContain('"token": "hf_…"');
    expect(code("pandas")).toContain("pd.concat");
    expect(code("polars")).toContain("0001.parquet");
    expect(code("polars")).toContain('fs = HfFileSystem(endpoint="http://127.0.0.1:5675", token="hf_…")');
    expect(code("polars")).toContain("pl.concat(pl.read_parquet(fs.open(f)) for f in files)");
    expect(code("duckdb")).toContain("read_parquet([");
    // encodeURIComponent keeps the quote; the SQL literal doubles it.
    expect(code("duckdb")).toContain("/it''s/train/0000.parquet'");
    expect(code("duckdb")).toContain("CREATE SECRET (TYPE http, BEARER_TOKEN 'hf_…');");
    expect(resolveFileUrl("http://h", "a/b", "x y/0.parquet")).toBe(
      "http://h/datasets/a/b/resolve/refs%2Fconvert%2Fparquet/x%20y/0.parquet",
    );
    expect(hfPath("a/b", "c/d.parquet")).toBe("hf://datasets/a/b@refs/convert/parquet/c/d.parquet");
  });

  it("offer only the datasets snippet until the Parquet files are known", () => {
    expect(datasetSnippets({ ...target, files: [] }).map((s) => s.tool)).toEqual(["datasets"]);
  });
});
