// Listing and search with the official Python clients (huggingface_hub 2.0.0 and 1.33.0) against a real hub on
// 127.0.0.1 whose small seed became real repositories: list_models(search, author), list_datasets, list_spaces,
// the client's own Link-header pagination with a page size of 1, and private repositories that only their owner
// sees (anonymous callers and other users get neither a listing entry nor a search hit).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { type ListingHub, pythonJson, seedRecords, startListingHub } from "./listing-harness.js";

const models = seedRecords("models.jsonl", 5, ["Qwen/Qwen2.5-7B-Instruct"]);
const datasets = seedRecords("datasets.jsonl", 4);
const spaces = seedRecords("spaces.jsonl", 3);
const ids = (records: Record<string, unknown>[]) => records.map((record) => String(record.id)).sort();

let hub: ListingHub;
let alice: string;
let bob: string;

beforeAll(async () => {
  hub = await startListingHub("listing-python", { models, datasets, spaces });
  await hub.user("alice");
  await hub.user("bob");
  alice = await hub.token("alice", "write");
  bob = await hub.token("bob", "read");
  // One private and one public repository of each type for alice, through the client's create_repo.
  await pythonJson(
    "2.0.0",
    hub,
    `
import json
from huggingface_hub import HfApi
api = HfApi()
for kind in ("model", "dataset", "space"):
    extra = {"space_sdk": "static"} if kind == "space" else {}
    api.create_repo("alice/secret-llama-notes", repo_type=kind, private=True, **extra)
    api.create_repo("alice/open-llama-notes", repo_type=kind, **extra)
print(json.dumps(True))
`,
    alice,
  );
}, 240_000);
afterAll(async () => hub?.close(), 60_000);

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  it("lists and searches the seed models by author and search text", async () => {
    const result = await pythonJson<{ author: string[]; search: string[]; both: string[]; info: unknown[] }>(
      version,
      hub,
      `
import json
from huggingface_hub import HfApi
api = HfApi()
author = sorted(m.id for m in api.list_models(author="meta-llama"))
search = sorted(m.id for m in api.list_models(search="Llama-3.2"))
both = sorted(m.id for m in api.list_models(search="qwen2.5", author="Qwen"))
info = [[m.id, m.pipeline_tag, m.sha is not None] for m in api.list_models(author="Qwen", full=True)]
print(json.dumps({"author": author, "search": search, "both": both, "info": info}))
`,
    );
    expect(result.author).toEqual(ids(models.filter((model) => String(model.id).startsWith("meta-llama/"))));
    expect(result.search).toEqual(["meta-llama/Llama-3.2-1B-Instruct", "meta-llama/Llama-3.2-3B-Instruct"]);
    expect(result.both).toEqual(["Qwen/Qwen2.5-7B-Instruct"]);
    // The seed model is a real repository: the listing carries its commit.
    expect(result.info).toEqual([["Qwen/Qwen2.5-7B-Instruct", "text-generation", true]]);
  });

  it("lists datasets and spaces", async () => {
    const result = await pythonJson<{ datasets: string[]; spaces: string[]; one: string[] }>(
      version,
      hub,
      `
import json
from huggingface_hub import HfApi
api = HfApi()
print(json.dumps({
  "datasets": sorted(d.id for d in api.list_datasets() if not d.id.startswith("alice/")),
  "spaces": sorted(s.id for s in api.list_spaces() if not s.id.startswith("alice/")),
  "one": [d.id for d in api.list_datasets(search="speech_commands")],
}))
`,
    );
    expect(result.datasets).toEqual(ids(datasets));
    expect(result.spaces).toEqual(ids(spaces));
    expect(result.one).toEqual(["google/speech_commands"]);
  });

  it("follows the Link header page by page (page size 1) through the client's paginate", async () => {
    const result = await pythonJson<Record<string, string[]>>(
      version,
      hub,
      `
import json
from huggingface_hub import HfApi, constants
from huggingface_hub.utils._pagination import paginate
api = HfApi()
out = {}
for kind in ("models", "datasets", "spaces"):
    out[kind] = [item["id"] for item in paginate(f"{constants.ENDPOINT}/api/{kind}", params={"limit": 1}, headers=api._build_hf_headers())]
print(json.dumps(out))
`,
    );
    const requests = hub.requests.filter((line) => /^GET \/api\/models\?.*cursor=/.test(line));
    // One page per model after the first: the client followed our absolute Link URLs.
    expect(requests.length).toBeGreaterThanOrEqual(models.length);
    expect([...(result.models ?? [])].sort()).toEqual([...ids(models), "alice/open-llama-notes"].sort());
    expect(new Set(result.datasets).size).toBe(datasets.length + 1);
    expect(new Set(result.spaces).size).toBe(spaces.length + 1);
  });

  it("shows private repositories to their owner only, in lists and in search", async () => {
    const code = `
import json
from huggingface_hub import HfApi
api = HfApi()
print(json.dumps({
  "models": sorted(m.id for m in api.list_models(author="alice")),
  "search": sorted(m.id for m in api.list_models(search="llama-notes")),
  "datasets": sorted(d.id for d in api.list_datasets(author="alice")),
  "spaces": sorted(s.id for s in api.list_spaces(search="secret")),
}))
`;
    const publicOnly = {
      models: ["alice/open-llama-notes"],
      search: ["alice/open-llama-notes"],
      datasets: ["alice/open-llama-notes"],
      spaces: [],
    };
    expect(await pythonJson(version, hub, code)).toEqual(publicOnly);
    expect(await pythonJson(version, hub, code, bob)).toEqual(publicOnly);
    expect(await pythonJson(version, hub, code, alice)).toEqual({
      models: ["alice/open-llama-notes", "alice/secret-llama-notes"],
      search: ["alice/open-llama-notes", "alice/secret-llama-notes"],
      datasets: ["alice/open-llama-notes", "alice/secret-llama-notes"],
      spaces: ["alice/secret-llama-notes"],
    });
  });
});
