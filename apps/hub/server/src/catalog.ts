// What the server reads from @hubkit/tasks: the task pages (TASKS_DATA), the task types (PIPELINE_DATA) and the
// library catalogue (MODEL_LIBRARIES_UI_ELEMENTS). The package is read through a loose view so that the server
// still answers (from its own index) while a part of the catalogue is missing.
import * as tasks from "@hubkit/tasks";

const catalogue = tasks as unknown as Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `TASKS_DATA` without its undefined entries, or undefined when the package has no task pages. */
export function taskPages(): Record<string, Record<string, unknown>> | undefined {
  const data = catalogue.TASKS_DATA;
  if (!isRecord(data)) return undefined;
  const pages: Record<string, Record<string, unknown>> = {};
  for (const [id, page] of Object.entries(data)) if (isRecord(page)) pages[id] = page;
  return pages;
}

export interface PipelineInfo {
  id: string;
  name: string;
  modality?: string;
}

/** The task types in declaration order, or undefined when PIPELINE_DATA is missing. */
export function pipelines(): PipelineInfo[] | undefined {
  const data = catalogue.PIPELINE_DATA;
  if (!isRecord(data)) return undefined;
  return Object.entries(data).map(([id, value]) => ({
    id,
    name: isRecord(value) && typeof value.name === "string" ? value.name : id,
    ...(isRecord(value) && typeof value.modality === "string" ? { modality: value.modality } : {}),
  }));
}

export interface LibraryInfo {
  key: string;
  prettyLabel: string;
  repoName?: string;
  repoUrl?: string;
  docsUrl?: string;
  filter?: boolean;
  countDownloads?: string;
  hasSnippets: boolean;
}

/** The library catalogue in display order (functions dropped), or undefined when it is missing. */
export function libraries(): LibraryInfo[] | undefined {
  const data = catalogue.MODEL_LIBRARIES_UI_ELEMENTS;
  if (!isRecord(data)) return undefined;
  const list: LibraryInfo[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (!isRecord(value)) continue;
    const text = (name: string) => (typeof value[name] === "string" ? { [name]: value[name] as string } : {});
    list.push({
      key,
      prettyLabel: typeof value.prettyLabel === "string" ? value.prettyLabel : key,
      ...text("repoName"),
      ...text("repoUrl"),
      ...text("docsUrl"),
      ...text("countDownloads"),
      ...(typeof value.filter === "boolean" ? { filter: value.filter } : {}),
      hasSnippets: typeof value.snippets === "function",
    });
  }
  return list;
}
