// The spec's catalogue-facts.json, read at test time from the shared folder beside the repository (CI clones the
// repo with ../shared next to it). Tests compare the code against these facts instead of against a copy of the
// code's own tables, so a wrong value in src cannot be "confirmed" by a test transcribed from it.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export interface PipelineFact {
  id: string;
  name: string;
  modality: string;
  color: string;
  subtasks: Array<{ type: string; name: string }>;
  hideInModels: boolean;
  hideInDatasets: boolean;
}

export interface LibraryFact {
  key: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl: string | null;
  filter: boolean | null;
  countDownloads: string | null;
  hasSnippets: boolean;
}

export interface LocalAppFact {
  key: string;
  prettyLabel: string;
  docsUrl: string;
  mainTask: string;
  macOSOnly: boolean;
  comingSoon: boolean;
  kind: "snippet" | "deeplink";
}

export interface DatasetLibraryFact {
  key: string;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
}

export interface CatalogueFacts {
  modalities: string[];
  modalityLabels: Record<string, string>;
  pipelines: PipelineFact[];
  libraries: LibraryFact[];
  libraryToTasks: Record<string, string[]>;
  taskToLibraries: Record<string, string[]>;
  localApps: LocalAppFact[];
  datasetLibraries: DatasetLibraryFact[];
  ggmlQuantizationType: Record<string, number>;
}

const FACTS_URL = new URL("../../../../../shared/spec/catalogue-facts.json", import.meta.url);

function loadFacts(): CatalogueFacts {
  const path = fileURLToPath(FACTS_URL);
  if (!existsSync(path)) {
    throw new Error(
      `catalogue facts not found at ${path}: the tests read the spec's catalogue-facts.json from the shared ` +
        "folder beside the repository (../shared/spec/); clone or copy it there",
    );
  }
  return JSON.parse(readFileSync(path, "utf8")) as CatalogueFacts;
}

export const FACTS: CatalogueFacts = loadFacts();
