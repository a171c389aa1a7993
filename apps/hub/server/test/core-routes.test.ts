// Issue 22 (3, 4, 5) over raw HTTP: preupload's shouldIgnore, validate-yaml's hub checks and warning, auth-check,
// lfs-files (list, permanent deletion: the link to this repository goes, the bytes when nothing links them, other
// repositories keep theirs), settings/repositories, empty branches and `license` at creation. Each rule is
// answered with the hub's status and `{"error"}`, and private repositories stay indistinguishable from missing ones.
import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FolderLargeFileStore } from "../src/lfs/folder-store.js";
import { apiFetch } from "./api-call.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";
import { LfsClient, sha256 } from "./lfs-client.js";

let hub: AuthHub;
let lfs: LfsClient;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob", "carol"]) await hub.user(name);
  await hub.org("acme", ["alice", "carol"]);
  for (const name of ["alice", "bob", "carol"]) {
    tokens[`${name}Write`] = await hub.token(name, "write");
    tokens[`${name}Read`] = await hub.token(name, "read");
  }
  lfs = new LfsClient(hub.url);
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

const call = (method: string, path: string, token?: string, body?: unknown) =>
  apiFetch(hub.url, method, path, token, body);

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function createRepo(name: string, extra: Record<string, unknown> = {}, token = tokens.aliceWrite) {
  const response = await call("POST", "/api/repos/create", token, { name, ...extra });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function commitFiles(repo: string, files: Record<string, string>, branch = "main") {
  const lines = [
    { key: "header", value: { summary: "files" } },
    ...Object.entries(files).map(([path, text]) => ({
      key: "file",
      value: { path, content: Buffer.from(text).toString("base64"), encoding: "base64" },
    })),
  ];
  const response = await fetch(`${hub.url}/api/models/${repo}/commit/${branch}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${tokens.aliceWrite}`, "Content-Type": "application/x-ndjson" },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe("preupload shouldIgnore", () => {
  const paths = ["model.bin", "logs/run.log", "logs/keep.log", "cache/x.txt", "README.md"];
  const preupload = async (repo: string, extra: Record<string, unknown> = {}) =>
    (
      await json<{ files: Array<{ path: string; shouldIgnore: boolean }> }>(
        await call("POST", `/api/models/${repo}/preupload/main`, tokens.aliceWrite, {
          files: paths.map((path) => ({ path, size: 10, sample: "" })),
          ...extra,
        }),
      )
    ).files
      .filter((file) => file.shouldIgnore)
      .map((file) => file.path);

  test("from the body's gitIgnore, else the repository's .gitignore; none = nothing ignored", async () => {
    await createRepo("ignore");
    expect(await preupload("alice/ignore")).toEqual([]);
    expect(await preupload("alice/ignore", { gitIgnore: "*.log\n!keep.log\ncache/\n" })).toEqual([
      "logs/run.log",
      "cache/x.txt",
    ]);
    await commitFiles("alice/ignore", { ".gitignore": "*.bin\n" });
    expect(await preupload("alice/ignore")).toEqual(["model.bin"]);
    // The .gitignore committed in the same operation wins over the one in the repository.
    expect(await preupload("alice/ignore", { gitIgnore: "README.md\n" })).toEqual(["README.md"]);
  });

  test("a hostile gitIgnore is a 400, not a hang", async () => {
    const response = await call("POST", "/api/models/alice/ignore/preupload/main", tokens.aliceWrite, {
      files: [{ path: "a", size: 1 }],
      gitIgnore: "x\n".repeat(10_001),
    });
    expect(response.status).toBe(400);
    expect((await json(response)).error).toMatch(/at most 10000 patterns/);
  });
});

describe("validate-yaml", () => {
  const validate = (content: string, repoType = "model") =>
    call("POST", "/api/validate-yaml", undefined, { content, repoType });

  test("model-index, license, language, datasets and widget are checked; errors come as 400 with `error`", async () => {
    for (const card of [
      "---\nmodel-index: foo\n---\n",
      "---\nmodel-index:\n- name: m\n  results:\n  - task: {}\n    dataset: {name: d}\n    metrics: [{type: acc}]\n---\n",
      "---\nlicense: not-a-license\n---\n",
      "---\nlanguage: [en, Not A Code]\n---\n",
      "---\ndatasets: {a: 1}\n---\n",
      "---\nwidget: hello\n---\n",
    ]) {
      const response = await validate(card);
      expect(response.status, card).toBe(400);
      const body = await json<{ errors: Array<{ message: string }>; error: string }>(response);
      expect(body.errors.length, card).toBeGreaterThan(0);
      expect(body.error).toContain(body.errors[0]?.message);
    }
    const partial = await json<{ errors: Array<{ message: string }> }>(
      await validate(
        "---\nmodel-index:\n- name: m\n  results:\n  - task: {}\n    dataset: {name: d}\n    metrics: [{type: acc}]\n---\n",
      ),
    );
    expect(partial.errors.map((error) => error.message)).toEqual([
      '"model-index[0].results[0].task.type" is required',
      '"model-index[0].results[0].dataset.type" is required',
      '"model-index[0].results[0].metrics[0].value" is required',
    ]);
  });

  test("a valid card is 200; a space's sdk is checked only for spaces", async () => {
    const good =
      "---\nlicense: apache-2.0\nlanguage: [en, fra, zh-Hant]\ndatasets: squad\ntags: [a]\nwidget: [{text: hi}]\nmodel-index:\n- name: m\n  results:\n  - task: {type: text-classification}\n    dataset: {name: d, type: org/d}\n    metrics: [{type: accuracy, value: 0.5}]\n---\n";
    const response = await validate(good);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ errors: [], warnings: [] });
    expect((await validate("---\nsdk: rails\n---\n", "space")).status).toBe(400);
    expect((await validate("---\nsdk: rails\n---\n", "model")).status).toBe(200);
  });

  test("no metadata: 200 with the hub's warning", async () => {
    for (const card of ["# Title\n", "---\n---\n# Title\n"]) {
      const response = await validate(card, "dataset");
      expect(response.status).toBe(200);
      const body = await json<{ warnings: Array<{ message: string }> }>(response);
      expect(body.warnings[0]?.message).toMatch(/^Empty or missing yaml metadata in repo card/);
    }
  });
});

