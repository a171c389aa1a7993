// Issue 22 (3, 4, 5) through the official clients as users call them: huggingface_hub 2.0.0 and 1.33.0 (Xet as
// installed, no environment switch) run upload_folder with a .gitignore (ignored files stay out), auth_check
// (read, write, private, gated), list_lfs_files + permanently_delete_lfs_files (the file then answers
// EntryNotFound), list_user_repos, a README upload validated by the hub (errors raise ValueError, a card without metadata warns) and
// super_squash_history; @huggingface/hub runs createBranch({ empty, overwrite }) and createRepo({ license }).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBranch, createRepo, downloadFile, listFiles, uploadFile } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AuthHub, PYTHON_CLIENTS, pythonFor, startAuthHub } from "./auth-harness.js";
import { hfClientEnv, lastJsonLine, run } from "./run-command.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob"]) await hub.user(name);
  tokens.alice = await hub.token("alice", "write");
  tokens.aliceRead = await hub.token("alice", "read");
  tokens.bob = await hub.token("bob", "write");
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

/** Runs `code` with the venv of `version`, pointed at the hub as alice, Xet left as installed. */
async function py(version: string, code: string): Promise<Record<string, unknown>> {
  const home = mkdtempSync(join(tmpdir(), "hubkit-core-py-"));
  try {
    const result = await run(await pythonFor(version), ["-c", code], {
      timeoutMs: 180_000,
      cwd: home,
      env: hfClientEnv({ endpoint: hub.url, home, token: tokens.alice }),
    });
    expect(result.stderr).not.toMatch(/Traceback/);
    return lastJsonLine(result.stdout) as Record<string, unknown>;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  const tag = version.replace(/\./g, "-");

  test("upload_folder honours .gitignore; auth_check; lfs files; list_user_repos; validate; super-squash", async () => {
    const code = String.raw`
import json, os, tempfile, warnings
from huggingface_hub import HfApi, hf_hub_download
out = {}
api = HfApi()
bob = HfApi(token=${JSON.stringify(tokens.bob)})
def error_of(call):
    try:
        call()
        return None
    except Exception as error:
        return [type(error).__name__, getattr(getattr(error, "response", None), "status_code", None)]

repo = "alice/core-${tag}"
api.create_repo(repo)
folder = tempfile.mkdtemp()
os.makedirs(os.path.join(folder, "cache"))
files = {".gitignore": b"*.log\ncache/\n", "a.txt": b"kept", "run.log": b"ignored", "cache/x.txt": b"ignored",
         "weights.bin": os.urandom(200_000)}
for name, data in files.items():
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)
api.upload_folder(folder_path=folder, repo_id=repo)
out["files"] = sorted(api.list_repo_files(repo))

api.auth_check(repo)
api.auth_check(repo, write=True)
out["bob_read"] = error_of(lambda: bob.auth_check(repo))
out["bob_write"] = error_of(lambda: bob.auth_check(repo, write=True))
api.create_repo("alice/core-secret-${tag}", private=True)
out["bob_private"] = error_of(lambda: bob.auth_check("alice/core-secret-${tag}"))
api.create_repo("alice/core-gated-${tag}")
api.update_repo_settings("alice/core-gated-${tag}", gated="manual")
out["bob_gated"] = error_of(lambda: bob.auth_check("alice/core-gated-${tag}"))

lfs = list(api.list_lfs_files(repo))
out["lfs"] = [[f.filename, f.size, f.ref, len(f.file_oid)] for f in lfs]
out["bob_lfs"] = error_of(lambda: list(bob.list_lfs_files(repo)))
api.permanently_delete_lfs_files(repo, lfs)
out["lfs_after"] = len(list(api.list_lfs_files(repo)))
out["download_after"] = error_of(lambda: hf_hub_download(repo, "weights.bin", cache_dir=tempfile.mkdtemp()))

out["user_repos"] = sorted([r.id, r.type, r.visibility] for r in api.list_user_repos() if "-${tag}" in r.id)

# A README in a commit is validated by the hub first (RepoCard.validate itself posts to huggingface.co, whatever
# the endpoint, so the commit path is the one a user of another hub goes through).
readme = lambda text: api.upload_file(path_or_fileobj=text.encode(), path_in_repo="README.md", repo_id=repo)
invalid = error_of(lambda: readme("---\nmodel-index: foo\n---\n# Card"))
out["invalid_card"] = invalid
out["invalid_card_is_value_error"] = invalid is not None and invalid[0] == "ValueError"
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    readme("# No metadata")
out["empty_card_warning"] = any("Empty or missing yaml metadata" in str(w.message) for w in caught)
readme("---\nlicense: mit\nlanguage: en\n---\n# Card")

api.super_squash_history(repo)
out["commits"] = len(api.list_repo_commits(repo))
out["files_after_squash"] = sorted(api.list_repo_files(repo))
print(json.dumps(out))
`;
    const out = await py(version, code);
    expect(out.files).toEqual([".gitattributes", ".gitignore", "a.txt", "weights.bin"]);
    expect(out.bob_read).toBeNull();
    expect(out.bob_write).toEqual(["HfHubHTTPError", 403]);
    expect(out.bob_private).toEqual(["RepositoryNotFoundError", 404]);
    expect(out.bob_gated).toEqual(["GatedRepoError", 403]);
    expect(out.lfs).toEqual([["weights.bin", 200_000, "refs/heads/main", 64]]);
    expect(out.bob_lfs).toEqual(["HfHubHTTPError", 403]);
    expect(out.lfs_after).toBe(0);
    expect(String((out.download_after as unknown[] | null)?.[0])).toMatch(/EntryNotFound/);
    expect(out.user_repos).toEqual([
      [`alice/core-${tag}`, "model", "public"],
      [`alice/core-gated-${tag}`, "model", "public"],
      [`alice/core-secret-${tag}`, "model", "private"],
    ]);
    expect(out.invalid_card_is_value_error, JSON.stringify(out.invalid_card)).toBe(true);
    expect(out.empty_card_warning).toBe(true);
    expect(out.commits).toBe(1);
    // permanently_delete_lfs_files rewrote the history (its default): weights.bin is in no commit any more.
    expect(out.files_after_squash).toEqual(
      [...(out.files as string[]).filter((file) => file !== "weights.bin"), "README.md"].sort(),
    );
  }, 300_000);
});

