// Issue 20, points 4 and 8, at the API: a new space's creation commit holds its SDK's starter app (read back with
// huggingface_hub's create_repo(space_sdk=…) + list_repo_files, and served as the static app), and the site-only
// `GET /api/web/permissions/…` answers what the caller may do to a repository's files (the Files tab asks it
// instead of guessing): the owner writes, another signed-in user may only open a pull request, a visitor neither,
// a read token neither, and a private repository is missing to those who cannot read it.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthHub, PYTHON_CLIENTS, runPython, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
let aliceWrite: string;
let bobWrite: string;
let bobRead: string;

beforeAll(async () => {
  hub = await startAuthHub();
  await hub.user("alice");
  await hub.user("bob");
  aliceWrite = await hub.token("alice", "write");
  bobWrite = await hub.token("bob", "write");
  bobRead = await hub.token("bob", "read");
  for (const body of [{ name: "notes" }, { name: "secret", private: true }]) {
    const created = await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${aliceWrite}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(200);
  }
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe.each(PYTHON_CLIENTS)("huggingface_hub %s: a new space has its SDK's starter files", (version) => {
  it("static → index.html and style.css beside the card; gradio → app.py and requirements.txt", async () => {
    const tag = version.replaceAll(".", "");
    const code = [
      "import json; from huggingface_hub import HfApi",
      "api = HfApi()",
      `api.create_repo('alice/page${tag}', repo_type='space', space_sdk='static')`,
      `api.create_repo('alice/demo${tag}', repo_type='space', space_sdk='gradio')`,
      `static = sorted(api.list_repo_files('alice/page${tag}', repo_type='space'))`,
      `gradio = sorted(api.list_repo_files('alice/demo${tag}', repo_type='space'))`,
      `card = open(api.hf_hub_download('alice/page${tag}', 'README.md', repo_type='space')).read()`,
      "print(json.dumps({'static': static, 'gradio': gradio, 'card': card}))",
    ].join("\n");
    const result = await runPython(version, hub.url, aliceWrite, code);
    expect(result.code, result.stderr).toBe(0);
    const { static: files, gradio, card } = JSON.parse(result.stdout) as Record<string, string[] | string>;
    expect(files).toEqual(expect.arrayContaining(["README.md", "index.html", "style.css"]));
    expect(gradio).toEqual(expect.arrayContaining(["README.md", "app.py", "requirements.txt"]));
    expect(card).toContain("sdk: static");
    // The static starter runs as the space's app (no "No such file").
    const app = await fetch(`${hub.url}/spaces/alice/page${tag}/app/`);
    expect(app.status).toBe(200);
    expect(await app.text()).toContain(`<title>page${tag}</title>`);
  }, 120_000);
});

describe("a create body with files of its own gets no starter", () => {
  it("only the files sent (and the card)", async () => {
    const files = [{ path: "main.html", content: Buffer.from("<p>mine</p>").toString("base64"), encoding: "base64" }];
    const created = await fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${aliceWrite}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "own", type: "space", sdk: "static", files }),
    });
    expect(created.status).toBe(200);
    const tree = (await (await fetch(`${hub.url}/api/spaces/alice/own/tree/main`)).json()) as Array<{ path: string }>;
    expect(tree.map((entry) => entry.path).filter((path) => path !== ".gitattributes")).toEqual([
      "README.md",
      "main.html",
    ]);
  });
});

describe("GET /api/web/permissions/{type}s/{id}", () => {
  const ask = (id: string, token?: string, segment = "models") =>
    fetch(`${hub.url}/api/web/permissions/${segment}/${id}`, {
      headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
    });

  it("the owner writes; another signed-in user may open a pull request; a visitor or read token neither", async () => {
    expect(await (await ask("alice/notes", aliceWrite)).json()).toEqual({ write: true, pullRequest: true });
    expect(await (await ask("alice/notes", bobWrite)).json()).toEqual({ write: false, pullRequest: true });
    expect(await (await ask("alice/notes", bobRead)).json()).toEqual({ write: false, pullRequest: false });
    const visitor = await ask("alice/notes");
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get("cache-control")).toContain("no-store");
    expect(await visitor.json()).toEqual({ write: false, pullRequest: false });
  });

  it("a private repository answers as a missing one to those who cannot read it", async () => {
    expect(await (await ask("alice/secret", aliceWrite)).json()).toEqual({ write: true, pullRequest: true });
    for (const [token, status] of [
      [bobWrite, 404],
      [undefined, 401],
    ] as const) {
      const hidden = await ask("alice/secret", token);
      const missing = await ask("alice/nothing-here", token);
      expect(hidden.status).toBe(status);
      expect(missing.status).toBe(status);
      expect(await hidden.json()).toEqual(await missing.json());
    }
  });

  it("hostile input: unknown type, invalid ids → clear 4xx with an error, never a 500", async () => {
    for (const [segment, id] of [
      ["widgets", "alice/notes"],
      ["models", "alice/..%2F..%2Fetc"],
      ["models", `alice/${"x".repeat(300)}`],
      ["spaces", "alice/notes"],
    ]) {
      const response = await ask(id, aliceWrite, segment);
      expect(response.status, `${segment}/${id}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${segment}/${id}`).toBeLessThan(500);
      expect(await response.json()).toHaveProperty("error");
    }
  });
});

