// A column's type as the viewer names it and filters it, from its datasets `Features` entry (the service's
// `features[].type`): `{_type: "Value", dtype: "int64"}` → "int64" (a number), `{_type: "ClassLabel"}` → "class
// label", `{_type: "Image"}` → "image", a list or `{_type: "List"}` → "list", a plain object → "struct". Pure.
import type { FeatureType } from "./viewer-api";

/** How a column can be filtered: compared as a number, as text, as true/false, or only tested for null. */
export type ColumnKind = "number" | "string" | "bool" | "other";

const NUMBER_DTYPE = /^(?:u?int\d*|float\d*|double|decimal.*|halffloat)$/;
const STRING_DTYPE = /^(?:string|large_string|utf8)$/;
const TIME_DTYPE = /^(?:timestamp|date|time|duration)/;

function underscoreType(type: FeatureType): string | undefined {
  return Array.isArray(type) ? undefined : typeof type._type === "string" ? type._type : undefined;
}

/** The short type label shown under a column's name. */
export function typeLabel(type: FeatureType): string {
  if (Array.isArray(type)) return "list";
  const kind = underscoreType(type);
  if (kind === "Value") return typeof type.dtype === "string" ? type.dtype : "value";
  if (kind === "ClassLabel") return "class label";
  if (kind === "List" || kind === "Sequence" || kind === "LargeList") return "list";
  if (kind !== undefined) return kind.toLowerCase();
  return "struct";
}

export function columnKind(type: FeatureType): ColumnKind {
  if (Array.isArray(type)) return "other";
  const kind = underscoreType(type);
  // A class label is stored as its integer index.
  if (kind === "ClassLabel") return "number";
  if (kind !== "Value" || typeof type.dtype !== "string") return "other";
  if (NUMBER_DTYPE.test(type.dtype)) return "number";
  if (STRING_DTYPE.test(type.dtype) || TIME_DTYPE.test(type.dtype)) return "string";
  if (type.dtype === "bool") return "bool";
  return "other";
}

/** The media a column holds, when it is an Image or Audio feature. */
export function mediaKind(type: FeatureType): "image" | "audio" | undefined {
  const kind = underscoreType(type);
  return kind === "Image" ? "image" : kind === "Audio" ? "audio" : undefined;
}

/** The names of a ClassLabel's classes, if the column is one. */
export function classNames(type: FeatureType): string[] | undefined {
  if (Array.isArray(type) || underscoreType(type) !== "ClassLabel" || !Array.isArray(type.names)) return undefined;
  return type.names.filter((name): name is string => typeof name === "string");
}
