// Collections over HTTP on a real server (collections/README.md): every route, the slug and JSON shapes the
// clients read, the access matrix (anonymous, the owner, an outsider, a read token, organization read and write
// members), private collections answering exactly like missing ones, items pointing to private repositories left
// out for those who cannot read them (positions and counts included), dense reordering, listings with every
// filter and the Link pagination, and hostile inputs (bounds, malformed bodies and slugs).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DbRepoIndex } from "../src/store/db-repo-index.js";
import { apiJson } from "./api-call.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

interface Item {
  _id: string;
  id: string;
  type: string;
  position: number;
  note?: { text: string; html: string };
  numberItems?: number;
  slug?: string;
}
interface Collection {
  slug: string;
  title: string;
  description?: string;
  owner: { name: string; type: string };
  items: Item[];
  private: boolean;
  theme: string;
  position?: number;
  lastUpdated: string;
  upvotes: number;
  gating: boolean;
}
type Body = Collection & { error?: string; slug: string; data?: Collection } & Collection[];

async function call(method: string, path: string, token?: string, body?: unknown) {
  const answer = await apiJson<Body>(hub.url, method, path, token, body, { stringAsIs: true });
  return { status: answer.status, body: answer.body as Body };
}

async function create(token: string, body: Record<string, unknown>): Promise<Collection> {
  const answer = await call("POST", "/api/collections", token, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function add(slug: string, token: string, type: string, id: string, note?: string) {
  return call("POST", `/api/collections/${slug}/items`, token, { item: { type, id }, ...(note ? { note } : {}) });
}

beforeAll(async () => {
  hub = await startAuthHub();
  for (const user of ["alice", "bob", "carol", "dave"]) {
    await hub.user(user);
    tokens[user] = await hub.token(user, "write");
  }
  tokens.aliceRead = await hub.token("alice", "read");
  expect((await call("POST", "/api/organizations/new", tokens.alice, { name: "crew" })).status).toBe(200);
  for (const [user, role] of [
    ["bob", "write"],
    ["carol", "read"],
  ] as const)
    expect((await call("POST", "/api/organizations/crew/members", tokens.alice, { user, role })).status).toBe(200);
  for (const [name, type, organization, priv] of [
    ["pub", "model", undefined, false],
    ["secret", "model", undefined, true],
    ["data", "dataset", undefined, false],
    ["app", "space", undefined, false],
    ["hidden", "model", "crew", true],
  ] as const) {
    const answer = await call("POST", "/api/repos/create", tokens.alice, {
      name,
      type,
      private: priv,
      ...(organization ? { organization } : {}),
      ...(type === "space" ? { sdk: "static" } : {}),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
}, 60_000);
afterAll(() => hub?.close());

describe("create and read", () => {
  test("create answers the collection with the hub's slug and fields; get finds it by the trailing id", async () => {
    const made = await create(tokens.alice, { title: "Best  Models!", namespace: "alice", description: "Mine" });
    expect(made.slug).toMatch(/^alice\/best-models-[0-9a-f]{24}$/);
    expect(made).toMatchObject({
      title: "Best  Models!",
      description: "Mine",
      owner: { name: "alice", type: "user" },
      items: [],
      private: false,
      upvotes: 0,
      gating: false,
      position: 0,
    });
    expect(["orange", "blue", "green", "purple", "pink", "indigo"]).toContain(made.theme);
    expect(Number.isNaN(Date.parse(made.lastUpdated))).toBe(false);
    const id = made.slug.slice(-24);
    for (const path of [made.slug, `alice/anything-${id}`, `ALICE/${id}`]) {
      const got = await call("GET", `/api/collections/${path}`);
      expect(got.status, path).toBe(200);
      expect(got.body.slug).toBe(made.slug);
    }
    // Without the id: the owner's collection of that title (as the CLI's examples write slugs).
    expect((await call("GET", "/api/collections/alice/best-models")).body.slug).toBe(made.slug);
    expect((await call("GET", "/api/collections/alice/no-such-title")).status).toBe(404);
    // The id under another owner is not this collection.
    expect((await call("GET", `/api/collections/bob/best-models-${id}`)).status).toBe(404);
  });

  test("the same title again is 409 with the existing slug; the namespace defaults to the caller", async () => {
    const first = await create(tokens.dave, { title: "Dupe" });
    expect(first.owner.name).toBe("dave");
    const again = await call("POST", "/api/collections", tokens.dave, { title: "dupe", namespace: "dave" });
    expect(again.status).toBe(409);
    expect(again.body.slug).toBe(first.slug);
    expect(typeof again.body.error).toBe("string");
  });

  test("titles without Latin letters are told apart as text (they all slug to `collection`)", async () => {
    const first = await create(tokens.carol, { title: "模型" });
    const second = await create(tokens.carol, { title: "数据" });
    expect(first.slug).toMatch(/^carol\/collection-[0-9a-f]{24}$/);
    expect(second.slug).not.toBe(first.slug);
    const again = await call("POST", "/api/collections", tokens.carol, { title: "模型" });
    expect(again.status).toBe(409);
    expect(again.body.slug).toBe(first.slug);
    for (const made of [first, second])
      expect((await call("DELETE", `/api/collections/${made.slug}`, tokens.carol)).status).toBe(200);
  });

  test("who may create: anonymous 401, a read token 403, another user's namespace 403, org write yes, org read no", async () => {
    expect((await call("POST", "/api/collections", undefined, { title: "x", namespace: "alice" })).status).toBe(401);
    expect((await call("POST", "/api/collections", tokens.aliceRead, { title: "x", namespace: "alice" })).status).toBe(
      403,
    );
    expect((await call("POST", "/api/collections", tokens.dave, { title: "x", namespace: "alice" })).status).toBe(403);
    expect((await call("POST", "/api/collections", tokens.carol, { title: "x", namespace: "crew" })).status).toBe(403);
    const org = await create(tokens.bob, { title: "Crew picks", namespace: "crew" });
    expect(org.owner).toMatchObject({ name: "crew", type: "org" });
    expect(
      (
        await call("POST", "/api/collections", tokens.alice, {
          title: "x",
          namespace: "crew",
          resourceGroupId: "a".repeat(24),
        })
      ).status,
    ).toBe(501);
  });
});

describe("items and access", () => {
  test("add every item type, notes, 409 on a duplicate, 404 for missing and unreadable repositories alike", async () => {
    const col = await create(tokens.alice, { title: "Everything", namespace: "alice" });
    const other = await create(tokens.alice, { title: "Nested target", namespace: "alice" });
    expect((await add(col.slug, tokens.alice, "model", "ALICE/PUB", "Great <b>model</b>")).status).toBe(200);
    expect((await add(col.slug, tokens.alice, "dataset", "alice/data")).status).toBe(200);
    expect((await add(col.slug, tokens.alice, "space", "alice/app")).status).toBe(200);
    expect((await add(col.slug, tokens.alice, "paper", "2311.12983")).status).toBe(200);
    const last = await add(col.slug, tokens.alice, "collection", other.slug);
    expect(last.status).toBe(200);
    expect(last.body.items.map((item) => [item.type, item.id, item.position])).toEqual([
      ["model", "alice/pub", 0],
      ["dataset", "alice/data", 1],
      ["space", "alice/app", 2],
      ["paper", "2311.12983", 3],
      ["collection", other.slug.slice(-24), 4],
    ]);
    expect(last.body.items[0]?.note).toEqual({
      text: "Great <b>model</b>",
      html: "Great &#60;b&#62;model&#60;/b&#62;",
    });
    expect(last.body.items[4]).toMatchObject({ slug: other.slug, numberItems: 0 });
    expect(last.body.items.every((item) => /^[0-9a-f]{24}$/.test(item._id))).toBe(true);

    const dup = await add(col.slug, tokens.alice, "model", "alice/pub");
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBeTruthy();

    // dave owns a collection; alice's private model and crew's private model are missing to him.
    const daves = await create(tokens.dave, { title: "Dave's" });
    const missing = await add(daves.slug, tokens.dave, "model", "alice/nope");
    const unreadable = await add(daves.slug, tokens.dave, "model", "alice/secret");
    expect(missing.status).toBe(404);
    expect(unreadable).toEqual(missing);
    expect((await add(daves.slug, tokens.dave, "dataset", "alice/pub")).status).toBe(404); // wrong type
  });

  test("a collection item by its bare id (as @huggingface/hub sends it) or by owner/title without the id", async () => {
    const holder = await create(tokens.dave, { title: "Test Collection 5d0c2b84-0d8c-4c2e-a1de-7e1e5a4b9a01" });
    expect(holder.slug).toMatch(/^dave\/test-collection-5d0c2b84-0d8c-4c2e-a1de-7e1e5a4b9a01-[0-9a-f]{24}$/);
    const target = await create(tokens.dave, { title: "Target Of Links" });
    const other = await create(tokens.dave, { title: "Other target" });
    const byId = await add(holder.slug, tokens.dave, "collection", target.slug.slice(-24), "This is a test item");
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.items[0]).toMatchObject({
      type: "collection",
      id: target.slug.slice(-24),
      slug: target.slug,
      note: { text: "This is a test item", html: "This is a test item" },
    });
    expect((await add(holder.slug, tokens.dave, "collection", "dave/other-target")).status).toBe(200);
    expect((await add(holder.slug, tokens.dave, "collection", "dave/no-such-title")).status).toBe(404);
    // As on the hub (@huggingface/hub's own spec adds a collection to itself): one level, no recursion.
    const self = await add(holder.slug, tokens.dave, "collection", holder.slug.slice(-24));
    expect(self.status).toBe(200);
    expect(self.body.items.at(-1)).toMatchObject({ slug: holder.slug, numberItems: 3 });
    const items = (await call("GET", `/api/collections/${holder.slug}`)).body.items;
    expect(items.map((item) => item.slug)).toEqual([target.slug, other.slug, holder.slug]);
    const listed = await call("GET", `/api/collections?item=collections/${target.slug.slice(-24)}`);
    expect(listed.body.map((one) => one.slug)).toEqual([holder.slug]);
  });

  test("items pointing to private repositories are left out for those who cannot read them, counts and positions too", async () => {
    const col = await create(tokens.alice, { title: "Mixed", namespace: "alice" });
    await add(col.slug, tokens.alice, "model", "alice/secret");
    await add(col.slug, tokens.alice, "model", "crew/hidden");
    await add(col.slug, tokens.alice, "model", "alice/pub");
    const holder = await create(tokens.alice, { title: "Holder", namespace: "alice" });
    await add(holder.slug, tokens.alice, "collection", col.slug);

    const asOwner = await call("GET", `/api/collections/${col.slug}`, tokens.alice);
    expect(asOwner.body.items.map((item) => [item.id, item.position])).toEqual([
      ["alice/secret", 0],
      ["crew/hidden", 1],
      ["alice/pub", 2],
    ]);
    // carol (crew read member) sees crew's private model, not alice's.
    const asCarol = await call("GET", `/api/collections/${col.slug}`, tokens.carol);
    expect(asCarol.body.items.map((item) => [item.id, item.position])).toEqual([
      ["crew/hidden", 0],
      ["alice/pub", 1],
    ]);
    for (const token of [tokens.dave, undefined]) {
      const got = await call("GET", `/api/collections/${col.slug}`, token);
      expect(got.status).toBe(200);
      expect(got.body.items.map((item) => [item.id, item.position])).toEqual([["alice/pub", 0]]);
      expect(JSON.stringify(got.body)).not.toMatch(/secret|hidden/);
      const nested = await call("GET", `/api/collections/${holder.slug}`, token);
      expect(nested.body.items[0]?.numberItems).toBe(1);
      // The listing filter by a private item answers as for an item in no collection.
      const byItem = await call("GET", "/api/collections?item=models/alice/secret", token);
      expect(byItem.body).toEqual([]);
    }
    expect((await call("GET", `/api/collections/${holder.slug}`, tokens.alice)).body.items[0]?.numberItems).toBe(3);
    const byItem = await call("GET", "/api/collections?item=models/alice/secret", tokens.alice);
    expect(byItem.body.map((one) => one.slug)).toEqual([col.slug]);
  });

  test("a private collection is missing to those who cannot see it; org read members see but cannot edit", async () => {
    const mine = await create(tokens.alice, { title: "Private one", namespace: "alice", private: true });
    const missing = `alice/private-one-${"0".repeat(24)}`;
    for (const token of [tokens.dave, undefined]) {
      const hidden = await call("GET", `/api/collections/${mine.slug}`, token);
      expect(hidden).toEqual(await call("GET", `/api/collections/${missing}`, token));
      expect(hidden.status).toBe(404);
      expect((await call("PATCH", `/api/collections/${mine.slug}`, token, { title: "x" })).status).toBe(404);
      expect((await call("DELETE", `/api/collections/${mine.slug}`, token)).status).toBe(404);
      expect((await add(mine.slug, token ?? tokens.dave, "model", "alice/pub")).status).toBe(404);
      const listed = await call("GET", "/api/collections?owner=alice", token);
      expect(listed.body.map((one) => one.slug)).not.toContain(mine.slug);
      // Nor can it be added to another collection as an item.
    }
    const daves = await create(tokens.dave, { title: "Dave nests" });
    expect((await add(daves.slug, tokens.dave, "collection", mine.slug)).status).toBe(404);

    const crew = await create(tokens.bob, { title: "Crew secret", namespace: "crew", private: true });
    expect((await call("GET", `/api/collections/${crew.slug}`, tokens.carol)).status).toBe(200);
    expect((await call("PATCH", `/api/collections/${crew.slug}`, tokens.carol, { title: "nope" })).status).toBe(403);
    expect((await add(crew.slug, tokens.carol, "model", "alice/pub")).status).toBe(403);
    expect((await call("PATCH", `/api/collections/${crew.slug}`, tokens.alice, { title: "Crew secrets" })).status).toBe(
      200,
    );
    expect((await call("GET", `/api/collections/${crew.slug}`, tokens.dave)).status).toBe(404);
    // Public collections: others may read but not change (403), anonymous callers 401.
    const open = await create(tokens.alice, { title: "Open one", namespace: "alice" });
    expect((await call("PATCH", `/api/collections/${open.slug}`, tokens.dave, { title: "x" })).status).toBe(403);
    expect((await call("PATCH", `/api/collections/${open.slug}`, undefined, { title: "x" })).status).toBe(401);
    expect((await call("PATCH", `/api/collections/${open.slug}`, tokens.aliceRead, { title: "x" })).status).toBe(403);
    expect((await call("DELETE", `/api/collections/${open.slug}`, tokens.dave)).status).toBe(403);
  });
});

describe("update, reorder, delete", () => {
  test("metadata: title (the slug follows, the old slug still works), description, theme, private, position", async () => {
    const first = await create(tokens.carol, { title: "One" });
    const second = await create(tokens.carol, { title: "Two" });
    expect(second.position).toBe(1);
    const patched = await call("PATCH", `/api/collections/${first.slug}`, tokens.carol, {
      title: "Uno",
      description: "first",
      theme: "indigo",
      private: true,
      position: 5,
    });
    expect(patched.status).toBe(200);
    const data = patched.body.data as Collection;
    expect(data).toMatchObject({ title: "Uno", description: "first", theme: "indigo", private: true, position: 1 });
    expect(data.slug).toBe(`carol/uno-${first.slug.slice(-24)}`);
    expect((await call("GET", `/api/collections/${first.slug}`, tokens.carol)).body.title).toBe("Uno");
    expect((await call("GET", `/api/collections/${second.slug}`, tokens.carol)).body.position).toBe(0);
    const owned = await call("GET", "/api/collections?owner=carol", tokens.carol);
    expect(owned.body.map((one) => one.title)).toEqual(["Two", "Uno"]);
    const cleared = await call("PATCH", `/api/collections/${data.slug}`, tokens.carol, { description: "" });
    expect((cleared.body.data as Collection).description).toBeUndefined();
  });

  test("items: note, move by position (dense), remove; unknown item ids 404", async () => {
    const col = await create(tokens.alice, { title: "Order", namespace: "alice" });
    for (const paper of ["2301.00001", "2301.00002", "2301.00003", "2301.00004"])
      await add(col.slug, tokens.alice, "paper", paper);
    const items = (await call("GET", `/api/collections/${col.slug}`)).body.items;
    const [a, b, , d] = items;
    const move = async (item: Item | undefined, position: number) =>
      (await call("PATCH", `/api/collections/${col.slug}/items/${item?._id}`, tokens.alice, { position })).status;
    const order = async () =>
      (await call("GET", `/api/collections/${col.slug}`)).body.items.map((one) => one.id.slice(-1));
    expect(await move(d, 0)).toBe(200);
    expect(await order()).toEqual(["4", "1", "2", "3"]);
    expect(await move(d, 99)).toBe(200);
    expect(await order()).toEqual(["1", "2", "3", "4"]);
    expect(await move(a, 2)).toBe(200);
    expect(await order()).toEqual(["2", "3", "1", "4"]);
    const noted = await call("PATCH", `/api/collections/${col.slug}/items/${b?._id}`, tokens.alice, {
      note: "read me",
    });
    expect(noted.status).toBe(200);
    expect((await call("DELETE", `/api/collections/${col.slug}/items/${a?._id}`, tokens.alice)).status).toBe(200);
    const after = (await call("GET", `/api/collections/${col.slug}`)).body.items;
    expect(after.map((one) => [one.id.slice(-1), one.position])).toEqual([
      ["2", 0],
      ["3", 1],
      ["4", 2],
    ]);
    expect(after[0]?.note?.text).toBe("read me");
    for (const [method, id] of [
      ["DELETE", a?._id],
      ["PATCH", "f".repeat(24)],
      ["DELETE", "not-an-id"],
    ] as const)
      expect((await call(method, `/api/collections/${col.slug}/items/${id}`, tokens.alice, {})).status).toBe(404);
    expect((await call("DELETE", `/api/collections/${col.slug}/items/${b?._id}`, tokens.dave)).status).toBe(403);
  });

  test("moving with a hidden item in between keeps the caller's order; the hidden item stays", async () => {
    const col = await create(tokens.bob, { title: "Moves", namespace: "crew" });
    await add(col.slug, tokens.bob, "paper", "2301.10001");
    // alice (crew admin) adds her private model: bob cannot see it.
    await add(col.slug, tokens.alice, "model", "alice/secret");
    await add(col.slug, tokens.bob, "paper", "2301.10002");
    const seen = (await call("GET", `/api/collections/${col.slug}`, tokens.bob)).body.items;
    expect(seen.map((one) => one.id)).toEqual(["2301.10001", "2301.10002"]);
    const hiddenId = (await call("GET", `/api/collections/${col.slug}`, tokens.alice)).body.items[1]?._id;
    expect((await call("DELETE", `/api/collections/${col.slug}/items/${hiddenId}`, tokens.bob)).status).toBe(404);
    const moved = await call("PATCH", `/api/collections/${col.slug}/items/${seen[1]?._id}`, tokens.bob, {
      position: 0,
    });
    expect(moved.status).toBe(200);
    expect((await call("GET", `/api/collections/${col.slug}`, tokens.bob)).body.items.map((one) => one.id)).toEqual([
      "2301.10002",
      "2301.10001",
    ]);
    expect((await call("GET", `/api/collections/${col.slug}`, tokens.alice)).body.items.map((one) => one.id)).toEqual([
      "2301.10002",
      "2301.10001",
      "alice/secret",
    ]);
  });

  test("delete: the collection is gone and leaves the collections that held it", async () => {
    const target = await create(tokens.dave, { title: "Doomed" });
    const holder = await create(tokens.dave, { title: "Keeper" });
    await add(holder.slug, tokens.dave, "paper", "2301.20001");
    await add(holder.slug, tokens.dave, "collection", target.slug);
    await add(holder.slug, tokens.dave, "paper", "2301.20002");
    expect((await call("DELETE", `/api/collections/${target.slug}`, tokens.dave)).status).toBe(200);
    expect((await call("GET", `/api/collections/${target.slug}`, tokens.dave)).status).toBe(404);
    expect((await call("DELETE", `/api/collections/${target.slug}`, tokens.dave)).status).toBe(404);
    const kept = (await call("GET", `/api/collections/${holder.slug}`)).body.items;
    expect(kept.map((one) => [one.id, one.position])).toEqual([
      ["2301.20001", 0],
      ["2301.20002", 1],
    ]);
  });
});

describe("listing", () => {
  test("owner, item, q, sort and limit filters; at most 4 items each; no position; Link pages", async () => {
    await hub.user("lister");
    const lister = await hub.token("lister", "write");
    const made: Collection[] = [];
    for (const title of ["Alpha set", "Beta set", "Gamma list"]) made.push(await create(lister, { title }));
    for (const paper of ["2302.00001", "2302.00002", "2302.00003", "2302.00004", "2302.00005"])
      await add(made[0]?.slug ?? "", lister, "paper", paper);
    await add(made[1]?.slug ?? "", lister, "model", "alice/pub");

    const all = await call("GET", "/api/collections?owner=lister&sort=lastModified");
    expect(all.body.map((one) => one.title)).toEqual(["Beta set", "Alpha set", "Gamma list"]);
    const alpha = all.body.find((one) => one.title === "Alpha set");
    expect(alpha?.items.map((item) => item.position)).toEqual([0, 1, 2, 3]);
    expect(all.body.every((one) => one.position === undefined)).toBe(true);
    expect((await call("GET", "/api/collections?owner=lister")).body.map((one) => one.title)).toEqual([
      "Alpha set",
      "Beta set",
      "Gamma list",
    ]);
    expect((await call("GET", "/api/collections?owner=lister&q=SET")).body.map((one) => one.title).sort()).toEqual([
      "Alpha set",
      "Beta set",
    ]);
    const byItem = await call("GET", "/api/collections?item=models/alice/pub&owner=lister");
    expect(byItem.body.map((one) => one.title)).toEqual(["Beta set"]);
    expect((await call("GET", "/api/collections?item=papers/2302.00005")).body.map((one) => one.title)).toEqual([
      "Alpha set",
    ]);
    expect((await call("GET", "/api/collections?owner=lister&owner=carol")).body.length).toBeGreaterThan(3);

    const pages: string[] = [];
    let next: string | undefined = `${hub.url}/api/collections?owner=lister&limit=2`;
    while (next !== undefined) {
      const response = await fetch(next);
      expect(response.status).toBe(200);
      pages.push(((await response.json()) as Collection[]).map((one) => one.title).join(","));
      next = /<([^>]+)>; rel="next"/.exec(response.headers.get("link") ?? "")?.[1];
    }
    expect(pages).toEqual(["Alpha set,Beta set", "Gamma list"]);
  });

  test("bad listing parameters are 400", async () => {
    for (const query of [
      "sort=best",
      "limit=0",
      "limit=abc",
      "cursor=bm9wZQ",
      "item=repos/x/y",
      `q=${"x".repeat(201)}`,
      "item=papers/a&item=papers/b",
      Array.from({ length: 21 }, (_, i) => `owner=u${i}x`).join("&"),
    ]) {
      const answer = await call("GET", `/api/collections?${query}`);
      expect(answer.status, query).toBe(400);
      expect(typeof answer.body.error).toBe("string");
    }
    expect((await call("GET", "/api/collections?owner=no--such")).body).toEqual([]);
    for (const query of ["item=models/only-one-part", "item=models/a/b/c"]) {
      const answer = await call("GET", `/api/collections?${query}`);
      expect(answer.status, query).toBe(200);
      expect(answer.body).toEqual([]);
    }
  });
});

describe("hostile input", () => {
  test("bounds and malformed bodies answer 400/413 with an error, never 500", async () => {
    const col = await create(tokens.alice, { title: "Bounds", namespace: "alice" });
    const cases: Array<[string, string, unknown, number]> = [
      ["POST", "/api/collections", { title: "" }, 400],
      ["POST", "/api/collections", { title: "x".repeat(101) }, 400],
      ["POST", "/api/collections", { title: "bad\u0007title" }, 400],
      ["POST", "/api/collections", { title: 5 }, 400],
      ["POST", "/api/collections", { title: "ok", description: "d".repeat(151) }, 400],
      ["POST", "/api/collections", { title: "ok", private: "yes" }, 400],
      ["POST", "/api/collections", { title: "ok", namespace: "../etc" }, 400],
      ["POST", "/api/collections", "{not json", 400],
      ["POST", "/api/collections", "[1,2]", 400],
      ["POST", "/api/collections", { title: "x".repeat(20_000) }, 413],
      ["PATCH", `/api/collections/${col.slug}`, { theme: "red" }, 400],
      ["PATCH", `/api/collections/${col.slug}`, { position: -1 }, 400],
      ["PATCH", `/api/collections/${col.slug}`, { position: 1.5 }, 400],
      ["POST", `/api/collections/${col.slug}/items`, { item: { type: "model" } }, 400],
      ["POST", `/api/collections/${col.slug}/items`, { item: { type: "weird", id: "a/b" } }, 400],
      ["POST", `/api/collections/${col.slug}/items`, { item: "alice/pub" }, 400],
      ["POST", `/api/collections/${col.slug}/items`, { item: { type: "paper", id: "../../x" } }, 400],
      ["POST", `/api/collections/${col.slug}/items`, { item: { type: "collection", id: "nope" } }, 400],
      [
        "POST",
        `/api/collections/${col.slug}/items`,
        { item: { type: "model", id: "alice/pub" }, note: "n".repeat(501) },
        400,
      ],
      ["POST", `/api/collections/${col.slug}/items`, { item: { type: "bucket", id: "alice/b" } }, 501],
      ["POST", `/api/collections/${col.slug}/resource-group`, { resourceGroupId: null }, 501],
    ];
    for (const [method, path, body, status] of cases) {
      const answer = await call(method, path, tokens.alice, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(status);
      expect(typeof answer.body.error).toBe("string");
    }
    for (const path of [
      "/api/collections/alice/not-a-slug",
      `/api/collections/alice/${"a".repeat(23)}`,
      `/api/collections/alice/${"x".repeat(5000)}-${"a".repeat(24)}`,
      "/api/collections/alice/%00",
    ]) {
      const answer = await call("GET", path);
      expect(answer.status, path.slice(0, 80)).toBe(404);
      expect(answer.body.error).toBe("Collection not found");
    }
  });

  test("at most 1000 items per collection and 1000 collections per owner (422)", async () => {
    if (!(hub.ctx.index instanceof DbRepoIndex)) throw new Error("the test hub has a database index");
    const db = hub.ctx.index.store.db;
    await hub.user("filler");
    const filler = await hub.token("filler", "write");
    const col = await create(filler, { title: "Full" });
    const id = col.slug.slice(-24);
    // 999 items written directly (the HTTP way is the same statement 999 times), then the 1000th over HTTP.
    await db.query(
      `INSERT INTO hub_collection_items (id, collection_id, item_type, item_key, item_id, position)
       SELECT lpad(to_hex(n), 24, '0'), $1, 'paper', 'p' || n, 'p' || n, n - 1 FROM generate_series(1, 999) AS n`,
      [id],
    );
    expect((await add(col.slug, filler, "paper", "2303.00001")).status).toBe(200);
    const full = await add(col.slug, filler, "paper", "2303.00002");
    expect(full.status).toBe(422);
    expect(full.body.error).toContain("1000");
    await db.query(
      `INSERT INTO hub_collections (id, owner_key, title, theme, position)
       SELECT lpad(to_hex(n + 4096), 24, '0'), 'filler', 'c' || n, 'blue', n FROM generate_series(1, 999) AS n`,
    );
    const tooMany = await call("POST", "/api/collections", filler, { title: "One more" });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error).toContain("1000");
  });
});
