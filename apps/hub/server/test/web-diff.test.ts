// The web app's site routes on a real hub: `GET /api/{type}s/{id}/diff/{rev}` (a commit's files with their status
// and bounded unified diffs, computed by git) and `GET /api/web/viewer` (who is signed in, 200 for visitors).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIFF_LIMITS, parseRawDiff, splitPatch } from "../src/api/web-diff.js";
import { startTestHub, type TestHub } from "./hub-harness.js";

let hub: TestHub;
const repo = "alice/diffs";

async function commit(
  files: Array<{ path: string; content: Buffer | string }>,
  deleted: string[] = [],
  summary = "change",
) {
  const lines = [
    JSON.stringify({ key: "header", value: { summary, description: "the body\nof the message" } }),
    ...files.map((file) =>
      JSON.stringify({
        key: "file",
        value: { path: file.path, content: Buffer.from(file.content).toString("base64"), encoding: "base64" },
      }),
    ),
    ...deleted.map((path) => JSON.stringify({ key: "deletedFile", value: { path } })),
  ];
  const response = await fetch(`${hub.url}/api/models/${repo}/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/x-ndjson" },
    body: `${lines.join("\n")}\n`,
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { commitOid: string }).commitOid;
}

interface Diff {
  commit: { id: string; parents: string[]; title: string; message: string; author: string };
  files: Array<{
    path: string;
    oldPath?: string;
    status: string;
    binary: boolean;
    patch?: string;
    truncated?: boolean;
  }>;
  truncated: boolean;
}

const diff = async (rev: string, token?: string) =>
  fetch(`${hub.url}/api/models/${repo}/diff/${rev}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});

beforeAll(async () => {
  hub = await startTestHub("web-diff");
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "diffs", type: "model" }),
  });
  expect(created.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await hub?.close();
});

describe("GET /api/models/{id}/diff/{rev}", () => {
  it("lists added, modified, renamed, deleted and binary files with their patches", async () => {
    const first = await commit([
      { path: "a.py", content: "x = 1\ny = 2\n" },
      { path: "old-name.txt", content: "same content that is long enough to be seen as a rename\n".repeat(5) },
      { path: "gone.md", content: "bye\n" },
    ]);
    const second = await commit(
      [
        { path: "a.py", content: "x = 1\ny = 3\n" },
        { path: "new-name.txt", content: "same content that is long enough to be seen as a rename\n".repeat(5) },
        { path: "blob.bin", content: Buffer.from([0, 1, 2, 0, 255, 0]) },
      ],
      ["old-name.txt", "gone.md"],
      "second commit",
    );
    const response = await diff(second);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Diff;
    expect(body.commit).toMatchObject({ id: second, parents: [first], title: "second commit", author: "alice" });
    expect(body.commit.message).toBe("the body\nof the message");
    const byPath = new Map(body.files.map((file) => [file.path, file]));
    expect(byPath.get("a.py")).toMatchObject({ status: "modified", binary: false });
    expect(byPath.get("a.py")?.patch).toContain("-y = 2\n+y = 3\n");
    expect(byPath.get("new-name.txt")).toMatchObject({ status: "renamed", oldPath: "old-name.txt" });
    expect(byPath.get("gone.md")).toMatchObject({ status: "deleted" });
    expect(byPath.get("gone.md")?.patch).toContain("-bye");
    expect(byPath.get("blob.bin")).toMatchObject({ status: "added", binary: true });
    expect(body.truncated).toBe(false);
  });

  it("cuts a huge file's patch at its bound", async () => {
    const big = "a line of text that makes the patch long\n".repeat(Math.ceil((DIFF_LIMITS.maxFilePatch * 1.5) / 41));
    const sha = await commit([{ path: "big.txt", content: big }], [], "big file");
    const body = (await (await diff(sha)).json()) as Diff;
    const file = body.files.find((f) => f.path === "big.txt");
    expect(file?.truncated).toBe(true);
    expect(file?.patch?.length).toBe(DIFF_LIMITS.maxFilePatch);
  });

  it("the first commit diffs against nothing; a branch name works as a revision", async () => {
    const log = (await (await fetch(`${hub.url}/api/models/${repo}/commits/main`)).json()) as Array<{ id: string }>;
    const root = log[log.length - 1]?.id ?? "";
    const body = (await (await diff(root)).json()) as Diff;
    expect(body.commit.parents).toEqual([]);
    expect(body.files.map((f) => f.path)).toContain(".gitattributes");
    expect((await diff("main")).status).toBe(200);
  });

  it("answers unknown revisions, repositories and private repositories with the hub's errors", async () => {
    expect((await diff("0".repeat(40))).status).toBe(404);
    expect((await diff("no-such-branch")).status).toBe(404);
    expect((await fetch(`${hub.url}/api/models/alice/nothing-here/diff/main`)).status).toBe(401);
    const hidden = await fetch(`${hub.url}/api/models/${repo}/settings`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ private: true }),
    });
    expect(hidden.status).toBe(200);
    expect((await diff("main")).status).toBe(401);
    expect((await diff("main", hub.readToken)).status).toBe(200);
    await fetch(`${hub.url}/api/models/${repo}/settings`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${hub.writeToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ private: false }),
    });
  });
});

describe("GET /api/web/viewer", () => {
  it("is null for a visitor and names a signed-in user", async () => {
    const visitor = await fetch(`${hub.url}/api/web/viewer`);
    expect(visitor.status).toBe(200);
    expect(await visitor.json()).toEqual({ user: null });
    const user = await fetch(`${hub.url}/api/web/viewer`, { headers: { Authorization: `Bearer ${hub.readToken}` } });
    expect(await user.json()).toEqual({ user: { name: "alice", orgs: [] } });
  });
});

describe("diff parsing", () => {
  it("reads git's raw -z records, renames included, and stops at the file bound", () => {
    const raw = [
      ":100644 100644 aaa bbb M",
      "a.py",
      ":100644 100644 ccc ccc R100",
      "old.txt",
      "new.txt",
      ":000000 100644 000 ddd A",
      "added.md",
      "",
    ].join("\0");
    expect(parseRawDiff(raw, 10)).toEqual({
      files: [
        { path: "a.py", status: "modified", binary: false },
        { path: "new.txt", oldPath: "old.txt", status: "renamed", binary: false },
        { path: "added.md", status: "added", binary: false },
      ],
      truncated: false,
    });
    expect(parseRawDiff(raw, 2)).toMatchObject({ truncated: true });
    expect(parseRawDiff("", 10)).toEqual({ files: [], truncated: false });
  });

  it("splits a patch per file", () => {
    const patch = "diff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/y b/y\nBinary files a/y and b/y differ\n";
    expect(splitPatch(patch)).toEqual([
      "diff --git a/x b/x\n@@ -1 +1 @@\n-a\n+b\n",
      "diff --git a/y b/y\nBinary files a/y and b/y differ\n",
    ]);
  });
});
