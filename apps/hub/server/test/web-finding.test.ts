// The site routes for finding things and running spaces, on a real hub: facet counts (`/api/web/facets/{type}s`),
// the global search (`/api/quicksearch`) and a static space's app (`/spaces/{id}/app/…`), each with private
// repositories only for whom may see them and hostile input answered with a 4xx.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentTypeOf, parseSpaceAppPath, SPACE_APP_CSP } from "../src/api/web-space-app.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;

async function create(name: string, type: "model" | "dataset" | "space", extra: Record<string, unknown> = {}) {
  const response = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, type, ...extra }),
  });
  expect(response.status).toBe(200);
}

async function commit(repoApi: string, files: Array<{ path: string; content: string | Buffer }>) {
  const lines = [
    JSON.stringify({ key: "header", value: { summary: "add files", description: "" } }),
    ...files.map((file) =>
      JSON.stringify({
        key: "file",
        value: {
          path: file.path,
          content: (typeof file.content === "string" ? Buffer.from(file.content) : file.content).toString("base64"),
          encoding: "base64",
        },
      }),
    ),
  ];
  const response = await fetch(`${hub.url}${repoApi}/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/x-ndjson" },
    body: `${lines.join("\n")}\n`,
  });
  expect(response.status).toBe(200);
}

/** A header-only safetensors file: the parameter count reads the shapes, not the data. */
function safetensors(shape: number[]): Buffer {
  const header = Buffer.from(JSON.stringify({ w: { dtype: "BF16", shape, data_offsets: [0, 0] } }));
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(header.length));
  return Buffer.concat([length, header]);
}

const card = (front: string) => `---\n${front}\n---\n# Card\n`;
const get = (path: string, token?: string) =>
  fetch(`${hub.url}${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

interface Facets {
  total: number;
  truncated: boolean;
  facets: Record<string, Array<{ value: string; count: number }>>;
}

beforeAll(async () => {
  hub = await startTestHub("web-finding");
  await create("findme-mit-a", "model");
  await commit("/api/models/alice/findme-mit-a", [
    { path: "README.md", content: card("license: mit\nlanguage: [en, fr]\npipeline_tag: text-classification") },
  ]);
  await create("findme-mit-b", "model");
  await commit("/api/models/alice/findme-mit-b", [
    { path: "README.md", content: card("license: mit\nlanguage: en\npipeline_tag: fill-mask") },
  ]);
  await create("findme-secret", "model", { private: true });
  await commit("/api/models/alice/findme-secret", [
    { path: "README.md", content: card("license: apache-2.0\npipeline_tag: fill-mask") },
  ]);
  await create("findme-data", "dataset");
  await commit("/api/datasets/alice/findme-data", [
    { path: "README.md", content: card("license: cc-by-4.0\ntask_categories: [text-classification]") },
    { path: "train.csv", content: "a,b\n1,2\n" },
  ]);
  await create("findme-app", "space", { sdk: "static" });
  await commit("/api/spaces/alice/findme-app", [
    { path: "index.html", content: "<!doctype html><title>app</title><script src='app.js'></script>" },
    { path: "app.js", content: "document.title = 'ran';" },
    { path: "assets/logo.svg", content: "<svg xmlns='http://www.w3.org/2000/svg'/>" },
  ]);
  await create("findme-hidden-app", "space", { sdk: "static", private: true });
  await create("findme-gradio", "space", { sdk: "gradio" });
  // Size classes: two models measured by their weights (one claims a class in its card), two datasets by card.
  await create("sizeme-tiny", "model");
  await commit("/api/models/alice/sizeme-tiny", [
    { path: "README.md", content: card("license: mit\ntags: [parameters:>100B]") },
    { path: "model.safetensors", content: safetensors([4, 8]) },
  ]);
  await create("sizeme-3b", "model");
  await commit("/api/models/alice/sizeme-3b", [{ path: "model.safetensors", content: safetensors([3_000_000, 1000]) }]);
  await create("sizeme-unmeasured", "model");
  await create("sizeme-small", "dataset");
  await commit("/api/datasets/alice/sizeme-small", [{ path: "README.md", content: card("size_categories: n<1K") }]);
  await create("sizeme-large", "dataset");
  await commit("/api/datasets/alice/sizeme-large", [
    { path: "README.md", content: card("size_categories:\n- 1K<n<10K") },
  ]);
}, 120_000);

afterAll(async () => {
  await hub?.close();
});

describe("GET /api/web/facets/{type}s", () => {
  it("counts each facet over the matching public repositories, leaving out the facet's own filter", async () => {
    const all = (await (await get("/api/web/facets/models?search=findme")).json()) as Facets;
    expect(all.total).toBe(2);
    expect(all.truncated).toBe(false);
    expect(all.facets.license).toEqual([{ value: "license:mit", count: 2 }]);
    expect(all.facets.language).toEqual([
      { value: "en", count: 2 },
      { value: "fr", count: 1 },
    ]);
    expect(all.facets.pipeline_tag).toEqual([
      { value: "fill-mask", count: 1 },
      { value: "text-classification", count: 1 },
    ]);
    expect(all.facets.author).toEqual([{ value: "alice", count: 2 }]);

    // With a task chosen, the other tasks keep their counts; the other facets narrow.
    const chosen = (await (await get("/api/web/facets/models?search=findme&pipeline_tag=fill-mask")).json()) as Facets;
    expect(chosen.total).toBe(1);
    expect(chosen.facets.pipeline_tag).toHaveLength(2);
    expect(chosen.facets.language).toEqual([{ value: "en", count: 1 }]);
    const filtered = (await (await get("/api/web/facets/models?search=findme&filter=fr")).json()) as Facets;
    expect(filtered.total).toBe(1);
    expect(filtered.facets.language).toHaveLength(2);
  });

  it("counts private repositories only for their owner", async () => {
    const owner = (await (await get("/api/web/facets/models?search=findme", hub.readToken)).json()) as Facets;
    expect(owner.total).toBe(3);
    expect(owner.facets.license).toContainEqual({ value: "license:apache-2.0", count: 1 });
  });

  it("has the dataset and space facets", async () => {
    const datasets = (await (await get("/api/web/facets/datasets?search=findme")).json()) as Facets;
    expect(datasets.facets.task).toEqual([{ value: "task_categories:text-classification", count: 1 }]);
    expect(datasets.facets.format).toEqual([{ value: "format:csv", count: 1 }]);
    const spaces = (await (await get("/api/web/facets/spaces?search=findme")).json()) as Facets;
    expect(spaces.facets.sdk).toEqual([
      { value: "gradio", count: 1 },
      { value: "static", count: 1 },
    ]);
  });

  it("answers hostile input with 4xx", async () => {
    expect((await get("/api/web/facets/users")).status).toBe(404);
    expect((await get("/api/web/facets/models?pipeline_tag=a%27%3B%20drop")).status).toBe(400);
    expect((await get(`/api/web/facets/models?search=${"x".repeat(300)}`)).status).toBe(400);
    expect((await get("/api/web/facets/models?author=a&author=b")).status).toBe(400);
    const weird = await get(`/api/web/facets/models?search=${encodeURIComponent("'\"&|!():*\\")}`);
    expect(weird.status).toBe(200);
  });
});

describe("size classes", () => {
  const ids = async (path: string) =>
    ((await (await get(path)).json()) as Array<{ id: string }>).map((repo) => repo.id).sort();

  it("counts models by their measured parameters and datasets by their card's size_categories", async () => {
    const models = (await (await get("/api/web/facets/models?search=sizeme")).json()) as Facets;
    expect(models.total).toBe(3);
    // The card's own `parameters:>100B` claim is not a class: the weights say 32 parameters.
    expect(models.facets.size).toEqual([
      { value: "parameters:1B-10B", count: 1 },
      { value: "parameters:<1B", count: 1 },
    ]);
    const datasets = (await (await get("/api/web/facets/datasets?search=sizeme")).json()) as Facets;
    expect(datasets.facets.size).toEqual([
      { value: "size_categories:1K<n<10K", count: 1 },
      { value: "size_categories:n<1K", count: 1 },
    ]);
    // With a class chosen, the others keep their counts and the rest narrows.
    const chosen = (await (
      await get(`/api/web/facets/models?search=sizeme&filter=${encodeURIComponent("parameters:<1B")}`)
    ).json()) as Facets;
    expect(chosen.total).toBe(1);
    expect(chosen.facets.size).toHaveLength(2);
    expect(chosen.facets.license).toEqual([{ value: "license:mit", count: 1 }]);
  });

  it("filters the listings by a class, < and > included", async () => {
    expect(await ids(`/api/models?search=sizeme&filter=${encodeURIComponent("parameters:<1B")}`)).toEqual([
      "alice/sizeme-tiny",
    ]);
    expect(await ids(`/api/models?search=sizeme&filter=${encodeURIComponent("parameters:1B-10B")}`)).toEqual([
      "alice/sizeme-3b",
    ]);
    expect(await ids(`/api/models?search=sizeme&filter=${encodeURIComponent("parameters:>100B")}`)).toEqual([]);
    expect(await ids(`/api/datasets?filter=${encodeURIComponent("size_categories:1K<n<10K")}`)).toEqual([
      "alice/sizeme-large",
    ]);
    expect(await ids(`/api/datasets?filter=${encodeURIComponent("size_categories:n<1K")}`)).toContain(
      "alice/sizeme-small",
    );
  });

  it("still refuses filter values outside the tag alphabet", async () => {
    for (const bad of ["a'b", "a b", "{a,b}", 'a"b', "a\\b", "<1B", `a${"b".repeat(200)}`, "a;b"]) {
      const response = await get(`/api/models?filter=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/Invalid value for "filter"/);
    }
  });
});

