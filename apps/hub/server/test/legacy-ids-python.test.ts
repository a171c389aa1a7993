// Issue 22 points 1 and 2 through the real clients: huggingface_hub 2.0.0 and 1.33.0 (as installed, Xet on) and git
// on one-segment ids. `repo_exists` / `file_exists` say False for an id that names nothing (the old server answered
// `HEAD /{id}/resolve/…` with the site's 200 page, so `file_exists` said True); a legacy id (`gpt2`) follows the
// hub's 307 to the local `openai-community/gpt2` for info, commits, refs, downloads and a git clone; and the
// client's error message carries the request's id, "(Request ID: …)", as the server answered it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { gitClientEnv, python, run, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const CONFIG = '{"model_type": "gpt2", "n_layer": 2}\n';

beforeAll(async () => {
  hub = await startTestHub("legacy-ids-python");
  const org = await hub.admin("/api/admin/organizations", { name: "openai-community", members: ["alice"] });
  expect(org.status).toBe(200);
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      name: "gpt2",
      organization: "openai-community",
      files: [
        { path: "README.md", content: "---\nlicense: mit\n---\n# gpt2\n", encoding: "utf-8" },
        { path: "config.json", content: CONFIG, encoding: "utf-8" },
      ],
    }),
  });
  expect(created.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await hub?.close();
});

const FLOW = `
import json
from huggingface_hub import HfApi, hf_hub_download
from huggingface_hub.utils import RepositoryNotFoundError
api = HfApi()
out = {}
out["exists_legacy_local"] = api.repo_exists("gpt2")
out["exists_legacy_absent"] = api.repo_exists("t5-small")
out["exists_one_segment"] = api.repo_exists("no-such-model")
out["exists_dataset"] = api.repo_exists("squad", repo_type="dataset")
out["file_legacy"] = api.file_exists("gpt2", "config.json")
out["file_legacy_missing_file"] = api.file_exists("gpt2", "nope.json")
out["file_one_segment"] = api.file_exists("no-such-model", "config.json")
out["file_one_segment_dataset"] = api.file_exists("no-such-data", "x.csv", repo_type="dataset")
out["info_id"] = api.model_info("gpt2").id
out["info_revision_id"] = api.model_info("gpt2", revision="main").id
out["commits"] = len(api.list_repo_commits("gpt2"))
out["branches"] = [b.name for b in api.list_repo_refs("gpt2").branches]
out["files"] = sorted(api.list_repo_files("gpt2"))
out["download"] = open(hf_hub_download("gpt2", "config.json")).read()
for name, call in [
    ("info_missing", lambda: api.model_info("no-such-model")),
    ("commits_missing", lambda: api.list_repo_commits("no-such-model")),
    ("refs_missing", lambda: api.list_repo_refs("no-such-model")),
]:
    try:
        call()
        out[name] = "no error"
    except RepositoryNotFoundError as error:
        out[name] = str(error)
print(json.dumps(out))
`;

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  for (const caller of ["anonymous", "token"] as const)
    test(`one-segment ids and legacy redirects, ${caller}`, async () => {
      const result = await python(version, hub, FLOW, {
        xet: true,
        ...(caller === "token" ? { token: hub.writeToken } : {}),
      });
      expect(result.code, result.stderr).toBe(0);
      const out = JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
      expect(out).toMatchObject({
        exists_legacy_local: true,
        exists_legacy_absent: false,
        exists_one_segment: false,
        exists_dataset: false,
        file_legacy: true,
        file_legacy_missing_file: false,
        file_one_segment: false,
        file_one_segment_dataset: false,
        info_id: "openai-community/gpt2",
        info_revision_id: "openai-community/gpt2",
        commits: 2,
        branches: ["main"],
        files: [".gitattributes", "README.md", "config.json"],
        download: CONFIG,
      });
      for (const name of ["info_missing", "commits_missing", "refs_missing"]) {
        const message = String(out[name]);
        expect(message, name).toContain(caller === "anonymous" ? "401" : "404");
        // The id the server answered with (the client's own trace id, which the server keeps).
        expect(message, name).toMatch(/\(Request ID: [0-9a-f-]{36}\)/);
      }
    }, 120_000);

  test("the Request ID in the message is the one the server sent (an id of the caller's, kept)", async () => {
    const code = `
import json
from huggingface_hub import HfApi
from huggingface_hub.utils import RepositoryNotFoundError, build_hf_headers
api = HfApi()
try:
    api.model_info("alice/missing")
except RepositoryNotFoundError as error:
    print(json.dumps({"message": str(error), "header": error.response.headers.get("x-request-id"),
                      "sent": error.response.request.headers.get("x-amzn-trace-id")}))
`;
    const result = await python(version, hub, code, { xet: true, token: hub.readToken });
    expect(result.code, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout.trim()) as { message: string; header: string; sent: string };
    expect(out.header).toBe(out.sent);
    expect(out.message).toContain(`(Request ID: ${out.header})`);
  }, 120_000);
});

test("git clones a legacy id: the initial redirect leads to the canonical repository", async () => {
  const dir = join(hub.work, "clone-gpt2");
  const clone = await run("git", ["clone", "-q", `${hub.url}/gpt2`, dir], {
    env: gitClientEnv(hub.work),
    timeoutMs: 60_000,
  });
  expect(clone.code, clone.stderr).toBe(0);
  expect(readFileSync(join(dir, "config.json"), "utf8")).toBe(CONFIG);
  const remote = await run("git", ["-C", dir, "remote", "get-url", "origin"], { env: gitClientEnv(hub.work) });
  expect(remote.stdout.trim()).toBe(`${hub.url}/gpt2`);
  // An id that names nothing: git is told so (no site page taken for a repository).
  const missing = await run("git", ["clone", "-q", `${hub.url}/no-such-model`, join(hub.work, "clone-missing")], {
    env: gitClientEnv(hub.work),
    timeoutMs: 60_000,
  });
  expect(missing.code).not.toBe(0);
  expect(missing.stderr).not.toMatch(/not valid|is this a git repository/);
}, 120_000);
