// Text-generation output checks shared by several providers (§4.3).
import { InferenceOutputError } from "../lib/errors.js";
import { isObject, isString } from "./validate.js";

export interface TextGenerationOutput {
  generated_text: string;
  [key: string]: unknown;
}

const GENERATED_TEXT_MESSAGE = "Expected Array<{generated_text: string}>";

/** Object or array (an object is wrapped); every element needs a string `generated_text`; returns element 0. */
export function firstGeneratedText(response: unknown, requireNonEmpty: boolean): TextGenerationOutput {
  const list = Array.isArray(response) ? response : isObject(response) ? [response] : undefined;
  if (
    !list ||
    (requireNonEmpty && list.length === 0) ||
    !list.every((item) => isObject(item) && isString(item.generated_text))
  ) {
    throw new InferenceOutputError(GENERATED_TEXT_MESSAGE);
  }
  return list[0] as TextGenerationOutput;
}

/** OpenAI-style completion: object with a `choices` array and a string `model`. */
export function isChoicesResponse(response: unknown): response is { choices: unknown[]; model: string } {
  return isObject(response) && Array.isArray(response.choices) && isString(response.model);
}
