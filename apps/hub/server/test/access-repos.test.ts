// Repository lifecycle and access control on a real server: create (Python and JS body shapes, names, namespaces,
// 409 with url), settings, move, delete; private repositories against anonymous callers, another user's read
// token and a member of the owning organization (every read answers exactly as for a missing repository); read
// tokens cannot write; gated settings refused with a clear 400. Also createRepo through @huggingface/hub and
// create_repo through both Python clients.
import { createRepo, deleteRepo } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiFetch } from "./api-call.js";
import { type AuthHub, PYTHON_CLIENTS, runPython, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob", "carol"]) await hub.user(name);
  await hub.org("acme", ["alice", "carol"]);
  tokens.aliceWrite = await hub.token("alice", "write");
  tokens.aliceRead = await hub.token("alice", "read");
  tokens.bobWrite = await hub.token("bob", "write");
  tokens.bobRead = await hub.token("bob", "read");
  tokens.carolRead = await hub.token("carol", "read");
  tokens.carolWrite = await hub.token("carol", "write");
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

function call(method: string, path: string, token?: string, body?: unknown) {
  return apiFetch(hub.url, method, path, token, body);
}

/** Status, JSON body and the hub's error headers: what must not differ between private and missing. */
async function answer(response: Response) {
  return {
    status: response.status,
    body: await response.text(),
    code: response.headers.get("x-error-code"),
    message: response.headers.get("x-error-message"),
    type: response.headers.get("content-type"),
  };
}

describe("create", () => {
  test("Python's body (organization null, no type) creates a model under the caller; url is absolute", async () => {
    const response = await call("POST", "/api/repos/create", tokens.aliceWrite, {
      name: "tiny",
      organization: null,
      private: false,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      url: `${hub.url}/alice/tiny`,
      name: "alice/tiny",
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const info = await call("GET", "/api/models/alice/tiny");
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({
      id: "alice/tiny",
      private: false,
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
  });

  test("JS's body (type always, visibility) and spaces with an sdk; an existing repo is 409 with its url", async () => {
    const dataset = await call("POST", "/api/repos/create", tokens.aliceWrite, {
      name: "rows",
      organization: "acme",
      type: "dataset",
      visibility: "private",
    });
    expect(await dataset.json()).toMatchObject({ url: `${hub.url}/datasets/acme/rows`, name: "acme/rows" });
    const space = await call("POST", "/api/repos/create", tokens.aliceWrite, {
      name: "demo",
      type: "space",
      sdk: "static",
    });
    expect(await space.json()).toMatchObject({ url: `${hub.url}/spaces/alice/demo` });
    const again = await call("POST", "/api/repos/create", tokens.aliceWrite, {
      name: "DEMO",
      type: "space",
      sdk: "static",
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: "You already created this space repo",
      url: `${hub.url}/spaces/alice/demo`,
    });
  });

  test("bad input is a 400; others' namespaces 403; a read token or no token cannot create", async () => {
    const cases: Array<[unknown, number]> = [
      [{ name: "a--b" }, 400],
      [{ name: "x".repeat(97) }, 400],
      [{ name: "ok", type: "bucket" }, 400],
      [{ name: "ok", type: "space", sdk: "php" }, 400],
      [{ name: "ok", visibility: "secret" }, 400],
      [{ name: "ok.git" }, 400],
      [{ name: "ok", organization: "bob" }, 403],
      [{ name: "ok", organization: "nobody-here" }, 403],
      [{}, 400],
    ];
    for (const [body, status] of cases)
      expect((await call("POST", "/api/repos/create", tokens.aliceWrite, body)).status, JSON.stringify(body)).toBe(
        status,
      );
    expect((await call("POST", "/api/repos/create", tokens.aliceRead, { name: "ro" })).status).toBe(403);
    expect((await call("POST", "/api/repos/create", undefined, { name: "anon" })).status).toBe(401);
    expect((await call("GET", "/api/models/alice/ro")).status).toBe(401);
  });
});

describe("private repositories", () => {
  beforeAll(async () => {
    const created = await call("POST", "/api/repos/create", tokens.aliceWrite, {
      name: "secret",
      organization: "acme",
      visibility: "private",
    });
    expect(created.status).toBe(200);
  });

  // Every kind of read the clients make (JSON API, files, git), and the settings write.
  const reads = (id: string) => [
    ["GET", `/api/models/${id}`],
    ["GET", `/api/models/${id}/revision/main`],
    ["GET", `/api/models/${id}/tree/main`],
    ["POST", `/api/models/${id}/paths-info/main`],
    ["GET", `/api/models/${id}/refs`],
    ["GET", `/api/models/${id}/commits/main`],
    ["HEAD", `/${id}/resolve/main/.gitattributes`],
    ["GET", `/${id}/resolve/main/.gitattributes`],
    ["GET", `/${id}/raw/main/.gitattributes`],
    ["GET", `/${id}.git/info/refs?service=git-upload-pack`],
    ["PUT", `/api/models/${id}/settings`],
  ];

  test("anonymous callers and another user's tokens get exactly the missing-repository answer", async () => {
    for (const token of [undefined, tokens.bobRead, tokens.bobWrite])
      for (const [index, [method, path]] of reads("acme/secret").entries()) {
        const missingPath = reads("acme/no-such-repo")[index]?.[1] ?? "";
        const body =
          method === "PUT" ? { private: false } : method === "POST" ? { paths: [".gitattributes"] } : undefined;
        const privateAnswer = await answer(await call(method ?? "GET", path ?? "", token, body));
        const missingAnswer = await answer(await call(method ?? "GET", missingPath, token, body));
        expect(privateAnswer, `${method} ${path} as ${token === undefined ? "anonymous" : "bob"}`).toEqual(
          missingAnswer,
        );
        expect(privateAnswer.status, `${method} ${path}`).toBe(token === undefined ? 401 : 404);
        if (!path?.includes(".git/")) expect(privateAnswer.code, `${method} ${path}`).toBe("RepoNotFound");
      }
    const deletion = (name: string) =>
      call("DELETE", "/api/repos/delete", tokens.bobWrite, { name, organization: "acme" });
    expect(await answer(await deletion("secret"))).toEqual(await answer(await deletion("no-such-repo")));
    // The old read-only route's spelling (issue 17: it served any private repo); access-legacy.test.ts has the rest.
    const legacy = async (name: string, token?: string) =>
      answer(await call("GET", `/api/models/acme%2F${name}?expand[]=siblings&expand[]=cardData`, token));
    for (const token of [undefined, tokens.bobRead, tokens.bobWrite])
      expect(await legacy("secret", token)).toEqual(await legacy("no-such-repo", token));
  });

  test("not listed for others; listed and readable for members of the owning organization", async () => {
    const listed = async (token?: string) =>
      ((await (await call("GET", "/api/models?author=acme", token)).json()) as Array<{ id: string }>).map((m) => m.id);
    expect(await listed()).not.toContain("acme/secret");
    expect(await listed(tokens.bobRead)).not.toContain("acme/secret");
    expect(await listed(tokens.carolRead)).toContain("acme/secret");
    const info = await call("GET", "/api/models/acme/secret", tokens.carolRead);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ id: "acme/secret", private: true });
    for (const [method, path] of reads("acme/secret").filter(([method]) => method !== "PUT")) {
      const body = method === "POST" ? { paths: [".gitattributes"] } : undefined;
      const response = await call(method ?? "GET", path ?? "", tokens.carolRead, body);
      expect(response.status, `${method} ${path} as a member`).toBe(200);
    }
  });

  for (const version of PYTHON_CLIENTS)
    test(`huggingface_hub ${version}: the private repo is RepositoryNotFound for others, downloadable for a member`, async () => {
      const code = [
        "import json; from huggingface_hub import HfApi, hf_hub_download",
        "from huggingface_hub.errors import RepositoryNotFoundError",
        "out = []",
        "for call in (lambda: HfApi().model_info('acme/secret'), lambda: hf_hub_download('acme/secret', '.gitattributes'), lambda: HfApi().list_repo_files('acme/secret')):",
        "    try:",
        "        call(); out.append('ok')",
        "    except RepositoryNotFoundError:",
        "        out.append('not found')",
        "print(json.dumps(out))",
      ].join("\n");
      for (const [token, expected] of [
        [undefined, "not found"],
        [tokens.bobRead, "not found"],
        [tokens.carolRead, "ok"],
      ] as const) {
        const result = await runPython(version, hub.url, token, code);
        expect(result.stderr).not.toMatch(/Traceback/);
        expect(JSON.parse(result.stdout), String(token)).toEqual([expected, expected, expected]);
      }
    }, 90_000);

  test("a read token cannot write: settings and delete are 403 for the member's read token", async () => {
    const settings = await call("PUT", "/api/models/acme/secret/settings", tokens.carolRead, { private: false });
    expect(settings.status).toBe(403);
    const deletion = await call("DELETE", "/api/repos/delete", tokens.carolRead, {
      name: "secret",
      organization: "acme",
    });
    expect(deletion.status).toBe(403);
    expect((await call("GET", "/api/models/acme/secret", tokens.carolRead)).status).toBe(200);
  });

  test("settings: a write member may not change them; the org admin's write token makes it public (visible at once) and private again", async () => {
    // carol is a `write` member of acme (alice, its first member, is the admin): settings need the admin role.
    expect(
      (await call("PUT", "/api/models/acme/secret/settings", tokens.carolWrite, { visibility: "public" })).status,
    ).toBe(403);
    expect((await call("GET", "/api/models/acme/secret")).status).toBe(401);
    const publish = await call("PUT", "/api/models/acme/secret/settings", tokens.aliceWrite, { visibility: "public" });
    expect(publish.status).toBe(200);
    expect(await publish.json()).toMatchObject({ private: false });
    expect((await call("GET", "/api/models/acme/secret")).status).toBe(200);
    const hide = await call("PUT", "/api/models/acme/secret/settings", tokens.aliceWrite, { private: true });
    expect(await hide.json()).toMatchObject({ private: true });
    expect((await call("GET", "/api/models/acme/secret")).status).toBe(401);
    expect((await call("PUT", "/api/models/acme/secret/settings", tokens.aliceWrite, { gated: "auto" })).status).toBe(
      200,
    );
    expect((await call("PUT", "/api/models/acme/secret/settings", tokens.aliceWrite, { gated: false })).status).toBe(
      200,
    );
  });
});

describe("move and delete", () => {
  test("move renames; an existing target is 409; another's namespace is 403", async () => {
    await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "old-name" });
    await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "taken" });
    const conflict = await call("POST", "/api/repos/move", tokens.aliceWrite, {
      fromRepo: "alice/old-name",
      toRepo: "alice/taken",
      type: "model",
    });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: "A model repository called alice/taken already exists" });
    const foreign = await call("POST", "/api/repos/move", tokens.aliceWrite, {
      fromRepo: "alice/old-name",
      toRepo: "bob/x",
    });
    expect(foreign.status).toBe(403);
    const moved = await call("POST", "/api/repos/move", tokens.aliceWrite, {
      fromRepo: "alice/old-name",
      toRepo: "acme/new-name",
      type: "model",
    });
    expect(moved.status).toBe(200);
    expect((await call("GET", "/api/models/acme/new-name")).status).toBe(200);
    // The old id redirects (hub-api.md §4.2; more in access-moves.test.ts).
    const old = await fetch(`${hub.url}/api/models/alice/old-name`, { redirect: "manual" });
    expect(old.status).toBe(307);
    expect(old.headers.get("location")).toBe("/api/models/acme/new-name");
  });

  test("delete: 200, then gone; a missing repo is 404 RepoNotFound", async () => {
    const deleted = await call("DELETE", "/api/repos/delete", tokens.aliceWrite, {
      name: "taken",
      organization: "alice",
    });
    expect(deleted.status).toBe(200);
    expect((await call("GET", "/api/models/alice/taken", tokens.aliceRead)).status).toBe(404);
    const again = await call("DELETE", "/api/repos/delete", tokens.aliceWrite, {
      name: "taken",
      organization: "alice",
    });
    expect(again.status).toBe(404);
    expect(again.headers.get("x-error-code")).toBe("RepoNotFound");
  });
});

