// `/api/collections…` (README.md): list, create, read, update and delete collections; add, update (note,
// position) and remove items. Reading follows the collection's privacy and each item's own visibility
// (collection-store.ts); writing needs a write token (or a browser session) of the owner or of an organization
// member with the write role: the one rule of auth/permissions.ts `can`, with the owner as the namespace.
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { linkNextOffset, offsetFromCursor } from "../api/offset-cursor.js";
import { baseUrl } from "../api/repo-url.js";
import { jsonObjectBody } from "../api/request-body.js";
import { accessFacts, can, canCreateIn } from "../auth/permissions.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { isValidNamespace } from "../repos/repo-ref.js";
import { DbRepoIndex } from "../store/db-repo-index.js";
import { type CollectionRow, CollectionStore, type ItemRow, type Sort } from "./collection-store.js";
import * as input from "./inputs.js";
import { collectionJson, type Nested, slugOf } from "./render.js";
import { COLLECTION_ID, idFromSlugTail } from "./slug.js";
import { type Viewer, viewerOf } from "./viewer.js";

const PAGE_SIZE = 100;
/** A listing shows at most this many items of each collection (the hub's rule; get_collection has them all). */
const LISTED_ITEMS = 4;
const MAX_FILTER_VALUES = 20;
const MAX_QUERY = 200;
const SORTS: readonly Sort[] = ["lastModified", "trending", "upvotes"];

