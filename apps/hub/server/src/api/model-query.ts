// Reads and checks the query string of GET /api/models. Every parameter is validated here, so that the store
// only ever sees well-formed values; a bad one is a 400 with a message naming the parameter.

import { isModelId } from "../store/model-record.js";
import type { ModelSearch, SearchCursor, SortKey } from "../store/model-store.js";
import { ApiError } from "./api-error.js";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
const MAX_SEARCH_LENGTH = 250;
const MAX_TAGS = 20;
// Ids of tasks, libraries, providers and tags: printable, no spaces or quotes, bounded.
const TOKEN = /^[\p{L}\p{N}][\p{L}\p{N}._:+/-]{0,199}$/u;
// `filter` tags also take the comparison signs of the hub's range tags (`size_categories:1K<n<10K`, our
// `parameters:<1B`). Safe: tags are bound as one text[] parameter, never spliced into SQL; still no quotes, braces,
// commas, backslashes or spaces, and bounded.
const FILTER_TAG = /^[\p{L}\p{N}][\p{L}\p{N}._:+/<>=-]{0,199}$/u;
const AUTHOR = /^[A-Za-z0-9][A-Za-z0-9._-]{0,95}$/;

const SORTS: Record<string, SortKey> = {
  downloads: "downloads",
  likes: "likes",
  lastModified: "lastModified",
  last_modified: "lastModified",
  createdAt: "createdAt",
  created_at: "createdAt",
  id: "id",
  // Recent downloads and likes with decay (trending/trending-store.ts), then the all-time downloads.
  trendingScore: "trendingScore",
  trending_score: "trendingScore",
};

/** Parameters that take one value; repeating them is an error. `filter`/`tags` may repeat. */
const SINGLE = [
  "author",
  "pipeline_tag",
  "library",
  "inference_provider",
  "provider",
  "sort",
  "direction",
  "limit",
  "cursor",
] as const;

function single(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new ApiError(400, `Query parameter "${name}" must be given at most once`);
  return values[0];
}

function token(params: URLSearchParams, name: string): string | undefined {
  const value = single(params, name);
  if (value === undefined || value === "") return undefined;
  if (!TOKEN.test(value)) throw new ApiError(400, `Invalid value for "${name}": ${JSON.stringify(value.slice(0, 80))}`);
  return value;
}

export function encodeCursor(cursor: SearchCursor): string {
  // A search's cursor also names its ranking tier (search/ranking.ts).
  const parts = cursor.tier === undefined ? [cursor.value, cursor.id] : [cursor.value, cursor.id, cursor.tier];
  return Buffer.from(JSON.stringify(parts), "utf8").toString("base64url");
}

export function decodeCursor(text: string): SearchCursor {
  const invalid = new ApiError(400, 'Invalid "cursor": pass back the value from the previous page\'s Link header');
  if (text.length > 600 || !/^[A-Za-z0-9_-]+$/.test(text)) throw invalid;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(decoded) || (decoded.length !== 2 && decoded.length !== 3)) throw invalid;
  const [value, id, tier] = decoded;
  if (tier !== undefined && (typeof tier !== "number" || !Number.isInteger(tier) || tier < 0 || tier > 9))
    throw invalid;
  // The store casts the value to bigint: accept only integers that fit. The id is a model id (a NUL byte, say,
  // would make PostgreSQL refuse the parameter).
  if (typeof value !== "string" || !/^-?\d{1,18}$/.test(value) || typeof id !== "string" || !isModelId(id))
    throw invalid;
  return tier === undefined ? { value, id } : { value, id, tier };
}

function parseLimit(text: string | undefined): number {
  if (text === undefined || text === "") return DEFAULT_LIMIT;
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1 || Number(text) > MAX_LIMIT)
    throw new ApiError(400, `"limit" must be an integer between 1 and ${MAX_LIMIT}`);
  return Number(text);
}

export function parseModelQuery(params: URLSearchParams): ModelSearch {
  for (const name of SINGLE) single(params, name);
  // Python may repeat `search` (datasets): every value must match.
  const searches = params.getAll("search").filter((value) => value !== "");
  const search = searches.length === 0 ? undefined : searches.join(" ");
  if (search !== undefined && search.length > MAX_SEARCH_LENGTH)
    throw new ApiError(400, `"search" must be at most ${MAX_SEARCH_LENGTH} characters`);
  const author = single(params, "author");
  if (author !== undefined && author !== "" && !AUTHOR.test(author))
    throw new ApiError(400, `Invalid value for "author": ${JSON.stringify(author.slice(0, 80))}`);
  const sortText = single(params, "sort") ?? "downloads";
  const sort = Object.hasOwn(SORTS, sortText) ? SORTS[sortText] : undefined;
  if (sort === undefined) throw new ApiError(400, `"sort" must be one of ${Object.keys(SORTS).join(", ")}`);
  const directionText = single(params, "direction") ?? "-1";
  if (directionText !== "-1" && directionText !== "1") throw new ApiError(400, `"direction" must be -1 or 1`);
  const tags = [...params.getAll("filter"), ...params.getAll("tags")].filter((tag) => tag !== "");
  if (tags.length > MAX_TAGS) throw new ApiError(400, `At most ${MAX_TAGS} "filter" values are allowed`);
  for (const tag of tags)
    if (!FILTER_TAG.test(tag))
      throw new ApiError(400, `Invalid value for "filter": ${JSON.stringify(tag.slice(0, 80))}`);
  const inferenceProvider = token(params, "inference_provider");
  const provider = token(params, "provider");
  if (inferenceProvider !== undefined && provider !== undefined && inferenceProvider !== provider)
    throw new ApiError(400, `"provider" and "inference_provider" disagree`);
  const cursorText = single(params, "cursor");
  const pipelineTag = token(params, "pipeline_tag");
  const library = token(params, "library");
  const chosenProvider = inferenceProvider ?? provider;
  const cursor = cursorText === undefined || cursorText === "" ? undefined : decodeCursor(cursorText);
  return {
    ...(search !== undefined && search.trim() !== "" ? { search } : {}),
    ...(author !== undefined && author !== "" ? { author } : {}),
    ...(pipelineTag !== undefined ? { pipelineTag } : {}),
    ...(library !== undefined ? { library } : {}),
    ...(chosenProvider !== undefined ? { provider: chosenProvider } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    sort,
    direction: directionText === "1" ? 1 : -1,
    limit: parseLimit(single(params, "limit")),
    ...(cursor !== undefined ? { cursor } : {}),
  };
}
