// The JSON shapes of repositories in `GET /api/{type}s` and `GET /api/{type}s/{id}` (hub-api.md §2.1, §2.2):
// the full object built from the index row, the listing's default subset per type, and `expand[]` picking.
import type { Sibling } from "../derive/metadata.js";
import type { RepoType } from "../repos/repo-ref.js";
import { repoObjectId } from "../store/db-repo-index.js";
import type { IndexedRow } from "../store/model-store.js";
import { ApiError } from "./api-error.js";

/** The keys `expand[]` accepts per type (Python 2.0.0's lists, plus `inferenceProviderMapping` etc. it names). */
export const EXPANDABLE: Record<RepoType, readonly string[]> = {
  model: [
    "author",
    "baseModels",
    "cardData",
    "childrenModelCount",
    "config",
    "createdAt",
    "disabled",
    "downloads",
    "downloadsAllTime",
    "evalResults",
    "gated",
    "gguf",
    "inference",
    "inferenceProviderMapping",
    "lastModified",
    "library_name",
    "likes",
    "mask_token",
    "model-index",
    "pipeline_tag",
    "private",
    "resourceGroup",
    "safetensors",
    "sha",
    "siblings",
    "spaces",
    "tags",
    "transformersInfo",
    "trendingScore",
    "usedStorage",
    "widgetData",
  ],
  dataset: [
    "author",
    "cardData",
    "citation",
    "createdAt",
    "description",
    "disabled",
    "downloads",
    "downloadsAllTime",
    "gated",
    "lastModified",
    "likes",
    "mainSize",
    "paperswithcode_id",
    "private",
    "resourceGroup",
    "sha",
    "siblings",
    "tags",
    "trendingScore",
    "usedStorage",
  ],
  space: [
    "author",
    "cardData",
    "createdAt",
    "datasets",
    "disabled",
    "lastModified",
    "likes",
    "models",
    "private",
    "region",
    "resourceGroup",
    "runtime",
    "sdk",
    "sha",
    "siblings",
    "subdomain",
    "tags",
    "trendingScore",
    "usedStorage",
    "xetEnabled",
  ],
};

const EXPANDABLE_SETS: Record<RepoType, ReadonlySet<string>> = {
  model: new Set(EXPANDABLE.model),
  dataset: new Set(EXPANDABLE.dataset),
  space: new Set(EXPANDABLE.space),
};

/** `expand` / `expand[]` values (both spellings, repeated); 400 in the hub's words for an unknown key. */
export function parseExpand(type: RepoType, params: URLSearchParams): string[] {
  const fields = [...params.getAll("expand[]"), ...params.getAll("expand")];
  if (fields.length > 100) throw new ApiError(400, `Too many "expand" values`);
  for (const field of fields)
    if (!EXPANDABLE_SETS[type].has(field))
      throw new ApiError(400, `"expand" must be one of [${EXPANDABLE[type].join(", ")}]`);
  return [...new Set(fields)];
}

/** Python builds a dataclass from `transformersInfo`: `auto_model` is required and no other key may appear. */
function transformersInfo(value: unknown): Record<string, string> | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const source = value as Record<string, unknown>;
  if (typeof source.auto_model !== "string") return undefined;
  const info: Record<string, string> = { auto_model: source.auto_model };
  for (const key of ["custom_class", "pipeline_tag", "processor"] as const)
    if (typeof source[key] === "string") info[key] = source[key];
  return info;
}

function siblingsOf(record: Record<string, unknown>, blobs: boolean): unknown[] {
  const siblings = Array.isArray(record.siblings) ? (record.siblings as Partial<Sibling>[]) : [];
  return siblings
    .filter((sibling) => typeof sibling.rfilename === "string")
    .map((sibling) =>
      blobs
        ? {
            rfilename: sibling.rfilename,
            ...(typeof sibling.size === "number" ? { size: sibling.size } : {}),
            ...(typeof sibling.blobId === "string" ? { blobId: sibling.blobId } : {}),
            ...(sibling.lfs !== undefined ? { lfs: sibling.lfs } : {}),
          }
        : { rfilename: sibling.rfilename },
    );
}

/** Keys of the record that are never sent as they are (internal, or rebuilt above). */
const INTERNAL = new Set([
  "siblings",
  "transformersInfo",
  "problems",
  "_id",
  "modelId",
  "inferenceProviderMappingSnapshot",
]);

/**
 * The full object of `GET /api/{type}s/{id}` from the index row (record plus columns). `blobs` adds sizes, blob
 * ids and LFS facts to the siblings.
 */
