// A model record as the hub API gives it (one line of a JSON-lines dump, or of seed/models.jsonl), checked and
// turned into the columns the index filters and sorts on. The whole record is kept as jsonb for the detail view.

export class ModelRecordError extends Error {
  override readonly name = "ModelRecordError";
}

export interface ProviderMappingEntry {
  providerId: string;
  status: "live" | "staging";
  task: string;
}

export type ProviderMapping = Record<string, ProviderMappingEntry>;

/** The columns of one hub_models row; `record` is the normalised record itself. */
export interface ModelRow {
  id: string;
  author: string;
  pipeline_tag: string | null;
  library_name: string | null;
  tags: string[];
  providers: string[];
  downloads: number | null;
  likes: number | null;
  last_modified: string | null;
  created_at: string | null;
  /** Only the owner and the owner's organizations see a private repository. */
  private: boolean;
  /** The default branch's head commit, when the record comes from a real repository. */
  sha: string | null;
  /** Lexemes of the full-text index: every prefix of every word of the id (see searchLexemes). */
  search_words: string[];
  record: Record<string, unknown>;
}

const SEGMENT = "[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9_])?";
/** `name` or `namespace/name`, the hub's repo id rules (letters, digits, `.`, `_`, `-`; at most 96 a part). */
export const MODEL_ID_PATTERN = new RegExp(`^${SEGMENT}(?:/${SEGMENT})?$`);

export function isModelId(value: string): boolean {
  return MODEL_ID_PATTERN.test(value) && !value.includes("..") && !value.includes("--");
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function optionalString(record: Record<string, unknown>, key: string, id: string): string | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string" || value.length === 0 || value.length > 200)
    throw new ModelRecordError(`model ${id}: ${key} must be a non-empty string of at most 200 characters`);
  return value;
}

function optionalCount(record: Record<string, unknown>, key: string, id: string): number | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0)
    throw new ModelRecordError(`model ${id}: ${key} must be a non-negative integer or null`);
  return value;
}

function optionalDate(record: Record<string, unknown>, key: string, id: string): string | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) throw new ModelRecordError(`model ${id}: ${key} must be an ISO 8601 date`);
  return new Date(time).toISOString();
}

function stringList(record: Record<string, unknown>, key: string, id: string): string[] {
  const value = record[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((tag) => typeof tag !== "string" || tag.length === 0 || tag.length > 200))
    throw new ModelRecordError(`model ${id}: ${key} must be a list of non-empty strings`);
  return [...new Set(value as string[])];
}

/** Accepts both forms the hub has used: `{ provider: {…} }` and `[{ provider, … }]`; returns the object form. */
export function normaliseProviderMapping(value: unknown, id: string): ProviderMapping {
  if (value === undefined || value === null) return {};
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item) => [isRecord(item) && typeof item.provider === "string" ? item.provider : "", item])
    : isRecord(value)
      ? Object.entries(value)
      : [["", value]];
  const mapping: ProviderMapping = {};
  for (const [provider, entry] of entries) {
    if (
      provider === "" ||
      !isRecord(entry) ||
      typeof entry.providerId !== "string" ||
      typeof entry.task !== "string" ||
      (entry.status !== "live" && entry.status !== "staging")
    )
      throw new ModelRecordError(
        `model ${id}: inferenceProviderMapping entries need provider, providerId, status (live or staging) and task`,
      );
    mapping[provider] = { providerId: entry.providerId, status: entry.status, task: entry.task };
  }
  return mapping;
}

/** Words of an id for full-text search: lower case, split on anything that is not a letter or a digit. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Longest prefix indexed per word; longer query words are cut to this length. */
export const MAX_PREFIX = 40;

/**
 * What the id is indexed under: every prefix of every word ("qwen2" → q, qw, qwe, qwen, qwen2), stored as exact
 * lexemes. Prefix search then is an exact GIN look-up, several times faster than `:*` partial matches, and the
 * planner's estimates for exact lexemes are good.
 */
export function searchLexemes(id: string): string[] {
  const lexemes = new Set<string>();
  for (const word of searchWords(id)) {
    const chars = [...word].slice(0, MAX_PREFIX);
    for (let length = 1; length <= chars.length; length += 1) lexemes.add(chars.slice(0, length).join(""));
  }
  return [...lexemes];
}

export function toModelRow(input: unknown): ModelRow {
  if (!isRecord(input)) throw new ModelRecordError("a model record must be a JSON object");
  const rawId = typeof input.id === "string" ? input.id : input.modelId;
  if (typeof rawId !== "string" || !isModelId(rawId))
    throw new ModelRecordError(`invalid model id: ${JSON.stringify(rawId)}`);
  const id = rawId;
  const slash = id.indexOf("/");
  const author = slash === -1 ? id : id.slice(0, slash);
  const mapping = normaliseProviderMapping(input.inferenceProviderMapping, id);
  const record: Record<string, unknown> = { ...input, id, modelId: id, author };
  delete record._id;
  if (input.inferenceProviderMapping !== undefined) record.inferenceProviderMapping = mapping;
  return {
    id,
    author,
    pipeline_tag: optionalString(input, "pipeline_tag", id),
    library_name: optionalString(input, "library_name", id),
    tags: stringList(input, "tags", id),
    providers: Object.keys(mapping),
    downloads: optionalCount(input, "downloads", id),
    likes: optionalCount(input, "likes", id),
    last_modified: optionalDate(input, "lastModified", id),
    created_at: optionalDate(input, "createdAt", id),
    private: input.private === true,
    sha: typeof input.sha === "string" && /^[0-9a-f]{40}$/.test(input.sha) ? input.sha : null,
    search_words: searchLexemes(id),
    record,
  };
}
