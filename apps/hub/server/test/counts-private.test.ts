// Issue 17, finding 12 on a real server: public numbers must not move when a private repository is made (the
// library counts did), a read token must not like (it could), and concurrent creations or moves onto case
// variants of one name must make one repository, not several of which only the first is reachable.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openPglite } from "../src/store/db.js";
import { migrate } from "../src/store/migrations.js";
import { ModelStore } from "../src/store/model-store.js";
import { apiFetch } from "./api-call.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob"]) await hub.user(name);
  tokens.alice = await hub.token("alice", "write");
  tokens.aliceRead = await hub.token("alice", "read");
  tokens.bobRead = await hub.token("bob", "read");
  tokens.bobWrite = await hub.token("bob", "write");
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

function call(method: string, path: string, token?: string, body?: unknown) {
  return apiFetch(hub.url, method, path, token, body);
}

async function jsonOf(path: string, token?: string): Promise<unknown> {
  const response = await call("GET", path, token);
  expect(response.status, path).toBe(200);
  return response.json();
}

/** A card that puts the model in a library, a task, a license and a language: every facet counts it. */
const CARD =
  "---\nlibrary_name: peft\npipeline_tag: token-classification\nlicense: apache-2.0\nlanguage: fr\n---\n# x\n";

function createBody(name: string, visibility: "public" | "private") {
  return { name, type: "model", visibility, files: [{ path: "README.md", content: CARD, encoding: "utf-8" }] };
}

describe("public counts", () => {
  // Every number a visitor (or another user) sees about the whole hub.
  const PUBLIC_NUMBERS = [
    "/api/libraries",
    "/api/tasks",
    "/api/health",
    "/api/web/facets/models",
    "/api/web/facets/models?library=peft",
    "/api/quicksearch?q=counted",
    "/api/models?author=alice",
    "/api/models?library=peft",
  ];

  async function snapshot(token?: string) {
    const numbers: Record<string, unknown> = {};
    for (const path of PUBLIC_NUMBERS) numbers[path] = await jsonOf(path, token);
    return numbers;
  }

  test("a private model changes no public count, for anonymous callers or another user", async () => {
    const before = { anonymous: await snapshot(), bob: await snapshot(tokens.bobRead) };
    const created = await call("POST", "/api/repos/create", tokens.alice, createBody("counted-private", "private"));
    expect(created.status).toBe(200);
    expect({ anonymous: await snapshot(), bob: await snapshot(tokens.bobRead) }).toEqual(before);
    // The owner sees her own model counted in the facets (she may read it).
    const facets = (await jsonOf("/api/web/facets/models", tokens.alice)) as { facets: { library: unknown[] } };
    expect(facets.facets.library).toContainEqual({ value: "peft", count: 1 });
  });

  test("the same model made public is counted (the counts above could move)", async () => {
    const libraries = async () =>
      ((await jsonOf("/api/libraries")) as Array<{ key: string; models: number }>).find((l) => l.key === "peft")
        ?.models;
    const before = await libraries();
    const created = await call("POST", "/api/repos/create", tokens.alice, createBody("counted-public", "public"));
    expect(created.status).toBe(200);
    expect(await libraries()).toBe((before ?? 0) + 1);
    // (A query not asked before: equal questions share a cached answer for 30 s.)
    const facets = (await jsonOf("/api/web/facets/models?pipeline_tag=token-classification")) as {
      facets: { library: unknown[] };
    };
    expect(facets.facets.library).toContainEqual({ value: "peft", count: 1 });
  });
});

describe("likes", () => {
  beforeAll(async () => {
    expect((await call("POST", "/api/repos/create", tokens.alice, { name: "liked", type: "model" })).status).toBe(200);
  });

  test("a read token cannot like or unlike (403), a write token can, and the count did not move", async () => {
    for (const token of [tokens.bobRead, tokens.aliceRead]) {
      const like = await call("POST", "/api/models/alice/liked/like", token);
      expect(like.status).toBe(403);
      expect(like.headers.get("x-error-message")).toMatch(/write/);
      expect((await call("DELETE", "/api/models/alice/liked/like", token)).status).toBe(403);
    }
    expect(await jsonOf("/api/models/alice/liked?expand[]=likes")).toMatchObject({ likes: 0 });
    const like = await call("POST", "/api/models/alice/liked/like", tokens.bobWrite);
    expect(like.status).toBe(200);
    expect(await like.json()).toEqual({ likes: 1 });
  });

  test("a read token liking a private repository gets the missing-repository answer", async () => {
    const answer = async (name: string) => {
      const response = await call("POST", `/api/models/alice/${name}/like`, tokens.bobRead);
      return { status: response.status, body: await response.text() };
    };
    expect(await answer("counted-private")).toEqual(await answer("no-such-repo"));
  });
});

