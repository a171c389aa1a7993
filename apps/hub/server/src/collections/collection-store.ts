// Collections and their items in the index's database (schema.ts). Every read takes a Viewer and returns only what
// it may see: private collections of other namespaces are absent, and items pointing to repositories or
// collections the viewer cannot read (or that no longer exist) are left out before positions are numbered, so
// neither a gap in the positions nor a count reveals them. Writes run in transactions that lock the collection
// (or the owner's account row) first, so the bounds and the dense item order hold under concurrent requests.
import { randomBytes } from "node:crypto";
import { ApiError } from "../api/api-error.js";
import type { Db, SqlParam } from "../store/db.js";
import { MAX_COLLECTIONS_PER_OWNER, MAX_ITEMS_PER_COLLECTION, THEMES, type Theme } from "./inputs.js";
import { collectionSlug, slugifyTitle, titleKey } from "./slug.js";
import { readableRepoSql, type Viewer } from "./viewer.js";

type Tx = Pick<Db, "query">;

export interface CollectionRow extends Record<string, unknown> {
  id: string;
  owner_key: string;
  owner_name: string;
  owner_kind: "user" | "org";
  owner_fullname: string;
  owner_id: string;
  title: string;
  description: string | null;
  private: boolean;
  theme: Theme;
  position: number;
  updated_at: string | Date;
}

export interface ItemRow extends Record<string, unknown> {
  id: string;
  collection_id: string;
  item_type: "model" | "dataset" | "space" | "paper" | "collection";
  item_id: string;
  note: string | null;
  /** Its position among the items this viewer sees (0..n-1). */
  visible_position: number | string;
  repo_id: string | null;
  author: string | null;
  repo_private: boolean | null;
  downloads: number | string | null;
  likes: number | string | null;
  last_modified: string | Date | null;
  pipeline_tag: string | null;
  nested_id: string | null;
}

export type Sort = "lastModified" | "trending" | "upvotes" | "position";

export interface ListQuery {
  owners: string[];
  /** Only collections holding this item (type and lower-case key). */
  item?: { type: string; key: string };
  q?: string;
  sort: Sort;
  limit: number;
  offset: number;
}

/** The repositories of every type with their privacy and card facts, joined to items by lower-case id. */
const ALL_REPOS = `(SELECT id, 'model' AS type, private, author, downloads, likes, last_modified, pipeline_tag FROM hub_models
  UNION ALL SELECT id, 'dataset', private, author, downloads, likes, last_modified, pipeline_tag FROM hub_datasets
  UNION ALL SELECT id, 'space', private, author, downloads, likes, last_modified, pipeline_tag FROM hub_spaces)`;

const COLLECTION_COLUMNS = `c.id, c.owner_key, a.name AS owner_name, a.kind AS owner_kind, a.fullname AS owner_fullname,
  a.id AS owner_id, c.title, c.description, c.private, c.theme, c.position, c.updated_at`;

/** `$n` condition: the collection row `alias` is readable by the viewer whose admin flag and namespaces are params. */
const readable = (alias: string, admin: number, namespaces: number) =>
  `($${admin}::boolean OR NOT ${alias}.private OR ${alias}.owner_key = ANY ($${namespaces}::text[]))`;

const ORDER: Record<Sort, string> = {
  lastModified: "c.updated_at DESC, c.id",
  // No upvotes or trending scores on a local hub (every collection has 0 upvotes): newest change first.
  trending: "c.updated_at DESC, c.id",
  upvotes: "c.updated_at DESC, c.id",
  position: "c.position, c.id",
};

const newId = () => randomBytes(12).toString("hex");

export class CollectionStore {
  constructor(private readonly db: Db) {}

  /** The collection if it exists and the viewer may read it. */
  async get(id: string, viewer: Viewer): Promise<CollectionRow | undefined> {
    const rows = await this.db.query<CollectionRow>(
      `SELECT ${COLLECTION_COLUMNS} FROM hub_collections c JOIN hub_accounts a ON a.name_key = c.owner_key
       WHERE c.id = $1 AND ${readable("c", 2, 3)}`,
      [id, viewer.admin, viewer.namespaces],
    );
    return rows[0];
  }

