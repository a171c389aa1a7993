// Collections as the hub's API shapes them (the contract: server/src/collections/README.md; the shapes
// huggingface_hub's Collection and CollectionItem read). Everything goes through the session helpers: reads, so a
// signed-in member sees private collections and items; writes, which need the session's CSRF token.
import { sessionFetch, sessionJson } from "../../lib/session";

export type ItemType = "model" | "dataset" | "space" | "paper" | "collection";

export interface CollectionItem {
  _id: string;
  type: ItemType;
  id: string;
  position: number;
  note?: { text: string; html: string };
  // repositories
  private?: boolean;
  downloads?: number;
  likes?: number;
  lastModified?: string;
  pipeline_tag?: string;
  // collections
  slug?: string;
  title?: string;
  numberItems?: number;
}

export interface Collection {
  slug: string;
  title: string;
  description?: string;
  owner: { name: string; type: "user" | "org" };
  items: CollectionItem[];
  lastUpdated: string;
  theme: string;
  private: boolean;
}

/** The site path of a collection (its slug is `owner/title-id`). */
export function collectionPath(slug: string): string {
  return `/collections/${slug.split("/").map(encodeURIComponent).join("/")}`;
}

export function ownerCollectionsPath(owner: string): string {
  return `/collections/${encodeURIComponent(owner)}`;
}

const apiPath = (slug: string) => `/api${collectionPath(slug)}`;

/** The collections of one owner, or of several (`owner=a&owner=b`). */
export async function loadCollections(owners: string | readonly string[], signal: AbortSignal): Promise<Collection[]> {
  const query = [owners]
    .flat()
    .map((owner) => `owner=${encodeURIComponent(owner)}`)
    .join("&");
  const response = await sessionFetch(`/api/collections?${query}&limit=100`, { signal });
  return (await response.json()) as Collection[];
}

/** The collection, or undefined when it does not exist for this visitor (private ones answer like missing ones). */
export async function loadCollection(namespace: string, slug: string, signal: AbortSignal) {
  try {
    const response = await sessionFetch(apiPath(`${namespace}/${slug}`), { signal });
    return (await response.json()) as Collection;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return undefined;
    throw error;
  }
}

export function createCollection(fields: { namespace: string; title: string; description?: string; private: boolean }) {
  return sessionJson<Collection>("/api/collections", "POST", fields);
}

export async function updateCollection(
  slug: string,
  fields: { title?: string; description?: string; private?: boolean },
): Promise<Collection> {
  return (await sessionJson<{ data: Collection }>(apiPath(slug), "PATCH", fields)).data;
}

export function deleteCollection(slug: string) {
  return sessionJson(apiPath(slug), "DELETE");
}

export function addItem(slug: string, item: { type: ItemType; id: string }, note: string | undefined) {
  return sessionJson<Collection>(`${apiPath(slug)}/items`, "POST", { item, ...(note ? { note } : {}) });
}

export function moveItem(slug: string, itemId: string, position: number) {
  return sessionJson(`${apiPath(slug)}/items/${encodeURIComponent(itemId)}`, "PATCH", { position });
}

export function removeItem(slug: string, itemId: string) {
  return sessionJson(`${apiPath(slug)}/items/${encodeURIComponent(itemId)}`, "DELETE");
}

/** May the signed-in user edit an owner's collections? (Themselves or an organization of theirs; the server has the last word.) */
export function mayEdit(
  session: { user: { name: string }; orgs: string[] } | null | undefined,
  owner: string,
): boolean {
  if (!session) return false;
  const lower = owner.toLowerCase();
  return session.user.name.toLowerCase() === lower || session.orgs.some((org) => org.toLowerCase() === lower);
}
