// `{data: [{b64_json}]}` — the OpenAI-style image answer of nebius, together and hf-inference.
import { isObject, isString } from "./validate.js";

/** `data[0].b64_json` when `data` is a non-empty array and it is a string; else undefined. */
export function firstB64Json(response: unknown): string | undefined {
  if (!isObject(response) || !Array.isArray(response.data) || response.data.length === 0) return undefined;
  const first = response.data[0];
  return isObject(first) && isString(first.b64_json) ? first.b64_json : undefined;
}