describe("official clients", () => {
  test("@huggingface/hub createRepo and deleteRepo", async () => {
    const created = await createRepo({
      repo: { type: "model", name: "alice/from-js" },
      accessToken: tokens.aliceWrite,
      hubUrl: hub.url,
    });
    expect(created.repoUrl).toBe(`${hub.url}/alice/from-js`);
    await expect(
      createRepo({ repo: { type: "model", name: "alice/from-js" }, accessToken: tokens.aliceWrite, hubUrl: hub.url }),
    ).rejects.toThrow(/already created/);
    await deleteRepo({
      repo: { type: "model", name: "alice/from-js" },
      accessToken: tokens.aliceWrite,
      hubUrl: hub.url,
    });
    expect((await call("GET", "/api/models/alice/from-js", tokens.aliceRead)).status).toBe(404);
  });

  for (const version of PYTHON_CLIENTS)
    test(`huggingface_hub ${version}: create_repo (private, exist_ok), repo_info, update visibility, delete_repo`, async () => {
      const name = `py-${version.replaceAll(".", "-")}`;
      const code = [
        "import json; from huggingface_hub import HfApi",
        "api = HfApi()",
        `url = api.create_repo("${name}", private=True)`,
        `again = api.create_repo("${name}", exist_ok=True)`,
        `info = api.repo_info("alice/${name}")`,
        `api.update_repo_settings("alice/${name}", private=False) if hasattr(api, "update_repo_settings") else api.update_repo_visibility("alice/${name}", private=False)`,
        `public = api.repo_info("alice/${name}", token=False).private`,
        `api.delete_repo("alice/${name}")`,
        `api.delete_repo("alice/${name}", missing_ok=True)`,
        "print(json.dumps([str(url), str(again), info.private, public]))",
      ].join("\n");
      const result = await runPython(version, hub.url, tokens.aliceWrite, code);
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(JSON.parse(result.stdout)).toEqual([`${hub.url}/alice/${name}`, `${hub.url}/alice/${name}`, true, false]);
    }, 60_000);
});

