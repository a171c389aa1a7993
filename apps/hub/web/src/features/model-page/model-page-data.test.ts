// The model page's pure data: the downloads series (checked, drawn, summarised), the model-index rows and the
// parameter counts.
import { describe, expect, test } from "vitest";
import { parseDownloadDays, seriesSummary, sparklinePoints } from "./downloads-series";
import { evalRows, MAX_EVAL_ROWS } from "./eval-results";
import { formatParameters } from "./model-size";

const days = (counts: number[]) =>
  counts.map((downloads, i) => ({ date: `2026-11-${String(i + 1).padStart(2, "0")}`, downloads }));

describe("downloads series", () => {
  test("the documented answer is read; anything else draws nothing", () => {
    expect(parseDownloadDays({ days: days([0, 3]) })).toEqual(days([0, 3]));
    for (const bad of [
      null,
      "x",
      { days: [] },
      { days: "no" },
      { days: [{ date: "yesterday", downloads: 1 }] },
      { days: [{ date: "2026-11-01", downloads: -1 }] },
      { days: [{ date: "2026-11-01", downloads: Number.NaN }] },
      { days: [{ date: "2026-11-01" }] },
      { days: days(Array.from({ length: 400 }, () => 1)) },
    ])
      expect(parseDownloadDays(bad), JSON.stringify(bad)).toBeUndefined();
  });

  test("points span the box, the peak at the top, zero at the bottom", () => {
    expect(sparklinePoints(days([0, 5, 10]), 100, 42)).toBe("0.0,41.0 50.0,21.0 100.0,1.0");
    expect(sparklinePoints(days([0, 0]), 100, 42)).toBe("0.0,41.0 100.0,41.0");
    expect(sparklinePoints(days([7]), 100, 42)).toBe("50.0,1.0");
  });

  test("the summary says the total, the span and the busiest day, in the right number", () => {
    expect(seriesSummary(days([0, 1, 0]))).toBe(
      "1 download from 2026-11-01 to 2026-11-03; busiest day 2026-11-02 with 1 download",
    );
    expect(seriesSummary(days([2, 1500]))).toBe(
      "1,502 downloads from 2026-11-01 to 2026-11-02; busiest day 2026-11-02 with 1,500 downloads",
    );
    expect(seriesSummary(days([0, 0]))).toBe("No downloads from 2026-11-01 to 2026-11-02");
  });
});

describe("evaluation results from model-index", () => {
  test("task, dataset (config, split), metric, value and verified per metric", () => {
    const rows = evalRows({
      "model-index": [
        {
          name: "m",
          results: [
            {
              task: { type: "text-classification", name: "Text Classification" },
              dataset: { type: "glue", name: "GLUE", config: "sst2", split: "validation" },
              metrics: [
                { type: "accuracy", value: 0.912345678, name: "Accuracy", verified: true },
                { type: "f1", value: "88.1" },
              ],
            },
          ],
        },
      ],
    });
    expect(rows).toEqual([
      {
        model: "m",
        task: "Text Classification",
        dataset: "GLUE",
        datasetDetail: "sst2 · validation",
        metric: "Accuracy",
        value: "0.912346",
        verified: true,
      },
      {
        model: "m",
        task: "Text Classification",
        dataset: "GLUE",
        datasetDetail: "sst2 · validation",
        metric: "f1",
        value: "88.1",
        verified: false,
      },
    ]);
  });

  test("hostile or odd front matter gives no row and never throws; rows are bounded", () => {
    for (const odd of [undefined, {}, { "model-index": "x" }, { "model-index": [null, 3, { results: "x" }] }])
      expect(evalRows(odd as Record<string, unknown> | undefined)).toEqual([]);
    expect(
      evalRows({ "model-index": [{ results: [{ metrics: [{ type: "acc", value: { nested: 1 } }, { value: 1 }] }] }] }),
    ).toEqual([]);
    const many = Array.from({ length: 2000 }, (_, i) => ({ type: `m${i}`, value: i }));
    expect(evalRows({ "model-index": [{ results: [{ metrics: many }] }] })).toHaveLength(MAX_EVAL_ROWS);
  });
});

test("parameter counts read as the hub writes them", () => {
  expect(formatParameters(8_030_261_248)).toBe("8.03B");
  expect(formatParameters(124_439_808)).toBe("124M");
  expect(formatParameters(6)).toBe("6");
  expect(formatParameters(6000)).toBe("6,000");
  expect(formatParameters(22_700)).toBe("22.7k");
  expect(formatParameters(1.2e12)).toBe("1.2T");
});
