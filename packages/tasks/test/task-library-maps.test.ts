import { describe, expect, it } from "vitest";
import { LIBRARY_TASK_MAPPING } from "../src/library-to-tasks.js";
import { PIPELINE_TYPES_SET } from "../src/pipelines.js";
import { TASKS_MODEL_LIBRARIES } from "../src/task-libraries.js";
import { FACTS } from "./helpers/catalogue-facts.js";

describe("TASKS_MODEL_LIBRARIES", () => {
  it("has one list per pipeline type, in the key order and with the content of catalogue-facts.json", () => {
    expect(Object.keys(TASKS_MODEL_LIBRARIES)).toEqual(Object.keys(FACTS.taskToLibraries));
    expect(TASKS_MODEL_LIBRARIES).toEqual(FACTS.taskToLibraries);
    expect(Object.keys(TASKS_MODEL_LIBRARIES).length).toBe(55);
    for (const key of Object.keys(TASKS_MODEL_LIBRARIES)) expect(PIPELINE_TYPES_SET.has(key as never)).toBe(true);
    expect(new Set(Object.values(TASKS_MODEL_LIBRARIES).flat()).size).toBe(24);
  });

  it("has empty lists for the six tasks without libraries (catalogue.md §3)", () => {
    const empty = Object.entries(TASKS_MODEL_LIBRARIES)
      .filter(([, libs]) => libs.length === 0)
      .map(([task]) => task)
      .sort();
    expect(empty).toEqual([
      "audio-text-to-text",
      "other",
      "robotics",
      "text-retrieval",
      "time-series-forecasting",
      "voice-activity-detection",
    ]);
    expect(TASKS_MODEL_LIBRARIES["token-classification"]).toEqual([
      "adapter-transformers",
      "flair",
      "spacy",
      "span-marker",
      "stanza",
      "transformers",
      "transformers.js",
    ]);
  });
});

describe("LIBRARY_TASK_MAPPING", () => {
  it("lists the 28 libraries served by the hosted API with the tasks of catalogue-facts.json", () => {
    expect(LIBRARY_TASK_MAPPING).toEqual(FACTS.libraryToTasks);
    expect(Object.keys(LIBRARY_TASK_MAPPING)).toEqual(Object.keys(FACTS.libraryToTasks));
    expect(Object.keys(LIBRARY_TASK_MAPPING).length).toBe(28);
    expect(LIBRARY_TASK_MAPPING.transformers?.length).toBe(29);
    expect(LIBRARY_TASK_MAPPING.speechbrain?.length).toBe(5);
    expect(LIBRARY_TASK_MAPPING.speechbrain).toContain("text2text-generation");
    expect(LIBRARY_TASK_MAPPING.sklearn?.length).toBe(3);
    const tasks = Object.values(LIBRARY_TASK_MAPPING).flatMap((list) => list ?? []);
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) expect(PIPELINE_TYPES_SET.has(task), task).toBe(true);
  });
});