describe("case variants", () => {
  test("concurrent creations of A/Race, A/race, A/RACE: one 200, two 409 with the hub's message, one repository", async () => {
    const names = ["Race", "race", "RACE"];
    const answers = await Promise.all(
      names.map(async (name) => {
        const response = await call("POST", "/api/repos/create", tokens.alice, { name, type: "model" });
        return { name, status: response.status, body: (await response.json()) as Record<string, unknown> };
      }),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((answer) => answer.status === 200)?.name ?? "";
    for (const answer of answers.filter((a) => a.status === 409))
      expect(answer.body).toEqual({
        error: "You already created this model repo",
        url: `${hub.url}/alice/${winner}`,
      });
    const listed = (await jsonOf("/api/models?author=alice&search=race")) as Array<{ id: string }>;
    expect(listed.map((model) => model.id)).toEqual([`alice/${winner}`]);
    for (const name of names)
      expect(await jsonOf(`/api/models/alice/${name}`)).toMatchObject({ id: `alice/${winner}` });
  }, 60_000);

  test("repeated races on other names: never more than one repository per name", async () => {
    for (let round = 0; round < 3; round += 1) {
      const statuses = await Promise.all(
        [`Round${round}`, `round${round}`, `ROUND${round}`, `rOuNd${round}`].map(
          async (name) => (await call("POST", "/api/repos/create", tokens.alice, { name, type: "dataset" })).status,
        ),
      );
      expect(statuses.sort()).toEqual([200, 409, 409, 409]);
      const listed = (await jsonOf(`/api/datasets?author=alice&search=round${round}`)) as unknown[];
      expect(listed).toHaveLength(1);
    }
  }, 60_000);

  test("a move onto a case variant of an existing repository is 409; racing a creation, one of them wins", async () => {
    for (const name of ["Target", "source"])
      expect((await call("POST", "/api/repos/create", tokens.alice, { name, type: "model" })).status).toBe(200);
    const onto = await call("POST", "/api/repos/move", tokens.alice, {
      fromRepo: "alice/source",
      toRepo: "alice/TARGET",
      type: "model",
    });
    expect(onto.status).toBe(409);
    expect(await jsonOf("/api/models/alice/source")).toMatchObject({ id: "alice/source" });

    for (let round = 0; round < 3; round += 1) {
      const from = `mover${round}`;
      expect((await call("POST", "/api/repos/create", tokens.alice, { name: from, type: "model" })).status).toBe(200);
      const [moved, created] = await Promise.all([
        call("POST", "/api/repos/move", tokens.alice, {
          fromRepo: `alice/${from}`,
          toRepo: `alice/Landing${round}`,
          type: "model",
        }),
        call("POST", "/api/repos/create", tokens.alice, { name: `landing${round}`, type: "model" }),
      ]);
      expect([moved.status, created.status].sort()).toEqual([200, 409]);
      const listed = (await jsonOf(`/api/models?author=alice&search=landing${round}`)) as unknown[];
      expect(listed).toHaveLength(1);
      // The loser of the two is intact: a refused move leaves the repository where it was.
      if (moved.status === 409) expect((await call("GET", `/api/models/alice/${from}`)).status).toBe(200);
      const landing = (await jsonOf(`/api/models/alice/landing${round}/tree/main`)) as unknown[];
      expect(landing.length).toBeGreaterThan(0);
    }
  }, 60_000);
});

describe("an index that already holds case-variant duplicates (an old data folder)", () => {
  test("migration 13 keeps the row lookups reached, sets the others aside, and makes ids unique", async () => {
    const db = await openPglite(undefined);
    try {
      await migrate(db);
      // Back to the schema before migration 13, with the duplicates the race made.
      for (const table of ["hub_models", "hub_datasets", "hub_spaces"]) {
        await db.query(`DROP INDEX ${table}_id_lower_key`);
        await db.query(`CREATE INDEX ${table}_lower_idx ON ${table} (lower(id))`);
      }
      await db.query("DROP TABLE hub_case_duplicates");
      await db.query("DELETE FROM hub_schema_migrations WHERE version = 13");
      const insert = (table: string, id: string, sha: string) =>
        db.query(
          `INSERT INTO ${table} (id, author, search, record, private, sha) VALUES ($1, 'alice', ''::tsvector, $2::jsonb, true, $3)`,
          [id, JSON.stringify({ id }), sha],
        );
      for (const [id, sha] of [
        ["alice/Race", "1"],
        ["alice/race", "2"],
        ["alice/RACE", "3"],
        ["alice/other", "4"],
      ] as const)
        await insert("hub_models", id, sha);
      await insert("hub_spaces", "alice/Demo", "5");
      await insert("hub_spaces", "alice/demo", "6");
      const reachedBefore = await db.query<{ id: string }>(
        "SELECT id FROM hub_models WHERE lower(id) = lower('alice/race') ORDER BY id LIMIT 1",
      );

      expect(await migrate(db)).toEqual([13]);
      const models = await db.query<{ id: string }>("SELECT id FROM hub_models ORDER BY id");
      expect(models.map((row) => row.id).sort()).toEqual([reachedBefore[0]?.id, "alice/other"].sort());
      const setAside = await db.query<{ repo_type: string; id: string; kept_id: string }>(
        "SELECT repo_type, id, kept_id FROM hub_case_duplicates ORDER BY repo_type, id",
      );
      expect(setAside).toHaveLength(3);
      expect(
        setAside.filter((row) => row.repo_type === "model").every((row) => row.kept_id === reachedBefore[0]?.id),
      ).toBe(true);
      // From now on a case variant cannot get in, by any statement.
      await expect(insert("hub_models", "ALICE/OTHER", "7")).rejects.toThrow();
      // The store's own writes: an upsert of a case variant updates the stored row (its id stays).
      const store = await ModelStore.open(db);
      await store.upsert([{ id: "Alice/Other", pipeline_tag: "fill-mask" }]);
      expect(await db.query("SELECT id, pipeline_tag FROM hub_models WHERE lower(id) = 'alice/other'")).toEqual([
        { id: "alice/other", pipeline_tag: "fill-mask" },
      ]);
      expect(await store.insertNew({ id: "alice/OTHER" }, "model")).toBe(false);
      expect(await store.insertNew({ id: "alice/fresh" }, "model")).toBe(true);
    } finally {
      await db.close();
    }
  });
});
