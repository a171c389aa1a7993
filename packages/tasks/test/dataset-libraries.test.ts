import { describe, expect, it } from "vitest";
import { DATASET_LIBRARIES_UI_ELEMENTS } from "../src/dataset-libraries.js";
import { FACTS } from "./helpers/catalogue-facts.js";

describe("DATASET_LIBRARIES_UI_ELEMENTS", () => {
  it("has the 10 libraries of catalogue-facts.json in order, with exact data", () => {
    const expected = Object.fromEntries(FACTS.datasetLibraries.map(({ key, ...element }) => [key, element]));
    expect(DATASET_LIBRARIES_UI_ELEMENTS).toEqual(expected);
    expect(Object.keys(DATASET_LIBRARIES_UI_ELEMENTS)).toEqual(FACTS.datasetLibraries.map((library) => library.key));
    expect(Object.keys(DATASET_LIBRARIES_UI_ELEMENTS).length).toBe(10);
    expect(DATASET_LIBRARIES_UI_ELEMENTS.mlcroissant.prettyLabel).toBe("Croissant");
  });
});
