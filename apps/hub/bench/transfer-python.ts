// Transfer benchmarks (issue 11): the official Python client (huggingface_hub, from the venvs that
// scripts/python-clients.sh makes) downloading and uploading one file. The time is measured inside Python around
// the one call, so the interpreter's start and imports are not counted; Xet is disabled so uploads take the LFS
// path, and the cache is a folder of the caller's, so every download really transfers.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "./transfer-process.js";

const REPO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export function pythonOf(version: string): string {
  const python = join(REPO_DIR, "node_modules/.cache/hubkit-venvs", `hf-${version}`, "bin/python");
  if (!existsSync(python)) throw new Error(`${python} is missing: run bash scripts/python-clients.sh`);
  return python;
}

const DOWNLOAD = `
import json, os, sys, time
from huggingface_hub import hf_hub_download
repo, filename, cache = sys.argv[1:4]
started = time.perf_counter()
path = hf_hub_download(repo_id=repo, filename=filename, cache_dir=cache)
seconds = time.perf_counter() - started
print(json.dumps({"seconds": seconds, "bytes": os.path.getsize(path)}))
`;

const UPLOAD = `
import json, sys, time
from huggingface_hub import HfApi
repo, path, name = sys.argv[1:4]
api = HfApi()
started = time.perf_counter()
info = api.upload_file(path_or_fileobj=path, path_in_repo=name, repo_id=repo, commit_message="benchmark upload")
seconds = time.perf_counter() - started
print(json.dumps({"seconds": seconds, "commit": info.oid}))
`;

export interface HubClientEnv {
  endpoint: string;
  token?: string;
  home: string;
}

function clientEnv({ endpoint, token, home }: HubClientEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: home,
    HF_HOME: home,
    HF_ENDPOINT: endpoint,
    ...(token !== undefined ? { HF_TOKEN: token } : {}),
    HF_HUB_DISABLE_TELEMETRY: "1",
    HF_HUB_DISABLE_XET: "1",
    HF_HUB_DISABLE_PROGRESS_BARS: "1",
    HF_HUB_DOWNLOAD_TIMEOUT: "60",
    HF_HUB_ETAG_TIMEOUT: "60",
  };
}

function lastJson(stdout: string): Record<string, unknown> {
  const line = stdout.trim().split("\n").pop() ?? "";
  return JSON.parse(line) as Record<string, unknown>;
}

/** Seconds spent in `hf_hub_download` and the size of the file it produced. */
export async function hfDownload(
  version: string,
  env: HubClientEnv,
  repo: string,
  filename: string,
  cacheDir: string,
): Promise<{ seconds: number; bytes: number }> {
  const { stdout } = await run(pythonOf(version), ["-c", DOWNLOAD, repo, filename, cacheDir], { env: clientEnv(env) });
  const { seconds, bytes } = lastJson(stdout);
  return { seconds: Number(seconds), bytes: Number(bytes) };
}

/** Seconds spent in `upload_file` (hashing, preupload, LFS transfer, commit) and the new commit. */
export async function hfUpload(
  version: string,
  env: HubClientEnv,
  repo: string,
  path: string,
  pathInRepo: string,
): Promise<{ seconds: number; commit: string }> {
  const { stdout } = await run(pythonOf(version), ["-c", UPLOAD, repo, path, pathInRepo], { env: clientEnv(env) });
  const { seconds, commit } = lastJson(stdout);
  return { seconds: Number(seconds), commit: String(commit) };
}
