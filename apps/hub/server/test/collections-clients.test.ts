// Collections with the official clients against a real server: every collection method of huggingface_hub 2.0.0
// and 1.33.0 (create_collection with exists_ok, get_collection, list_collections with each filter,
// update_collection_metadata, add_collection_item with a note and exists_ok, update_collection_item,
// delete_collection_item with missing_ok, delete_collection with missing_ok, a private collection seen by another
// user) and the three @huggingface/hub exports (createCollection, listCollections, deleteCollection).
import { createCollection, deleteCollection, listCollections } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { hfCli, python, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let bob = "";

beforeAll(async () => {
  hub = await startTestHub("collections-clients");
  expect((await hub.admin("/api/admin/users", { name: "bob" })).status).toBe(200);
  const answer = (await (await hub.admin("/api/admin/tokens", { user: "bob", role: "write", name: "w" })).json()) as {
    token: string;
  };
  bob = answer.token;
}, 60_000);
afterAll(() => hub?.close());

const lastJson = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  const tag = version.replace(/\./g, "-");

  test("every collection method", async () => {
    const result = await python(
      version,
      hub,
      `
import json
from huggingface_hub import HfApi
from huggingface_hub.utils import HfHubHTTPError
alice = HfApi(token=${JSON.stringify(hub.writeToken)})
bob = HfApi(token=${JSON.stringify(bob)})
out = {}
alice.create_repo("alice/model-${tag}")
alice.create_repo("alice/secret-${tag}", private=True)
alice.create_repo("alice/data-${tag}", repo_type="dataset")

c = alice.create_collection("Picks ${version}", description="My picks")
out["created"] = [c.slug, c.title, c.owner["name"], c.private, c.description, c.items, c.url, c.position, c.upvotes]
again = alice.create_collection("Picks ${version}", exists_ok=True)
out["exists_ok"] = again.slug
try:
    alice.create_collection("Picks ${version}")
except HfHubHTTPError as error:
    out["dup_status"] = error.response.status_code

c = alice.add_collection_item(c.slug, "alice/model-${tag}", "model", note="A model")
c = alice.add_collection_item(c.slug, "alice/data-${tag}", "dataset")
c = alice.add_collection_item(c.slug, "2311.12983", "paper")
c = alice.add_collection_item(c.slug, "alice/secret-${tag}", "model")
c = alice.add_collection_item(c.slug, "alice/model-${tag}", "model", exists_ok=True)
try:
    alice.add_collection_item(c.slug, "alice/model-${tag}", "model")
except HfHubHTTPError as error:
    out["dup_item"] = error.response.status_code
try:
    bob.add_collection_item(c.slug, "alice/model-${tag}", "model")
except HfHubHTTPError as error:
    out["bob_add"] = error.response.status_code
out["items"] = [[i.item_type, i.item_id, i.position, i.note] for i in c.items]
out["bob_sees"] = [i.item_id for i in bob.get_collection(c.slug).items]

alice.update_collection_item(c.slug, c.items[2].item_object_id, position=0, note="Read first")
g = alice.get_collection(c.slug)
out["moved"] = [[i.item_id, i.position, i.note] for i in g.items]
alice.delete_collection_item(c.slug, g.items[1].item_object_id)
alice.delete_collection_item(c.slug, g.items[1].item_object_id, missing_ok=True)
out["after_delete"] = [i.item_id for i in alice.get_collection(c.slug).items]

u = alice.update_collection_metadata(c.slug, title="Renamed ${version}", description="New", theme="green", private=True)
out["updated"] = [u.slug, u.title, u.description, u.theme, u.private, u.last_updated.year > 2000]
try:
    bob.get_collection(u.slug)
except HfHubHTTPError as error:
    out["bob_private"] = error.response.status_code
out["old_slug"] = alice.get_collection(c.slug).title

other = bob.create_collection("Bob ${version}")
out["listed_owner"] = sorted(x.title for x in alice.list_collections(owner="alice"))
out["listed_item"] = [x.title for x in alice.list_collections(item="models/alice/model-${tag}")]
out["listed_bob_view"] = [x.title for x in bob.list_collections(owner="alice")]
out["listed_sorted"] = [x.title for x in bob.list_collections(owner=["alice", "bob"], sort="lastModified", limit=1)]
out["listed_positions"] = [x.position for x in alice.list_collections(owner=["alice", "bob"])]

alice.delete_collection(u.slug)
alice.delete_collection(u.slug, missing_ok=True)
try:
    alice.get_collection(u.slug)
except HfHubHTTPError as error:
    out["deleted"] = error.response.status_code
bob.delete_collection(other.slug)
print(json.dumps(out))
`,
    );
    expect(result.stderr).not.toMatch(/Traceback/);
    const out = lastJson(result.stdout);
    const created = out.created as unknown[];
    const slug = created[0] as string;
    expect(slug).toMatch(new RegExp(`^alice/picks-${tag}-[0-9a-f]{24}$`));
    expect(created.slice(1)).toEqual([
      `Picks ${version}`,
      "alice",
      false,
      "My picks",
      [],
      `${hub.url}/collections/${slug}`,
      0,
      0,
    ]);
    expect(out.exists_ok).toBe(slug);
    expect(out.dup_status).toBe(409);
    expect(out.dup_item).toBe(409);
    expect(out.bob_add).toBe(403);
    expect(out.items).toEqual([
      ["model", `alice/model-${tag}`, 0, "A model"],
      ["dataset", `alice/data-${tag}`, 1, null],
      ["paper", "2311.12983", 2, null],
      ["model", `alice/secret-${tag}`, 3, null],
    ]);
    expect(out.bob_sees).toEqual([`alice/model-${tag}`, `alice/data-${tag}`, "2311.12983"]);
    expect(out.moved).toEqual([
      ["2311.12983", 0, "Read first"],
      [`alice/model-${tag}`, 1, "A model"],
      [`alice/data-${tag}`, 2, null],
      [`alice/secret-${tag}`, 3, null],
    ]);
    expect(out.after_delete).toEqual(["2311.12983", `alice/data-${tag}`, `alice/secret-${tag}`]);
    const updated = out.updated as unknown[];
    expect(updated[0]).toBe(`alice/renamed-${tag}-${slug.slice(-24)}`);
    expect(updated.slice(1)).toEqual([`Renamed ${version}`, "New", "green", true, true]);
    expect(out.bob_private).toBe(404);
    expect(out.old_slug).toBe(`Renamed ${version}`);
    expect(out.listed_owner).toEqual([`Renamed ${version}`]);
    expect(out.listed_item).toEqual([]); // the model was removed from it
    expect(out.listed_bob_view).toEqual([]);
    expect(out.listed_sorted).toEqual([`Bob ${version}`]);
    expect(out.listed_positions).toEqual([0, 1]);
    expect(out.deleted).toBe(404);
  }, 120_000);
});

