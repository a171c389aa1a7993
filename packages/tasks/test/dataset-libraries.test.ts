import { describe, expect, it } from "vitest";
import { DATASET_LIBRARIES_UI_ELEMENTS } from "../src/dataset-libraries.js";
import { FACTS } from "./helpers/catalogue-facts.js";
import { NEWEST } from "./helpers/newest-facts.js";

describe("DATASET_LIBRARIES_UI_ELEMENTS", () => {
  it("has the 10 libraries of catalogue-facts.json and the 2 of catalogue-newest.json in order, with exact data", () => {
    const facts = [...FACTS.datasetLibraries];
    for (const { after, ...added } of NEWEST.dataset_libraries_added) {
      const at = facts.findIndex((library) => library.key === after);
      if (at < 0) throw new Error(`dataset_libraries_added: ${added.key} follows unknown ${after}`);
      facts.splice(at + 1, 0, added);
    }
    const expected = Object.fromEntries(
      facts.map(({ key, prettyLabel, repoName, repoUrl, docsUrl }) => [
        key,
        { prettyLabel, repoName, repoUrl, ...(docsUrl === undefined ? {} : { docsUrl }) },
      ]),
    );
    expect(DATASET_LIBRARIES_UI_ELEMENTS).toEqual(expected);
    expect(Object.keys(DATASET_LIBRARIES_UI_ELEMENTS)).toEqual(facts.map((library) => library.key));
    expect(Object.keys(DATASET_LIBRARIES_UI_ELEMENTS).length).toBe(12);
    expect(DATASET_LIBRARIES_UI_ELEMENTS.mlcroissant.prettyLabel).toBe("Croissant");
    expect(DATASET_LIBRARIES_UI_ELEMENTS.datadesigner.prettyLabel).toBe("NeMo Data Designer");
  });
});
