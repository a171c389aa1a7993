// Adapter libraries: PEFT and Adapters (adapter-transformers), catalogue.md §6.2 and §13.
import type { ModelData } from "../../model-data.js";
import { pyStr } from "../../snippets/quote.js";
import { stringOrUndefined } from "./model-fields.js";

export const PEFT_INVALID_TASK = "Task type is invalid.";
export const PEFT_NO_BASE_MODEL = "Base model is not found.";
export const ADAPTERS_NO_BASE_MODEL = "# ⚠️ Base model not specified in config.json";

/** PEFT task type → suffix of the `AutoModelFor…` class that loads the base model. */
const PEFT_TASK_MODEL_CLASS: Readonly<Record<string, string>> = {
  CAUSAL_LM: "CausalLM",
  SEQ_2_SEQ_LM: "Seq2SeqLM",
  TOKEN_CLS: "TokenClassification",
  SEQ_CLS: "SequenceClassification",
};

export function peft(model: ModelData): string[] {
  const taskType = stringOrUndefined(model.config?.peft?.task_type);
  const modelClass =
    taskType !== undefined && Object.hasOwn(PEFT_TASK_MODEL_CLASS, taskType)
      ? PEFT_TASK_MODEL_CLASS[taskType]
      : undefined;
  if (modelClass === undefined) return [PEFT_INVALID_TASK];
  const base = stringOrUndefined(model.config?.peft?.base_model_name_or_path);
  if (base === undefined) return [PEFT_NO_BASE_MODEL];
  return [
    `from peft import PeftModel
from transformers import AutoModelFor${modelClass}

base_model = AutoModelFor${modelClass}.from_pretrained(${pyStr(base)})
model = PeftModel.from_pretrained(base_model, ${pyStr(model.id)})`,
  ];
}

export function adapters(model: ModelData): string[] {
  const base = stringOrUndefined(model.config?.adapter_transformers?.model_name);
  const load = (baseLiteral: string) => `from adapters import AutoAdapterModel

model = AutoAdapterModel.from_pretrained(${baseLiteral})
model.load_adapter(${pyStr(model.id)}, set_active=True)`;
  if (base === undefined) {
    return [
      `${ADAPTERS_NO_BASE_MODEL}\n# Replace <base_model_name> with the model this adapter was trained on.\n${load('"<base_model_name>"')}`,
    ];
  }
  return [load(pyStr(base))];
}
