import type { ModelLibraryKey } from "../libraries/catalogue.js";
import type { PipelineType } from "../pipelines.js";

/** A Hub repository (model, dataset or Space) or a metric shown on a task page. */
export interface ExampleRepo {
  description: string;
  id: string;
}

/**
 * One block of a task page's demo. Media entries (`audio`, `img`) name a file under
 * `assets/tasks/<task-id>/`, so the site can show the demo without the network.
 */
export type TaskDemoEntry =
  | { type: "audio"; filename: string }
  | { type: "chart"; data: Array<{ label: string; score: number }> }
  | { type: "img"; filename: string }
  | { type: "tabular"; table: string[][] }
  | { type: "text"; label: string; content: string }
  | { type: "text-with-tokens"; text: string; tokens: Array<{ start: number; end: number; type: string }> };

export interface TaskDemo {
  inputs: TaskDemoEntry[];
  outputs: TaskDemoEntry[];
}

export interface TaskData {
  datasets: ExampleRepo[];
  demo: TaskDemo;
  id: PipelineType;
  /** Set when this task is an alias of a more general one (e.g. translation → text2text-generation). */
  canonicalId?: PipelineType;
  isPlaceholder?: boolean;
  label: string;
  libraries: ModelLibraryKey[];
  metrics: ExampleRepo[];
  models: ExampleRepo[];
  spaces: ExampleRepo[];
  summary: string;
  widgetModels: string[];
  youtubeId?: string;
}

/** What each task's data module provides; id, label and libraries are filled in from the catalogue tables. */
export type TaskDataCustom = Omit<TaskData, "id" | "label" | "libraries">;
