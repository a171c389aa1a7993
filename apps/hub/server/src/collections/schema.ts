// The collections tables (migration versions 100–109), run by store/migrations.ts's migrate() beside the others.
// A collection belongs to an account (user or organization) by its lower-case name; its items are kept in a dense
// order (`position` 0..n-1, rewritten in one transaction on every move). An item names a repository by type and
// lower-case id (like hub_likes), a paper by its id, or another collection by its 24-hex id; items are never joined
// by foreign key to their target, so a deleted or renamed target just stops being shown.
import type { Migration } from "../store/migrations.js";

export const COLLECTION_MIGRATIONS: readonly Migration[] = [
  {
    version: 100,
    name: "collections per owner and their ordered items",
    statements: [
      `CREATE TABLE IF NOT EXISTS hub_collections (
        id text PRIMARY KEY,
        owner_key text NOT NULL,
        title text NOT NULL,
        description text,
        private boolean NOT NULL DEFAULT false,
        theme text NOT NULL,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      "CREATE INDEX IF NOT EXISTS hub_collections_owner_idx ON hub_collections (owner_key, position)",
      "CREATE INDEX IF NOT EXISTS hub_collections_updated_idx ON hub_collections (updated_at DESC, id)",
      `CREATE TABLE IF NOT EXISTS hub_collection_items (
        id text PRIMARY KEY,
        collection_id text NOT NULL REFERENCES hub_collections (id) ON DELETE CASCADE,
        item_type text NOT NULL CHECK (item_type IN ('model', 'dataset', 'space', 'paper', 'collection')),
        item_key text NOT NULL,
        item_id text NOT NULL,
        note text,
        position integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (collection_id, item_type, item_key)
      )`,
      "CREATE INDEX IF NOT EXISTS hub_collection_items_order_idx ON hub_collection_items (collection_id, position)",
      "CREATE INDEX IF NOT EXISTS hub_collection_items_target_idx ON hub_collection_items (item_type, item_key)",
    ],
  },
];