describe("GET /api/quicksearch", () => {
  it("finds repositories of each type and accounts by prefix; private ones only for their owner", async () => {
    const body = (await (await get("/api/quicksearch?q=findme")).json()) as Record<string, Array<{ id: string }>>;
    expect(body.models?.map((m) => m.id).sort()).toEqual(["alice/findme-mit-a", "alice/findme-mit-b"]);
    expect(body.datasets?.map((m) => m.id)).toEqual(["alice/findme-data"]);
    expect(body.spaces?.map((m) => m.id).sort()).toEqual(["alice/findme-app", "alice/findme-gradio"]);
    const mine = (await (await get("/api/quicksearch?q=findme&limit=10", hub.readToken)).json()) as Record<
      string,
      Array<{ id: string }>
    >;
    expect(mine.models?.map((m) => m.id)).toContain("alice/findme-secret");
    const users = (await (await get("/api/quicksearch?q=ali")).json()) as { users: Array<{ user: string }> };
    expect(users.users.map((u) => u.user)).toContain("alice");
  });

  it("bounds its input", async () => {
    expect(((await (await get("/api/quicksearch")).json()) as { models: unknown[] }).models).toEqual([]);
    expect((await get(`/api/quicksearch?q=${"a".repeat(101)}`)).status).toBe(400);
    expect((await get("/api/quicksearch?q=a&limit=11")).status).toBe(400);
    expect((await get("/api/quicksearch?q=a&q=b")).status).toBe(400);
    expect((await get("/api/quicksearch?q=%00")).status).toBe(400);
  });
});

