// Public entry point of @hubkit/tasks (catalogue.md §0). Every module is side-effect free, so a bundler keeps only
// what a consumer imports (e.g. `PIPELINE_DATA` alone does not pull task pages or snippet generators).

export type { AgentHarness, AgentHarnessKey } from "./agent-harnesses.js";
export { AGENT_HARNESSES, STANDARD_AGENT_ENV_VARS } from "./agent-harnesses.js";
export type { DatasetLibraryKey, DatasetLibraryUiElement } from "./dataset-libraries.js";
export { DATASET_LIBRARIES_UI_ELEMENTS } from "./dataset-libraries.js";
export type { LanguageCode, PerLanguageMapping } from "./default-widget-inputs.js";
export { MAPPING_DEFAULT_WIDGET } from "./default-widget-inputs.js";
export type { EvaluationFramework, EvaluationFrameworkKey } from "./evaluation-frameworks.js";
export { EVALUATION_FRAMEWORKS } from "./evaluation-frameworks.js";
export {
  findNearestQuantType,
  GGMLFileQuantizationType,
  GGMLQuantizationType,
  GGUF_QUANT_ORDER,
  GGUF_QUANT_RE,
  GGUF_QUANT_RE_GLOBAL,
  parseGGUFQuantLabel,
} from "./gguf.js";
export type { GGUFQuantDescription } from "./gguf-descriptions.js";
export { describeGGUFQuantLabel, GGUF_QUANT_DESCRIPTIONS } from "./gguf-descriptions.js";
export type { AmdGpuHardwareSpec, HardwareSpec, NvidiaHardwareSpec, SkuType } from "./hardware.js";
export { DEFAULT_MEMORY_OPTIONS, SKUS } from "./hardware.js";
export type * from "./inference-types/index.js";
export type { KernelLibraryKey, KernelLibraryUiElement } from "./kernel-libraries.js";
export { KERNEL_LIBRARIES_UI_ELEMENTS } from "./kernel-libraries.js";
export type { LibraryUiElement, ModelLibraryKey } from "./libraries/index.js";
export {
  ALL_DISPLAY_MODEL_LIBRARY_KEYS,
  ALL_MODEL_LIBRARY_KEYS,
  MODEL_LIBRARIES_UI_ELEMENTS,
} from "./libraries/index.js";
export { LIBRARY_TASK_MAPPING } from "./library-to-tasks.js";
export type {
  DeeplinkLocalApp,
  LocalApp,
  LocalAppKey,
  LocalAppLink,
  LocalAppSnippet,
  LocalAppSnippetOutput,
  SnippetLocalApp,
} from "./local-apps/index.js";
export { LOCAL_APPS } from "./local-apps/index.js";
export type {
  AddedToken,
  ModelConfig,
  ModelData,
  ModelDataMinimal,
  SpecialTokensMap,
  TokenizerConfig,
  TransformersInfo,
} from "./model-data.js";
export { SPECIAL_TOKENS_ATTRIBUTES } from "./model-data.js";
export type { Modality, PipelineData, PipelineType, SubTask, WidgetType } from "./pipelines.js";
export {
  MODALITIES,
  MODALITY_LABELS,
  PIPELINE_DATA,
  PIPELINE_TYPES,
  PIPELINE_TYPES_SET,
  SUBTASK_TYPES,
} from "./pipelines.js";
export type { StringifyGenerationConfigOptions, StringifyMessagesOptions } from "./snippets/common.js";
export { stringifyGenerationConfig, stringifyMessages } from "./snippets/common.js";
export { getModelInputSnippet } from "./snippets/inputs.js";
export type { InferenceSnippet, InferenceSnippetLanguage, SnippetInferenceProvider } from "./snippets/types.js";
export { HF_HUB_INFERENCE_PROXY_TEMPLATE, inferenceSnippetLanguages, openAIbaseUrl } from "./snippets/types.js";
export { TASKS_MODEL_LIBRARIES } from "./task-libraries.js";
export type { ExampleRepo, TaskData, TaskDataCustom, TaskDemo, TaskDemoEntry } from "./tasks/index.js";
export { TASKS_DATA } from "./tasks/index.js";
export type * from "./widget-example.js";
