// 🤗 Transformers (Python) and Transformers.js (JavaScript) snippets (catalogue.md §6.2).
import { LIBRARY_TASK_MAPPING } from "../../library-to-tasks.js";
import type { ModelData } from "../../model-data.js";
import { jsSingleStr, pyIdentifier, pyStr } from "../../snippets/quote.js";
import { hasTag, pipelineTag } from "./model-fields.js";

export const TRANSFORMERS_UNKNOWN_MODEL = "# ⚠️ Type of model unknown";
export const TRANSFORMERS_JS_UNKNOWN_TAG = "// ⚠️ Unknown pipeline tag";

/** Whether the tokenizer config carries a chat template (a string or a non-empty list of named templates). */
function hasChatTemplate(model: ModelData): boolean {
  const template: unknown = model.config?.tokenizer_config?.chat_template;
  return (typeof template === "string" && template.length > 0) || (Array.isArray(template) && template.length > 0);
}

/** The processor variable name the snippet uses for a processor class. */
function processorVariable(processorClass: string): string {
  if (processorClass === "AutoTokenizer") return "tokenizer";
  if (processorClass === "AutoFeatureExtractor") return "extractor";
  return "processor";
}

const CHAT_MESSAGES = 'messages = [\n    {"role": "user", "content": "Who are you?"},\n]';

export function transformers(model: ModelData): string[] {
  const info = model.transformersInfo;
  if (info === undefined || info === null || typeof info !== "object") return [TRANSFORMERS_UNKNOWN_MODEL];

  const remote = hasTag(model, "custom_code") ? ", trust_remote_code=True" : "";
  const id = pyStr(model.id);
  const autoModel = pyIdentifier(info.auto_model, "AutoModel");
  const processorClass = info.processor === undefined ? undefined : pyIdentifier(info.processor, "AutoProcessor");
  const chat = hasTag(model, "conversational") && hasChatTemplate(model);

  const direct: string[] = ["# Load model directly"];
  if (processorClass !== undefined) {
    const variable = processorVariable(processorClass);
    direct.push(
      `from transformers import ${processorClass}, ${autoModel}`,
      "",
      `${variable} = ${processorClass}.from_pretrained(${id}${remote})`,
      `model = ${autoModel}.from_pretrained(${id}${remote})`,
    );
    if (chat && variable !== "extractor") {
      direct.push(
        "",
        CHAT_MESSAGES,
        `inputs = ${variable}.apply_chat_template(`,
        "    messages,",
        "    add_generation_prompt=True,",
        "    tokenize=True,",
        "    return_dict=True,",
        '    return_tensors="pt",',
        ").to(model.device)",
        "",
        "outputs = model.generate(**inputs, max_new_tokens=40)",
        `print(${variable}.decode(outputs[0][inputs["input_ids"].shape[-1]:]))`,
      );
    }
  } else {
    direct.push(`from transformers import ${autoModel}`, "", `model = ${autoModel}.from_pretrained(${id}${remote})`);
  }

  const tag = pipelineTag(model);
  const tasks: readonly string[] = LIBRARY_TASK_MAPPING.transformers ?? [];
  if (tag === undefined || !tasks.includes(tag)) return [direct.join("\n")];

  const pipe = [
    "# Use a pipeline as a high-level helper",
    "from transformers import pipeline",
    "",
    `pipe = pipeline(${pyStr(tag)}, model=${id}${remote})`,
  ];
  if (chat) pipe.push(CHAT_MESSAGES, "pipe(messages)");
  return [pipe.join("\n"), direct.join("\n")];
}

export function transformersJS(model: ModelData): string[] {
  const tag = pipelineTag(model);
  if (tag === undefined) return [TRANSFORMERS_JS_UNKNOWN_TAG];
  return [
    `// npm i @huggingface/transformers
import { pipeline } from '@huggingface/transformers';

// Allocate a pipeline
const pipe = await pipeline(${jsSingleStr(tag)}, ${jsSingleStr(model.id)});`,
  ];
}
