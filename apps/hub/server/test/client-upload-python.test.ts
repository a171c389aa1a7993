// The official Python client (both major versions) uploading to a real hub: upload_folder with a small file and a
// >10 MB LFS file through the batch API (HF_HUB_DISABLE_XET=1), the bytes coming back identical; create_branch,
// delete_file, the `hf upload` CLI; and, with Xet left on (the default install), small files upload and a large one
// goes through the hub's own Xet CAS (xet-clients.test.ts covers Xet in depth).
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { hfCli, python, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let folder: string;
let bigSha = "";

beforeAll(async () => {
  hub = await startTestHub("client-upload");
  folder = join(hub.work, "upload");
  mkdirSync(join(folder, "sub"), { recursive: true });
  writeFileSync(join(folder, "config.json"), '{"model_type": "bert"}\n');
  writeFileSync(join(folder, "sub", "notes.txt"), "small file\n");
  const big = randomBytes(10 * 1024 * 1024 + 12345); // over 10 MiB: LFS by size whatever its extension
  bigSha = createHash("sha256").update(big).digest("hex");
  writeFileSync(join(folder, "weights.dat"), big);
}, 60_000);
afterAll(() => hub?.close());

const fsckClean = (repo: string) =>
  execFileSync("git", ["--git-dir", join(hub.dataDir, "repos", "models", "alice", `${repo}.git`), "fsck", "--strict"], {
    encoding: "utf8",
  });

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  const repo = `up-${version.replace(/\./g, "-")}`;

  it("create_repo, upload_folder (small + >10 MB LFS), download identical bytes, branch, delete_file", async () => {
    const result = await python(
      version,
      hub,
      `
import hashlib, json
from huggingface_hub import HfApi, hf_hub_download
api = HfApi()
api.create_repo("alice/${repo}")
info = api.upload_folder(folder_path=${JSON.stringify(folder)}, repo_id="alice/${repo}", commit_message="Upload model")
out = {"commit_url": str(info), "oid": info.oid}
meta = api.model_info("alice/${repo}", files_metadata=True)
out["siblings"] = {s.rfilename: [s.size, s.lfs.sha256 if s.lfs else None] for s in meta.siblings}
path = hf_hub_download("alice/${repo}", "weights.dat")
out["big_sha"] = hashlib.sha256(open(path, "rb").read()).hexdigest()
out["old"] = open(hf_hub_download("alice/${repo}", "sub/notes.txt", revision=info.oid)).read()
api.create_branch("alice/${repo}", branch="dev")
api.delete_file("sub/notes.txt", repo_id="alice/${repo}", commit_message="Remove notes")
out["files"] = sorted(api.list_repo_files("alice/${repo}"))
out["dev_files"] = sorted(api.list_repo_files("alice/${repo}", revision="dev"))
out["commits"] = [c.title for c in api.list_repo_commits("alice/${repo}")]
print(json.dumps(out))
`,
      { token: hub.writeToken, xet: false }, // the LFS batch API, not Xet
    );
    expect(result.stderr.slice(-2000)).not.toMatch(/Traceback/);
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout.trim().split("\n").pop() as string);
    expect(out.commit_url).toMatch(new RegExp(`^${hub.url}/alice/${repo}/commit/[0-9a-f]{40}$`));
    expect(out.siblings["weights.dat"]).toEqual([10 * 1024 * 1024 + 12345, bigSha]);
    expect(out.siblings["config.json"]).toEqual([23, null]);
    expect(out.big_sha).toBe(bigSha);
    expect(out.old).toBe("small file\n");
    expect(out.files).toEqual([".gitattributes", "config.json", "weights.dat"]);
    expect(out.dev_files).toEqual([".gitattributes", "config.json", "sub/notes.txt", "weights.dat"]);
    expect(out.commits).toEqual(["Remove notes", "Upload model", "initial commit"]);
    // The large object is in the content-addressed store; the repository holds its pointer.
    expect(await hub.ctx.lfs.stat(bigSha)).toEqual({ oid: bigSha, size: 10 * 1024 * 1024 + 12345 });
    fsckClean(repo);
  }, 120_000);

  it("hf upload (CLI) commits a file", async () => {
    const cli = await hfCli(
      version,
      hub,
      ["upload", `alice/${repo}`, join(folder, "config.json"), "cli/config.json", "--commit-message", "From the CLI"],
      hub.writeToken,
      hub.work,
    );
    expect(cli.stderr.slice(-2000)).not.toMatch(/Traceback/);
    expect(cli.code).toBe(0);
    const head = (await hub.ctx.storage.resolveRevision({ type: "model", id: `alice/${repo}` }, "main")) as string;
    expect(await hub.ctx.storage.stat({ type: "model", id: `alice/${repo}` }, head, "cli/config.json")).toMatchObject({
      size: 23,
    });
  }, 60_000);

  it("with Xet on (the default install): small files upload, a large one uploads through the hub's Xet CAS", async () => {
    const started = Date.now();
    const result = await python(
      version,
      hub,
      `
from huggingface_hub import HfApi
api = HfApi()
api.upload_file(path_or_fileobj=b"tiny text", path_in_repo="tiny.txt", repo_id="alice/${repo}")
print("small ok")
try:
    api.upload_file(path_or_fileobj=${JSON.stringify(join(folder, "weights.dat"))}, path_in_repo="again.dat", repo_id="alice/${repo}")
    print("large uploaded")
except Exception as error:
    print("large failed:", error)
`,
      { token: hub.writeToken, xet: true },
    );
    expect(result.stdout).toContain("small ok");
    expect(result.stdout).toContain("large uploaded");
    expect(result.stdout).not.toContain("large failed");
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 90_000);
});
