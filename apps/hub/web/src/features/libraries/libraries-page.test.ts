import { describe, expect, test } from "vitest";
import type { LibraryEntry } from "../../lib/api";
import { filterLibraries } from "./libraries-page";

const entry = (key: string, models: number, hasSnippets: boolean): LibraryEntry => ({
  key,
  prettyLabel: key.toUpperCase(),
  hasSnippets,
  models,
});
const LIBRARIES = [entry("diffusers", 3, true), entry("fastai", 0, true), entry("nemo", 1, false)];

describe("filterLibraries", () => {
  test("by name, label or served task, case-insensitive", () => {
    const none = { withSnippets: false, withModels: false };
    expect(filterLibraries(LIBRARIES, "DIFF", none).map((l) => l.key)).toEqual(["diffusers"]);
    // fastai serves image-classification (LIBRARY_TASK_MAPPING)
    expect(filterLibraries(LIBRARIES, "image-classification", none).map((l) => l.key)).toEqual(["fastai"]);
    expect(filterLibraries(LIBRARIES, "  ", none)).toHaveLength(3);
  });
  test("by snippets and by models in the index", () => {
    expect(filterLibraries(LIBRARIES, "", { withSnippets: true, withModels: false }).map((l) => l.key)).toEqual([
      "diffusers",
      "fastai",
    ]);
    expect(filterLibraries(LIBRARIES, "", { withSnippets: true, withModels: true }).map((l) => l.key)).toEqual([
      "diffusers",
    ]);
  });
});
