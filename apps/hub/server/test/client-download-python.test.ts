// Downloads with the official Python clients (huggingface_hub 2.0.0 and 1.33.0) against a real hub on 127.0.0.1:
// model_info with files_metadata, dataset_info, space_info, list_repo_files, hf_hub_download and snapshot_download
// (bytes identical; a second call served from the client's cache: no GET of the file reached the hub, as the
// recording proxy in front of it shows), a download at an older commit, the `hf download` CLI, and a seed
// model's config.json and a seed dataset's Parquet sample.
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HUB_DIR } from "../src/config.js";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { type ListingHub, pythonJson, runClient, seedRecords, startListingHub } from "./listing-harness.js";

const REPO = "alice/download-me";
// Bytes that survive no text conversion: every byte value, then a larger pseudo-random body.
const WEIGHTS = Buffer.concat([
  Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
  createHash("sha512").update("hubkit").digest(),
]);
const NOTES_V1 = "first version\n";
const NOTES_V2 = "second version, longer\n";

let hub: ListingHub;
let alice: string;
let firstCommit: string;
let lastCommit: string;

const getsOf = (path: string) => hub.requests.filter((line) => line.startsWith("GET ") && line.includes(path)).length;
/**
 * Fetches of a file's bytes: GETs of its resolve URL, or (a Xet-uploaded file, hf_xet installed) of the signed xorb
 * ranges its reconstruction names (this small file: one range).
 */
