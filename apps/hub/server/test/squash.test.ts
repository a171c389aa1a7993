// Issue 19: super_squash_history with huggingface_hub 2.0.0 and 1.33.0. The branch becomes one commit with the
// same tree; the squashed-away commits are then served by neither resolve (by id) nor git fetch (by id), unless
// another ref still reaches them; tags and missing branches are refused; writers only (access matrix); a pull
// request's refs/pr/N by its author or writers while it is open (issue 22); a race with another commit is a 412, not
// a lost commit.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiFetch } from "./api-call.js";
import { type AuthHub, PYTHON_CLIENTS, runPython, startAuthHub } from "./auth-harness.js";
import { gitClientEnv, lastJsonLine, run } from "./run-command.js";

let hub: AuthHub;
let work = "";
const tokens: Record<string, string> = {};

beforeAll(async () => {
  hub = await startAuthHub();
  for (const name of ["alice", "bob", "carol"]) await hub.user(name);
  await hub.org("acme", ["alice", "carol"]);
  for (const name of ["alice", "bob", "carol"]) {
    tokens[`${name}Write`] = await hub.token(name, "write");
    tokens[`${name}Read`] = await hub.token(name, "read");
  }
  work = mkdtempSync(join(tmpdir(), "hubkit-squash-"));
}, 60_000);
afterAll(async () => {
  await hub?.close();
  rmSync(work, { recursive: true, force: true });
});

function call(method: string, path: string, token?: string, body?: unknown) {
  return apiFetch(hub.url, method, path, token, body);
}

async function py(version: string, token: string | undefined, code: string): Promise<unknown> {
  const result = await runPython(version, hub.url, token, code);
  expect(result.stderr).not.toMatch(/Traceback/);
  return lastJsonLine(result.stdout);
}

async function fetchById(repo: string, commit: string): Promise<number> {
  const target = join(work, `fetch-${commit.slice(0, 8)}-${Date.now()}`);
  mkdirSync(target);
  const env = gitClientEnv(work);
  await run("git", ["init", "-q"], { cwd: target, env });
  const url = hub.url.replace("http://", `http://alice:${tokens.aliceWrite}@`);
  return (await run("git", ["fetch", "-q", `${url}/${repo}`, commit], { cwd: target, env, timeoutMs: 60_000 })).code;
}

const tree = async (repo: string, revision: string) =>
  (
    (await (
      await call("GET", `/api/models/${repo}/tree/${revision}?recursive=true`, tokens.aliceRead)
    ).json()) as Array<Record<string, unknown>>
  ).map((entry) => [entry.path, entry.oid]);

describe.each(PYTHON_CLIENTS)("huggingface_hub %s: super_squash_history", (version) => {
  const repo = `alice/squash-${version.replace(/\./g, "-")}`;

  test("one commit with the same tree; the old commits are no longer served by resolve or git fetch", async () => {
    const made = (await py(
      version,
      tokens.aliceWrite,
      [
        "import json; from huggingface_hub import HfApi",
        "api = HfApi()",
        `repo = ${JSON.stringify(repo)}`,
        "api.create_repo(repo)",
        "api.upload_file(repo_id=repo, path_in_repo='file.txt', path_or_fileobj=b'content')",
        "api.upload_file(repo_id=repo, path_in_repo='lfs.bin', path_or_fileobj=b'L' * 2048)",
        "api.upload_file(repo_id=repo, path_in_repo='file.txt', path_or_fileobj=b'another_content')",
        "print(json.dumps([c.commit_id for c in api.list_repo_commits(repo)]))",
      ].join("\n"),
    )) as string[];
    expect(made).toHaveLength(4);
    const before = await tree(repo, "main");
    const old = made[1] as string; // the commit that wrote file.txt = "content"
    // Served while the branch reaches it (so the checks below can fail).
    expect((await call("GET", `/${repo}/resolve/${old}/file.txt`, tokens.aliceRead)).status).toBe(200);
    expect(await fetchById(repo, old)).toBe(0);

    const after = (await py(
      version,
      tokens.aliceWrite,
      [
        "import json; from huggingface_hub import HfApi",
        "api = HfApi()",
        `api.super_squash_history(${JSON.stringify(repo)}, commit_message='Squashed')`,
        `print(json.dumps([[c.commit_id, c.title] for c in api.list_repo_commits(${JSON.stringify(repo)})]))`,
      ].join("\n"),
    )) as Array<[string, string]>;
    expect(after).toHaveLength(1);
    expect(after[0]?.[1]).toBe("Squashed");
    expect(made).not.toContain(after[0]?.[0]);
    expect(await tree(repo, "main")).toEqual(before);
    const text = await (await call("GET", `/${repo}/resolve/main/file.txt`, tokens.aliceRead)).text();
    expect(text).toBe("another_content");

    for (const commit of made) {
      const response = await call("GET", `/${repo}/resolve/${commit}/file.txt`, tokens.aliceRead);
      expect(response.status, commit).toBe(404);
      expect(response.headers.get("x-error-code")).toBe("RevisionNotFound");
      expect(await fetchById(repo, commit), commit).not.toBe(0);
    }
  }, 120_000);
});

