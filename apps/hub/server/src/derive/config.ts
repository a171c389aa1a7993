// config.json and friends → the `config` object of a model (hub-api.md §7.3): only the keys consumers read (the
// snippet generators' ModelData), not the whole file, so a 5 MB config cannot bloat every model response.

export type JsonObject = Record<string, unknown>;

/** The config files read, each at most this large (bigger ones are ignored, as unreadable). */
export const CONFIG_FILES = [
  "config.json",
  "tokenizer_config.json",
  "processor_config.json",
  "chat_template.jinja",
  "model_index.json",
  "adapter_config.json",
] as const;
export type ConfigFile = (typeof CONFIG_FILES)[number];
export const MAX_CONFIG_BYTES = 2 * 1024 * 1024;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A JSON object from a file's text, or undefined when it is not valid JSON or not an object. */
export function parseJsonObject(text: string | undefined): JsonObject | undefined {
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text.startsWith("\ufeff") ? text.slice(1) : text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function pick(source: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) if (Object.hasOwn(source, key) && source[key] !== undefined) out[key] = source[key];
  return out;
}

const CONFIG_KEYS = ["architectures", "model_type", "auto_map", "quantization_config", "task_specific_params"];
// The tokenizer keys snippets and the chat-template page read: the template and the special tokens.
const TOKENIZER_KEYS = [
  "chat_template",
  "bos_token",
  "eos_token",
  "unk_token",
  "sep_token",
  "pad_token",
  "cls_token",
  "mask_token",
  "use_default_system_prompt",
];

/**
 * The `config` object from the files present (text by file name; absent files are absent). Undefined when
 * nothing was found, so responses can omit the field.
 */
export function deriveConfig(files: Partial<Record<ConfigFile, string>>): JsonObject | undefined {
  const config: JsonObject = {};
  const main = parseJsonObject(files["config.json"]);
  if (main !== undefined) {
    Object.assign(config, pick(main, CONFIG_KEYS));
    // Some libraries put their own block in config.json (the catalogue's snippets read these).
    for (const key of ["adapter_transformers", "sklearn", "speechbrain", "diffusers"])
      if (isObject(main[key])) config[key] = main[key];
  }
  const tokenizer = parseJsonObject(files["tokenizer_config.json"]);
  if (tokenizer !== undefined) config.tokenizer_config = pick(tokenizer, TOKENIZER_KEYS);
  else if (main !== undefined) config.tokenizer_config = {};
  const processor = parseJsonObject(files["processor_config.json"]);
  if (processor !== undefined && typeof processor.chat_template === "string")
    config.processor_config = { chat_template: processor.chat_template };
  const jinja = files["chat_template.jinja"];
  if (jinja !== undefined && jinja.trim() !== "") config.chat_template_jinja = jinja;
  const modelIndex = parseJsonObject(files["model_index.json"]);
  if (modelIndex !== undefined && typeof modelIndex._class_name === "string")
    config.diffusers = { _class_name: modelIndex._class_name };
  const adapter = parseJsonObject(files["adapter_config.json"]);
  if (adapter !== undefined) config.peft = pick(adapter, ["base_model_name_or_path", "task_type"]);
  return Object.keys(config).length > 0 ? config : undefined;
}
