// Answers from the local model index.

import { encodeCursor, parseModelQuery } from "../api/model-query.js";
import { pipelines, taskPages } from "../catalog.js";
import type { ModelStore } from "../store/model-store.js";
import { type HubBackend, type ModelListPage, pickExpanded } from "./backend.js";

const TASKS_CACHE_MS = 60_000;
const MODELS_PER_TASK = 5;

export class LocalBackend implements HubBackend {
  private tasksCache: { at: number; value: Record<string, unknown> } | undefined;

  /** `pages` supplies the task pages (TASKS_DATA); tests pass `() => undefined` to exercise the fallback. */
  constructor(
    readonly store: ModelStore,
    private readonly pages: () => Record<string, Record<string, unknown>> | undefined = taskPages,
  ) {}

  describe(): Record<string, unknown> {
    return { mode: "local", database: this.store.db.kind };
  }

  async searchModels(params: URLSearchParams): Promise<ModelListPage> {
    const page = await this.store.search(parseModelQuery(params));
    return { models: page.models, ...(page.next ? { nextCursor: encodeCursor(page.next) } : {}) };
  }

  async getModel(id: string, expand: readonly string[]): Promise<Record<string, unknown> | undefined> {
    const record = await this.store.get(id);
    return record === undefined ? undefined : pickExpanded(record, expand);
  }

  /**
   * TASKS_DATA from @hubkit/tasks when it is there (its `models` list gives each task's default model). Without
   * it, a page per task type found in the index, listing that task's first models in the default order.
   */
  async tasks(): Promise<Record<string, unknown>> {
    const pages = this.pages();
    if (pages !== undefined) return pages;
    if (this.tasksCache !== undefined && Date.now() - this.tasksCache.at < TASKS_CACHE_MS) return this.tasksCache.value;
    const names = new Map((pipelines() ?? []).map((pipeline) => [pipeline.id, pipeline.name]));
    const counts = await this.store.countByPipeline();
    const value: Record<string, unknown> = {};
    for (const task of [...counts.keys()].sort()) {
      const page = await this.store.search({
        pipelineTag: task,
        sort: "downloads",
        direction: -1,
        limit: MODELS_PER_TASK,
      });
      value[task] = {
        id: task,
        label: names.get(task) ?? task,
        models: page.models.map((model) => ({ id: model.id, description: "" })),
      };
    }
    this.tasksCache = { at: Date.now(), value };
    return value;
  }

  libraryCounts(): Promise<Map<string, number>> {
    return this.store.countByLibrary();
  }

  async health(): Promise<Record<string, unknown>> {
    return { ...this.describe(), models: await this.store.count() };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