describe("super-squash rules", () => {
  const repo = "alice/squash-rules";
  let head = "";
  beforeAll(async () => {
    expect((await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "squash-rules" })).status).toBe(200);
    head = ((await (await call("GET", `/api/models/${repo}`)).json()) as { sha: string }).sha;
    await call("POST", `/api/models/${repo}/branch/dev`, tokens.aliceWrite, {});
    await call("POST", `/api/models/${repo}/tag/main`, tokens.aliceWrite, { tag: "v1" });
    await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "squash-private", private: true });
  });

  test("a commit another ref reaches stays served; tags 400, missing branches 404 RevisionNotFound", async () => {
    const squashed = await call("POST", `/api/models/${repo}/super-squash/dev`, tokens.aliceWrite, {});
    expect(squashed.status).toBe(200);
    const body = (await squashed.json()) as { commitId: string };
    expect(body.commitId).toMatch(/^[0-9a-f]{40}$/);
    // main and the tag still reach the old head.
    expect((await call("GET", `/${repo}/resolve/${head}/.gitattributes`)).status).toBe(200);
    const tag = await call("POST", `/api/models/${repo}/super-squash/v1`, tokens.aliceWrite, {});
    expect(tag.status).toBe(400);
    const missing = await call("POST", `/api/models/${repo}/super-squash/nope`, tokens.aliceWrite, {});
    expect([missing.status, missing.headers.get("x-error-code")]).toEqual([404, "RevisionNotFound"]);
    const encoded = await call("POST", `/api/models/${repo}/super-squash/refs%2Fheads%2Fdev`, tokens.aliceWrite, {
      message: "Again",
    });
    expect(encoded.status).toBe(200);
    expect(
      (await call("POST", `/api/models/${repo}/super-squash/main`, tokens.aliceWrite, { message: 5 })).status,
    ).toBe(400);
  });

  test("access: anonymous 401, other users and read tokens 403, org writers 200; private = missing", async () => {
    const path = `/api/models/${repo}/super-squash/main`;
    expect((await call("POST", path, undefined, {})).status).toBe(401);
    for (const token of [tokens.bobWrite, tokens.aliceRead, tokens.carolWrite])
      expect((await call("POST", path, token, {})).status).toBe(403);
    await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "squash-org", organization: "acme" });
    expect((await call("POST", "/api/models/acme/squash-org/super-squash/main", tokens.carolWrite, {})).status).toBe(
      200,
    );
    for (const [token, status] of [
      [undefined, 401],
      [tokens.bobWrite, 404],
    ] as const) {
      const hidden = await call("POST", "/api/models/alice/squash-private/super-squash/main", token, {});
      const missing = await call("POST", "/api/models/alice/squash-none/super-squash/main", token, {});
      expect([hidden.status, await hidden.text()]).toEqual([status, await missing.text()]);
    }
  });
});

