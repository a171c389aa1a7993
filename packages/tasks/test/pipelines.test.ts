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

// catalogue-facts.json lists the 55 pipelines in declaration order (catalogue.md §1.2).
const EXPECTED = FACTS.pipelines;

function countBy(key: (data: PipelineData) => string | undefined): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const data of Object.values(PIPELINE_DATA)) {
    const k = key(data);
    if (k !== undefined) counts[k] = (counts[k] ?? 0) + 1;
  }
  return counts;
}

describe("PIPELINE_DATA", () => {
  it("has the 55 ids in declaration order", () => {
    expect(EXPECTED.length).toBe(55);
    expect(PIPELINE_TYPES).toEqual(EXPECTED.map((fact) => fact.id));
    expect(Object.keys(PIPELINE_DATA)).toEqual(PIPELINE_TYPES);
    expect(PIPELINE_TYPES_SET.size).toBe(55);
    for (const id of PIPELINE_TYPES) expect(PIPELINE_TYPES_SET.has(id)).toBe(true);
  });

  it.each(EXPECTED)("$id: name, modality, colour, flags, subtasks", (fact: PipelineFact) => {
    const data = (PIPELINE_DATA as Record<string, PipelineData>)[fact.id];
    expect(data.name).toBe(fact.name);
    expect(data.modality).toBe(fact.modality);
    expect(data.color).toBe(fact.color);
    expect(data.hideInModels === true).toBe(fact.hideInModels);
    expect(data.hideInDatasets === true).toBe(fact.hideInDatasets);
    // A pipeline without subtasks has no `subtasks` key at all (the facts write an empty list).
    if (fact.subtasks.length === 0) expect(data.subtasks).toBeUndefined();
    else expect(data.subtasks).toEqual(fact.subtasks);
  });

  it("has the modality, colour and flag counts of catalogue.md §1.1", () => {
    expect(countBy((d) => d.modality)).toEqual({
      nlp: 16,
      cv: 18,
      multimodal: 7,
      audio: 6,
      tabular: 4,
      rl: 2,
      other: 2,
    });
    expect(countBy((d) => d.color)).toEqual({ blue: 15, yellow: 13, red: 10, green: 8, indigo: 8, orange: 1 });
    expect(Object.values(PIPELINE_DATA).filter((d) => d.hideInModels).length).toBe(5);
    expect(Object.values(PIPELINE_DATA).filter((d) => d.hideInDatasets).length).toBe(7);
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
