// library_name, pipeline_tag, tags and transformersInfo inferred from a repository's card, config and files
// (hub-api.md §7.2). The hub's algorithm is unpublished: this follows its documented priority (card first, then a
// card tag naming a known library, then the files) and the shape of its recorded tags. The tables are data.
import { ALL_MODEL_LIBRARY_KEYS, PIPELINE_TYPES_SET } from "@hubkit/tasks";
import type { RepoType } from "../repos/repo-ref.js";
import { isObject, type JsonObject } from "./config.js";

const LIBRARIES: ReadonlySet<string> = new Set(ALL_MODEL_LIBRARY_KEYS);
const MAX_TAGS = 200;
const MAX_TAG_LENGTH = 200;

/** Weight formats present → tags (the hub tags bert-base-uncased `pytorch, tf, jax, rust, coreml, onnx, safetensors`). */
const FORMAT_TAGS: ReadonlyArray<{ test: (path: string) => boolean; tag: string }> = [
  { test: (path) => /(^|\/)pytorch_model[^/]*\.bin$/.test(path), tag: "pytorch" },
  { test: (path) => /(^|\/)tf_model[^/]*\.h5$/.test(path), tag: "tf" },
  { test: (path) => /(^|\/)flax_model[^/]*\.msgpack$/.test(path), tag: "jax" },
  { test: (path) => /(^|\/)rust_model\.ot$/.test(path), tag: "rust" },
  { test: (path) => /\.mlmodel$|\.mlpackage\//.test(path), tag: "coreml" },
  { test: (path) => /\.onnx$/.test(path), tag: "onnx" },
  { test: (path) => /\.safetensors$/.test(path), tag: "safetensors" },
  { test: (path) => /\.gguf$/.test(path), tag: "gguf" },
];

/** Files that name their library when the card is silent, checked in order. */
const LIBRARY_FILES: ReadonlyArray<{ test: (path: string) => boolean; library: string }> = [
  {
    test: (path) => path === "config_sentence_transformers.json" || path === "modules.json",
    library: "sentence-transformers",
  },
  { test: (path) => path === "adapter_config.json", library: "peft" },
  { test: (path) => path === "model_index.json", library: "diffusers" },
  { test: (path) => path.endsWith(".nemo"), library: "nemo" },
  { test: (path) => path.endsWith(".keras"), library: "keras" },
  { test: (path) => path === "sklearn_model.joblib" || path.endsWith(".skops"), library: "sklearn" },
];

/** Architecture suffix → Auto class and task (transformers' naming), checked in order: the first suffix that fits. */
const ARCHITECTURES: ReadonlyArray<{ suffix: string; auto: string; task: string }> = [
  { suffix: "ForConditionalGeneration", auto: "AutoModelForSeq2SeqLM", task: "text2text-generation" },
  { suffix: "ForSequenceClassification", auto: "AutoModelForSequenceClassification", task: "text-classification" },
  { suffix: "ForTokenClassification", auto: "AutoModelForTokenClassification", task: "token-classification" },
  { suffix: "ForQuestionAnswering", auto: "AutoModelForQuestionAnswering", task: "question-answering" },
  { suffix: "ForImageClassification", auto: "AutoModelForImageClassification", task: "image-classification" },
  { suffix: "ForObjectDetection", auto: "AutoModelForObjectDetection", task: "object-detection" },
  { suffix: "ForSpeechSeq2Seq", auto: "AutoModelForSpeechSeq2Seq", task: "automatic-speech-recognition" },
  { suffix: "ForCausalLM", auto: "AutoModelForCausalLM", task: "text-generation" },
  { suffix: "ForMaskedLM", auto: "AutoModelForMaskedLM", task: "fill-mask" },
  { suffix: "ForCTC", auto: "AutoModelForCTC", task: "automatic-speech-recognition" },
  // GPT-2 style heads (GPT2LMHeadModel, OpenAIGPTLMHeadModel): causal language models, as the hub tags them.
  { suffix: "LMHeadModel", auto: "AutoModelForCausalLM", task: "text-generation" },
  // A bare encoder (BertModel, RobertaModel): last, since every other suffix above that ends in "Model" wins first.
  { suffix: "Model", auto: "AutoModel", task: "feature-extraction" },
];
/** The task a library's models have when neither the card nor an architecture says (one task per library). */
const LIBRARY_TASKS: Readonly<Record<string, string>> = {
  "sentence-transformers": "sentence-similarity",
};
/** diffusers pipeline class (model_index.json `_class_name`) → task, by the class name's ending. */
const DIFFUSERS_TASKS: ReadonlyArray<{ suffix: string; task: string }> = [
  { suffix: "Img2ImgPipeline", task: "image-to-image" },
  { suffix: "InpaintPipeline", task: "image-to-image" },
  { suffix: "ImageToVideoPipeline", task: "image-to-video" },
  { suffix: "VideoPipeline", task: "text-to-video" },
  { suffix: "Pipeline", task: "text-to-image" },
];
/** peft adapter `task_type` → task. */
const PEFT_TASKS: Readonly<Record<string, string>> = {
  CAUSAL_LM: "text-generation",
  SEQ_2_SEQ_LM: "text2text-generation",
  SEQ_CLS: "text-classification",
  TOKEN_CLS: "token-classification",
  QUESTION_ANS: "question-answering",
  FEATURE_EXTRACTION: "feature-extraction",
};

/** Speech models whose architecture says ConditionalGeneration but whose task is recognition. */
const SPEECH_MODEL_TYPES: ReadonlySet<string> = new Set(["whisper", "speech_to_text", "seamless_m4t"]);

export interface InferredTags {
  tags: string[];
  library_name?: string;
  pipeline_tag?: string;
  transformersInfo?: { auto_model: string; pipeline_tag?: string; processor?: string };
}

function strings(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter((item): item is string => typeof item === "string" && item.trim() !== "")
    .map((item) => item.trim());
}

function cardLibrary(card: JsonObject | undefined): string | undefined {
  const declared = strings(card?.library_name)[0];
  if (declared !== undefined) return declared;
  return strings(card?.tags).find((tag) => LIBRARIES.has(tag));
}

function firstArchitecture(config: JsonObject | undefined): string | undefined {
  return strings(config?.architectures)[0];
}

function architectureFacts(config: JsonObject | undefined): { auto: string; task: string } | undefined {
  const architecture = firstArchitecture(config);
  if (architecture === undefined) return undefined;
  const entry = ARCHITECTURES.find(({ suffix }) => architecture.endsWith(suffix));
  if (entry === undefined) return undefined;
  const modelType = typeof config?.model_type === "string" ? config.model_type : "";
  if (entry.suffix === "ForConditionalGeneration" && SPEECH_MODEL_TYPES.has(modelType))
    return { auto: "AutoModelForSpeechSeq2Seq", task: "automatic-speech-recognition" };
  return { auto: entry.auto, task: entry.task };
}

function libraryFromFiles(paths: readonly string[], config: JsonObject | undefined): string | undefined {
  for (const { test, library } of LIBRARY_FILES) if (paths.some(test)) return library;
  if (config !== undefined && (firstArchitecture(config) !== undefined || typeof config.model_type === "string"))
    return "transformers";
  return undefined;
}

/** The task the files imply for `library` (transformers: the architecture; others: their config blocks). */
function taskFromFiles(
  library: string | undefined,
  config: JsonObject | undefined,
  facts: { task: string } | undefined,
): string | undefined {
  if (library === "transformers") return facts?.task;
  if (library === "diffusers") {
    const className = (config?.diffusers as JsonObject | undefined)?._class_name;
    if (typeof className === "string") return DIFFUSERS_TASKS.find(({ suffix }) => className.endsWith(suffix))?.task;
  }
  if (library === "peft") {
    const taskType = (config?.peft as JsonObject | undefined)?.task_type;
    if (typeof taskType === "string" && Object.hasOwn(PEFT_TASKS, taskType)) return PEFT_TASKS[taskType];
  }
  return library !== undefined && Object.hasOwn(LIBRARY_TASKS, library) ? LIBRARY_TASKS[library] : undefined;
}

function validPipeline(value: string | undefined): string | undefined {
  return value !== undefined && PIPELINE_TYPES_SET.has(value as never) ? value : undefined;
}

/** Tags of a model (library, formats, model type, task, card tags and languages, `dataset:`, `license:`, `base_model:`). */
function modelTags(
  card: JsonObject | undefined,
  config: JsonObject | undefined,
  paths: readonly string[],
): InferredTags {
  const library = cardLibrary(card) ?? libraryFromFiles(paths, config);
  const facts = architectureFacts(config);
  const pipeline =
    validPipeline(strings(card?.pipeline_tag)[0]) ?? validPipeline(taskFromFiles(library, config, facts));
  const tags: string[] = [];
  if (library !== undefined) tags.push(library);
  for (const { test, tag } of FORMAT_TAGS) if (paths.some(test)) tags.push(tag);
  if (typeof config?.model_type === "string") tags.push(config.model_type);
  if (pipeline !== undefined) tags.push(pipeline);
  tags.push(...strings(card?.tags), ...strings(card?.language));
  tags.push(...strings(card?.datasets).map((dataset) => `dataset:${dataset}`));
  tags.push(...strings(card?.license).map((license) => `license:${license}`));
  const relation = strings(card?.base_model_relation)[0];
  for (const base of strings(card?.base_model)) {
    tags.push(`base_model:${base}`);
    if (relation !== undefined) tags.push(`base_model:${relation}:${base}`);
  }
  let transformersInfo: InferredTags["transformersInfo"];
  if (library === "transformers" && facts !== undefined)
    transformersInfo = {
      auto_model: facts.auto,
      ...(pipeline !== undefined ? { pipeline_tag: pipeline } : {}),
      ...(paths.includes("tokenizer_config.json") || paths.includes("tokenizer.json")
        ? { processor: "AutoTokenizer" }
        : {}),
    };
  return {
    tags,
    ...(library !== undefined ? { library_name: library } : {}),
    ...(pipeline !== undefined ? { pipeline_tag: pipeline } : {}),
    ...(transformersInfo !== undefined ? { transformersInfo } : {}),
  };
}

const DATASET_FORMATS: ReadonlyArray<{ extension: RegExp; format: string }> = [
  { extension: /\.csv$/, format: "csv" },
  { extension: /\.jsonl?$/, format: "json" },
  { extension: /\.parquet$/, format: "parquet" },
  { extension: /\.txt$/, format: "text" },
  { extension: /\.arrow$/, format: "arrow" },
];

function datasetTags(card: JsonObject | undefined, paths: readonly string[]): InferredTags {
  const tags: string[] = [];
  tags.push(...strings(card?.task_categories).map((task) => `task_categories:${task}`));
  tags.push(...strings(card?.task_ids).map((task) => `task_ids:${task}`));
  tags.push(...strings(card?.language).map((language) => `language:${language}`));
  tags.push(...strings(card?.size_categories).map((size) => `size_categories:${size}`));
  for (const { extension, format } of DATASET_FORMATS)
    if (paths.some((path) => extension.test(path))) tags.push(`format:${format}`);
  tags.push(...strings(card?.tags));
  tags.push(...strings(card?.license).map((license) => `license:${license}`));
  return { tags };
}

function spaceTags(card: JsonObject | undefined): InferredTags {
  return { tags: [...strings(card?.sdk), ...strings(card?.tags)] };
}

/** Tags and inferred fields; tags are de-duplicated in order and bounded. */
export function inferTags(
  type: RepoType,
  card: JsonObject | undefined,
  config: JsonObject | undefined,
  paths: readonly string[],
): InferredTags {
  const cardObject = isObject(card) ? card : undefined;
  const inferred =
    type === "model"
      ? modelTags(cardObject, config, paths)
      : type === "dataset"
        ? datasetTags(cardObject, paths)
        : spaceTags(cardObject);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of inferred.tags) {
    if (tag.length > MAX_TAG_LENGTH || seen.has(tag)) continue;
    seen.add(tag);
    tags.push(tag);
    if (tags.length >= MAX_TAGS) break;
  }
  return { ...inferred, tags };
}