// Issue 20 point 4: a signed-in user who may read but not write a public repository adds new files from the Files
// tab as a pull request. The requests are the site's own (features/publish/upload.ts), through a browser session
// with its CSRF token: the permissions answer says "pull request only", a direct commit is refused (403) and
// changes nothing, and the same upload with `create_pr=1` (preupload, the LFS batch without a ref, the PUT, the
// commit with an inline file and an `lfsFile`) opens a pull request holding both files while main stays as it was.
describe("a signed-in non-writer adds new files as a pull request", () => {
  const ndjson = (lines: unknown[]) => lines.map((line) => JSON.stringify(line)).join("\n");

  async function join(username: string): Promise<{ cookie: string; csrf: string }> {
    const response = await fetch(`${hub.url}/api/web/join`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password: "a long password" }),
    });
    expect(response.status).toBe(200);
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { cookie, csrf: ((await response.json()) as { csrfToken: string }).csrfToken };
  }

  it("permissions say pull request only; a direct commit is 403; the upload with create_pr opens one", async () => {
    const carol = await join("carol");
    const headers = { cookie: carol.cookie, "X-CSRF-Token": carol.csrf };
    const permissions = await fetch(`${hub.url}/api/web/permissions/models/alice/notes`, { headers });
    expect(await permissions.json()).toEqual({ write: false, pullRequest: true });

    const small = Buffer.from("col_a,col_b\n1,2\n");
    const large = Buffer.alloc(12 * 1024 * 1024, 7); // over the hub's 10 MB regular-file limit: LFS
    const oid = createHash("sha256").update(large).digest("hex");
    const commitBody = ndjson([
      { key: "header", value: { summary: "Add data", description: "from the browser" } },
      { key: "file", value: { path: "data/table.csv", content: small.toString("base64"), encoding: "base64" } },
      { key: "lfsFile", value: { path: "data/weights.bin", algo: "sha256", oid, size: large.length } },
    ]);
    const headBefore = ((await (await fetch(`${hub.url}/api/models/alice/notes`)).json()) as { sha: string }).sha;

    // Straight to main: refused, nothing committed.
    const direct = await fetch(`${hub.url}/api/models/alice/notes/commit/main`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-ndjson" },
      body: commitBody,
    });
    expect(direct.status).toBe(403);
    expect(await direct.json()).toHaveProperty("error");

    // As the site sends it with "open as a pull request".
    const preupload = await fetch(`${hub.url}/api/models/alice/notes/preupload/main?create_pr=1`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({
        files: [
          { path: "data/table.csv", size: small.length, sample: small.toString("base64") },
          { path: "data/weights.bin", size: large.length, sample: large.subarray(0, 512).toString("base64") },
        ],
      }),
    });
    expect(preupload.status, await preupload.clone().text()).toBe(200);
    const modes = ((await preupload.json()) as { files: { path: string; uploadMode: string }[] }).files;
    expect(Object.fromEntries(modes.map((file) => [file.path, file.uploadMode]))).toEqual({
      "data/table.csv": "regular",
      "data/weights.bin": "lfs",
    });
    const lfs = { "Content-Type": "application/vnd.git-lfs+json", accept: "application/vnd.git-lfs+json" };
    const batch = await fetch(`${hub.url}/alice/notes.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { ...headers, ...lfs },
      body: JSON.stringify({
        operation: "upload",
        transfers: ["basic"],
        objects: [{ oid, size: large.length }],
        hash_algo: "sha256",
      }),
    });
    expect(batch.status, await batch.clone().text()).toBe(200);
    const object = ((await batch.json()) as { objects: BatchObject[] }).objects[0];
    const upload = object?.actions?.upload;
    expect(upload?.href).toBeTruthy();
    const put = await fetch(upload?.href ?? "", { method: "PUT", headers: upload?.header ?? {}, body: large });
    expect(put.status, await put.text()).toBeLessThan(300);
    const verify = object?.actions?.verify;
    if (verify !== undefined) {
      const verified = await fetch(verify.href, {
        method: "POST",
        headers: { ...lfs, ...verify.header },
        body: JSON.stringify({ oid, size: large.length }),
      });
      expect(verified.status).toBeLessThan(300);
    }
    const commit = await fetch(`${hub.url}/api/models/alice/notes/commit/main?create_pr=1`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/x-ndjson" },
      body: commitBody,
    });
    expect(commit.status, await commit.clone().text()).toBe(200);
    const answer = (await commit.json()) as { pullRequestUrl?: string; commitOid: string };
    const num = answer.pullRequestUrl?.match(/\/discussions\/(\d+)$/)?.[1];
    expect(num).toBeDefined();

    // main is unchanged; the pull request's ref holds both files, the large one through LFS.
    const headAfter = ((await (await fetch(`${hub.url}/api/models/alice/notes`)).json()) as { sha: string }).sha;
    expect(headAfter).toBe(headBefore);
    expect((await fetch(`${hub.url}/alice/notes/resolve/main/data/table.csv`)).status).toBe(404);
    const prRev = encodeURIComponent(`refs/pr/${num}`);
    expect(await (await fetch(`${hub.url}/alice/notes/resolve/${prRev}/data/table.csv`)).text()).toBe(small.toString());
    const tree = (await (await fetch(`${hub.url}/api/models/alice/notes/tree/${prRev}/data`)).json()) as Array<{
      path: string;
      lfs?: { oid: string };
    }>;
    expect(tree.find((entry) => entry.path === "data/weights.bin")?.lfs?.oid).toBe(oid);
    const discussion = (await (await fetch(`${hub.url}/api/models/alice/notes/discussions/${num}`)).json()) as {
      isPullRequest: boolean;
      author: { name: string } | string;
    };
    expect(discussion.isPullRequest).toBe(true);
  }, 60_000);
});

interface BatchObject {
  actions?: Record<string, { href: string; header?: Record<string, string> }>;
}