describe("GET /spaces/{id}/app/…", () => {
  it("serves a public static space's files sandboxed, with their types", async () => {
    const bare = await fetch(`${hub.url}/spaces/alice/findme-app/app`, { redirect: "manual" });
    expect(bare.status).toBe(308);
    expect(bare.headers.get("location")).toBe("/spaces/alice/findme-app/app/");
    const index = await get("/spaces/alice/findme-app/app/");
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(index.headers.get("content-security-policy")).toBe(SPACE_APP_CSP);
    expect(SPACE_APP_CSP).toMatch(/^sandbox allow-scripts/);
    expect(SPACE_APP_CSP).not.toContain("allow-same-origin");
    expect(index.headers.get("x-content-type-options")).toBe("nosniff");
    expect(index.headers.get("set-cookie")).toBeNull();
    expect(await index.text()).toContain("<script src='app.js'>");
    const script = await get("/spaces/alice/findme-app/app/app.js");
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    const folder = await fetch(`${hub.url}/spaces/alice/findme-app/app/assets`, { redirect: "manual" });
    expect(folder.status).toBe(308);
    const svg = await get("/spaces/alice/findme-app/app/assets/logo.svg");
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.headers.get("content-security-policy")).toBe(SPACE_APP_CSP);
    const ranged = await fetch(`${hub.url}/spaces/alice/findme-app/app/app.js`, { headers: { range: "bytes=0-7" } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe("document");
  });

  it("serves no private, non-static or missing space, whatever the credentials", async () => {
    for (const path of [
      "/spaces/alice/findme-hidden-app/app/",
      "/spaces/alice/findme-gradio/app/",
      "/spaces/alice/nothing-here/app/",
      "/spaces/alice/findme-app/app/missing.js",
      "/spaces/alice/findme-app/app/..%2f..%2fsecret",
      "/spaces/alice/findme-app/app/%E0%A4%A",
      "/spaces/alice/bad..name/app/",
    ]) {
      const response = await get(path, hub.writeToken);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-security-policy"), path).toBe(SPACE_APP_CSP);
    }
  });

  it("parses its paths and types", () => {
    expect(parseSpaceAppPath("/spaces/o/n/app")).toEqual({ id: "o/n", path: "index.html", bare: true });
    expect(parseSpaceAppPath("/spaces/o/n/app/a/b/")).toEqual({ id: "o/n", path: "a/b/index.html", bare: false });
    expect(parseSpaceAppPath("/spaces/o/n/app/a%20b.js")?.path).toBe("a b.js");
    expect(parseSpaceAppPath("/spaces/o/n")).toBeUndefined();
    expect(parseSpaceAppPath("/spaces/o/n/apps/x")).toBeUndefined();
    expect(contentTypeOf("x.WASM")).toBe("application/wasm");
    expect(contentTypeOf("x.exe")).toBe("application/octet-stream");
    expect(contentTypeOf("toString")).toBe("application/octet-stream");
  });
});

describe("GET /api/web/readable-repos", () => {
  const ask = async (keys: readonly string[], token?: string) => {
    const query = new URLSearchParams(keys.map((key): [string, string] => ["repo", key]));
    const response = await fetch(`${hub.url}/api/web/readable-repos?${query}`, {
      headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as { readable?: string[]; error?: string } };
  };
  const keys = [
    "model/alice/findme-secret",
    "space/alice/findme-hidden-app",
    "model/seed-org/seed-model",
    "dataset/seed-org/seed-model",
    "model/alice/no-such-thing",
    "model/../../etc",
    "bucket/alice/findme-secret",
    "model",
  ];

  it("answers the asked repositories the caller may read, private ones only for their owner", async () => {
    const anonymous = await ask(keys);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.readable).toEqual(["model/seed-org/seed-model"]);
    expect((await ask(keys, hub.readToken)).body.readable).toEqual([
      "model/alice/findme-secret",
      "space/alice/findme-hidden-app",
      "model/seed-org/seed-model",
    ]);
  });

  it("bounds its question", async () => {
    const many = Array.from({ length: 51 }, (_, i) => `model/seed-org/m${i}`);
    expect((await ask(many)).status).toBe(400);
    expect((await ask([])).body.readable).toEqual([]);
  });
});
