// Where the API's answers come from: the local model index (PGlite or PostgreSQL), or a real hub that the
// server proxies reads to (HUBKIT_UPSTREAM_HUB). The routes only know this interface.

export interface ModelListPage {
  models: unknown[];
  /** Opaque cursor of the next page, when there is one. */
  nextCursor?: string;
}

export interface HubBackend {
  describe(): Record<string, unknown>;
  /** `params` has already been validated by parseModelQuery. */
  searchModels(params: URLSearchParams): Promise<ModelListPage>;
  /** The model record, restricted to `expand` fields when any are asked for; undefined if unknown. */
  getModel(id: string, expand: readonly string[]): Promise<Record<string, unknown> | undefined>;
  tasks(): Promise<Record<string, unknown>>;
  /** Model counts per library in this index (empty when unknown, e.g. upstream). */
  libraryCounts(): Promise<Map<string, number>>;
  health(): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Fields that `expand[]` may ask for (the hub's names). */
export const EXPANDABLE_FIELDS = new Set([
  "author",
  "cardData",
  "config",
  "createdAt",
  "downloads",
  "gguf",
  "inference",
  "inferenceProviderMapping",
  "lastModified",
  "library_name",
  "likes",
  "mask_token",
  "pipeline_tag",
  "private",
  "safetensors",
  "siblings",
  "tags",
  "transformersInfo",
  "widgetData",
]);

/** Keeps `id` plus the asked-for fields, as the hub does when `expand[]` is given. */
export function pickExpanded(record: Record<string, unknown>, expand: readonly string[]): Record<string, unknown> {
  if (expand.length === 0) return record;
  const picked: Record<string, unknown> = { id: record.id };
  for (const field of expand) {
    if (field === "inferenceProviderMapping") picked[field] = record[field] ?? {};
    else if (record[field] !== undefined) picked[field] = record[field];
  }
  return picked;
}
