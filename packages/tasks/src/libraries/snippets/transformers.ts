// 🤗 Transformers (Python) and Transformers.js (JavaScript) snippets (catalogue.md §6.2).
import { LIBRARY_TASK_MAPPING } from "../../library-to-tasks.js";
import type { ModelData } from "../../model-data.js";
import { jsSingleStr, pyIdentifier, pyStr } from "../../snippets/quote.js";
import { hasTag, pipelineTag } from "./model-fields.js";

export const TRANSFORMERS_UNKNOWN_MODEL = "# ⚠️ Type of model unknown";
export const TRANSFORMERS_JS_UNKNOWN_TAG = "// ⚠️ Unknown pipeline tag";

/** Whether a chat template value is usable: a non-empty string or a non-empty list of named templates. */
function isChatTemplate(template: unknown): boolean {
  return (typeof template === "string" && template.length > 0) || (Array.isArray(template) && template.length > 0);
}

/** Whether the model carries a chat template: in its tokenizer config, its processor config or its own file. */
function hasChatTemplate(model: ModelData): boolean {
  const config = model.config;
  const processorConfig: unknown = config?.processor_config;
  const processorTemplate: unknown =
    typeof processorConfig === "object" && processorConfig !== null
      ? (processorConfig as Record<string, unknown>).chat_template
      : undefined;
  return [config?.tokenizer_config?.chat_template, processorTemplate, config?.chat_template_jinja].some(isChatTemplate);
}

/** The processor variable name the snippet uses for a processor class. */
function processorVariable(processorClass: string): string {
  if (processorClass === "AutoTokenizer") return "tokenizer";
  if (processorClass === "AutoFeatureExtractor") return "extractor";
  return "processor";
}

const CHAT_MESSAGES = 'messages = [\n    {"role": "user", "content": "Who are you?"},\n]';

/** An image and a question about it, for conversational vision-language models. */
const IMAGE_CHAT_MESSAGES = `messages = [
    {
        "role": "user",
        "content": [
            {"type": "image", "url": "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/p-blog/candy.JPG"},
            {"type": "text", "text": "What animal is on the candy?"},
        ],
    },
]`;

const PARROTS = "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/hub/parrots.png";

/** Example calls after the pipeline line, for tasks whose input is not obvious from the task name. */
const PIPELINE_EXAMPLES: Readonly<Record<string, string>> = {
  "image-classification": `pipe(${pyStr(PARROTS)})`,
  "zero-shot-image-classification": `pipe(\n    ${pyStr(PARROTS)},\n    candidate_labels=["animals", "humans", "landscape"],\n)`,
};

/** Pipelines that transformers v5 removed: the block still shows them, with a warning. */
const REMOVED_IN_V5 = new Set(["image-to-text", "summarization", "translation"]);
const REMOVED_IN_V5_WARNING = [
  "# ⚠️ The pipeline for this task is no longer supported in transformers v5.",
  "# Pin transformers<5 to use it, or load the model directly (below)",
  "# and call model.generate yourself.",
];

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
      `model = ${autoModel}.from_pretrained(${id}${remote}, device_map="auto")`,
    );
    if (chat && variable !== "extractor") {
      direct.push(
        "",
        pipelineTag(model) === "image-text-to-text" ? IMAGE_CHAT_MESSAGES : CHAT_MESSAGES,
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
    direct.push(
      `from transformers import ${autoModel}`,
      "",
      `model = ${autoModel}.from_pretrained(${id}${remote}, device_map="auto")`,
    );
  }

  const tag = pipelineTag(model);
  const tasks: readonly string[] = LIBRARY_TASK_MAPPING.transformers ?? [];
  if (tag === undefined || !tasks.includes(tag)) return [direct.join("\n")];

  const pipe = [
    "# Use a pipeline as a high-level helper",
    ...(REMOVED_IN_V5.has(tag) ? REMOVED_IN_V5_WARNING : []),
    "from transformers import pipeline",
    "",
    `pipe = pipeline(${pyStr(tag)}, model=${id}${remote})`,
  ];
  // Any conversational model gets example messages here: the pipeline applies the template it finds.
  if (hasTag(model, "conversational")) {
    if (tag === "image-text-to-text") pipe.push(IMAGE_CHAT_MESSAGES, "pipe(text=messages)");
    else pipe.push(CHAT_MESSAGES, "pipe(messages)");
  } else if (PIPELINE_EXAMPLES[tag] !== undefined) {
    pipe.push(PIPELINE_EXAMPLES[tag]);
  }
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
