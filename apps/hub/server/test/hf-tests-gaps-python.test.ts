// Issue 22: gaps found by running huggingface_hub's own test suite against Hubkit, replayed here with both client
// versions as installed (Xet left on): the creator authors every commit of list_repo_commits, the initial one
// included (TestListGitCommits::test_list_commits_on_main); change_discussion_status to the current status is
// accepted (test_merge_pull_request sets an open PR to "open"), a merged PR stays final; super_squash_history of a
// pull request's refs/pr/N (test_super_squash_history_on_special_ref). The gated `.gitattributes` is in
// gating.test.ts; raw HTTP rules in community-api, squash and git-smart-http tests.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { python, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;

beforeAll(async () => {
  hub = await startTestHub("hf-tests-gaps");
}, 60_000);
afterAll(() => hub?.close());

/** Runs `body` as alice (write token) after the common imports; returns the JSON it printed last. */
async function py(version: string, body: string): Promise<Record<string, unknown>> {
  const code = `
import json
from huggingface_hub import HfApi
from huggingface_hub.utils import HfHubHTTPError
api = HfApi()
out = {}
def status_of(call):
    try:
        call()
        return None
    except HfHubHTTPError as error:
        return error.response.status_code
${body}
print(json.dumps(out))
`;
  const result = await python(version, hub, code, { token: hub.writeToken });
  expect(result.stderr.slice(-2000)).not.toMatch(/Traceback/);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;
}

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  const tag = version.replace(/\./g, "-");

  test("list_repo_commits: the creator authors every commit on main, the initial commit included", async () => {
    const out = await py(
      version,
      `
repo = api.create_repo("alice/commits-${tag}").repo_id
api.upload_file(repo_id=repo, path_or_fileobj=b"content", path_in_repo="content.txt")
api.upload_file(repo_id=repo, path_or_fileobj=b"on_pr", path_in_repo="on_pr.txt", create_pr=True)
api.upload_file(repo_id=repo, path_or_fileobj=b"on_main", path_in_repo="on_main.txt")
out["main"] = [[c.title, c.authors] for c in api.list_repo_commits(repo)]
out["pr"] = [c.title for c in api.list_repo_commits(repo, revision="refs/pr/1")]
`,
    );
    expect(out.main).toEqual([
      ["Upload on_main.txt with huggingface_hub", ["alice"]],
      ["Upload content.txt with huggingface_hub", ["alice"]],
      ["initial commit", ["alice"]],
    ]);
    expect(out.pr).toEqual([
      "Upload on_pr.txt with huggingface_hub",
      "Upload content.txt with huggingface_hub",
      "initial commit",
    ]);
  }, 120_000);

  test("change_discussion_status to the current status is accepted; a merged PR stays merged", async () => {
    const out = await py(
      version,
      `
from huggingface_hub import CommitOperationAdd
repo = api.create_repo("alice/status-${tag}").repo_id
pr = api.create_pull_request(repo_id=repo, title="Add a file")
api.create_commit(repo_id=repo, commit_message="Commit some file",
                  operations=[CommitOperationAdd(path_in_repo="file.test", path_or_fileobj=b"Content")],
                  revision=pr.git_reference)
again = api.change_discussion_status(repo_id=repo, discussion_num=pr.num, new_status="open")
out["again"] = [again.type, again.new_status]
out["events"] = [e.id for e in api.get_discussion_details(repo, pr.num).events].count(again.id)
api.merge_pull_request(repo, pr.num)
details = api.get_discussion_details(repo_id=repo, discussion_num=pr.num)
out["merged"] = [details.status, details.merge_commit_oid is not None]
out["reopen_merged"] = status_of(lambda: api.change_discussion_status(repo, pr.num, "open"))
d = api.create_discussion(repo, "A question")
api.change_discussion_status(repo, d.num, "closed")
closed_again = api.change_discussion_status(repo, d.num, "closed", comment="still closed")
out["closed_again"] = [closed_again.new_status, api.get_discussion_details(repo, d.num).status]
`,
    );
    expect(out.again).toEqual(["status-change", "open"]);
    expect(out.events).toBe(1);
    expect(out.merged).toEqual(["merged", true]);
    expect(out.reopen_merged).toBe(409);
    expect(out.closed_again).toEqual(["closed", "closed"]);
  }, 120_000);

  test("super_squash_history on a pull request's refs/pr/N: one commit with the PR's tree; main untouched", async () => {
    const out = await py(
      version,
      `
from huggingface_hub import hf_hub_download
repo = api.create_repo("alice/squash-pr-${tag}").repo_id
main_before = [c.commit_id for c in api.list_repo_commits(repo)]
pr = api.create_pull_request(repo_id=repo, title="Test super squash on PR")
api.upload_file(repo_id=repo, path_in_repo="file.txt", path_or_fileobj=b"content", revision=pr.git_reference)
api.upload_file(repo_id=repo, path_in_repo="lfs.bin", path_or_fileobj=b"content", revision=pr.git_reference)
api.upload_file(repo_id=repo, path_in_repo="file.txt", path_or_fileobj=b"another_content", revision=pr.git_reference)
out["before"] = len(api.list_repo_commits(repo, revision=pr.git_reference))
api.super_squash_history(repo_id=repo, branch=pr.git_reference)
out["after"] = len(api.list_repo_commits(repo, revision=pr.git_reference))
out["files"] = sorted(api.list_repo_files(repo, revision=pr.git_reference))
out["file"] = open(hf_hub_download(repo, "file.txt", revision=pr.git_reference)).read()
out["main_kept"] = [c.commit_id for c in api.list_repo_commits(repo)] == main_before
out["details"] = api.get_discussion_details(repo, pr.num).status
`,
    );
    expect(out.before).toBe(4);
    expect(out.after).toBe(1);
    expect(out.files).toEqual([".gitattributes", "file.txt", "lfs.bin"]);
    expect(out.file).toBe("another_content");
    expect(out.main_kept).toBe(true);
    expect(out.details).toBe("open");
  }, 120_000);
});
