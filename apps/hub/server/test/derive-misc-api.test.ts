// The small calls of the client flows on a real server: POST /api/validate-yaml (always JSON; Python refuses a
// README whose front matter is invalid before committing it), telemetry pings, and a space's runtime (Python
// get_space_runtime), with both Python client versions.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AuthHub, PYTHON_CLIENTS, runPython, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
let write: string;

beforeAll(async () => {
  hub = await startAuthHub();
  await hub.user("alice");
  write = await hub.token("alice", "write");
  const create = (body: unknown) =>
    fetch(`${hub.url}/api/repos/create`, {
      method: "POST",
      headers: { Authorization: `Bearer ${write}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const files = (entries: Record<string, string>) =>
    Object.entries(entries).map(([path, text]) => ({
      path,
      content: Buffer.from(text).toString("base64"),
      encoding: "base64",
    }));
  expect((await create({ name: "cards" })).status).toBe(200);
  const page = files({ "README.md": "---\ntitle: Page\nsdk: static\n---\n", "index.html": "<h1>hi</h1>" });
  expect((await create({ name: "page", type: "space", sdk: "static", files: page })).status).toBe(200);
  const app = files({ "README.md": "---\nsdk: gradio\n---\n", "app.py": "print(1)\n" });
  expect((await create({ name: "app", type: "space", sdk: "gradio", files: app })).status).toBe(200);
  expect((await create({ name: "empty", type: "space", sdk: "static" })).status).toBe(200);
  // Created with only a card of its own: no starter app (space-starters.ts), so no app file.
  const bare = files({ "README.md": "---\nsdk: static\n---\n" });
  expect((await create({ name: "bare", type: "space", sdk: "static", files: bare })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

const validate = (body: string) =>
  fetch(`${hub.url}/api/validate-yaml`, { method: "POST", headers: { "Content-Type": "application/json" }, body });

describe("POST /api/validate-yaml", () => {
  test("valid, invalid and malformed requests all answer JSON", async () => {
    const ok = await validate(JSON.stringify({ content: "---\nlicense: mit\n---\n", repoType: "model" }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ errors: [], warnings: [] });
    const bad = await validate(JSON.stringify({ content: "---\nlicense: [mit\n---\n", repoType: "model" }));
    expect(bad.status).toBe(400);
    expect(bad.headers.get("content-type")).toMatch(/application\/json/);
    expect(await bad.json()).toEqual({
      errors: [{ message: expect.stringMatching(/^Invalid YAML/) }],
      warnings: [],
      error: expect.stringMatching(/Invalid YAML/),
    });
    for (const body of [
      "{not json",
      "[]",
      JSON.stringify({ content: 3 }),
      JSON.stringify({ content: "", repoType: "x" }),
    ]) {
      const response = await validate(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ errors: [{ message: expect.any(String) }], warnings: [] });
    }
  });
});

describe("telemetry and space runtime", () => {
  test("telemetry pings get a 200 whatever the topic", async () => {
    for (const method of ["HEAD", "GET"])
      expect((await fetch(`${hub.url}/api/telemetry/gradio/launched?x=1`, { method })).status).toBe(200);
  });

  test("runtime: a static space with index.html runs (a new one has its starter); an app is paused; no app file; private = missing", async () => {
    const stage = async (id: string) =>
      ((await (await fetch(`${hub.url}/api/spaces/${id}/runtime`)).json()) as { stage: string }).stage;
    expect(await stage("alice/page")).toBe("RUNNING");
    expect(await stage("alice/app")).toBe("PAUSED");
    expect(await stage("alice/bare")).toBe("NO_APP_FILE");
    // A space created without files gets its SDK's starter app and a card naming its SDK, which its info shows.
    expect(await stage("alice/empty")).toBe("RUNNING");
    const empty = (await (await fetch(`${hub.url}/api/spaces/alice/empty`)).json()) as Record<string, unknown>;
    expect(empty).toMatchObject({ sdk: "static", cardData: { sdk: "static", title: "empty" } });
    const missing = await fetch(`${hub.url}/api/spaces/alice/none/runtime`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("x-error-code")).toBe("RepoNotFound");
  });
});

for (const version of PYTHON_CLIENTS)
  describe(`huggingface_hub ${version}`, () => {
    test("upload_file of a README: invalid front matter is refused before any commit; a valid one lands", async () => {
      const code = [
        "import json, io; from huggingface_hub import HfApi",
        "api = HfApi()",
        "before = api.model_info('alice/cards').sha",
        "try:",
        "    api.upload_file(path_or_fileobj=io.BytesIO(b'---\\nlicense: [mit\\n---\\n'), path_in_repo='README.md', repo_id='alice/cards')",
        "    refused = None",
        "except ValueError as error:",
        "    refused = str(error)",
        "assert api.model_info('alice/cards').sha == before, 'a refused README was committed'",
        "api.upload_file(path_or_fileobj=io.BytesIO(b'---\\nlicense: mit\\n---\\n# Cards\\n'), path_in_repo='README.md', repo_id='alice/cards')",
        "info = api.model_info('alice/cards')",
        "print(json.dumps([refused, info.card_data.to_dict() if info.card_data else None]))",
      ].join("\n");
      const result = await runPython(version, hub.url, write, code);
      expect(result.stderr).not.toMatch(/Traceback/);
      const [refused, card] = JSON.parse(result.stdout) as [string | null, unknown];
      expect(refused).toMatch(/Invalid YAML/);
      expect(card).toEqual({ license: "mit" });
    }, 60_000);

    test("get_space_runtime", async () => {
      const code = "from huggingface_hub import HfApi; print(HfApi().get_space_runtime('alice/page').stage)";
      const result = await runPython(version, hub.url, write, code);
      expect(result.stderr).not.toMatch(/Traceback/);
      expect(result.stdout.trim()).toBe("RUNNING");
    }, 60_000);
  });