const notFound = () => new ApiError(404, "Collection not found");

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  // The index's database holds the collections; a hub without one (upstream mode) answers 501.
  const store = ctx.index instanceof DbRepoIndex ? new CollectionStore(ctx.index.store.db) : undefined;
  const open = (c: Context<HubEnv>) => {
    if (store === undefined) throw new ApiError(501, "Collections are not available on this Hubkit server");
    return { store, viewer: viewerOf(c.get("principal")), base: baseUrl(c) };
  };

  /** The collection of `/api/collections/{namespace}/{title-id}` if the caller may read it, else 404. */
  const readable = async (c: Context<HubEnv>) => {
    const opened = open(c);
    const namespace = c.req.param("namespace") ?? "";
    const tail = c.req.param("slug") ?? "";
    const id = idFromSlugTail(tail);
    // Without the id (`owner/my-models`, as the CLI's examples write it): the owner's collection of that title.
    const row =
      id !== undefined
        ? await opened.store.get(id, opened.viewer)
        : /^[a-z0-9-]{1,120}$/i.test(tail) && isValidNamespace(namespace)
          ? await opened.store.byTitle(namespace, tail.toLowerCase(), opened.viewer)
          : undefined;
    if (row === undefined || row.owner_key !== namespace.toLowerCase()) throw notFound();
    return { ...opened, row };
  };
  /** Like readable, and the caller may edit it (401 anonymous, 403 otherwise). */
  const editable = async (c: Context<HubEnv>) => {
    const found = await readable(c);
    const principal = c.get("principal");
    if (principal.kind === "anonymous") throw new ApiError(401, "You must be authenticated to change a collection");
    if (!can(principal, "write", { owner: found.row.owner_name, private: false }))
      throw new ApiError(403, `You don't have the rights to change collections of ${found.row.owner_name}`);
    return found;
  };
  /** A collection's answer with every item the viewer sees. */
  const whole = async (store: CollectionStore, viewer: Viewer, base: string, row: CollectionRow) => {
    const items = await store.items([row.id], viewer, input.MAX_ITEMS_PER_COLLECTION);
    return collectionJson(base, row, items, await nestedOf(store, viewer, items), true);
  };

  app.get("/api/collections", async (c) => {
    const { store, viewer, base } = open(c);
    const query = new URL(c.req.url).searchParams;
    const owners = query.getAll("owner");
    const items = query.getAll("item");
    if (owners.length > MAX_FILTER_VALUES) throw new ApiError(400, `At most ${MAX_FILTER_VALUES} owners`);
    if (owners.some((owner) => !isValidNamespace(owner))) return c.json([]);
    if (items.length > 1) throw new ApiError(400, 'Give at most one "item"');
    const sortText = query.get("sort");
    if (sortText !== null && !(SORTS as readonly string[]).includes(sortText))
      throw new ApiError(400, `Invalid sort: expected one of ${SORTS.join(", ")}`);
    // An owner's own list keeps the owner's order unless a sort is asked for.
    const sort: Sort = (sortText as Sort | null) ?? (owners.length > 0 ? "position" : "lastModified");
    const q = (query.get("q") ?? "").trim();
    if (q.length > MAX_QUERY) throw new ApiError(400, `"q" is at most ${MAX_QUERY} characters long`);
    const limitText = query.get("limit") ?? String(PAGE_SIZE);
    if (!/^\d{1,7}$/.test(limitText) || Number(limitText) < 1)
      throw new ApiError(400, '"limit" must be a number from 1');
    const limit = Math.min(Number(limitText), PAGE_SIZE);
    const offset = offsetFromCursor(query.get("cursor"));
    let item: { type: string; key: string } | undefined;
    if (items[0] !== undefined) {
      let ref: input.ItemRef;
      try {
        ref = input.itemFilter(items[0].slice(0, 300));
      } catch (error) {
        // An id no repository can have (`models/gpt2`: no namespace) is in no collection.
        if (error instanceof ApiError && error.status === 404) return c.json([]);
        throw error;
      }
      item = await visibleItemKey(ctx, store, viewer, c, ref);
      if (item === undefined) return c.json([]); // an item the caller cannot see is in no collection for them
    }
    const rows = await store.list({ owners, item, q: q === "" ? undefined : q, sort, limit, offset }, viewer);
    const listed = await store.items(
      rows.map((row) => row.id),
      viewer,
      LISTED_ITEMS,
    );
    const nested = await nestedOf(store, viewer, listed);
    linkNextOffset(c, offset, rows.length, limit);
    return c.json(
      rows.map((row) =>
        collectionJson(
          base,
          row,
          listed.filter((one) => one.collection_id === row.id),
          nested,
          false,
        ),
      ),
    );
  });

  app.post("/api/collections", async (c) => {
    const { store, viewer, base } = open(c);
    const principal = c.get("principal");
    if (principal.kind === "anonymous") throw new ApiError(401, "You must be authenticated to create a collection");
    const body = await jsonObjectBody(c, input.MAX_BODY_BYTES);
    if (body.resourceGroupId !== undefined && body.resourceGroupId !== null)
      throw new ApiError(501, "Resource groups are not available on this Hubkit server");
    const title = input.title(body.title);
    const description = body.description === undefined ? null : input.description(body.description);
    const isPrivate = body.private === undefined ? false : input.flag(body.private, "private");
    const namespace = body.namespace ?? (principal.kind === "user" ? principal.name : undefined);
    if (typeof namespace !== "string" || !isValidNamespace(namespace))
      throw new ApiError(400, '"namespace" must be a user or organization name');
    if (!canCreateIn(principal, namespace))
      throw new ApiError(403, `You don't have the rights to create collections in ${namespace}`);
    const account = await ctx.accounts.account(namespace);
    if (account === undefined) throw new ApiError(404, `Namespace ${namespace} not found`);
    const id = await store.create(
      { key: account.name.toLowerCase(), name: account.name },
      { title, description, private: isPrivate },
    );
    const row = await store.get(id, viewer);
    if (row === undefined) throw notFound();
    return c.json(await whole(store, viewer, base, row));
  });

  app.get("/api/collections/:namespace/:slug", async (c) => {
    const { store, viewer, base, row } = await readable(c);
    return c.json(await whole(store, viewer, base, row));
  });

  app.patch("/api/collections/:namespace/:slug", async (c) => {
    const { store, viewer, base, row } = await editable(c);
    const body = await jsonObjectBody(c, input.MAX_BODY_BYTES);
    await store.update(row, {
      ...(body.title !== undefined ? { title: input.title(body.title) } : {}),
      ...(body.description !== undefined ? { description: input.description(body.description) } : {}),
      ...(body.private !== undefined ? { private: input.flag(body.private, "private") } : {}),
      ...(body.theme !== undefined ? { theme: input.theme(body.theme) } : {}),
      ...(body.position !== undefined ? { position: input.position(body.position) } : {}),
    });
    const updated = await store.get(row.id, viewer);
    if (updated === undefined) throw notFound();
    return c.json({ success: true, data: await whole(store, viewer, base, updated) });
  });

  app.delete("/api/collections/:namespace/:slug", async (c) => {
    const { store, row } = await editable(c);
    await store.delete(row.id);
    return c.json({ success: true });
  });

  app.post("/api/collections/:namespace/:slug/resource-group", async (c) => {
    await editable(c);
    throw new ApiError(501, "Resource groups are not available on this Hubkit server");
  });

  app.post("/api/collections/:namespace/:slug/items", async (c) => {
    const { store, viewer, base, row } = await editable(c);
    const body = await jsonObjectBody(c, input.MAX_BODY_BYTES);
    const ref = input.itemRef(body.item);
    const note = body.note === undefined ? null : input.note(body.note);
    const key = await visibleItemKey(ctx, store, viewer, c, ref);
    if (key === undefined) throw new ApiError(404, "Item not found");
    await store.addItem(row.id, key, note);
    const updated = await store.get(row.id, viewer);
    if (updated === undefined) throw notFound();
    return c.json(await whole(store, viewer, base, updated));
  });

  app.patch("/api/collections/:namespace/:slug/items/:itemId", async (c) => {
    const { store, viewer, row } = await editable(c);
    const itemId = itemIdOf(c);
    const body = await jsonObjectBody(c, input.MAX_BODY_BYTES);
    const fields = {
      ...(body.note !== undefined ? { note: input.note(body.note) } : {}),
      ...(body.position !== undefined ? { position: input.position(body.position) } : {}),
    };
    if (!(await store.updateItem(row.id, itemId, viewer, fields))) throw new ApiError(404, "Item not found");
    return c.json({ success: true });
  });

  app.delete("/api/collections/:namespace/:slug/items/:itemId", async (c) => {
    const { store, viewer, row } = await editable(c);
    if (!(await store.deleteItem(row.id, itemIdOf(c), viewer))) throw new ApiError(404, "Item not found");
    return c.json({ success: true });
  });
}

