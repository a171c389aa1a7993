// Every field a client sends, checked before anything is stored (README.md "Bounds"): titles, descriptions, notes,
// themes, positions, item references. Anything invalid is a 400 with the hub's `{"error": …}`.
import { ApiError } from "../api/api-error.js";
import { isValidRepoId } from "../repos/repo-ref.js";
import { COLLECTION_ID, parseSlug } from "./slug.js";

export const MAX_TITLE = 100;
/** The clients document 150 characters for a description and 500 for a note. */
export const MAX_DESCRIPTION = 150;
export const MAX_NOTE = 500;
export const MAX_ITEMS_PER_COLLECTION = 1000;
export const MAX_COLLECTIONS_PER_OWNER = 1000;
/** Request bodies are small JSON objects. */
export const MAX_BODY_BYTES = 16 * 1024;

export const THEMES = ["orange", "blue", "green", "purple", "pink", "indigo"] as const;
export type Theme = (typeof THEMES)[number];

export const REPO_ITEM_TYPES = ["model", "dataset", "space"] as const;
export type RepoItemType = (typeof REPO_ITEM_TYPES)[number];
export type ItemType = RepoItemType | "paper" | "collection";

const CONTROL = /[\u0000-\u001f\u007f]/;
/** arXiv-style ids (`2311.12983`, `2311.12983v2`) and other short paper ids: letters, digits, dot, dash. */
const PAPER_ID = /^[A-Za-z0-9][A-Za-z0-9.-]{0,63}$/;

export function title(value: unknown): string {
  if (typeof value !== "string") throw new ApiError(400, '"title" must be a string');
  const trimmed = value.trim();
  if (trimmed.length < 1 || trimmed.length > MAX_TITLE)
    throw new ApiError(400, `A collection title is 1 to ${MAX_TITLE} characters long`);
  if (CONTROL.test(trimmed)) throw new ApiError(400, "A collection title cannot contain control characters");
  return trimmed;
}

/** A description; empty (after trimming) clears it. */
export function description(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== "string") throw new ApiError(400, '"description" must be a string');
  const trimmed = value.trim();
  if (trimmed.length > MAX_DESCRIPTION)
    throw new ApiError(400, `A collection description is at most ${MAX_DESCRIPTION} characters long`);
  return trimmed === "" ? null : trimmed;
}

/** A note on an item; empty (after trimming) clears it. Line breaks are allowed, other control characters not. */
export function note(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value !== "string") throw new ApiError(400, '"note" must be a string');
  const trimmed = value.trim();
  if (trimmed.length > MAX_NOTE) throw new ApiError(400, `A note is at most ${MAX_NOTE} characters long`);
  if (/[\u0000-\u0009\u000b-\u001f\u007f]/.test(trimmed))
    throw new ApiError(400, "A note cannot contain control characters");
  return trimmed === "" ? null : trimmed;
}

export function flag(value: unknown, name: string): boolean {
  if (typeof value !== "boolean") throw new ApiError(400, `"${name}" must be true or false`);
  return value;
}

export function theme(value: unknown): Theme {
  if (typeof value !== "string" || !(THEMES as readonly string[]).includes(value))
    throw new ApiError(400, `"theme" must be one of ${THEMES.join(", ")}`);
  return value as Theme;
}

export function position(value: unknown): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0 || value > 1_000_000)
    throw new ApiError(400, '"position" must be a whole number from 0');
  return value;
}

export type ItemRef =
  | { type: RepoItemType; id: string }
  | { type: "paper"; id: string }
  /** A collection by its slug (`owner/title-id`), its bare 24-hex id, or `owner/title` (the owner's collection of that title). */
  | { type: "collection"; namespace?: string; id?: string; titleSlug?: string };

/** The `item` object of an add request: `{"type": …, "id": …}`. */
export function itemRef(value: unknown): ItemRef {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ApiError(400, '"item" must be an object with "type" and "id"');
  const { type, id } = value as Record<string, unknown>;
  if (typeof id !== "string" || id.length === 0 || id.length > 200)
    throw new ApiError(400, '"item.id" must be a non-empty string');
  if (type === "bucket") throw new ApiError(501, "Buckets are not available on this Hubkit server");
  if (type === "paper") {
    if (!PAPER_ID.test(id)) throw new ApiError(400, "Invalid paper id");
    return { type, id };
  }
  if (type === "collection") {
    if (COLLECTION_ID.test(id)) return { type, id };
    const slug = parseSlug(id);
    if (slug !== undefined) return { type, ...slug };
    const byTitle = /^([^/]{1,100})\/([a-z0-9-]{1,120})$/.exec(id);
    if (byTitle === null) throw new ApiError(400, "Invalid collection slug");
    return { type, namespace: byTitle[1], titleSlug: byTitle[2] };
  }
  if (typeof type !== "string" || !(REPO_ITEM_TYPES as readonly string[]).includes(type))
    throw new ApiError(400, '"item.type" must be one of model, dataset, space, paper, collection');
  if (!isValidRepoId(id)) throw new ApiError(404, `Item not found: ${type}s/${id.slice(0, 200)}`);
  return { type: type as RepoItemType, id };
}

/** A listing filter `item=models/ns/name` (or datasets/, spaces/, papers/, collections/). */
export function itemFilter(text: string): ItemRef {
  const slash = text.indexOf("/");
  const plural = slash < 0 ? "" : text.slice(0, slash);
  const types: Record<string, string> = {
    models: "model",
    datasets: "dataset",
    spaces: "space",
    papers: "paper",
    collections: "collection",
  };
  const type = types[plural];
  if (type === undefined)
    throw new ApiError(400, '"item" must start with models/, datasets/, spaces/, papers/ or collections/');
  return itemRef({ type, id: text.slice(slash + 1) });
}
