// Answers from the local model index.

import { encodeCursor, parseModelQuery } from "../api/model-query.js";
import { taskPages } from "../catalog.js";
import type { ModelStore } from "../store/model-store.js";
import { type HubBackend, type ModelListPage, pickExpanded } from "./backend.js";

// Public models only, and nothing that moves when a private model is created: the planner's row estimate times
// the share of public rows in the planner's statistics (both change only when ANALYZE runs); a table without an
// estimate yet is counted, public rows only, up to a bound.
const HEALTH_COUNT = `SELECT CASE WHEN c.reltuples > 0 THEN c.reltuples::float8 * coalesce((
      SELECT (s.most_common_freqs)[array_position(s.most_common_vals::text::boolean[], false)]
      FROM pg_stats AS s WHERE s.schemaname = current_schema() AND s.tablename = 'hub_models' AND s.attname = 'private'
    ), CASE WHEN EXISTS (SELECT 1 FROM pg_stats AS s WHERE s.schemaname = current_schema()
      AND s.tablename = 'hub_models' AND s.attname = 'private') THEN 0 ELSE 1 END)
  ELSE (SELECT count(*) FROM (SELECT 1 FROM hub_models WHERE NOT private LIMIT 100000) AS capped)::float8 END AS n
  FROM pg_class AS c WHERE c.oid = 'hub_models'::regclass`;

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

  /**
   * Cheap: the public model count comes from the planner's estimate (exact after the ANALYZE that every import ends
   * with), not a count(*) over the whole table; only a table with no estimate yet (never analysed, or analysed empty)
   * is counted, up to a bound.
   */
  async health(): Promise<Record<string, unknown>> {
    const rows = await this.store.db.query<{ n: number }>(HEALTH_COUNT);
    return { ...this.describe(), models: Math.round(Number(rows[0]?.n ?? 0)) };
  }

  close(): Promise<void> {
    return this.store.close();
  }
}
