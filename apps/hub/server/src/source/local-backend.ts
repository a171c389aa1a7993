// Answers from the local model index.

import { encodeCursor, parseModelQuery } from "../api/model-query.js";
import { taskPages } from "../catalog.js";
import type { ModelStore } from "../store/model-store.js";
import { type HubBackend, type ModelListPage, pickExpanded } from "./backend.js";

export class LocalBackend implements HubBackend {
  constructor(readonly store: ModelStore) {}

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

  /** The task pages of @hubkit/tasks: each page's `models[0]` is the task's default model. */
  async tasks(): Promise<Record<string, unknown>> {
    return taskPages();
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