  /** The owner's collection whose title slugifies to `titleSlug` (titles are unique that way per owner). */
  async byTitle(owner: string, titleSlug: string, viewer: Viewer): Promise<CollectionRow | undefined> {
    const rows = await this.db.query<CollectionRow>(
      `SELECT ${COLLECTION_COLUMNS} FROM hub_collections c JOIN hub_accounts a ON a.name_key = c.owner_key
       WHERE c.owner_key = $1 AND ${readable("c", 2, 3)}`,
      [owner.toLowerCase(), viewer.admin, viewer.namespaces],
    );
    return rows.find((row) => slugifyTitle(row.title) === titleSlug);
  }

  /** The collections among `ids` that the viewer may read (for items that are collections). */
  async many(ids: string[], viewer: Viewer): Promise<CollectionRow[]> {
    if (ids.length === 0) return [];
    return this.db.query<CollectionRow>(
      `SELECT ${COLLECTION_COLUMNS} FROM hub_collections c JOIN hub_accounts a ON a.name_key = c.owner_key
       WHERE c.id = ANY ($1::text[]) AND ${readable("c", 2, 3)}`,
      [ids, viewer.admin, viewer.namespaces],
    );
  }

  /** How many items of each collection the viewer sees. */
  async visibleCounts(ids: string[], viewer: Viewer): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const row of await this.items(ids, viewer, MAX_ITEMS_PER_COLLECTION))
      counts.set(row.collection_id, (counts.get(row.collection_id) ?? 0) + 1);
    return counts;
  }

  async list(query: ListQuery, viewer: Viewer): Promise<CollectionRow[]> {
    const params: SqlParam[] = [viewer.admin, viewer.namespaces, query.limit, query.offset];
    const where = [readable("c", 1, 2)];
    if (query.owners.length > 0) {
      params.push(query.owners.map((owner) => owner.toLowerCase()));
      where.push(`c.owner_key = ANY ($${params.length}::text[])`);
    }
    if (query.q !== undefined) {
      params.push(query.q.toLowerCase());
      where.push(`strpos(lower(c.title), $${params.length}) > 0`);
    }
    if (query.item !== undefined) {
      params.push(query.item.type, query.item.key);
      where.push(`EXISTS (SELECT 1 FROM hub_collection_items i WHERE i.collection_id = c.id
        AND i.item_type = $${params.length - 1} AND i.item_key = $${params.length})`);
    }
    return this.db.query<CollectionRow>(
      `SELECT ${COLLECTION_COLUMNS} FROM hub_collections c JOIN hub_accounts a ON a.name_key = c.owner_key
       WHERE ${where.join(" AND ")} ORDER BY ${ORDER[query.sort]} LIMIT $3 OFFSET $4`,
      params,
    );
  }

  /** The items of these collections the viewer may see, in order, at most `perCollection` of each. */
  async items(collectionIds: string[], viewer: Viewer, perCollection: number, tx: Tx = this.db): Promise<ItemRow[]> {
    if (collectionIds.length === 0) return [];
    return tx.query<ItemRow>(
      `SELECT * FROM (
         SELECT i.id, i.collection_id, i.item_type, i.item_id, i.note, r.id AS repo_id, r.author,
           r.private AS repo_private, r.downloads, r.likes, r.last_modified, r.pipeline_tag, n.id AS nested_id,
           row_number() OVER (PARTITION BY i.collection_id ORDER BY i.position, i.id) - 1 AS visible_position
         FROM hub_collection_items i
         LEFT JOIN ${ALL_REPOS} r ON i.item_type IN ('model', 'dataset', 'space') AND r.type = i.item_type
           AND lower(r.id) = i.item_key
         LEFT JOIN hub_collections n ON i.item_type = 'collection' AND n.id = i.item_key
         WHERE i.collection_id = ANY ($1::text[]) AND (
           i.item_type = 'paper'
           OR (r.id IS NOT NULL AND ${readableRepoSql("r", 2, 3)})
           OR (n.id IS NOT NULL AND ${readable("n", 2, 3)}))
       ) visible WHERE visible_position < $4 ORDER BY collection_id, visible_position`,
      [collectionIds, viewer.admin, viewer.namespaces, perCollection],
    );
  }

  /** Creates a collection at the end of the owner's list; 409 (with the existing slug) when the title is taken. */
  async create(
    owner: { key: string; name: string },
    fields: { title: string; description: string | null; private: boolean },
  ): Promise<string> {
    const id = newId();
    await this.db.transaction(async (tx) => {
      await tx.query("SELECT 1 FROM hub_accounts WHERE name_key = $1 FOR UPDATE", [owner.key]);
      const existing = await tx.query<{ id: string; title: string }>(
        "SELECT id, title FROM hub_collections WHERE owner_key = $1",
        [owner.key],
      );
      const key = titleKey(fields.title);
      const same = existing.find((row) => titleKey(row.title) === key);
      if (same !== undefined)
        throw new ApiError(409, "You already have a collection with this title", {
          body: { slug: collectionSlug(owner.name, same.title, same.id) },
        });
      if (existing.length >= MAX_COLLECTIONS_PER_OWNER)
        throw new ApiError(422, `An owner has at most ${MAX_COLLECTIONS_PER_OWNER} collections`);
      // The theme is picked from the id, as the hub picks one for a new collection.
      const theme = THEMES[Number.parseInt(id.slice(-2), 16) % THEMES.length] as Theme;
      await tx.query(
        `INSERT INTO hub_collections (id, owner_key, title, description, private, theme, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, owner.key, fields.title, fields.description, fields.private, theme, existing.length],
      );
    });
    return id;
  }

  async update(
    collection: CollectionRow,
    fields: { title?: string; description?: string | null; private?: boolean; theme?: Theme; position?: number },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query("SELECT 1 FROM hub_accounts WHERE name_key = $1 FOR UPDATE", [collection.owner_key]);
      await tx.query(
        `UPDATE hub_collections SET title = coalesce($2, title),
           description = CASE WHEN $3::boolean THEN $4 ELSE description END,
           private = coalesce($5, private), theme = coalesce($6, theme), updated_at = now()
         WHERE id = $1`,
        [
          collection.id,
          fields.title ?? null,
          fields.description !== undefined,
          fields.description ?? null,
          fields.private ?? null,
          fields.theme ?? null,
        ],
      );
      if (fields.position === undefined) return;
      const order = await tx.query<{ id: string }>(
        "SELECT id FROM hub_collections WHERE owner_key = $1 ORDER BY position, id",
        [collection.owner_key],
      );
      const ids = order.map((row) => row.id).filter((id) => id !== collection.id);
      ids.splice(Math.min(fields.position, ids.length), 0, collection.id);
      await renumber(tx, "hub_collections", ids);
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const rows = await tx.query<{ owner_key: string }>(
        "DELETE FROM hub_collections WHERE id = $1 RETURNING owner_key",
        [id],
      );
      // Other collections that held this one lose the item (and their order stays dense).
      const holders = await tx.query<{ collection_id: string }>(
        "DELETE FROM hub_collection_items WHERE item_type = 'collection' AND item_key = $1 RETURNING collection_id",
        [id],
      );
      for (const holder of new Set(holders.map((row) => row.collection_id))) await renumberItems(tx, holder);
      const owner = rows[0]?.owner_key;
      if (owner === undefined) return;
      const rest = await tx.query<{ id: string }>(
        "SELECT id FROM hub_collections WHERE owner_key = $1 ORDER BY position, id",
        [owner],
      );
      await renumber(
        tx,
        "hub_collections",
        rest.map((row) => row.id),
      );
    });
  }

  /** Appends an item; 409 when the collection already holds it, 422 when it is full. Returns the item's id. */
  async addItem(
    collectionId: string,
    item: { type: string; key: string; id: string },
    note: string | null,
  ): Promise<string> {
    const id = newId();
    await this.db.transaction(async (tx) => {
      await lockCollection(tx, collectionId);
      const rows = await tx.query<{ count: number; dup: boolean }>(
        `SELECT count(*)::int AS count, coalesce(bool_or(item_type = $2 AND item_key = $3), false) AS dup
         FROM hub_collection_items WHERE collection_id = $1`,
        [collectionId, item.type, item.key],
      );
      const { count = 0, dup = false } = rows[0] ?? {};
      if (dup) throw new ApiError(409, "This item is already in the collection");
      if (count >= MAX_ITEMS_PER_COLLECTION)
        throw new ApiError(422, `A collection holds at most ${MAX_ITEMS_PER_COLLECTION} items`);
      await tx.query(
        `INSERT INTO hub_collection_items (id, collection_id, item_type, item_key, item_id, note, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [id, collectionId, item.type, item.key, item.id, note, count],
      );
      await touch(tx, collectionId);
    });
    return id;
  }

  /**
   * Sets an item's note and/or moves it to `position` among the items `viewer` sees (the one order the caller
   * knows): it lands just before the item now at that visible position, or last. False when there is no such item
   * visible to the viewer.
   */
  async updateItem(
    collectionId: string,
    itemId: string,
    viewer: Viewer,
    fields: { note?: string | null; position?: number },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockCollection(tx, collectionId);
      const visible = (await this.items([collectionId], viewer, MAX_ITEMS_PER_COLLECTION, tx)).map((row) => row.id);
      if (!visible.includes(itemId)) return false;
      if (fields.note !== undefined)
        await tx.query("UPDATE hub_collection_items SET note = $2 WHERE id = $1", [itemId, fields.note]);
      if (fields.position !== undefined) {
        const all = (
          await tx.query<{ id: string }>(
            "SELECT id FROM hub_collection_items WHERE collection_id = $1 ORDER BY position, id",
            [collectionId],
          )
        )
          .map((row) => row.id)
          .filter((id) => id !== itemId);
        const before = visible.filter((id) => id !== itemId)[fields.position];
        all.splice(before === undefined ? all.length : all.indexOf(before), 0, itemId);
        await renumber(tx, "hub_collection_items", all);
      }
      await touch(tx, collectionId);
      return true;
    });
  }

  /** Removes an item the viewer sees; false when there is none. */
  async deleteItem(collectionId: string, itemId: string, viewer: Viewer): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await lockCollection(tx, collectionId);
      const visible = await this.items([collectionId], viewer, MAX_ITEMS_PER_COLLECTION, tx);
      if (!visible.some((row) => row.id === itemId)) return false;
      await tx.query("DELETE FROM hub_collection_items WHERE id = $1", [itemId]);
      await renumberItems(tx, collectionId);
      await touch(tx, collectionId);
      return true;
    });
  }
}

async function lockCollection(tx: Tx, id: string): Promise<void> {
  const rows = await tx.query("SELECT 1 FROM hub_collections WHERE id = $1 FOR UPDATE", [id]);
  if (rows.length === 0) throw new ApiError(404, "Collection not found");
}

async function touch(tx: Tx, id: string): Promise<void> {
  await tx.query("UPDATE hub_collections SET updated_at = now() WHERE id = $1", [id]);
}

/** Sets `position` to each id's index in `ids` (one statement). */
async function renumber(tx: Tx, table: "hub_collections" | "hub_collection_items", ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query(
    `UPDATE ${table} t SET position = v.n - 1 FROM unnest($1::text[]) WITH ORDINALITY AS v(id, n) WHERE t.id = v.id`,
    [ids],
  );
}

async function renumberItems(tx: Tx, collectionId: string): Promise<void> {
  const rows = await tx.query<{ id: string }>(
    "SELECT id FROM hub_collection_items WHERE collection_id = $1 ORDER BY position, id",
    [collectionId],
  );
  await renumber(
    tx,
    "hub_collection_items",
    rows.map((row) => row.id),
  );
}
