import { describe, expect, it } from "vitest";
import { PIPELINE_DATA, PIPELINE_TYPES } from "../../src/pipelines.js";
import { TASKS_MODEL_LIBRARIES } from "../../src/task-libraries.js";
import { TASKS_DATA } from "../../src/tasks/index.js";
import type { ExampleRepo, TaskData } from "../../src/tasks/types.js";
import {
  CANONICAL_IDS,
  METRIC_ID,
  NO_DATASET_TASKS,
  NO_METRIC_TASKS,
  REPO_ID,
  TASKS_DATA_ORDER,
} from "./task-fixtures.js";

const pages = Object.entries(TASKS_DATA) as Array<[string, TaskData | undefined]>;

function page(id: string): TaskData {
  const data = TASKS_DATA[id as keyof typeof TASKS_DATA];
  if (!data) throw new Error(`no page for ${id}`);
  return data;
}

describe("TASKS_DATA shape", () => {
  it("has one key per pipeline type, in the contract's order", () => {
    expect(Object.keys(TASKS_DATA)).toEqual([...TASKS_DATA_ORDER]);
    expect(new Set(Object.keys(TASKS_DATA))).toEqual(new Set(PIPELINE_TYPES));
  });

  it("gives every one of the 58 types a full, non-placeholder record", () => {
    expect(pages).toHaveLength(58);
    for (const [id, data] of pages) {
      expect(data, id).toBeDefined();
      expect(data?.isPlaceholder, id).toBeUndefined();
    }
  });

  it("fills id, label and libraries from the catalogue tables", () => {
    for (const [id, data] of pages) {
      expect(data?.id).toBe(id);
      expect(data?.label).toBe(PIPELINE_DATA[id as keyof typeof PIPELINE_DATA].name);
      expect(data?.libraries).toEqual(TASKS_MODEL_LIBRARIES[id as keyof typeof TASKS_MODEL_LIBRARIES]);
    }
  });

  it("orders keys as the contract's getData result (written content first, catalogue keys last)", () => {
    const contractOrder = [
      "datasets",
      "demo",
      "isPlaceholder",
      "metrics",
      "models",
      "spaces",
      "summary",
      "widgetModels",
      "youtubeId",
      "canonicalId",
      "id",
      "label",
      "libraries",
    ];
    for (const [id, data] of pages) {
      const keys = Object.keys(data ?? {});
      expect(keys, id).toEqual(contractOrder.filter((key) => keys.includes(key)));
      expect(keys.slice(-3), id).toEqual(["id", "label", "libraries"]);
    }
  });

  it("marks exactly the three alias tasks with their canonical task", () => {
    const withCanonical = Object.fromEntries(
      pages.filter(([, data]) => data?.canonicalId !== undefined).map(([id, data]) => [id, data?.canonicalId]),
    );
    expect(withCanonical).toEqual(CANONICAL_IDS);
    for (const target of Object.values(CANONICAL_IDS)) expect(page(target).canonicalId).toBeUndefined();
  });

  it("serialises to JSON without losing content", () => {
    const roundTrip = JSON.parse(JSON.stringify(TASKS_DATA)) as Record<string, TaskData>;
    expect(Object.keys(roundTrip)).toEqual([...TASKS_DATA_ORDER]);
    expect(roundTrip["token-classification"].demo).toEqual(page("token-classification").demo);
  });
});

