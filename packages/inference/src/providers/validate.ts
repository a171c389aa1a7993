// Small shape predicates used by the output checks of inference.md §4.3.

export type Obj = Record<string, unknown>;

export const isObject = (value: unknown): value is Obj => typeof value === "object" && value !== null;
export const isString = (value: unknown): value is string => typeof value === "string";
export const isNumber = (value: unknown): value is number => typeof value === "number";

/** True when `value` is an array whose every element satisfies `check` (empty arrays pass). */
export function isArrayOf<T>(value: unknown, check: (item: unknown) => item is T): value is T[] {
  return Array.isArray(value) && value.every((item) => check(item));
}

/** Predicate: an object whose listed fields satisfy their checks. */
export function shape(fields: Record<string, (value: unknown) => boolean>): (value: unknown) => value is Obj {
  const entries = Object.entries(fields);
  return (value: unknown): value is Obj => isObject(value) && entries.every(([key, check]) => check(value[key]));
}

export const optional =
  (check: (value: unknown) => boolean) =>
  (value: unknown): boolean =>
    value === undefined || check(value);

export const isLabelScore = shape({ label: isString, score: isNumber });

/** OpenAI chat-completion output (§4.3): `usage: null` passes, a missing `usage` fails. */
export function isChatCompletionOutput(value: unknown): boolean {
  return (
    isObject(value) &&
    Array.isArray(value.choices) &&
    typeof value.created === "number" &&
    typeof value.id === "string" &&
    typeof value.model === "string" &&
    (value.system_fingerprint === undefined ||
      value.system_fingerprint === null ||
      typeof value.system_fingerprint === "string") &&
    typeof value.usage === "object"
  );
}
