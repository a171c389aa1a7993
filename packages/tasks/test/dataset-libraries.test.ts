import { describe, expect, it } from "vitest";
import { DATASET_LIBRARIES_UI_ELEMENTS } from "../src/dataset-libraries.js";

describe("DATASET_LIBRARIES_UI_ELEMENTS", () => {
  it("has the 10 libraries of catalogue.md §10 in order, with exact data", () => {
    expect(DATASET_LIBRARIES_UI_ELEMENTS).toEqual({
      mlcroissant: {
        prettyLabel: "Croissant",
        repoName: "croissant",
        repoUrl: "https://github.com/mlcommons/croissant/tree/main/python/mlcroissant",
        docsUrl: "https://huggingface.co/docs/dataset-viewer/mlcroissant",
      },
      webdataset: {
        prettyLabel: "WebDataset",
        repoName: "webdataset",
        repoUrl: "https://github.com/webdataset/webdataset",
        docsUrl: "https://huggingface.co/docs/hub/datasets-webdataset",
      },
      datasets: {
        prettyLabel: "Datasets",
        repoName: "datasets",
        repoUrl: "https://github.com/huggingface/datasets",
        docsUrl: "https://huggingface.co/docs/hub/datasets-usage",
      },
      pandas: {
        prettyLabel: "pandas",
        repoName: "pandas",
        repoUrl: "https://github.com/pandas-dev/pandas",
        docsUrl: "https://huggingface.co/docs/hub/datasets-pandas",
      },
      dask: {
        prettyLabel: "Dask",
        repoName: "dask",
        repoUrl: "https://github.com/dask/dask",
        docsUrl: "https://huggingface.co/docs/hub/datasets-dask",
      },
      distilabel: {
        prettyLabel: "Distilabel",
        repoName: "distilabel",
        repoUrl: "https://github.com/argilla-io/distilabel",
        docsUrl: "https://huggingface.co/docs/hub/datasets-distilabel",
      },
      fiftyone: {
        prettyLabel: "FiftyOne",
        repoName: "fiftyone",
        repoUrl: "https://github.com/voxel51/fiftyone",
        docsUrl: "https://huggingface.co/docs/hub/datasets-fiftyone",
      },
      argilla: {
        prettyLabel: "Argilla",
        repoName: "argilla",
        repoUrl: "https://github.com/argilla-io/argilla",
        docsUrl: "https://huggingface.co/docs/hub/datasets-argilla",
      },
      polars: {
        prettyLabel: "Polars",
        repoName: "polars",
        repoUrl: "https://github.com/pola-rs/polars",
        docsUrl: "https://huggingface.co/docs/hub/datasets-polars",
      },
      duckdb: {
        prettyLabel: "DuckDB",
        repoName: "duckdb",
        repoUrl: "https://github.com/duckdb/duckdb",
        docsUrl: "https://huggingface.co/docs/hub/datasets-duckdb",
      },
    });
    expect(Object.keys(DATASET_LIBRARIES_UI_ELEMENTS)).toEqual([
      "mlcroissant",
      "webdataset",
      "datasets",
      "pandas",
      "dask",
      "distilabel",
      "fiftyone",
      "argilla",
      "polars",
      "duckdb",
    ]);
    expect(DATASET_LIBRARIES_UI_ELEMENTS.mlcroissant.prettyLabel).toBe("Croissant");
  });
});
