// Example input of a model's task (catalogue.md §7): what inference snippets and widgets send by default.
import type { ChatCompletionInputMessage } from "../inference-types/chat-completion.js";
import type { ModelDataMinimal } from "../model-data.js";
import type { PipelineType } from "../pipelines.js";
import {
  CHAT_TASKS,
  DEFAULT_MASK_TOKEN,
  EXTRA_INPUT_EXAMPLES,
  FILL_MASK_SENTENCE,
  INPUT_EXAMPLES,
  NO_INPUT_EXAMPLE,
  TEXT_GENERATION_PROMPT,
  textChatExample,
  visionChatExample,
} from "./examples.js";

const hasOwn = (table: object, key: string): boolean => Object.hasOwn(table, key);

/**
 * The fill-mask sentence with the model's mask token, JSON-encoded as a whole. The token comes from the model's
 * repository: interpolating it raw into a quoted literal (as the established package did) let it close the string.
 */
function fillMaskExample(model: ModelDataMinimal): string {
  const token = typeof model.mask_token === "string" && model.mask_token !== "" ? model.mask_token : DEFAULT_MASK_TOKEN;
  return JSON.stringify(FILL_MASK_SENTENCE.replace("<mask>", () => token));
}

function chatOrPrompt(model: ModelDataMinimal, task: PipelineType): string | ChatCompletionInputMessage[] | undefined {
  if ((model.tags ?? []).includes("conversational")) {
    return task === "text-generation" ? textChatExample() : visionChatExample();
  }
  if (task === "text-generation" || task === "image-text-to-text") return TEXT_GENERATION_PROMPT;
  return undefined;
}

function exampleFor(model: ModelDataMinimal, task: string): string | ChatCompletionInputMessage[] | undefined {
  if (task === "fill-mask") return fillMaskExample(model);
  if (CHAT_TASKS.has(task as PipelineType)) {
    const chat = chatOrPrompt(model, task as PipelineType);
    if (chat !== undefined) return chat;
  }
  if (hasOwn(INPUT_EXAMPLES, task)) return INPUT_EXAMPLES[task as PipelineType];
  if (hasOwn(EXTRA_INPUT_EXAMPLES, task)) return EXTRA_INPUT_EXAMPLES[task as PipelineType];
  return undefined;
}

/**
 * The example input for `model.pipeline_tag`: a source literal (quotes included, or a multi-line JSON object), or
 * chat messages for conversational models. `noWrap` puts a multi-line literal on one line; `noQuotes` strips one
 * pair of surrounding double quotes. Without a tag or an example: exactly {@link NO_INPUT_EXAMPLE}.
 */
export function getModelInputSnippet(
  model: ModelDataMinimal,
  noWrap = false,
  noQuotes = false,
): string | ChatCompletionInputMessage[] {
  if (model === null || typeof model !== "object") {
    throw new TypeError("getModelInputSnippet: model must be an object");
  }
  if (model.tags !== undefined && !Array.isArray(model.tags)) {
    throw new TypeError("getModelInputSnippet: model.tags must be an array");
  }
  const task: string | undefined = model.pipeline_tag;
  if (typeof task !== "string" || task === "") return NO_INPUT_EXAMPLE;
  const example = exampleFor(model, task);
  if (example === undefined) return NO_INPUT_EXAMPLE;
  if (typeof example !== "string") return example;
  let result = example;
  if (noWrap) result = result.replace(/(?:(?:\r?\n|\r)\t*)|\t+/g, " ");
  if (noQuotes) {
    const quoted = /^"(.+)"$/s.exec(result);
    if (quoted) result = quoted[1];
  }
  return result;
}