describe("auth-check", () => {
  beforeAll(async () => {
    await createRepo("open");
    await createRepo("secret", { private: true });
    await createRepo("gated");
    const gate = await call("PUT", "/api/models/alice/gated/settings", tokens.aliceWrite, { gated: "manual" });
    expect(gate.status).toBe(200);
  });

  test("readers get 200; a private repository is RepoNotFound to others; writes need write access", async () => {
    const check = (repo: string, token?: string, write = false) =>
      call("GET", `/api/models/${repo}/auth-check${write ? "/write" : ""}`, token);
    expect((await check("alice/open")).status).toBe(200);
    expect((await check("alice/open", tokens.bobRead)).status).toBe(200);
    expect((await check("alice/secret", tokens.aliceRead)).status).toBe(200);
    const anonymous = await check("alice/secret");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-error-code")).toBe("RepoNotFound");
    const bob = await check("alice/secret", tokens.bobWrite);
    expect(bob.status).toBe(404);
    expect(bob.headers.get("x-error-code")).toBe("RepoNotFound");
    // Exactly the answer of a repository that does not exist.
    const missing = await check("alice/nothing-here", tokens.bobWrite);
    expect([missing.status, await missing.json()]).toEqual([404, await bob.json()]);
    expect((await check("alice/open", tokens.aliceWrite, true)).status).toBe(200);
    expect((await check("alice/open", tokens.aliceRead, true)).status).toBe(403);
    expect((await check("alice/open", tokens.bobWrite, true)).status).toBe(403);
    expect((await check("alice/open", undefined, true)).status).toBe(401);
    expect((await check("alice/secret", tokens.bobWrite, true)).status).toBe(404);
  });

  test("a gated repository is GatedRepo for who may not download it", async () => {
    const bob = await call("GET", "/api/models/alice/gated/auth-check", tokens.bobRead);
    expect(bob.status).toBe(403);
    expect(bob.headers.get("x-error-code")).toBe("GatedRepo");
    const anonymous = await call("GET", "/api/models/alice/gated/auth-check");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("x-error-code")).toBe("GatedRepo");
    expect((await call("GET", "/api/models/alice/gated/auth-check", tokens.aliceRead)).status).toBe(200);
  });
});

