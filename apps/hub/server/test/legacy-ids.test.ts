// Issue 22 point 1 and issue 20 point 2 on a real server, raw HTTP: one-segment ids answer like the hub on every
// API, file, git and LFS path. The hub's legacy ids (`gpt2`, `squad`) get a relative 307 to their canonical id (API,
// files, git, site pages), whether or not this hub holds the target and whoever asks; any other one-segment id is
// the missing repository (401 anonymous, 404 otherwise, `X-Error-Code: RepoNotFound`); and no API, download, git or
// LFS path is ever answered by the web app (also through @huggingface/hub). The hub's features outside /api/ that
// Hubkit lacks answer 501.
import { downloadFile, fileExists, listCommits, modelInfo, repoExists } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LEGACY_IDS } from "../src/api/legacy-id-table.js";
import { apiFetch } from "./api-call.js";
import { ADMIN_TOKEN, type AuthHub, startAuthHub } from "./auth-harness.js";
import { type RawAnswer, rawRequest } from "./raw-http.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};
const CONFIG = '{"model_type": "gpt2"}\n';

async function create(token: string, body: Record<string, unknown>): Promise<void> {
  const response = await apiFetch(hub.url, "POST", "/api/repos/create", token, body);
  if (response.status !== 200) throw new Error(`create: ${response.status} ${await response.text()}`);
}

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob"]) await hub.user(name);
  tokens.alice = await hub.token("alice", "write");
  tokens.bob = await hub.token("bob", "write");
  await hub.org("openai-community", ["alice"]);
  await hub.org("google-bert", ["alice"]);
  const files = [
    { path: "README.md", content: "# gpt2\n", encoding: "utf-8" },
    { path: "config.json", content: CONFIG, encoding: "utf-8" },
  ];
  await create(tokens.alice, { name: "gpt2", organization: "openai-community", files });
  // A legacy id whose target is private here: the redirect may say only what the public table says.
  await create(tokens.alice, { name: "bert-base-uncased", organization: "google-bert", private: true, files });
  // A real repository whose name is one of the actions (`/api/models/alice/refs` is its info, not alice's refs).
  await create(tokens.alice, { name: "refs", files });
}, 120_000);
afterAll(async () => {
  await hub?.close();
});

type Caller = "anonymous" | "bob";
const CALLERS: readonly Caller[] = ["anonymous", "bob"];

function send(method: string, path: string, caller: Caller, body?: string): Promise<RawAnswer> {
  const headers: Record<string, string> = {
    ...(caller === "bob" ? { Authorization: `Bearer ${tokens.bob}` } : {}),
    ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
  };
  return rawRequest(hub.url, method, path, headers, body);
}

const PREUPLOAD = JSON.stringify({ files: [{ path: "a.txt", size: 1, sample: "YQ==" }] });
const COMMIT = `${JSON.stringify({ key: "header", value: { summary: "x" } })}\n`;

/** [method, path after `/api/models/{id}`, body] — every repository route huggingface_hub calls with an id. */
const API_ROUTES: readonly (readonly [string, string, string?])[] = [
  ["GET", ""],
  ["HEAD", ""],
  ["GET", "?expand[]=siblings"],
  ["GET", "/revision/main"],
  ["GET", "/revision/HEAD?blobs=true"],
  ["GET", "/commits/main"],
  ["GET", "/tree/main"],
  ["GET", "/tree/main/sub?recursive=true"],
  ["POST", "/paths-info/main", JSON.stringify({ paths: ["config.json"] })],
  ["GET", "/refs"],
  ["GET", "/refs?include_prs=1"],
  ["POST", "/preupload/main", PREUPLOAD],
  ["POST", "/commit/main", COMMIT],
  ["POST", "/branch/dev", "{}"],
  ["DELETE", "/branch/dev"],
  ["POST", "/tag/main", JSON.stringify({ tag: "v1" })],
  ["POST", "/like"],
  ["GET", "/discussions"],
  ["POST", "/super-squash/main", "{}"],
  ["GET", "/xet-read-token/main"],
];

/** [method, path with `{id}`] for downloads, git and LFS. */
const FILE_ROUTES: readonly (readonly [string, string])[] = [
  ["GET", "/{id}/resolve/main/config.json"],
  ["HEAD", "/{id}/resolve/main/config.json"],
  ["GET", "/{id}/resolve/main/sub/dir/file.bin?download=true"],
  ["GET", "/{id}/raw/main/config.json"],
  ["GET", "/{id}/resolve/refs%2Fpr%2F1/config.json"],
];