describe("@huggingface/hub", () => {
  const credentials = () => ({ accessToken: tokens.alice as string, hubUrl: hub.url });

  test("createBranch({ empty: true }) makes a branch without the files", async () => {
    const repo = { type: "model" as const, name: "alice/js-empty" };
    await createRepo({ ...credentials(), repo });
    await uploadFile({ ...credentials(), repo, file: { path: "file.txt", content: new Blob(["file content"]) } });
    await createBranch({ ...credentials(), repo, branch: "empty-branch", empty: true });
    expect(await downloadFile({ ...credentials(), repo, path: "file.txt", revision: "empty-branch" })).toBeNull();
    const files: string[] = [];
    for await (const entry of listFiles({ ...credentials(), repo, revision: "empty-branch" })) files.push(entry.path);
    expect(files).toEqual([]);
  });

  test("createBranch({ overwrite: true, empty: true }) empties an existing branch", async () => {
    const repo = { type: "model" as const, name: "alice/js-overwrite" };
    await createRepo({ ...credentials(), repo });
    await uploadFile({ ...credentials(), repo, file: { path: "file.txt", content: new Blob(["file content"]) } });
    await createBranch({ ...credentials(), repo, branch: "overwrite-branch" });
    await createBranch({ ...credentials(), repo, branch: "overwrite-branch", overwrite: true, empty: true });
    expect(await downloadFile({ ...credentials(), repo, path: "file.txt", revision: "overwrite-branch" })).toBeNull();
  });

  test("createRepo({ license }) writes the README with that license", async () => {
    const repo = { type: "model" as const, name: "alice/js-licensed" };
    await createRepo({ ...credentials(), repo, license: "apache-2.0" });
    const readme = await downloadFile({ ...credentials(), repo, path: "README.md" });
    expect(await readme?.text()).toBe("---\nlicense: apache-2.0\n---\n");
  });
});