describe("lfs-files", () => {
  const shared = Buffer.from("shared large object ".repeat(100));
  const own = Buffer.from("alice's own large object ".repeat(100));

  beforeAll(async () => {
    // Uploads protect their object from removal for a grace period (time to be linked); none here, and the
    // protection itself is tested below.
    FolderLargeFileStore.uploadLinkGraceMs = 0;
    for (const name of ["store-a", "store-b"]) await createRepo(name);
    for (const bytes of [shared, own]) expect(await lfs.upload(tokens.aliceWrite, "alice/store-a", bytes)).toBe(200);
    expect(await lfs.upload(tokens.aliceWrite, "alice/store-b", shared)).toBe(200);
    const a = await lfs.commitLfs(tokens.aliceWrite, "alice/store-a", [
      { path: "weights/shared.bin", oid: sha256(shared), size: shared.length },
      { path: "own.bin", oid: sha256(own), size: own.length },
    ]);
    expect(a.status, a.body).toBe(200);
    const b = await lfs.commitLfs(tokens.aliceWrite, "alice/store-b", [
      { path: "shared.bin", oid: sha256(shared), size: shared.length },
    ]);
    expect(b.status, b.body).toBe(200);
  });

  test("lists the repository's objects with the fields the client reads, paginated by Link", async () => {
    const response = await call("GET", "/api/models/alice/store-a/lfs-files", tokens.aliceWrite);
    expect(response.status).toBe(200);
    const files = await json<Array<Record<string, unknown>>>(response);
    expect(files.map((file) => file.filename).sort()).toEqual(["own.bin", "weights/shared.bin"]);
    for (const file of files) {
      expect(file.fileOid).toBe(file.oid);
      expect(file.ref).toBe("refs/heads/main");
      expect(Number.isNaN(Date.parse(String(file.pushedAt)))).toBe(false);
    }
    expect(files.find((file) => file.filename === "own.bin")?.size).toBe(own.length);
    const first = await call("GET", "/api/models/alice/store-a/lfs-files?limit=1", tokens.aliceWrite);
    const link = first.headers.get("link") ?? "";
    expect(link).toMatch(/rel="next"/);
    const next = /<([^>]+)>/.exec(link)?.[1] ?? "";
    const second = await json<Array<{ oid: string }>>(
      await fetch(next, { headers: { Authorization: `Bearer ${tokens.aliceWrite}` } }),
    );
    const firstPage = await json<Array<{ oid: string }>>(first);
    expect([...firstPage, ...second].map((file) => file.oid).sort()).toEqual(
      files.map((file) => String(file.oid)).sort(),
    );
    for (const bad of ["abc", "-1", "1.5", ""]) {
      const refused = await call("GET", `/api/models/alice/store-a/lfs-files?limit=${bad}`, tokens.aliceWrite);
      expect(refused.status).toBe(400);
      expect(await json<{ error: string }>(refused)).toEqual({ error: "Invalid limit: expected a whole number" });
    }
  });

  test("access: writers list, managers delete; others get the missing-repository answer", async () => {
    expect((await call("GET", "/api/models/alice/store-a/lfs-files", tokens.aliceRead)).status).toBe(403);
    expect((await call("GET", "/api/models/alice/store-a/lfs-files", tokens.bobWrite)).status).toBe(403);
    expect((await call("GET", "/api/models/alice/store-a/lfs-files")).status).toBe(401);
    await createRepo("hidden", { private: true });
    const hidden = await call("GET", "/api/models/alice/hidden/lfs-files", tokens.bobWrite);
    expect(hidden.status).toBe(404);
    expect(hidden.headers.get("x-error-code")).toBe("RepoNotFound");
    const batch = { deletions: { sha: [sha256(own)], rewriteHistory: true } };
    expect((await call("POST", "/api/models/alice/store-a/lfs-files/batch", tokens.bobWrite, batch)).status).toBe(403);
    // carol writes to acme's repositories but is not its admin: deleting needs the manage right.
    await createRepo("acme-store", { organization: "acme" });
    const carol = await call("POST", "/api/models/acme/acme-store/lfs-files/batch", tokens.carolWrite, batch);
    expect(carol.status).toBe(403);
    for (const body of [{}, { deletions: { sha: [] } }, { deletions: { sha: ["nope"] } }, { deletions: [] }]) {
      const refused = await call("POST", "/api/models/alice/store-a/lfs-files/batch", tokens.aliceWrite, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(typeof (await json(refused)).error).toBe("string");
    }
  });

  test("a deletion unlinks from this repository; bytes go only when no repository links them", async () => {
    const store = hub.ctx.lfs as unknown as { objectPath(oid: string): string };
    const response = await call("POST", "/api/models/alice/store-a/lfs-files/batch", tokens.aliceWrite, {
      deletions: { sha: [sha256(shared), sha256(own)], rewriteHistory: true },
    });
    expect(response.status).toBe(200);
    expect(await json<unknown[]>(await call("GET", "/api/models/alice/store-a/lfs-files", tokens.aliceWrite))).toEqual(
      [],
    );
    // Its files answer 404 from every commit; the other repository still serves the shared object.
    for (const path of ["own.bin", "weights/shared.bin"])
      expect((await call("GET", `/alice/store-a/resolve/main/${path}`, tokens.aliceWrite)).status).toBe(404);
    const b = await call("GET", "/alice/store-b/resolve/main/shared.bin", tokens.aliceWrite);
    expect(b.status).toBe(200);
    expect(Buffer.from(await b.arrayBuffer()).equals(shared)).toBe(true);
    expect(existsSync(store.objectPath(sha256(shared)))).toBe(true);
    // The object no repository links any more is gone from the store.
    expect(existsSync(store.objectPath(sha256(own)))).toBe(false);
    // The git-lfs batch API no longer offers it for download from store-a.
    const download = await lfs.batch(tokens.aliceWrite, "alice/store-a", "download", [
      { oid: sha256(own), size: own.length },
    ]);
    expect(download.objects[0]?.actions?.download).toBeUndefined();
  });
});

describe("an object an upload holds is not removed", () => {
  test("removeUnlinked waits for an upload's grace, then removes", async () => {
    const store = hub.ctx.lfs as unknown as FolderLargeFileStore;
    const bytes = Buffer.from("raced object");
    FolderLargeFileStore.uploadLinkGraceMs = 60_000;
    try {
      await store.put(sha256(bytes), bytes.length, Readable.from([bytes]));
      // Just uploaded and not linked yet (its uploader is about to link it): kept.
      expect(await store.removeUnlinked(sha256(bytes), async () => false)).toBe(false);
      expect(existsSync(store.objectPath(sha256(bytes)))).toBe(true);
      // A link made between the first look and the removal puts the file back.
      FolderLargeFileStore.uploadLinkGraceMs = 0;
      const other = Buffer.from("another raced object");
      await store.put(sha256(other), other.length, Readable.from([other]));
      await new Promise((resolve) => setTimeout(resolve, 5));
      let asked = 0;
      expect(await store.removeUnlinked(sha256(other), async () => asked++ > 0)).toBe(false);
      expect(existsSync(store.objectPath(sha256(other)))).toBe(true);
      expect(await store.removeUnlinked(sha256(other), async () => false)).toBe(true);
      expect(existsSync(store.objectPath(sha256(other)))).toBe(false);
    } finally {
      FolderLargeFileStore.uploadLinkGraceMs = 0;
    }
  });
});

describe("settings/repositories", () => {
  test("the signed-in user's repositories with storage, private included; 401 anonymous", async () => {
    const response = await call("GET", "/api/settings/repositories", tokens.aliceRead);
    expect(response.status).toBe(200);
    let items = await json<Array<Record<string, unknown>>>(response);
    // Follow the Link header through the repository types.
    let link = response.headers.get("link");
    while (link !== null) {
      const next = await fetch(/<([^>]+)>/.exec(link)?.[1] ?? "", {
        headers: { Authorization: `Bearer ${tokens.aliceRead}` },
      });
      items = [...items, ...(await json<Array<Record<string, unknown>>>(next))];
      link = next.headers.get("link");
    }
    const ids = items.map((item) => item.id);
    expect(ids).toContain("alice/secret");
    expect(ids).toContain("alice/store-b");
    expect(ids.every((id) => String(id).startsWith("alice/"))).toBe(true);
    const secret = items.find((item) => item.id === "alice/secret");
    expect(secret).toMatchObject({ type: "model", visibility: "private", storage: 0 });
    expect(Number.isNaN(Date.parse(String(secret?.updatedAt)))).toBe(false);
    expect(items.find((item) => item.id === "alice/store-b")?.storage).toBeGreaterThan(0);
    expect((await call("GET", "/api/settings/repositories")).status).toBe(401);
    const bob = await json<Array<{ id: string }>>(await call("GET", "/api/settings/repositories", tokens.bobRead));
    expect(bob.map((item) => item.id)).toEqual([]);
  });

  test("an organization's, for its members only", async () => {
    const carol = await call("GET", "/api/organizations/acme/settings/repositories", tokens.carolRead);
    expect(carol.status).toBe(200);
    expect((await json<Array<{ id: string }>>(carol)).map((item) => item.id)).toEqual(["acme/acme-store"]);
    expect((await call("GET", "/api/organizations/acme/settings/repositories", tokens.bobRead)).status).toBe(403);
    expect((await call("GET", "/api/organizations/nope/settings/repositories", tokens.bobRead)).status).toBe(404);
  });
});

describe("empty branches and license at creation", () => {
  test("emptyBranch: a parentless commit of the empty tree", async () => {
    await createRepo("branchy");
    await commitFiles("alice/branchy", { "file.txt": "content" });
    const response = await call("POST", "/api/models/alice/branchy/branch/empty", tokens.aliceWrite, {
      emptyBranch: true,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const tree = await json<unknown[]>(await call("GET", "/api/models/alice/branchy/tree/empty", tokens.aliceRead));
    expect(tree).toEqual([]);
    const commits = await json<unknown[]>(
      await call("GET", "/api/models/alice/branchy/commits/empty", tokens.aliceRead),
    );
    expect(commits).toHaveLength(1);
    expect((await call("GET", "/alice/branchy/resolve/empty/file.txt", tokens.aliceRead)).status).toBe(404);
    const again = await call("POST", "/api/models/alice/branchy/branch/empty", tokens.aliceWrite, {
      emptyBranch: true,
    });
    expect(again.status).toBe(409);
    const bad = await call("POST", "/api/models/alice/branchy/branch/x", tokens.aliceWrite, { emptyBranch: "yes" });
    expect(bad.status).toBe(400);
  });

  test("overwrite moves an existing branch (to an empty start here); without a start it is a no-op", async () => {
    const branch = (body: unknown) => call("POST", "/api/models/alice/branchy/branch/moving", tokens.aliceWrite, body);
    expect((await branch({})).status).toBe(200);
    const head = async () =>
      (
        await json<{ branches: Array<{ name: string; targetCommit: string }> }>(
          await call("GET", "/api/models/alice/branchy/refs", tokens.aliceRead),
        )
      ).branches.find((entry) => entry.name === "moving")?.targetCommit;
    const before = await head();
    expect((await branch({})).status).toBe(409);
    expect((await branch({ overwrite: true })).status).toBe(200);
    expect(await head()).toBe(before);
    expect((await branch({ overwrite: true, emptyBranch: true })).status).toBe(200);
    expect(await head()).not.toBe(before);
    expect(await json<unknown[]>(await call("GET", "/api/models/alice/branchy/tree/moving", tokens.aliceRead))).toEqual(
      [],
    );
    expect((await branch({ overwrite: "yes" })).status).toBe(400);
  });

  test("license: the first commit's README carries it; an unknown id is a 400 and nothing is created", async () => {
    await createRepo("licensed", { license: "mit" });
    const readme = await call("GET", "/alice/licensed/resolve/main/README.md", tokens.aliceRead);
    expect(readme.status).toBe(200);
    expect(await readme.text()).toBe("---\nlicense: mit\n---\n");
    const info = await json<{ cardData?: { license?: string } }>(
      await call("GET", "/api/models/alice/licensed", tokens.aliceRead),
    );
    expect(info.cardData?.license).toBe("mit");
    await createRepo("licensed-space", { type: "space", sdk: "static", license: "apache-2.0" });
    const card = await (
      await call("GET", "/spaces/alice/licensed-space/resolve/main/README.md", tokens.aliceRead)
    ).text();
    expect(card).toMatch(/\nsdk: static\n/);
    expect(card).toMatch(/\nlicense: apache-2.0\n/);
    const refused = await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "bad-license", license: "nah" });
    expect(refused.status).toBe(400);
    expect((await json(refused)).error).toMatch(/Invalid license "nah"/);
    expect((await call("GET", "/api/models/alice/bad-license", tokens.aliceRead)).status).toBe(404);
  });
});