describe("gated repositories (issue 19: accepted in settings, reported by info and listings; gating/ tests the gate)", () => {
  test("settings with gated auto/manual is applied with the private flag sent with it; other values are 400", async () => {
    await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "gate-me", type: "dataset" });
    for (const gated of ["auto", "manual"]) {
      const applied = await call("PUT", "/api/datasets/alice/gate-me/settings", tokens.aliceWrite, { gated });
      expect(applied.status).toBe(200);
      expect(await applied.json()).toEqual({ id: "alice/gate-me", private: false, gated });
      const info = (await (await call("GET", "/api/datasets/alice/gate-me")).json()) as Record<string, unknown>;
      expect(info).toMatchObject({ private: false, gated });
      const listed = (await (await call("GET", "/api/datasets?author=alice")).json()) as Array<Record<string, unknown>>;
      expect(listed.find((item) => item.id === "alice/gate-me")).toMatchObject({ gated });
    }
    for (const gated of ["yes", "../auto", 1, true]) {
      const refused = await call("PUT", "/api/datasets/alice/gate-me/settings", tokens.aliceWrite, { gated });
      expect(refused.status).toBe(400);
    }
    const off = await call("PUT", "/api/datasets/alice/gate-me/settings", tokens.aliceWrite, { gated: false });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ id: "alice/gate-me", private: false, gated: false });
  });

  for (const version of PYTHON_CLIENTS)
    test(`huggingface_hub ${version}: update_repo_settings(gated=...) is applied`, async () => {
      const code = [
        "import json; from huggingface_hub import HfApi",
        "api = HfApi()",
        "api.update_repo_settings('alice/gate-me', gated='manual', repo_type='dataset')",
        "first = api.dataset_info('alice/gate-me').gated",
        "api.update_repo_settings('alice/gate-me', gated=False, repo_type='dataset')",
        "print(json.dumps([first, api.dataset_info('alice/gate-me').gated]))",
      ].join("\n");
      const result = await runPython(version, hub.url, tokens.aliceWrite, code);
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(JSON.parse(result.stdout)).toEqual(["manual", false]);
    }, 60_000);
});
