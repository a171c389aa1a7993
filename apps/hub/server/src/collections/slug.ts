// Collection slugs as the hub writes them: `{owner}/{slugified-title}-{24 hex id}`. Only the trailing id names the
// collection: the title part follows renames, so an old link (or any title part) still finds it, and the owner
// part must match the collection's owner.

export const COLLECTION_ID = /^[0-9a-f]{24}$/;
const SLUG_TAIL = /^(?:[a-z0-9-]{0,120}-)?([0-9a-f]{24})$/i;
/** Longest title part of a slug (the hub trims long titles the same way). */
const MAX_SLUG_TITLE = 80;

/** The title part of a slug: lower-case letters and digits, runs of anything else as one dash. */
export function slugifyTitle(title: string): string {
  const words = title
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, MAX_SLUG_TITLE)
    .replace(/-+$/, "");
  return words === "" ? "collection" : words;
}

/**
 * What makes two of an owner's titles "the same collection" (the 409 on creation): the same slug, except for titles
 * with no Latin letter or digit at all (`模型`, `数据`), which all slug to `collection` and are compared as text.
 */
export function titleKey(title: string): string {
  const slug = slugifyTitle(title);
  return slug === "collection" && !/[a-z0-9]/i.test(title.normalize("NFKD")) ? `text:${title.toLowerCase()}` : slug;
}

export function collectionSlug(owner: string, title: string, id: string): string {
  return `${owner}/${slugifyTitle(title)}-${id}`;
}

/** The collection id in the second segment of a slug (`{title}-{id}`, or the bare id), else undefined. */
export function idFromSlugTail(tail: string): string | undefined {
  return SLUG_TAIL.exec(tail)?.[1]?.toLowerCase();
}

/** The namespace and id of a whole slug (`owner/title-id`), as an item of type "collection" names one. */
export function parseSlug(slug: string): { namespace: string; id: string } | undefined {
  const parts = slug.split("/");
  if (parts.length !== 2) return undefined;
  const [namespace, tail] = parts as [string, string];
  const id = idFromSlugTail(tail);
  return id === undefined || namespace === "" ? undefined : { namespace, id };
}