describe("super-squash of a pull request's refs/pr/N (as for commits onto it)", () => {
  const repo = "alice/squash-pr";
  const commitOn = (revision: string, token: string, path: string, createPr = false) =>
    fetch(`${hub.url}/api/models/${repo}/commit/${encodeURIComponent(revision)}${createPr ? "?create_pr=1" : ""}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body: `${JSON.stringify({ key: "header", value: { summary: `add ${path}` } })}\n${JSON.stringify({
        key: "file",
        value: { path, content: Buffer.from(path).toString("base64"), encoding: "base64" },
      })}\n`,
    });
  const commits = async (revision: string) =>
    (
      (await (await call("GET", `/api/models/${repo}/commits/${encodeURIComponent(revision)}`)).json()) as Array<{
        id: string;
      }>
    ).map((entry) => entry.id);

  test("its author and writers; others 401/403; missing PR 404; closed PR 409; main untouched", async () => {
    expect((await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "squash-pr" })).status).toBe(200);
    // bob, who cannot write to the repository, opens PR 1 and commits twice more onto it.
    expect((await commitOn("main", tokens.bobWrite, "a.txt", true)).status).toBe(200);
    for (const path of ["b.txt", "c.txt"])
      expect((await commitOn("refs/pr/1", tokens.bobWrite, path)).status).toBe(200);
    const main = await commits("main");
    expect(await commits("refs/pr/1")).toHaveLength(4);
    const path = `/api/models/${repo}/super-squash/refs%2Fpr%2F1`;
    expect((await call("POST", path, undefined, {})).status).toBe(401);
    for (const token of [tokens.carolWrite, tokens.bobRead])
      expect((await call("POST", path, token, {})).status).toBe(403);
    expect(await commits("refs/pr/1")).toHaveLength(4);
    // The PR's author squashes it (a raw slash-separated name too), and so may a writer.
    const byAuthor = await call("POST", `/api/models/${repo}/super-squash/refs/pr/1`, tokens.bobWrite, {});
    expect(byAuthor.status).toBe(200);
    const squashed = await commits("refs/pr/1");
    expect(squashed).toEqual([((await byAuthor.json()) as { commitId: string }).commitId]);
    expect((await call("GET", `/${repo}/resolve/refs%2Fpr%2F1/c.txt`)).status).toBe(200);
    expect((await call("POST", path, tokens.aliceWrite, { message: "Again" })).status).toBe(200);
    expect(await commits("main")).toEqual(main);
    const missing = await call("POST", `/api/models/${repo}/super-squash/refs%2Fpr%2F9`, tokens.aliceWrite, {});
    expect([missing.status, missing.headers.get("x-error-code")]).toEqual([404, "RevisionNotFound"]);
    // The PR's page still answers (a parentless head has no merge base with main).
    expect((await call("GET", `/api/models/${repo}/discussions/1?diff=1`)).status).toBe(200);
    const closed = await call("POST", `/api/models/${repo}/discussions/1/status`, tokens.aliceWrite, {
      status: "closed",
    });
    expect(closed.status).toBe(200);
    expect((await call("POST", path, tokens.aliceWrite, {})).status).toBe(409);
  });

  test("a private repository's PR answers as a missing repository to those who cannot read it", async () => {
    for (const [token, status] of [
      [undefined, 401],
      [tokens.bobWrite, 404],
    ] as const) {
      const hidden = await call("POST", "/api/models/alice/squash-private/super-squash/refs%2Fpr%2F1", token, {});
      const missing = await call("POST", "/api/models/alice/squash-none/super-squash/refs%2Fpr%2F1", token, {});
      expect([hidden.status, await hidden.text()]).toEqual([status, await missing.text()]);
    }
  });
});

describe("super-squash racing commits", () => {
  test("commits sent while a squash runs all land (before it, squashed in, or on top); none is lost", async () => {
    expect((await call("POST", "/api/repos/create", tokens.aliceWrite, { name: "squash-race" })).status).toBe(200);
    const commit = (path: string) =>
      fetch(`${hub.url}/api/models/alice/squash-race/commit/main`, {
        method: "POST",
        headers: { Authorization: `Bearer ${tokens.aliceWrite}`, "Content-Type": "application/x-ndjson" },
        body: `${JSON.stringify({ key: "header", value: { summary: `add ${path}` } })}\n${JSON.stringify({
          key: "file",
          value: { path, content: Buffer.from(path).toString("base64"), encoding: "base64" },
        })}\n`,
      });
    const paths = Array.from({ length: 6 }, (_, i) => `f${i}.txt`);
    const answers = await Promise.all([
      ...paths.slice(0, 3).map(commit),
      call("POST", "/api/models/alice/squash-race/super-squash/main", tokens.aliceWrite, {}),
      ...paths.slice(3).map(commit),
    ]);
    // The writes take turns: every commit lands; the squash either squashes the head it read or, when a commit
    // moved the branch first, is a 412 (the branch moved since the head was read) — never a lost commit.
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((_, i) => i !== 3)).toEqual([200, 200, 200, 200, 200, 200]);
    expect([200, 412]).toContain(statuses[3]);
    const files = (await tree("alice/squash-race", "main")).map(([path]) => path);
    for (const path of paths) expect(files).toContain(path);
  }, 60_000);

  test("a squash from a head the branch has left is a 412 and changes nothing", async () => {
    const ref = { type: "model" as const, id: "alice/squash-race" };
    const head = ((await (await call("GET", "/api/models/alice/squash-race")).json()) as { sha: string }).sha;
    const stale = "0".repeat(40);
    const squash = hub.ctx.storage.squash;
    expect(squash).toBeDefined();
    await expect(squash?.call(hub.ctx.storage, ref, "main", stale, "late", "alice")).rejects.toMatchObject({
      status: 412,
    });
    expect(((await (await call("GET", "/api/models/alice/squash-race")).json()) as { sha: string }).sha).toBe(head);
  });
});