describe("legacy ids: a relative 307 to the canonical id, as the hub answers", () => {
  for (const [method, rest, body] of API_ROUTES)
    test(`${method} /api/models/gpt2${rest}`, async () => {
      for (const caller of CALLERS)
        for (const spelling of ["gpt2", "GPT2", "%67pt2"]) {
          const answer = await send(method, `/api/models/${spelling}${rest}`, caller, body);
          const where = `${method} ${spelling}${rest} as ${caller}`;
          expect(answer.status, where).toBe(307);
          expect(answer.headers.location, where).toBe(`/api/models/openai-community/gpt2${rest}`);
          expect(answer.headers["content-type"] ?? "", where).not.toMatch(/text\/html/);
        }
    });

  test("downloads, git, LFS and datasets keep the rest of the path and the query", async () => {
    const cases: readonly (readonly [string, string, string])[] = [
      ...FILE_ROUTES.map(
        ([method, path]) =>
          [method, path.replace("{id}", "gpt2"), path.replace("{id}", "openai-community/gpt2")] as const,
      ),
      [
        "GET",
        "/gpt2.git/info/refs?service=git-upload-pack",
        "/openai-community/gpt2.git/info/refs?service=git-upload-pack",
      ],
      ["GET", "/gpt2/info/refs?service=git-upload-pack", "/openai-community/gpt2/info/refs?service=git-upload-pack"],
      ["POST", "/gpt2.git/git-upload-pack", "/openai-community/gpt2.git/git-upload-pack"],
      ["POST", "/gpt2.git/info/lfs/objects/batch", "/openai-community/gpt2.git/info/lfs/objects/batch"],
      ["GET", "/datasets/squad/resolve/main/train.csv", "/datasets/rajpurkar/squad/resolve/main/train.csv"],
      ["GET", "/api/datasets/squad/revision/main", "/api/datasets/rajpurkar/squad/revision/main"],
      ["GET", "/api/datasets/Squad", "/api/datasets/rajpurkar/squad"],
      ["GET", "/api/models/bert-base-uncased/tree/main", "/api/models/google-bert/bert-base-uncased/tree/main"],
      ["GET", "/t5-small/resolve/main/config.json", "/google-t5/t5-small/resolve/main/config.json"],
    ];
    for (const [method, path, location] of cases)
      for (const caller of CALLERS) {
        const answer = await send(method, path, caller, method === "POST" ? "{}" : undefined);
        expect(answer.status, `${method} ${path} as ${caller}`).toBe(307);
        expect(answer.headers.location, `${method} ${path}`).toBe(location);
      }
  });

  test("site pages redirect too (GET and HEAD only); a legacy model id is no dataset id", async () => {
    for (const [path, location] of [
      ["/gpt2", "/openai-community/gpt2"],
      ["/GPT2", "/openai-community/gpt2"],
      ["/gpt2/tree/main", "/openai-community/gpt2/tree/main"],
      ["/gpt2/blob/main/config.json", "/openai-community/gpt2/blob/main/config.json"],
      ["/gpt2/commits/main", "/openai-community/gpt2/commits/main"],
      ["/datasets/squad", "/datasets/rajpurkar/squad"],
      ["/bert-base-uncased?x=1", "/google-bert/bert-base-uncased?x=1"],
    ] as const)
      for (const method of ["GET", "HEAD"]) {
        const answer = await send(method, path, "anonymous");
        expect(answer.status, `${method} ${path}`).toBe(307);
        expect(answer.headers.location, path).toBe(location);
      }
    expect((await send("POST", "/gpt2", "anonymous", "{}")).status).not.toBe(307);
    // `squad` is a legacy dataset id, not a model id: as a model it names nothing.
    const model = await send("GET", "/api/models/squad", "bob");
    expect(model.status).toBe(404);
    expect(model.headers["x-error-code"]).toBe("RepoNotFound");
    // The site's own sections and owners are not ids.
    expect((await send("GET", "/alice", "anonymous")).status).toBe(200);
    expect((await send("GET", "/models", "anonymous")).status).toBe(200);
  });

  test("following the redirect reaches the local repository (fetch follows it like both clients)", async () => {
    const info = await fetch(`${hub.url}/api/models/gpt2/revision/main`);
    expect(info.status).toBe(200);
    expect(((await info.json()) as { id: string }).id).toBe("openai-community/gpt2");
    const file = await fetch(`${hub.url}/gpt2/resolve/main/config.json`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(CONFIG);
    const refs = await fetch(`${hub.url}/api/models/gpt2/refs`);
    expect(((await refs.json()) as { branches: { name: string }[] }).branches.map((b) => b.name)).toEqual(["main"]);
    const commits = await fetch(`${hub.url}/api/models/gpt2/commits/main`);
    expect(commits.status).toBe(200);
    expect(((await commits.json()) as unknown[]).length).toBeGreaterThan(0);
  });

  test("a private target answers after the redirect exactly as a missing one (only the public table is told)", async () => {
    for (const caller of CALLERS)
      for (const rest of ["", "/revision/main", "/refs"]) {
        const hidden = await fetch(`${hub.url}/api/models/bert-base-uncased${rest}`, {
          headers: caller === "bob" ? { Authorization: `Bearer ${tokens.bob}` } : {},
        });
        const missing = await fetch(`${hub.url}/api/models/t5-small${rest}`, {
          headers: caller === "bob" ? { Authorization: `Bearer ${tokens.bob}` } : {},
        });
        const where = `${rest} as ${caller}`;
        expect(hidden.status, where).toBe(caller === "anonymous" ? 401 : 404);
        expect(hidden.headers.get("x-error-code"), where).toBe("RepoNotFound");
        expect(missing.status, where).toBe(hidden.status);
        expect(await hidden.text(), where).toBe(await missing.text());
      }
    // Its owner follows the redirect to it.
    const owner = await fetch(`${hub.url}/api/models/bert-base-uncased`, {
      headers: { Authorization: `Bearer ${tokens.alice}` },
    });
    expect(owner.status).toBe(200);
  });

  test("the table is data: every entry is a valid `owner/name` and its key is lower case", () => {
    for (const table of Object.values(LEGACY_IDS))
      for (const [from, to] of Object.entries(table)) {
        expect(from).toBe(from.toLowerCase());
        expect(from).not.toContain("/");
        expect(to).toMatch(/^[A-Za-z0-9-]+\/[A-Za-z0-9_.-]+$/);
      }
    expect(LEGACY_IDS.model.gpt2).toBe("openai-community/gpt2");
  });
});

describe("@huggingface/hub follows the redirect and reads missing one-segment ids as missing", () => {
  test("modelInfo, downloadFile, fileExists, listCommits and repoExists on gpt2 and on an id that names nothing", async () => {
    const hubUrl = hub.url;
    expect((await modelInfo({ name: "gpt2", hubUrl })).name).toBe("openai-community/gpt2");
    expect(await (await downloadFile({ repo: "gpt2", path: "config.json", hubUrl }))?.text()).toBe(CONFIG);
    expect(await fileExists({ repo: "gpt2", path: "config.json", hubUrl })).toBe(true);
    expect(await fileExists({ repo: "gpt2", path: "nope.json", hubUrl })).toBe(false);
    const titles: string[] = [];
    for await (const commit of listCommits({ repo: "gpt2", hubUrl })) titles.push(commit.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(await repoExists({ repo: "gpt2", hubUrl })).toBe(true);
    expect(await repoExists({ repo: "no-such-model", hubUrl })).toBe(false);
    expect(await repoExists({ repo: "t5-small", hubUrl })).toBe(false);
    // With a token, a missing repository's file is a 404: false (anonymous callers get the hub's 401, which throws).
    const accessToken = tokens.bob as string;
    expect(await fileExists({ repo: "no-such-model", path: "config.json", hubUrl, accessToken })).toBe(false);
    await expect(modelInfo({ name: "no-such-model", hubUrl })).rejects.toThrow(/Repository not found/);
  });
});

function expectRepoNotFound(answer: RawAnswer, caller: Caller, where: string): void {
  expect(answer.status, where).toBe(caller === "anonymous" ? 401 : 404);
  expect(answer.headers["x-error-code"], where).toBe("RepoNotFound");
  expect(answer.headers["content-type"] ?? "", where).toMatch(/^application\/json/);
}

describe("any other one-segment id: the missing repository, never a site page", () => {
  for (const [method, rest, body] of API_ROUTES)
    test(`${method} /api/{models,datasets,spaces}/no-such-id${rest}`, async () => {
      for (const type of ["models", "datasets", "spaces"])
        for (const id of ["no-such-id", "bob", "alice%2Frefs", "a%2Fb%2Fc", "%E2%9C%93", "x.git"])
          for (const caller of CALLERS) {
            const path = `/api/${type}/${id}${rest}`;
            expectRepoNotFound(await send(method, path, caller, body), caller, `${method} ${path} as ${caller}`);
          }
    });

  test("downloads in every type, and ids of three segments", async () => {
    for (const [method, path] of FILE_ROUTES)
      for (const prefix of ["", "/datasets", "/spaces"])
        for (const id of ["no-such-id", "bob", "alice%2Frefs", "a/b/c"])
          for (const caller of CALLERS) {
            const url = `${prefix}${path.replace("{id}", id)}`;
            expectRepoNotFound(await send(method, url, caller), caller, `${method} ${url} as ${caller}`);
          }
  });

  test("git answers in git's form (a Basic challenge for anonymous callers), LFS in LFS's", async () => {
    for (const path of ["/no-such-id.git/info/refs?service=git-upload-pack", "/no-such-id/info/refs"]) {
      const anonymous = await send("GET", path, "anonymous");
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.headers["www-authenticate"], path).toContain("Basic");
      expect(anonymous.headers["content-type"], path).toMatch(/^text\/plain/);
      const bob = await send("GET", path, "bob");
      expect(bob.status, path).toBe(404);
      expect(bob.body, path).toContain("Repository not found");
    }
    const batch = JSON.stringify({ operation: "download", objects: [{ oid: "a".repeat(64), size: 1 }] });
    for (const caller of CALLERS) {
      const lfs = await send("POST", "/no-such-id.git/info/lfs/objects/batch", caller, batch);
      expect(lfs.status, caller).toBe(caller === "anonymous" ? 401 : 404);
      expect(lfs.headers["content-type"]).toMatch(/^application\/vnd\.git-lfs\+json/);
      expect(JSON.parse(lfs.body)).toMatchObject({ message: expect.stringContaining("Repository not found") });
    }
  });

  test("a two-segment repository named like an action keeps its own routes", async () => {
    const info = await send("GET", "/api/models/alice/refs", "anonymous");
    expect(info.status).toBe(200);
    expect(JSON.parse(info.body)).toMatchObject({ id: "alice/refs" });
    const file = await send("GET", "/alice/refs/resolve/main/config.json", "anonymous");
    expect(file.body).toBe(CONFIG);
    // A site page of a repository whose path holds a `raw` folder is still the site's.
    const page = await send("GET", "/alice/refs/blob/main/raw/x.txt", "anonymous");
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
  });

  test("no API, download, git or LFS path ever answers with the web app", async () => {
    const paths = [
      "/api/models/x",
      "/api/models/x/y/z/w",
      "/api/nothing",
      "/api/models/alice/refs/unknown-action/main",
      "/no-such-id/resolve/main/f",
      "/no-such-id/raw/main/f",
      "/alice/refs/info/lfs/objects/batch",
      "/a/b/c/d/resolve/main/f",
      "/datasets/a/b/c/raw/main/f",
      "/spaces/no-such-id/resolve/main/f",
      "/no-such-id/git-upload-pack",
    ];
    for (const path of paths)
      for (const method of ["GET", "HEAD", "POST", "PUT", "DELETE"])
        for (const caller of CALLERS) {
          const answer = await send(method, path, caller, method === "GET" || method === "HEAD" ? undefined : "{}");
          const where = `${method} ${path} as ${caller}`;
          expect(answer.headers["content-type"] ?? "", where).not.toMatch(/text\/html/);
          expect(answer.status, where).toBeGreaterThanOrEqual(400);
        }
  });
});

describe("the hub's features outside /api/ that Hubkit lacks: 501 naming them", () => {
  const cases: readonly (readonly [string, string, string])[] = [
    ["POST", "/oauth/device", "The OAuth provider"],
    ["POST", "/oauth/token", "The OAuth provider"],
    ["GET", "/oauth/authorize", "The OAuth provider"],
    ["GET", "/oauth/userinfo", "The OAuth provider"],
    ["GET", "/.well-known/openid-configuration", "The OAuth provider"],
    ["GET", "/buckets/alice/b/resolve/data.csv", "Buckets"],
    ["GET", "/buckets/alice/b", "Buckets"],
    ["GET", "/api/agent-harnesses", "The agent harness registry"],
  ];
  for (const [method, path, feature] of cases)
    test(`${method} ${path}`, async () => {
      for (const caller of CALLERS) {
        const answer = await send(method, path, caller, method === "POST" ? "{}" : undefined);
        expect(answer.status, caller).toBe(501);
        expect(answer.headers["content-type"]).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body)).toEqual({
          error: `${feature} ${feature.endsWith("s") ? "are" : "is"} not supported by this hub`,
          feature,
        });
      }
    });
});

describe("legacy ids and the OAuth paths are never account names", () => {
  const refused = async (path: string, body: unknown, token?: string) => {
    const response = await fetch(`${hub.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, error: String(((await response.json()) as { error?: unknown }).error) };
  };

  test.each(["gpt2", "Bert-Base-Uncased", "squad", "oauth"])(
    "%s: refused for users, organizations and sign-up",
    async (name) => {
      for (const [path, body] of [
        ["/api/admin/users", { name }],
        ["/api/admin/organizations", { name, members: [] }],
      ] as const) {
        const answer = await refused(path, body, ADMIN_TOKEN);
        expect(answer.status, `${path} ${name}`).toBe(400);
        expect(answer.error).toMatch(/reserved/);
      }
      const join = await refused("/api/web/join", { username: name, password: "a long enough passphrase 1" });
      expect(join.status).toBe(400);
      expect(join.error).toMatch(/reserved/);
    },
  );
});