describe.each(TASKS_DATA_ORDER)("task page %s", (id) => {
  const data = page(id);

  it("has a summary of one to three sentences", () => {
    // 80+ characters: a one-line "X models do X" summary (text-to-image had one, issue 14) is too thin for a page.
    expect(data.summary.trim().length).toBeGreaterThanOrEqual(80);
    const sentences = data.summary.split(/(?<=[.!?])\s+(?=[A-Z])/).filter((s) => s.trim() !== "");
    expect(sentences.length).toBeGreaterThanOrEqual(1);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(data.summary).toMatch(/[.!?]$/);
  });

  it("lists models, datasets and metrics (exceptions are documented in task-fixtures.ts)", () => {
    expect(data.models.length).toBeGreaterThanOrEqual(1);
    if (NO_DATASET_TASKS.has(id)) expect(data.datasets).toEqual([]);
    else expect(data.datasets.length).toBeGreaterThanOrEqual(1);
    if (NO_METRIC_TASKS.has(id)) expect(data.metrics).toEqual([]);
    else expect(data.metrics.length).toBeGreaterThanOrEqual(1);
  });

  it("describes every entry and uses well-formed, unique ids", () => {
    const check = (entries: ExampleRepo[], pattern: RegExp, what: string) => {
      for (const entry of entries) {
        expect(entry.id, `${what} id`).toMatch(pattern);
        expect(entry.description.trim().length, `${what} ${entry.id}`).toBeGreaterThan(10);
        expect(entry.description, `${what} ${entry.id}`).toMatch(/[.!?)]$/);
      }
      const ids = entries.map((entry) => entry.id);
      expect(new Set(ids).size, `${what} duplicates`).toBe(ids.length);
    };
    check(data.models, REPO_ID, "model");
    check(data.datasets, REPO_ID, "dataset");
    check(data.spaces, REPO_ID, "space");
    check(data.metrics, METRIC_ID, "metric");
  });

  it("only uses widget models that the page lists", () => {
    expect(data.widgetModels.length).toBeLessThanOrEqual(1);
    const modelIds = data.models.map((model) => model.id);
    for (const widgetModel of data.widgetModels) expect(modelIds).toContain(widgetModel);
  });

  it("has a demo with inputs and outputs", () => {
    expect(data.demo.inputs.length).toBeGreaterThanOrEqual(1);
    expect(data.demo.outputs.length).toBeGreaterThanOrEqual(1);
  });

  it("has coherent demo entries", () => {
    for (const entry of [...data.demo.inputs, ...data.demo.outputs]) {
      switch (entry.type) {
        case "text":
          expect(entry.label.trim()).not.toBe("");
          expect(entry.content.trim()).not.toBe("");
          break;
        case "chart": {
          expect(entry.data.length).toBeGreaterThanOrEqual(2);
          for (const { label, score } of entry.data) {
            expect(label.trim()).not.toBe("");
            expect(score).toBeGreaterThanOrEqual(0);
            expect(score).toBeLessThanOrEqual(1);
          }
          const scores = entry.data.map((item) => item.score);
          expect(scores, "chart bars sorted by score").toEqual([...scores].sort((a, b) => b - a));
          break;
        }
        case "tabular": {
          expect(entry.table.length).toBeGreaterThanOrEqual(2);
          const width = entry.table[0].length;
          for (const row of entry.table) expect(row).toHaveLength(width);
          break;
        }
        case "text-with-tokens": {
          expect(entry.tokens.length).toBeGreaterThanOrEqual(1);
          let previousEnd = 0;
          for (const token of entry.tokens) {
            expect(Number.isInteger(token.start) && Number.isInteger(token.end)).toBe(true);
            expect(token.start).toBeGreaterThanOrEqual(previousEnd);
            expect(token.end).toBeGreaterThan(token.start);
            expect(token.end).toBeLessThanOrEqual(entry.text.length);
            const span = entry.text.slice(token.start, token.end);
            expect(span, "spans start and end on word boundaries").toBe(span.trim());
            expect(token.type).toMatch(/^[A-Z]+$/);
            previousEnd = token.end;
          }
          break;
        }
        case "audio":
          expect(entry.filename).toMatch(/^[a-z0-9-]+\.wav$/);
          break;
        case "img":
          expect(entry.filename).toMatch(/^[a-z0-9-]+\.(svg|png)$/);
          break;
        default:
          throw new Error(`unknown demo entry ${JSON.stringify(entry)}`);
      }
    }
  });

  it("does not set a YouTube id (none is verified)", () => {
    expect(data.youtubeId).toBeUndefined();
  });
});

describe("demo variety", () => {
  it("uses all six demo entry kinds across the pages", () => {
    const kinds = new Set(
      pages.flatMap(([, data]) => [...(data?.demo.inputs ?? []), ...(data?.demo.outputs ?? [])].map((e) => e.type)),
    );
    expect([...kinds].sort()).toEqual(["audio", "chart", "img", "tabular", "text", "text-with-tokens"]);
  });

  it("tags the token-classification demo exactly on the entities", () => {
    const output = page("token-classification").demo.outputs[0];
    if (output.type !== "text-with-tokens") throw new Error("expected text-with-tokens");
    expect(output.tokens.map((token) => [output.text.slice(token.start, token.end), token.type])).toEqual([
      ["Marie Curie", "PER"],
      ["University of Paris", "ORG"],
      ["Radium Institute", "ORG"],
      ["France", "LOC"],
    ]);
    const input = page("token-classification").demo.inputs[0];
    expect(input.type === "text" && input.content).toBe(output.text);
  });
});

describe("package entry point", () => {
  it("exports the same TASKS_DATA", async () => {
    const entry = await import("../../src/index.js");
    expect(entry.TASKS_DATA).toBe(TASKS_DATA);
  });
});