function itemIdOf(c: Context<HubEnv>): string {
  const id = (c.req.param("itemId") ?? "").toLowerCase();
  if (!COLLECTION_ID.test(id)) throw new ApiError(404, "Item not found");
  return id;
}

/**
 * The stored key of an item the viewer may see (its canonical id for repositories), or undefined: a repository
 * or collection the caller cannot read is answered as if it did not exist.
 */
async function visibleItemKey(
  ctx: HubContext,
  store: CollectionStore,
  viewer: Viewer,
  c: Context<HubEnv>,
  ref: input.ItemRef,
): Promise<{ type: string; key: string; id: string } | undefined> {
  if (ref.type === "paper") return { type: "paper", key: ref.id.toLowerCase(), id: ref.id };
  if (ref.type === "collection") {
    const row =
      ref.id !== undefined
        ? await store.get(ref.id, viewer)
        : await store.byTitle(ref.namespace ?? "", ref.titleSlug ?? "", viewer);
    if (row === undefined || (ref.namespace !== undefined && row.owner_key !== ref.namespace.toLowerCase()))
      return undefined;
    return { type: "collection", key: row.id, id: slugOf(row) };
  }
  const registration = await ctx.index.lookup({ type: ref.type, id: ref.id });
  if (registration === undefined || !can(c.get("principal"), "read", accessFacts(registration))) return undefined;
  return { type: ref.type, key: registration.id.toLowerCase(), id: registration.id };
}

/** The collections that items point to, with how many items each shows this viewer. */
async function nestedOf(store: CollectionStore, viewer: Viewer, items: readonly ItemRow[]): Promise<Nested> {
  const ids = [...new Set(items.flatMap((item) => (item.nested_id === null ? [] : [item.nested_id])))];
  const rows = await store.many(ids, viewer);
  return { rows: new Map(rows.map((row) => [row.id, row])), counts: await store.visibleCounts(ids, viewer) };
}
