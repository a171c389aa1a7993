import { describe, expect, it } from "vitest";
import { LIBRARY_TASK_MAPPING } from "../src/library-to-tasks.js";
import { PIPELINE_TYPES_SET } from "../src/pipelines.js";
import { TASKS_MODEL_LIBRARIES } from "../src/task-libraries.js";
import { FACTS } from "./helpers/catalogue-facts.js";
import { NEWEST } from "./helpers/newest-facts.js";

// 0.18's map with the newest changes applied; a change to `null` (text2text-generation, removed upstream) is not
// applied because that task stays in our API. New keys are appended, as upstream did.
function expectedTaskToLibraries(): Record<string, string[]> {
  const map: Record<string, string[]> = { ...FACTS.taskToLibraries };
  for (const change of NEWEST.task_library_maps_changed.TASKS_MODEL_LIBRARIES) {
    if (change.new === null) {
      expect(change.key).toBe("text2text-generation");
      continue;
    }
    map[change.key] = change.new;
  }
  return map;
}

describe("TASKS_MODEL_LIBRARIES", () => {
  it("has one list per pipeline type, in the key order and with the content of catalogue-facts.json", () => {
    const expected = expectedTaskToLibraries();
    expect(Object.keys(TASKS_MODEL_LIBRARIES)).toEqual(Object.keys(expected));
    expect(TASKS_MODEL_LIBRARIES).toEqual(expected);
    expect(Object.keys(TASKS_MODEL_LIBRARIES).length).toBe(58);
    for (const key of Object.keys(TASKS_MODEL_LIBRARIES)) expect(PIPELINE_TYPES_SET.has(key as never)).toBe(true);
    expect(new Set(Object.values(TASKS_MODEL_LIBRARIES).flat()).size).toBe(24);
  });

  it("has empty lists for the five tasks without libraries (catalogue.md §3; audio-text-to-text gained transformers)", () => {
    const empty = Object.entries(TASKS_MODEL_LIBRARIES)
      .filter(([, libs]) => libs.length === 0)
      .map(([task]) => task)
      .sort();
    expect(empty).toEqual([
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
    // The newest only drops text2text-generation from two lists, a task we keep: nothing else changed.
    for (const change of NEWEST.task_library_maps_changed.LIBRARY_TASK_MAPPING) {
      expect(change.added).toEqual([]);
      expect(change.removed).toEqual(["text2text-generation"]);
    }
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
