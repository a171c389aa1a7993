import { describe, expect, it } from "vitest";
import {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  PIPELINE_TYPES_SET,
  type PipelineData,
  SUBTASK_TYPES,
} from "../src/pipelines.js";
import { FACTS, type PipelineFact } from "./helpers/catalogue-facts.js";
import { NEWEST } from "./helpers/newest-facts.js";

// catalogue-facts.json lists the 55 pipelines of 0.18 in declaration order (catalogue.md §1.2); catalogue-newest.json
// adds three and changes flags. We apply the additions and the `hideInDatasets` changes, and keep what our API
// mirrors from 0.18: text2text-generation (so text-generation keeps its 0.18 subtasks) and the colours.
const NEW_IDS = new Set(NEWEST.tasks_added.map((task) => task.id));

function expectedPipelines(): PipelineFact[] {
  const list: PipelineFact[] = FACTS.pipelines.map((fact) => ({ ...fact }));
  for (const change of NEWEST.tasks_changed) {
    if (change.field !== "hideInDatasets") continue;
    const fact = list.find((entry) => entry.id === change.id);
    if (!fact) throw new Error(`tasks_changed names unknown task ${change.id}`);
    fact.hideInDatasets = change.new === true;
  }
  for (const added of NEWEST.tasks_added) {
    const at = list.findIndex((entry) => entry.id === added.after);
    if (at < 0) throw new Error(`tasks_added: ${added.id} follows unknown ${added.after}`);
    const { after: _after, libraries: _libraries, ...fact } = added;
    list.splice(at + 1, 0, { ...fact, color: "(ours)" });
  }
  return list;
}

const EXPECTED = expectedPipelines();

function countBy(key: (data: PipelineData) => string | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const data of Object.values(PIPELINE_DATA)) {
    const k = key(data);
    if (k !== undefined) counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

describe("PIPELINE_DATA", () => {
  it("has the 58 ids in declaration order: the newest order plus text2text-generation where 0.18 had it", () => {
    expect(EXPECTED.length).toBe(58);
    expect(PIPELINE_TYPES).toEqual(EXPECTED.map((fact) => fact.id));
    const newestOrder = [...NEWEST.task_order_newest];
    newestOrder.splice(newestOrder.indexOf("text-generation") + 1, 0, "text2text-generation");
    expect(PIPELINE_TYPES).toEqual(newestOrder);
    expect(Object.keys(PIPELINE_DATA)).toEqual(PIPELINE_TYPES);
    expect(PIPELINE_TYPES_SET.size).toBe(58);
    for (const id of PIPELINE_TYPES) expect(PIPELINE_TYPES_SET.has(id)).toBe(true);
  });

  it.each(EXPECTED)("$id: name, modality, colour, flags, subtasks", (fact: PipelineFact) => {
    const data = (PIPELINE_DATA as Record<string, PipelineData>)[fact.id];
    expect(data.name).toBe(fact.name);
    expect(data.modality).toBe(fact.modality);
    // The three new tasks have no colour upstream (colours were dropped); ours must still be one of the six.
    if (NEW_IDS.has(fact.id)) expect(["blue", "green", "indigo", "orange", "red", "yellow"]).toContain(data.color);
    else expect(data.color).toBe(fact.color);
    expect(data.hideInModels === true).toBe(fact.hideInModels);
    expect(data.hideInDatasets === true).toBe(fact.hideInDatasets);
    // A pipeline without subtasks has no `subtasks` key at all (the facts write an empty list).
    if (fact.subtasks.length === 0) expect(data.subtasks).toBeUndefined();
    else expect(data.subtasks).toEqual(fact.subtasks);
  });

  it("has the modality, colour and flag counts of catalogue.md §1.1 plus the three new tasks", () => {
    // newest: nlp 15 / cv 19 / multimodal 9; we also keep text2text-generation (nlp)
    expect(countBy((d) => d.modality)).toEqual({
      nlp: 16,
      cv: 19,
      multimodal: 9,
      audio: 6,
      tabular: 4,
      rl: 2,
      other: 2,
    });
    expect(countBy((d) => d.color)).toEqual({ blue: 16, yellow: 13, red: 10, green: 8, indigo: 10, orange: 1 });
    expect(Object.values(PIPELINE_DATA).filter((d) => d.hideInModels).length).toBe(5);
    // 7 in 0.18, minus image-text-to-text, visual-document-retrieval and any-to-any, plus video-to-video
    expect(Object.values(PIPELINE_DATA).filter((d) => d.hideInDatasets).length).toBe(5);
    expect(Object.values(PIPELINE_DATA).filter((d) => d.subtasks).length).toBe(23);
  });

  it("flattens 74 subtask entries in order, keeping the duplicate closed-domain-qa", () => {
    expect(SUBTASK_TYPES).toEqual(EXPECTED.flatMap((fact) => fact.subtasks.map((subtask) => subtask.type)));
    expect(SUBTASK_TYPES.length).toBe(74);
    expect(new Set(SUBTASK_TYPES).size).toBe(73);
    expect(SUBTASK_TYPES.filter((t) => t === "closed-domain-qa").length).toBe(2);
    for (const data of Object.values(PIPELINE_DATA)) {
      for (const subtask of data.subtasks ?? []) expect(subtask.name.length).toBeGreaterThan(0);
    }
  });

  it("lists the modalities and their labels", () => {
    expect(MODALITIES).toEqual(FACTS.modalities);
    expect(MODALITY_LABELS).toEqual(FACTS.modalityLabels);
    expect(MODALITIES).toEqual(["multimodal", "nlp", "cv", "audio", "tabular", "rl", "other"]);
  });
});