describe.each(PYTHON_CLIENTS)("hf collections (CLI of huggingface_hub %s)", (version) => {
  test("create, add-item with a slug without its id, ls, info, delete", async () => {
    const tag = version.replace(/\./g, "-");
    const cli = (...args: string[]) => hfCli(version, hub, args, hub.writeToken, hub.work);
    const made = await cli(
      "collections",
      "create",
      `CLI ${version}`,
      "--description",
      "from the CLI",
      "--format",
      "json",
    );
    expect(made.code, made.stderr).toBe(0);
    const slug = (JSON.parse(made.stdout) as { slug: string }).slug;
    expect(slug).toMatch(new RegExp(`^alice/cli-${tag}-[0-9a-f]{24}$`));
    // The CLI's own examples name a collection without its id.
    const added = await cli("collections", "add-item", `alice/cli-${tag}`, "2311.12983", "paper", "--note", "Read it");
    expect(added.code, added.stderr).toBe(0);
    const listed = await cli(
      "collections",
      "ls",
      "--owner",
      "alice",
      "--item",
      "papers/2311.12983",
      "--format",
      "json",
    );
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as Array<{ slug: string }>).map((one) => one.slug)).toEqual([slug]);
    const info = await cli("collections", "info", slug, "--format", "json");
    expect(info.code, info.stderr).toBe(0);
    const items = (JSON.parse(info.stdout) as { items: Array<{ item_id: string; note: string }> }).items;
    expect(items.map((item) => [item.item_id, item.note])).toEqual([["2311.12983", "Read it"]]);
    const deleted = await cli("collections", "delete", slug);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect((await fetch(`${hub.url}/api/collections/${slug}`)).status).toBe(404);
  }, 120_000);
});

describe("@huggingface/hub", () => {
  test("createCollection, listCollections (owner, q, limit over pages), deleteCollection", async () => {
    const credentials = { accessToken: hub.writeToken };
    const slugs: string[] = [];
    for (const title of ["JS one", "JS two", "JS three"])
      slugs.push(
        (
          await createCollection({
            collection: { title, namespace: "alice", description: "from js", private: title === "JS three" },
            hubUrl: hub.url,
            ...credentials,
          })
        ).slug,
      );
    expect(slugs[0]).toMatch(/^alice\/js-one-[0-9a-f]{24}$/);
    const titles = async (search: { owner?: string[]; q?: string }, accessToken?: string, limit?: number) => {
      const found: string[] = [];
      for await (const one of listCollections({
        search,
        hubUrl: hub.url,
        ...(limit !== undefined ? { limit } : {}),
        ...(accessToken !== undefined ? { accessToken } : {}),
      }))
        found.push(one.title);
      return found;
    };
    expect((await titles({ owner: ["alice"], q: "js" }, hub.writeToken)).sort()).toEqual([
      "JS one",
      "JS three",
      "JS two",
    ]);
    expect((await titles({ owner: ["alice"], q: "js" }, bob)).sort()).toEqual(["JS one", "JS two"]);
    expect(await titles({ owner: ["alice"], q: "js" }, undefined, 1)).toHaveLength(1);
    await deleteCollection({ slug: slugs[1] ?? "", hubUrl: hub.url, ...credentials });
    expect((await titles({ owner: ["alice"], q: "js" }, hub.writeToken)).sort()).toEqual(["JS one", "JS three"]);
    await expect(deleteCollection({ slug: slugs[0] ?? "", hubUrl: hub.url, accessToken: bob })).rejects.toThrow(
      /rights/,
    );
  });
});