const byteFetchesOf = (path: string) =>
  getsOf(path) + hub.requests.filter((line) => /^GET \/xet\/[^/]+\/range\//.test(line)).length;

beforeAll(async () => {
  hub = await startListingHub("client-download", {
    models: seedRecords("models.jsonl", 1),
    datasets: seedRecords("datasets.jsonl", 1, ["cais/mmlu"]),
    spaces: seedRecords("spaces.jsonl", 1),
  });
  await hub.user("alice");
  alice = await hub.token("alice", "write");
  const commits = await pythonJson<string[]>(
    "2.0.0",
    hub,
    `
import json, sys
from huggingface_hub import HfApi
api = HfApi()
api.create_repo(${JSON.stringify(REPO)})
first = api.upload_file(path_or_fileobj=${JSON.stringify(NOTES_V1)}.encode(), path_in_repo="notes.txt", repo_id=${JSON.stringify(REPO)})
api.upload_file(path_or_fileobj=bytes.fromhex(${JSON.stringify(WEIGHTS.toString("hex"))}), path_in_repo="weights/model.bin", repo_id=${JSON.stringify(REPO)})
last = api.upload_file(path_or_fileobj=${JSON.stringify(NOTES_V2)}.encode(), path_in_repo="notes.txt", repo_id=${JSON.stringify(REPO)})
print(json.dumps([first.oid, last.oid]))
`,
    alice,
  );
  [firstCommit, lastCommit] = commits as [string, string];
}, 240_000);
afterAll(async () => hub?.close(), 60_000);

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  it("reads model_info with files_metadata, dataset_info, space_info and list_repo_files", async () => {
    const dataset = String(seedRecords("datasets.jsonl", 1)[0]?.id);
    const space = String(seedRecords("spaces.jsonl", 1)[0]?.id);
    const info = await pythonJson<{
      sha: string;
      siblings: [string, number | null, string | null][];
      files: string[];
      dataset: [string, string[]];
      space: [string, string | null, string[]];
    }>(
      version,
      hub,
      `
import json
from huggingface_hub import HfApi
api = HfApi()
m = api.model_info(${JSON.stringify(REPO)}, files_metadata=True)
d = api.dataset_info(${JSON.stringify(dataset)})
s = api.space_info(${JSON.stringify(space)})
print(json.dumps({
  "sha": m.sha,
  "siblings": sorted([x.rfilename, x.size, x.blob_id] for x in m.siblings),
  "files": sorted(api.list_repo_files(${JSON.stringify(REPO)})),
  "dataset": [d.id, sorted(api.list_repo_files(d.id, repo_type="dataset"))],
  "space": [s.id, s.sdk, sorted(x.rfilename for x in s.siblings)],
}))
`,
    );
    expect(info.sha).toBe(lastCommit);
    const blobId = (bytes: Buffer) => createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
    const notes = info.siblings.find(([name]) => name === "notes.txt");
    expect(notes).toEqual(["notes.txt", NOTES_V2.length, blobId(Buffer.from(NOTES_V2))]);
    expect(info.siblings.find(([name]) => name === "weights/model.bin")?.[1]).toBe(WEIGHTS.length);
    expect(info.files).toEqual([".gitattributes", "notes.txt", "weights/model.bin"]);
    expect(info.dataset).toEqual([dataset, [".gitattributes", "README.md", "data/sample.csv"]]);
    expect(info.space).toEqual([space, "static", [".gitattributes", "README.md", "index.html"]]);
  });

  it("hf_hub_download gives identical bytes, and the second call comes from the client's cache", async () => {
    const code = `
import json
from huggingface_hub import hf_hub_download
path = hf_hub_download(${JSON.stringify(REPO)}, "weights/model.bin")
print(json.dumps(path))
`;
    const before = byteFetchesOf(`/${REPO}/resolve/main/weights/model.bin`);
    const path = await pythonJson<string>(version, hub, code);
    expect(readFileSync(path).equals(WEIGHTS)).toBe(true);
    expect(byteFetchesOf(`/${REPO}/resolve/main/weights/model.bin`)).toBe(before + 1);
    const again = await pythonJson<string>(version, hub, code);
    expect(again).toBe(path);
    // The client may still ask with HEAD whether the file changed; it must not fetch the bytes again.
    expect(byteFetchesOf(`/${REPO}/resolve/main/weights/model.bin`)).toBe(before + 1);
  });

  it("snapshot_download gives every file, and the second call downloads nothing", async () => {
    const code = `
import json
from huggingface_hub import snapshot_download
print(json.dumps(snapshot_download(${JSON.stringify(REPO)})))
`;
    const folder = await pythonJson<string>(version, hub, code);
    expect(readFileSync(join(folder, "weights/model.bin")).equals(WEIGHTS)).toBe(true);
    expect(readFileSync(join(folder, "notes.txt"), "utf8")).toBe(NOTES_V2);
    const resolves = getsOf(`/${REPO}/resolve/`);
    expect(await pythonJson<string>(version, hub, code)).toBe(folder);
    expect(getsOf(`/${REPO}/resolve/`)).toBe(resolves);
  });

  it("downloads a file at an older commit", async () => {
    const path = await pythonJson<string>(
      version,
      hub,
      `
import json
from huggingface_hub import hf_hub_download
print(json.dumps(hf_hub_download(${JSON.stringify(REPO)}, "notes.txt", revision=${JSON.stringify(firstCommit)})))
`,
    );
    expect(readFileSync(path, "utf8")).toBe(NOTES_V1);
  });

  it("downloads with the hf CLI", async () => {
    const target = join(hub.work, `cli-${version}`);
    mkdirSync(target, { recursive: true });
    const result = await runClient(version, hub, {
      cli: ["download", REPO, "notes.txt", "weights/model.bin", "--local-dir", target],
      cwd: target,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(target, "notes.txt"), "utf8")).toBe(NOTES_V2);
    expect(readFileSync(join(target, "weights/model.bin")).equals(WEIGHTS)).toBe(true);
  });

  it("downloads a seed dataset's Parquet sample (an LFS file) byte for byte", async () => {
    const path = await pythonJson<string>(
      version,
      hub,
      `
import json
from huggingface_hub import hf_hub_download
print(json.dumps(hf_hub_download("cais/mmlu", "data/sample.parquet", repo_type="dataset")))
`,
    );
    const committed = readFileSync(join(HUB_DIR, "server/seed/samples/cais/mmlu/sample.parquet"));
    expect(readFileSync(path).equals(committed)).toBe(true);
    expect(committed.subarray(0, 4).toString("latin1")).toBe("PAR1");
  });

  it("downloads a seed model's config.json", async () => {
    const seed = seedRecords("models.jsonl", 1)[0] as { id: string; config: { architectures: string[] } };
    const path = await pythonJson<string>(
      version,
      hub,
      `
import json
from huggingface_hub import hf_hub_download
print(json.dumps(hf_hub_download(${JSON.stringify(seed.id)}, "config.json")))
`,
    );
    const config = JSON.parse(readFileSync(path, "utf8")) as { architectures: string[] };
    expect(config.architectures).toEqual(seed.config.architectures);
  });
});
