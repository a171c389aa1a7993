// Safe readers for the parts of a model record that snippets use. Model records come from untrusted JSON, so a
// field typed `string` may hold anything at run time: these helpers return a value only when it has the right type.
import type { ModelData } from "../../model-data.js";

/** The value when it is a non-empty string, else undefined. */
export function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** Whether the model carries the tag (tags that are not strings are ignored). */
export function hasTag(model: ModelData, tag: string): boolean {
  return Array.isArray(model.tags) && model.tags.some((t) => t === tag);
}

/** The part of the id after the owner (`owner/name` → `name`), or the whole id when it has no owner. */
export function repoName(model: ModelData): string {
  const slash = model.id.indexOf("/");
  return slash === -1 ? model.id : model.id.slice(slash + 1);
}

/** The first widget example, when it is an object. */
export function firstWidget(model: ModelData): Record<string, unknown> | undefined {
  const first: unknown = Array.isArray(model.widgetData) ? model.widgetData[0] : undefined;
  return typeof first === "object" && first !== null ? (first as Record<string, unknown>) : undefined;
}

/** `cardData.base_model` as one string (a list is joined with ","), or undefined. */
export function baseModel(model: ModelData): string | undefined {
  const value: unknown = model.cardData?.base_model;
  if (Array.isArray(value)) {
    const names = value.filter((v): v is string => typeof v === "string" && v.length > 0);
    return names.length > 0 ? names.join(",") : undefined;
  }
  return stringOrUndefined(value);
}

/** The model's `pipeline_tag` when it is a string. */
export function pipelineTag(model: ModelData): string | undefined {
  return stringOrUndefined(model.pipeline_tag);
}
