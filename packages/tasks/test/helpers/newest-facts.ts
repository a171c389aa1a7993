// The spec's catalogue-newest.json (what the newest established catalogue added or changed since 0.18), read at
// test time from the shared folder beside the repository, like catalogue-facts.json. Only the keys the non-library
// parts of the package are checked against are typed here.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface NewTaskFact {
  id: string;
  name: string;
  modality: string;
  subtasks: Array<{ type: string; name: string }>;
  hideInModels: boolean;
  hideInDatasets: boolean;
  after: string;
  libraries: string[];
}

export interface TaskChangeFact {
  id: string;
  field: string;
  old: unknown;
  new: unknown;
}

export interface MapChangeFact {
  key: string;
  old: string[] | null;
  new: string[] | null;
}

export interface NewLocalAppFact {
  key: string;
  prettyLabel: string;
  docsUrl: string;
  mainTask: string;
  macOSOnly: boolean;
  comingSoon: boolean;
  kind: "snippet" | "deeplink";
  after: string;
}

export interface SkuFact {
  category: string;
  vendor: string;
  name: string;
  tflops: number;
  memory?: number[];
  computeCapability?: number;
  gfxVersion?: string;
  msrp?: number;
  power?: number;
  releaseYear?: number;
  aliases?: string[];
}

export interface NewestFacts {
  tasks_added: NewTaskFact[];
  tasks_changed: TaskChangeFact[];
  task_order_newest: string[];
  task_library_maps_changed: {
    TASKS_MODEL_LIBRARIES: MapChangeFact[];
    LIBRARY_TASK_MAPPING: Array<{ key: string; removed: string[]; added: string[] }>;
  };
  gguf_types_added: {
    GGMLQuantizationType_added: Array<{ name: string; value: number }>;
    GGMLFileQuantizationType: { values: Array<{ name: string; value: number }>; count: number };
    GGUF_QUANT_ORDER: { order: string[] };
    GGUF_QUANT_RE: { newest: string; examples: Array<{ file: string; newest: string | null }> };
  };
  local_apps_added: NewLocalAppFact[];
  local_apps_removed: Array<{ key: string }>;
  local_app_order_newest: string[];
  dataset_libraries_added: Array<{
    key: string;
    prettyLabel: string;
    repoName: string;
    repoUrl: string;
    docsUrl?: string;
    after: string;
  }>;
  hardware_added: SkuFact[];
  hardware_removed: Array<SkuFact & { probable_new_name: string }>;
  other_exports_added: {
    list: string[];
    KERNEL_LIBRARIES_UI_ELEMENTS: {
      entries: Array<{ key: string; prettyLabel: string; repoName: string; repoUrl: string; docsUrl: string }>;
    };
    EVALUATION_FRAMEWORKS: { count: number; entries: Array<{ name: string; description: string; url: string }> };
    AGENT_HARNESSES: {
      count: number;
      entries: Array<{
        key: string;
        prettyLabel: string;
        repoUrl: string | null;
        docsUrl: string | null;
        description: string;
        envVars: Record<string, string> | null;
      }>;
    };
    STANDARD_AGENT_ENV_VARS: string[];
  };
  hardware_fields: { new_field_values_on_existing_skus: Array<Omit<SkuFact, "tflops">> };
  hardware_changed: Array<{
    category: string;
    vendor: string;
    name: string;
    field: string;
    old: unknown;
    new: unknown;
  }>;
}

const FACTS_URL = new URL("../../../../../shared/spec/catalogue-newest.json", import.meta.url);

function loadFacts(): NewestFacts {
  const path = fileURLToPath(FACTS_URL);
  if (!existsSync(path)) {
    throw new Error(
      `newest catalogue facts not found at ${path}: the tests read the spec's catalogue-newest.json from the ` +
        "shared folder beside the repository (../shared/spec/); clone or copy it there",
    );
  }
  return JSON.parse(readFileSync(path, "utf8")) as NewestFacts;
}

export const NEWEST: NewestFacts = loadFacts();
