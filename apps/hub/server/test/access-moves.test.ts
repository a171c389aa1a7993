// Old URLs of a moved repository redirect (hub-api.md §4.2): on a real server, API info, revision, tree, resolve
// and datasets answer 307 with a relative Location naming the new id; chains collapse; a new repository at an old
// id takes it back; deleting the target ends the redirect; a private target's old id answers exactly as a missing
// repository to whoever may not read it. git clone (LFS included) and push through the old URL, and Python
// model_info / hf_hub_download of the old id (both client versions), reach the new repository.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PYTHON_CLIENTS, runPython } from "./auth-harness.js";
import { gitClientEnv, run, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let bobRead = "";

beforeAll(async () => {
  hub = await startTestHub("moves");
  expect((await hub.admin("/api/admin/users", { name: "bob" })).status).toBe(200);
  const token = await hub.admin("/api/admin/tokens", { user: "bob", role: "read", name: "read" });
  bobRead = ((await token.json()) as { token: string }).token;
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

function call(method: string, path: string, token?: string, body?: unknown): Promise<Response> {
  return fetch(`${hub.url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      ...(body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

async function create(name: string, extra: Record<string, unknown> = {}): Promise<void> {
  const files = [{ path: "hello.txt", content: Buffer.from(`hello from ${name}\n`).toString("base64") }];
  const response = await call("POST", "/api/repos/create", hub.writeToken, {
    name,
    files: files.map((file) => ({ ...file, encoding: "base64" })),
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function move(fromRepo: string, toRepo: string, type = "model"): Promise<void> {
  const response = await call("POST", "/api/repos/move", hub.writeToken, { fromRepo, toRepo, type });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function redirect(path: string, token?: string, method = "GET"): Promise<string | null> {
  const response = await call(method, path, token);
  expect(response.status, `${method} ${path}`).toBe(307);
  return response.headers.get("location");
}

/** What must not differ between a private repository's old id and an id that never existed. */
async function answer(response: Response) {
  return {
    status: response.status,
    body: await response.text(),
    code: response.headers.get("x-error-code"),
    message: response.headers.get("x-error-message"),
    location: response.headers.get("location"),
  };
}

describe("old URLs redirect", () => {
  test("API info, revision, tree, resolve (HEAD and GET) and a case-changed old id: 307, relative Location", async () => {
    await create("old-name");
    await move("alice/old-name", "alice/new-name");
    expect(await redirect("/api/models/alice/old-name")).toBe("/api/models/alice/new-name");
    expect(await redirect("/api/models/alice/old-name/revision/main?blobs=true")).toBe(
      "/api/models/alice/new-name/revision/main?blobs=true",
    );
    expect(await redirect("/api/models/alice/old-name/tree/main?recursive=true")).toBe(
      "/api/models/alice/new-name/tree/main?recursive=true",
    );
    expect(await redirect("/alice/old-name/resolve/main/hello.txt", undefined, "HEAD")).toBe(
      "/alice/new-name/resolve/main/hello.txt",
    );
    expect(await redirect("/Alice/OLD-name/resolve/main/hello.txt")).toBe("/alice/new-name/resolve/main/hello.txt");
    // Following it (fetch's default) reaches the file in the moved repository.
    const followed = await fetch(`${hub.url}/alice/old-name/resolve/main/hello.txt`);
    expect(followed.status).toBe(200);
    expect(await followed.text()).toBe("hello from old-name\n");
    const info = (await (await fetch(`${hub.url}/api/models/alice/old-name`)).json()) as { id: string };
    expect(info.id).toBe("alice/new-name");
  });

  test("datasets: API and resolve prefixes", async () => {
    await create("rows", { type: "dataset" });
    await move("alice/rows", "alice/rows-v2", "dataset");
    expect(await redirect("/api/datasets/alice/rows")).toBe("/api/datasets/alice/rows-v2");
    expect(await redirect("/datasets/alice/rows/resolve/main/hello.txt")).toBe(
      "/datasets/alice/rows-v2/resolve/main/hello.txt",
    );
    // The type is part of the id: no model was moved from alice/rows.
    expect((await call("GET", "/api/models/alice/rows")).status).toBe(401);
  });

  test("chains collapse; a new repository at an old id takes it back; deleting the target ends it", async () => {
    await create("first");
    await move("alice/first", "alice/second");
    await move("alice/second", "alice/third");
    expect(await redirect("/api/models/alice/first")).toBe("/api/models/alice/third");
    expect(await redirect("/api/models/alice/second")).toBe("/api/models/alice/third");
    await create("first");
    const reclaimed = await call("GET", "/api/models/alice/first");
    expect(reclaimed.status).toBe(200);
    expect(((await reclaimed.json()) as { id: string }).id).toBe("alice/first");
    const deleted = await call("DELETE", "/api/repos/delete", hub.writeToken, { name: "third", organization: "alice" });
    expect(deleted.status).toBe(200);
    const gone = await call("GET", "/api/models/alice/second", hub.readToken);
    expect(gone.status).toBe(404);
    expect(gone.headers.get("x-error-code")).toBe("RepoNotFound");
    // A later repository of the deleted one's name does not revive the old redirect.
    await create("third");
    expect((await call("GET", "/api/models/alice/second", hub.readToken)).status).toBe(404);
  });

  test("a private target: 307 for its owner only; anyone else sees exactly a missing repository", async () => {
    await create("secret-old", { private: true });
    await move("alice/secret-old", "alice/secret-new");
    expect(await redirect("/api/models/alice/secret-old", hub.readToken)).toBe("/api/models/alice/secret-new");
    for (const path of ["/api/models/alice/{id}", "/alice/{id}/resolve/main/hello.txt"])
      for (const token of [undefined, bobRead]) {
        const moved = await answer(await call("GET", path.replace("{id}", "secret-old"), token));
        const missing = await answer(await call("GET", path.replace("{id}", "never-was"), token));
        expect(moved, `${path} ${token === undefined ? "anonymous" : "bob"}`).toEqual(missing);
        expect(moved.status).toBe(token === undefined ? 401 : 404);
      }
  });
});

test("git clone (with an LFS file) and git push through the old URL reach the moved repository", async () => {
  const env = gitClientEnv(hub.work);
  const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 60_000 });
  const withToken = (path: string) => hub.url.replace("http://", `http://alice:${hub.writeToken}@`) + path;
  expect((await git(hub.work, "lfs", "install", "--skip-repo")).code).toBe(0);
  // An LFS file (safetensors is LFS in the initial .gitattributes), pushed before the move.
  await create("clone-old");
  const first = join(hub.work, "first");
  expect((await git(hub.work, "clone", "-q", withToken("/alice/clone-old"), first)).code).toBe(0);
  const weights = randomBytes(100_000);
  writeFileSync(join(first, "model.safetensors"), weights);
  await git(first, "add", "model.safetensors");
  await git(first, "commit", "-qm", "Add weights");
  const pushed = await git(first, "push", "-q", "origin", "main");
  expect(pushed.code, pushed.stderr).toBe(0);
  // The index follows a push asynchronously: wait for it, so that the move does not race that sync.
  const head = (await git(first, "rev-parse", "HEAD")).stdout.trim();
  await expect
    .poll(async () => ((await (await fetch(`${hub.url}/api/models/alice/clone-old`)).json()) as { sha?: string }).sha)
    .toBe(head);
  await move("alice/clone-old", "alice/clone-new");

  const dir = join(hub.work, "clone");
  const clone = await git(hub.work, "clone", "-q", `${hub.url}/alice/clone-old`, dir);
  expect(clone.code, clone.stderr).toBe(0);
  expect(readFileSync(join(dir, "hello.txt"), "utf8")).toBe("hello from clone-old\n");
  expect(readFileSync(join(dir, "model.safetensors")).equals(weights)).toBe(true);
  // The first clone's remote still names the old id: a push through it lands in the moved repository.
  writeFileSync(join(first, "notes.txt"), "pushed through the old URL\n");
  await git(first, "add", "notes.txt");
  await git(first, "commit", "-qm", "Add notes");
  const again = await git(first, "push", "-q", "origin", "main");
  expect(again.code, again.stderr).toBe(0);
  const notes = await fetch(`${hub.url}/alice/clone-new/resolve/main/notes.txt`);
  expect(await notes.text()).toBe("pushed through the old URL\n");
}, 90_000);

describe("official clients follow", () => {
  beforeAll(async () => {
    await create("py-old");
    await move("alice/py-old", "alice/py-new");
  });
  for (const version of PYTHON_CLIENTS)
    test(`huggingface_hub ${version}: model_info and hf_hub_download of the old id`, async () => {
      const code = [
        "import json; from huggingface_hub import HfApi, hf_hub_download",
        "info = HfApi().model_info('alice/py-old')",
        "path = hf_hub_download('alice/py-old', 'hello.txt')",
        "print(json.dumps([info.id, open(path).read()]))",
      ].join("\n");
      const result = await runPython(version, hub.url, undefined, code);
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(JSON.parse(result.stdout)).toEqual(["alice/py-new", "hello from py-old\n"]);
    }, 60_000);
});
