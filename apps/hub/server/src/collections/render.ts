// The JSON of collections and items as the hub answers them (the fields huggingface_hub's `Collection` and
// `CollectionItem` read, and @huggingface/hub's ApiCollectionInfo): `slug`, `title`, `owner` (an author object),
// `items[]` with `_id`, `type`, `id`, `position` and `note: {text, html}`, `lastUpdated`, `theme`, `private`,
// `upvotes`, `gating`. A note's `html` is its text HTML-escaped (inert). No upvotes on a local hub: always 0.
import type { CollectionRow, ItemRow } from "./collection-store.js";
import { collectionSlug } from "./slug.js";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const iso = (value: string | Date | null) => (value === null ? undefined : new Date(value).toISOString());
const count = (value: number | string | null) => (value === null ? 0 : Number(value));

export function ownerJson(base: string, row: CollectionRow) {
  return {
    _id: row.owner_id,
    name: row.owner_name,
    fullname: row.owner_fullname === "" ? row.owner_name : row.owner_fullname,
    type: row.owner_kind,
    avatarUrl: `${base}/avatars/${encodeURIComponent(row.owner_name)}.svg`,
    isHf: false,
    isHfAdmin: false,
    isMod: false,
  };
}

export function slugOf(row: CollectionRow): string {
  return collectionSlug(row.owner_name, row.title, row.id);
}

/** What a collection says about itself, without its items (also the body of an item that is a collection). */
function headerJson(base: string, row: CollectionRow) {
  const slug = slugOf(row);
  return {
    slug,
    title: row.title,
    ...(row.description !== null ? { description: row.description } : {}),
    owner: ownerJson(base, row),
    lastUpdated: new Date(row.updated_at).toISOString(),
    theme: row.theme,
    private: row.private,
    upvotes: 0,
    isUpvotedByUser: false,
    shareUrl: `${base}/collections/${slug}`,
  };
}

export interface Nested {
  rows: Map<string, CollectionRow>;
  counts: Map<string, number>;
}

export function itemJson(base: string, item: ItemRow, nested: Nested) {
  const common = {
    _id: item.id,
    position: Number(item.visible_position),
    type: item.item_type,
    ...(item.note !== null ? { note: { text: item.note, html: escapeHtml(item.note) } } : {}),
  };
  if (item.item_type === "paper") return { ...common, id: item.item_id };
  if (item.item_type === "collection") {
    const row = item.nested_id === null ? undefined : nested.rows.get(item.nested_id);
    if (row === undefined) return undefined;
    return { ...common, ...headerJson(base, row), id: row.id, numberItems: nested.counts.get(row.id) ?? 0 };
  }
  const id = item.repo_id ?? item.item_id;
  return {
    ...common,
    id,
    repoType: item.item_type,
    author: item.author ?? id.split("/")[0],
    private: item.repo_private === true,
    downloads: count(item.downloads),
    likes: count(item.likes),
    ...(item.last_modified !== null ? { lastModified: iso(item.last_modified) } : {}),
    ...(item.item_type === "model" && item.pipeline_tag !== null ? { pipeline_tag: item.pipeline_tag } : {}),
    gated: false,
    isLikedByUser: false,
  };
}

/**
 * A collection with its items. `position` is the collection's place in its owner's list: get_collection reads it
 * from the answer, while list_collections numbers the listing itself and breaks on a second `position`, so
 * listings leave it out.
 */
export function collectionJson(
  base: string,
  row: CollectionRow,
  items: readonly ItemRow[],
  nested: Nested,
  withPosition: boolean,
) {
  return {
    ...headerJson(base, row),
    gating: false,
    items: items.flatMap((item) => itemJson(base, item, nested) ?? []),
    ...(withPosition ? { position: row.position } : {}),
  };
}