export function fullInfo(type: RepoType, row: IndexedRow, blobs: boolean): Record<string, unknown> {
  const record = row.record ?? {};
  const info: Record<string, unknown> = {
    _id: repoObjectId(type, row.id),
    id: row.id,
    ...(type === "model" ? { modelId: row.id } : {}),
    author: row.author,
    ...(row.sha !== null ? { sha: row.sha } : {}),
    lastModified: row.lastModified,
    createdAt: row.createdAt,
    private: row.private,
    gated: false,
    disabled: false,
    downloads: row.downloads,
    likes: row.likes,
    trendingScore: row.trendingScore,
    tags: row.tags,
  };
  for (const [key, value] of Object.entries(record))
    if (!INTERNAL.has(key) && !(key in info) && value !== undefined && value !== null) info[key] = value;
  if (type === "model") {
    if (row.pipeline_tag !== null) info.pipeline_tag = row.pipeline_tag;
    if (row.library_name !== null) info.library_name = row.library_name;
    const transformers = transformersInfo(record.transformersInfo);
    if (transformers !== undefined) info.transformersInfo = transformers;
    if (!Array.isArray(info.spaces)) info.spaces = [];
  } else {
    delete info.pipeline_tag;
    delete info.library_name;
  }
  if (type === "space") {
    const cardData = record.cardData as Record<string, unknown> | undefined;
    if (info.sdk === undefined && typeof cardData?.sdk === "string") info.sdk = cardData.sdk;
    info.subdomain = row.id.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    if (info.runtime === undefined)
      info.runtime = { stage: "RUNNING", hardware: { current: "cpu-basic", requested: "cpu-basic" } };
  }
  info.siblings = siblingsOf(record, blobs);
  return info;
}

/** Keeps `_id`, `id` and the asked-for keys. */
export function pickExpand(info: Record<string, unknown>, expand: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = { _id: info._id, id: info.id };
  for (const key of expand) {
    if (key === "inferenceProviderMapping") picked[key] = info[key] ?? {};
    else if (info[key] !== undefined) picked[key] = info[key];
  }
  return picked;
}

const DEFAULT_LIST_KEYS: Record<RepoType, readonly string[]> = {
  model: [
    "_id",
    "id",
    "author",
    "likes",
    "trendingScore",
    "private",
    "downloads",
    "tags",
    "pipeline_tag",
    "library_name",
    "lastModified",
    "createdAt",
    "modelId",
  ],
  dataset: [
    "_id",
    "id",
    "author",
    "sha",
    "lastModified",
    "private",
    "gated",
    "disabled",
    "downloads",
    "likes",
    "tags",
    "createdAt",
    "trendingScore",
    "description",
  ],
  space: ["_id", "id", "author", "likes", "trendingScore", "sdk", "tags", "private", "createdAt", "lastModified"],
};

export interface ListShape {
  full: boolean;
  config: boolean;
  cardData: boolean;
  expand: readonly string[];
}

/** Whether the listing needs the whole record of each row (anything beyond the columns). */
export function needsRecord(type: RepoType, shape: ListShape): boolean {
  return type !== "model" || shape.full || shape.config || shape.cardData || shape.expand.length > 0;
}

/** One listing item: `expand` alone, else the default keys (plus everything but heavy keys with `full`). */
export function listItem(
  type: RepoType,
  row: IndexedRow,
  shape: ListShape,
  gated: string | false = false,
): Record<string, unknown> {
  const info = fullInfo(type, row, false);
  info.gated = gated;
  if (shape.expand.length > 0) return pickExpand(info, shape.expand);
  const item: Record<string, unknown> = {};
  for (const key of DEFAULT_LIST_KEYS[type]) if (info[key] !== undefined && info[key] !== null) item[key] = info[key];
  // `downloads`/`likes` are null in the seed (no invented numbers): kept as null, not dropped.
  if (type !== "space") item.downloads = info.downloads;
  item.likes = info.likes;
  if (shape.full) {
    for (const key of [
      "sha",
      "gated",
      "disabled",
      "siblings",
      "lastModified",
      "sdk",
      "mask_token",
      "widgetData",
      "usedStorage",
    ])
      if (info[key] !== undefined) item[key] = info[key];
    if (type === "model" && info.transformersInfo !== undefined) item.transformersInfo = info.transformersInfo;
  }
  if ((shape.config || shape.full) && info.config !== undefined) item.config = info.config;
  if ((shape.cardData || shape.full) && info.cardData !== undefined) item.cardData = info.cardData;
  return item;
}
