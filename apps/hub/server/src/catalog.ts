// What the server serves from @hubkit/tasks: the task pages (TASKS_DATA) and the library catalogue
// (MODEL_LIBRARIES_UI_ELEMENTS) without its snippet functions, which do not travel as JSON.
import { MODEL_LIBRARIES_UI_ELEMENTS, type ModelLibraryKey, TASKS_DATA, type TaskData } from "@hubkit/tasks";

/** Task id → task page, for the tasks that have one. */
export function taskPages(): Record<string, TaskData> {
  const pages: Record<string, TaskData> = {};
  for (const [id, page] of Object.entries(TASKS_DATA)) if (page !== undefined) pages[id] = page;
  return pages;
}

export interface LibraryInfo {
  key: ModelLibraryKey;
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl?: string;
  filter?: boolean;
  countDownloads?: string;
  hasSnippets: boolean;
}

/** The library catalogue in display order. */
export function libraries(): LibraryInfo[] {
  return Object.entries(MODEL_LIBRARIES_UI_ELEMENTS).map(([key, { snippets, ...entry }]) => ({
    key: key as ModelLibraryKey,
    ...entry,
    hasSnippets: snippets !== undefined,
  }));
}
