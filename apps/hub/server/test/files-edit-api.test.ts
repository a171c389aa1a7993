// Issue 20, points 4 and 8, at the API: a new space's creation commit holds its SDK's starter app (read back with
// huggingface_hub's create_repo(space_sdk=…) + list_repo_files, and served as the static app), and the site-only
// `GET /api/web/permissions/…` answers what the caller may do to a repository's files (the Files tab asks it
// instead of guessing): the owner writes, another signed-in user may only open a pull request, a visitor neither,
// a read token neither, and a private repository is missing to those who cannot read it.
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
