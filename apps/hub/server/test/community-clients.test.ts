// Discussions and pull requests with the official clients against a real server: huggingface_hub 2.0.0 and 1.33.0
// (every discussion call, create_pull_request, create_commit onto refs/pr/N, upload_file(create_pr=True) with a
// regular file, an LFS file through the batch API (HF_HUB_DISABLE_XET=1) and through Xet, merge_pull_request,
// list_repo_refs(include_pull_requests=True)); @huggingface/hub commit with isPullRequest; git push to refs/pr/N
// by the PR's author and a writer, refused for other users, for numbers with no PR, for deletions and for branches.
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { commit as jsCommit } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PYTHON_CLIENTS } from "./auth-harness.js";
import { gitClientEnv, python, run, startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
let bob = "";
let carol = "";

async function token(user: string): Promise<string> {
  const answer = (await (await hub.admin("/api/admin/tokens", { user, role: "write", name: "w" })).json()) as {
    token: string;
  };
  return answer.token;
}

beforeAll(async () => {
  hub = await startTestHub("community-clients");
  for (const user of ["bob", "carol"]) expect((await hub.admin("/api/admin/users", { name: user })).status).toBe(200);
  bob = await token("bob");
  carol = await token("carol");
}, 60_000);
afterAll(() => hub?.close());

const json = (stdout: string) => JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as Record<string, unknown>;

describe.each(PYTHON_CLIENTS)("huggingface_hub %s", (version) => {
  const repo = `alice/community-${version.replace(/\./g, "-")}`;

  test("discussions, pull requests, create_pr uploads (regular and LFS), merge, refs", async () => {
    const big = randomBytes(11 * 1024 * 1024);
    const bigPath = join(hub.work, `big-${version}.bin`);
    writeFileSync(bigPath, big);
    const result = await python(
      version,
      hub,
      `
import hashlib, json
from huggingface_hub import HfApi, CommitOperationAdd, hf_hub_download
from huggingface_hub.utils import HfHubHTTPError
alice = HfApi(token=${JSON.stringify(hub.writeToken)})
bob = HfApi(token=${JSON.stringify(bob)})
carol = HfApi(token=${JSON.stringify(carol)})
repo = ${JSON.stringify(repo)}
out = {}
alice.create_repo(repo)
alice.upload_file(path_or_fileobj=b"v1\\n", path_in_repo="README.md", repo_id=repo)

d = bob.create_discussion(repo, "Question on the weights", description="Which dtype?")
out["disc"] = [d.num, d.is_pull_request, d.status, d.author, d.title, d.url]
c = alice.comment_discussion(repo, d.num, "fp16")
out["comment"] = [c.type, c.content, c.author]
e = alice.edit_discussion_comment(repo, d.num, c.id, "bf16")
out["edit"] = [e.content, e.edited]
t = bob.rename_discussion(repo, d.num, "Which dtype, really?")
out["title"] = [t.old_title, t.new_title]
s = alice.change_discussion_status(repo, d.num, "closed", comment="answered")
out["status"] = s.new_status
h = alice.hide_discussion_comment(repo, d.num, c.id)
out["hidden"] = h.hidden
try:
    carol.change_discussion_status(repo, d.num, "open")
except HfHubHTTPError as error:
    out["carol_status"] = error.response.status_code

pr = bob.create_pull_request(repo, "Add config")
out["pr"] = [pr.num, pr.is_pull_request, pr.status, pr.git_reference, pr.target_branch]
bob.create_commit(repo, operations=[CommitOperationAdd("config.json", b'{"a": 1}')], commit_message="Add config",
                  revision=pr.git_reference)
try:
    carol.create_commit(repo, operations=[CommitOperationAdd("evil.txt", b"x")], commit_message="evil",
                        revision=pr.git_reference)
except HfHubHTTPError as error:
    out["carol_commit"] = error.response.status_code
up = bob.upload_file(path_or_fileobj=b"small\\n", path_in_repo="notes.txt", repo_id=repo, create_pr=True,
                     commit_message="Add notes")
out["up"] = [up.pr_url, up.pr_revision, up.pr_num]
lfs = bob.upload_file(path_or_fileobj=${JSON.stringify(bigPath)}, path_in_repo="weights.bin", repo_id=repo,
                      create_pr=True, commit_message="Add weights")
out["lfs"] = [lfs.pr_revision, lfs.pr_num]

details = bob.get_discussion_details(repo, pr.num)
out["details"] = [details.status, [ev.type for ev in details.events], "config.json" in (details.diff or ""),
                  details.conflicting_files, details.target_branch]
out["list"] = sorted([x.num, x.is_pull_request, x.status] for x in bob.get_repo_discussions(repo))
out["open_prs"] = sorted(x.num for x in bob.get_repo_discussions(repo, discussion_type="pull_request",
                                                                  discussion_status="open"))
out["by_bob"] = len(list(alice.get_repo_discussions(repo, author="bob")))
refs = bob.list_repo_refs(repo, include_pull_requests=True)
out["refs"] = sorted(r.ref for r in refs.pull_requests)
out["pr_file"] = open(hf_hub_download(repo, "notes.txt", revision=up.pr_revision)).read()

try:
    bob.merge_pull_request(repo, pr.num)
except HfHubHTTPError as error:
    out["bob_merge"] = error.response.status_code
alice.merge_pull_request(repo, pr.num)
alice.merge_pull_request(repo, lfs.pr_num, comment="Thanks")
out["merged"] = alice.get_discussion_details(repo, pr.num).status
out["merge_commit"] = alice.get_discussion_details(repo, pr.num).merge_commit_oid is not None
out["files"] = sorted(alice.list_repo_files(repo))
out["big_sha"] = hashlib.sha256(open(hf_hub_download(repo, "weights.bin"), "rb").read()).hexdigest()
print(json.dumps(out))
`,
      { token: hub.writeToken, xet: false }, // the LFS batch API, not Xet
    );
    expect(result.code, result.stderr).toBe(0);
    const out = json(result.stdout);
    expect(out.disc).toEqual([1, false, "open", "bob", "Question on the weights", `${hub.url}/${repo}/discussions/1`]);
    expect(out.comment).toEqual(["comment", "fp16", "alice"]);
    expect(out.edit).toEqual(["bf16", true]);
    expect(out.title).toEqual(["Question on the weights", "Which dtype, really?"]);
    expect(out.status).toBe("closed");
    expect(out.hidden).toBe(true);
    expect(out.carol_status).toBe(403);
    expect(out.pr).toEqual([2, true, "draft", "refs/pr/2", "refs/heads/main"]);
    expect(out.carol_commit).toBe(403);
    expect(out.up).toEqual([`${hub.url}/${repo}/discussions/3`, "refs/pr/3", 3]);
    expect(out.lfs).toEqual(["refs/pr/4", 4]);
    const [status, events, hasDiff, conflicts, target] = out.details as [string, string[], boolean, unknown, string];
    expect(status).toBe("open");
    expect(events).toContain("commit");
    expect(hasDiff).toBe(true);
    expect(conflicts).toEqual([]);
    expect(target).toBe("refs/heads/main");
    expect(out.list).toEqual([
      [1, false, "closed"],
      [2, true, "open"],
      [3, true, "open"],
      [4, true, "open"],
    ]);
    expect(out.open_prs).toEqual([2, 3, 4]);
    expect(out.by_bob).toBe(4);
    expect(out.refs).toEqual(["refs/pr/2", "refs/pr/3", "refs/pr/4"]);
    expect(out.pr_file).toBe("small\n");
    expect(out.bob_merge).toBe(403);
    expect(out.merged).toBe("merged");
    expect(out.merge_commit).toBe(true);
    // PR 3 (notes.txt) is still open: not on main.
    expect(out.files).toEqual([".gitattributes", "README.md", "config.json", "weights.bin"]);
    expect(out.big_sha).toBe(createHash("sha256").update(big).digest("hex"));
  }, 180_000);

  test("upload_file(create_pr=True) of a large file through Xet (hf_xet installed, no environment variable)", async () => {
    const big = randomBytes(3 * 1024 * 1024);
    const bigPath = join(hub.work, `xet-${version}.bin`);
    writeFileSync(bigPath, big);
    const result = await python(
      version,
      hub,
      `
import hashlib, json
from huggingface_hub import HfApi, hf_hub_download
bob = HfApi(token=${JSON.stringify(bob)})
alice = HfApi(token=${JSON.stringify(hub.writeToken)})
repo = ${JSON.stringify(`${repo}-xet`)}
alice.create_repo(repo)
info = bob.upload_file(path_or_fileobj=${JSON.stringify(bigPath)}, path_in_repo="model.safetensors", repo_id=repo,
                       create_pr=True)
sha = hashlib.sha256(open(hf_hub_download(repo, "model.safetensors", revision=info.pr_revision), "rb").read()).hexdigest()
alice.merge_pull_request(repo, info.pr_num)
main_sha = hashlib.sha256(open(hf_hub_download(repo, "model.safetensors", force_download=True), "rb").read()).hexdigest()
print(json.dumps({"pr": info.pr_revision, "sha": sha, "main_sha": main_sha}))
`,
      { token: hub.writeToken, xet: true },
    );
    expect(result.code, result.stderr).toBe(0);
    const digest = createHash("sha256").update(big).digest("hex");
    expect(json(result.stdout)).toEqual({ pr: "refs/pr/1", sha: digest, main_sha: digest });
  }, 180_000);
});

describe("@huggingface/hub", () => {
  test("commit with isPullRequest opens a PR; main is untouched until the merge", async () => {
    const repo = "alice/community-js";
    expect(
      (
        await fetch(`${hub.url}/api/repos/create`, {
          method: "POST",
          headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
          body: JSON.stringify({ name: "community-js" }),
        })
      ).status,
    ).toBe(200);
    const big = randomBytes(11 * 1024 * 1024);
    const result = await jsCommit({
      repo,
      accessToken: bob,
      hubUrl: hub.url,
      title: "Propose files",
      isPullRequest: true,
      useXet: false,
      operations: [
        { operation: "addOrUpdate", path: "hello.txt", content: new Blob(["hello from js\n"]) },
        { operation: "addOrUpdate", path: "big.bin", content: new Blob([big]) },
      ],
    } as Parameters<typeof jsCommit>[0]);
    expect(result?.pullRequestUrl).toBe(`${hub.url}/${repo}/discussions/1`);
    expect((await fetch(`${hub.url}/${repo}/resolve/main/hello.txt`)).status).toBe(404);
    expect(await (await fetch(`${hub.url}/${repo}/resolve/refs%2Fpr%2F1/hello.txt`)).text()).toBe("hello from js\n");
    const merged = await fetch(`${hub.url}/api/models/${repo}/discussions/1/merge`, {
      method: "POST",
      headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(merged.status).toBe(200);
    const bytes = Buffer.from(await (await fetch(`${hub.url}/${repo}/resolve/main/big.bin`)).arrayBuffer());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(createHash("sha256").update(big).digest("hex"));
  }, 120_000);
});

describe("git push to refs/pr/N", () => {
  test("the PR's author and a writer push; other users, unknown numbers, deletions and branches are refused", async () => {
    const repo = "alice/community-git";
    const api = (path: string, tokenValue: string, body: unknown) =>
      fetch(`${hub.url}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${tokenValue}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await api("/api/repos/create", hub.writeToken, { name: "community-git" })).status).toBe(200);
    const opened = (await (
      await api(`/api/models/${repo}/discussions`, bob, { title: "Pushed PR", pullRequest: true })
    ).json()) as { num: number };
    expect(opened.num).toBe(1);
    const discussion = (await (await api(`/api/models/${repo}/discussions`, bob, { title: "Not a PR" })).json()) as {
      num: number;
    };

    const home = join(hub.work, "git-home");
    mkdirSync(home, { recursive: true });
    const env = gitClientEnv(home);
    const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 60_000 });
    const clone = async (user: string, secret: string) => {
      const dir = join(home, `${user}-${randomBytes(4).toString("hex")}`);
      const url = `${hub.url.replace("http://", `http://${user}:${secret}@`)}/${repo}`;
      expect((await git(home, "clone", "-q", url, dir)).code).toBe(0);
      return dir;
    };
    const change = async (dir: string, file: string) => {
      writeFileSync(join(dir, file), `${file}\n`);
      await git(dir, "add", ".");
      return git(dir, "commit", "-qm", `add ${file}`);
    };

    const bobDir = await clone("bob", bob);
    await change(bobDir, "by-bob.txt");
    const pushed = await git(bobDir, "push", "origin", "HEAD:refs/pr/1");
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await (await fetch(`${hub.url}/${repo}/resolve/refs%2Fpr%2F1/by-bob.txt`)).text()).toBe("by-bob.txt\n");
    // The pushed commit is an event; the draft PR is open now.
    const details = (await (await fetch(`${hub.url}/api/models/${repo}/discussions/1`)).json()) as {
      status: string;
      events: { type: string; data: { subject?: string } }[];
    };
    expect(details.status).toBe("open");
    expect(details.events.filter((event) => event.type === "commit").map((event) => event.data.subject)).toEqual([
      "add by-bob.txt",
    ]);

    // Bob may not push main, another number, a discussion's number, or delete his PR's ref.
    for (const [args, message] of [
      [["HEAD:main"], /rights to write/],
      [["HEAD:refs/pr/7"], /no pull request #7/],
      [[`HEAD:refs/pr/${discussion.num}`], /no pull request/],
      [[":refs/pr/1"], /cannot be deleted/],
    ] as const) {
      const refused = await git(bobDir, "push", "origin", ...args);
      expect(refused.code, args.join(" ")).not.toBe(0);
      expect(refused.stderr).toMatch(message);
    }
    // Carol (another user) may not push to Bob's PR.
    const carolDir = await clone("carol", carol);
    await git(carolDir, "fetch", "-q", "origin", "refs/pr/1");
    await git(carolDir, "reset", "-q", "--hard", "FETCH_HEAD");
    await change(carolDir, "by-carol.txt");
    const carolPush = await git(carolDir, "push", "origin", "HEAD:refs/pr/1");
    expect(carolPush.code).not.toBe(0);
    expect(carolPush.stderr).toMatch(/only the author of pull request #1/);
    // Alice (a writer) may; and Bob's read token cannot push at all.
    const aliceDir = await clone("alice", hub.writeToken);
    await git(aliceDir, "fetch", "-q", "origin", "refs/pr/1");
    await git(aliceDir, "reset", "-q", "--hard", "FETCH_HEAD");
    await change(aliceDir, "by-alice.txt");
    const alicePush = await git(aliceDir, "push", "origin", "HEAD:refs/pr/1");
    expect(alicePush.code, alicePush.stderr).toBe(0);
    const bobRead = (await (await hub.admin("/api/admin/tokens", { user: "bob", role: "read", name: "r" })).json()) as {
      token: string;
    };
    const readDir = await clone("bob", bobRead.token);
    await change(readDir, "read.txt");
    expect((await git(readDir, "push", "origin", "HEAD:refs/pr/1")).code).not.toBe(0);
    // Closed: nobody pushes to it any more.
    expect((await api(`/api/models/${repo}/discussions/1/status`, hub.writeToken, { status: "closed" })).status).toBe(
      200,
    );
    await change(bobDir, "late.txt");
    const late = await git(bobDir, "push", "--force", "origin", "HEAD:refs/pr/1");
    expect(late.code).not.toBe(0);
    expect(late.stderr).toMatch(/is closed/);
  }, 120_000);
});
