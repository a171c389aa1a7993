// Discussions and pull requests over HTTP on a real server (community/README.md): the lifecycle of a discussion
// (open, comment, edit, rename, hide, close, reopen), list filters and pagination as the Python client pages it,
// PRs through the commit API (create_pr, refs/pr/N, resolve and tree at refs%2Fpr%2F1, refs?include_prs), the diff,
// merges with conflicts, concurrent merges, the size bounds, and the access matrix of every route (anonymous,
// another user, a read token, org read/write/admin members; a private repository answers as missing).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiJson } from "./api-call.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

function call(method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer> {
  return apiJson(hub.url, method, path, token, body, { stringAsIs: true });
}

async function commit(
  repo: string,
  revision: string,
  token: string,
  files: Record<string, string | null>,
  options: { summary?: string; createPr?: boolean } = {},
): Promise<Answer> {
  const lines = [
    { key: "header", value: { summary: options.summary ?? "change", description: "" } },
    ...Object.entries(files).map(([path, content]) =>
      content === null
        ? { key: "deletedFile", value: { path } }
        : { key: "file", value: { path, content: Buffer.from(content).toString("base64"), encoding: "base64" } },
    ),
  ];
  const response = await fetch(
    `${hub.url}/api/models/${repo}/commit/${encodeURIComponent(revision)}${options.createPr ? "?create_pr=1" : ""}`,
    {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body: lines.map((line) => JSON.stringify(line)).join("\n"),
    },
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const raw = async (repo: string, revision: string, path: string, token?: string) => {
  const response = await fetch(`${hub.url}/${repo}/resolve/${encodeURIComponent(revision)}/${path}`, {
    headers: token !== undefined ? { Authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, text: await response.text() };
};

beforeAll(async () => {
  hub = await startAuthHub();
  for (const user of ["owner", "writer", "reader", "outsider", "orgadmin"]) {
    await hub.user(user);
    tokens[user] = await hub.token(user, "write");
  }
  tokens.outsiderRead = await hub.token("outsider", "read");
  tokens.ownerRead = await hub.token("owner", "read");
  expect((await call("POST", "/api/organizations/new", tokens.orgadmin, { name: "crew" })).status).toBe(200);
  for (const [user, role] of [
    ["writer", "write"],
    ["reader", "read"],
  ] as const)
    expect((await call("POST", "/api/organizations/crew/members", tokens.orgadmin, { user, role })).status).toBe(200);
  for (const [name, organization, priv] of [
    ["pub", undefined, false],
    ["conflicts", undefined, false],
    ["race", undefined, false],
    ["many", undefined, false],
    ["shared", "crew", false],
    ["hidden", "crew", true],
  ] as const)
    expect(
      (
        await call("POST", "/api/repos/create", organization === undefined ? tokens.owner : tokens.orgadmin, {
          name,
          ...(organization !== undefined ? { organization } : {}),
          private: priv,
        })
      ).status,
    ).toBe(200);
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe("discussions", () => {
  test("open, comment, edit, rename, hide, close and reopen; events in order with the hub's shapes", async () => {
    const base = "/api/models/owner/pub/discussions";
    const created = await call("POST", base, tokens.outsider, {
      title: "  Question about the card  ",
      description: "Is **this** <script>alert(1)</script> right?",
      pullRequest: false,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      num: 1,
      title: "Question about the card",
      status: "open",
      isPullRequest: false,
      author: { name: "outsider" },
      repo: { name: "owner/pub", type: "model" },
      url: `${hub.url}/owner/pub/discussions/1`,
    });
    const events = created.body.events as Record<string, unknown>[];
    expect(events).toHaveLength(1);
    const first = events[0] as { id: string; type: string; data: Record<string, unknown> };
    expect(first.id).toMatch(/^[0-9a-f]{24}$/);
    // Stored as given, returned as text; the html field is escaped (inert).
    expect(first.data).toMatchObject({
      edited: false,
      hidden: false,
      latest: { raw: "Is **this** <script>alert(1)</script> right?", author: { name: "outsider" } },
    });
    expect(String((first.data.latest as Record<string, unknown>).html)).not.toContain("<script>");

    const reply = await call("POST", `${base}/1/comment`, tokens.owner, { comment: "Yes." });
    expect(reply.status).toBe(200);
    const replyEvent = reply.body.newMessage as { id: string; type: string };
    expect(replyEvent.type).toBe("comment");

    // Only the author edits a comment (not even the repository's owner).
    expect((await call("POST", `${base}/1/comment/${first.id}/edit`, tokens.owner, { content: "x" })).status).toBe(403);
    const edited = await call("POST", `${base}/1/comment/${first.id}/edit`, tokens.outsider, { content: "Fixed." });
    expect(edited.status).toBe(200);
    expect(edited.body.updatedComment).toMatchObject({
      id: first.id,
      data: { edited: true, latest: { raw: "Fixed." }, history: [{ raw: "Fixed." }, { raw: expect.any(String) }] },
    });

    const renamed = await call("POST", `${base}/1/title`, tokens.outsider, { title: "Card question" });
    expect(renamed.body.newTitle).toMatchObject({
      type: "title-change",
      data: { from: "Question about the card", to: "Card question" },
    });
    // Another user may not rename it; the owner (a writer) may.
    expect((await call("POST", `${base}/1/title`, tokens.reader, { title: "Mine now" })).status).toBe(403);

    // Status and hiding: writers only.
    expect((await call("POST", `${base}/1/status`, tokens.outsider, { status: "closed" })).status).toBe(403);
    expect((await call("POST", `${base}/1/comment/${replyEvent.id}/hide`, tokens.outsider)).status).toBe(403);
    const hidden = await call("POST", `${base}/1/comment/${replyEvent.id}/hide`, tokens.owner);
    expect(hidden.body.updatedComment).toMatchObject({ data: { hidden: true, latest: { raw: "" } } });
    const closed = await call("POST", `${base}/1/status`, tokens.owner, { status: "closed", comment: "Answered" });
    expect(closed.body.newStatus).toMatchObject({ type: "status-change", data: { status: "closed" } });
    // The same status again is accepted, as on the hub, and recorded (huggingface_hub expects an event back).
    const again = await call("POST", `${base}/1/status`, tokens.owner, { status: "closed" });
    expect([again.status, again.body.newStatus]).toMatchObject([200, { data: { status: "closed" } }]);
    expect((await call("POST", `${base}/1/status`, tokens.owner, { status: "open" })).status).toBe(200);

    const details = await call("GET", `${base}/1`, undefined);
    expect(details.status).toBe(200);
    expect((details.body.events as { type: string }[]).map((event) => event.type)).toEqual([
      "comment",
      "comment",
      "title-change",
      "comment",
      "status-change",
      "status-change",
      "status-change",
    ]);
    expect(details.body).not.toHaveProperty("changes");
    expect((await call("GET", `${base}/99`, undefined)).status).toBe(404);
    expect((await call("GET", `${base}/abc`, undefined)).status).toBe(404);
    expect(
      (await call("POST", `${base}/1/comment/${"0".repeat(24)}/edit`, tokens.owner, { content: "x" })).status,
    ).toBe(404);
  });

  test("bounds: titles, comments, bodies and hostile values are 400s, never 500s", async () => {
    const base = "/api/models/owner/pub/discussions";
    for (const body of [
      { title: "ab" },
      { title: "x".repeat(201) },
      { title: 42 },
      { title: "fine title", description: 5 },
      { title: "fine title", description: "x".repeat(65_537) },
      { title: "bad\u0000title" },
    ])
      expect((await call("POST", base, tokens.outsider, body)).status).toBe(400);
    expect((await call("POST", base, tokens.outsider, "[1,2]")).status).toBe(400);
    expect((await call("POST", base, tokens.outsider, "{not json")).status).toBe(400);
    expect((await call("POST", `${base}/1/comment`, tokens.outsider, { comment: "   " })).status).toBe(400);
    expect((await call("POST", `${base}/1/comment`, tokens.outsider, { comment: ["x"] })).status).toBe(400);
    expect((await call("POST", `${base}/1/status`, tokens.owner, { status: "merged" })).status).toBe(400);
    for (const query of ["p=-1", "p=abc", "type=weird", "status=merged", `search=${"x".repeat(300)}`])
      expect((await call("GET", `${base}?${query}`, undefined)).status).toBe(400);
    expect((await call("GET", `${base}/99999999999999`, undefined)).status).toBe(404);
  });

  test("list: filters, search, author, and 50 per page with count/start as the Python client pages", async () => {
    const base = "/api/models/owner/many/discussions";
    for (let i = 1; i <= 55; i++) {
      const user = i % 2 === 0 ? "writer" : "reader";
      const answer = await call("POST", base, tokens[user], { title: `Topic ${i} ${i === 7 ? "100%_off" : ""}` });
      if (answer.status === 429) break; // per-user rate limit (20/hour each): checked below
      expect(answer.status).toBe(200);
    }
    const all = await call("GET", base, undefined);
    // 20 per user per hour: reader and writer opened 40 in total.
    expect(all.body.count).toBe(40);
    expect(all.body.start).toBe(0);
    expect((all.body.discussions as unknown[]).length).toBe(40);
    expect((await call("POST", base, tokens.writer, { title: "one more" })).status).toBe(429);
    // The owner is a different user: not limited by the others.
    for (let i = 0; i < 15; i++)
      expect((await call("POST", base, tokens.owner, { title: `Owner ${i}` })).status).toBe(200);
    const page0 = await call("GET", `${base}?p=0`, undefined);
    const page1 = await call("GET", `${base}?p=1`, undefined);
    expect(page0.body.count).toBe(55);
    expect((page0.body.discussions as unknown[]).length).toBe(50);
    expect(page1.body.start).toBe(50);
    expect((page1.body.discussions as { num: number }[]).map((d) => d.num)).toEqual([5, 4, 3, 2, 1]);
    const byAuthor = await call("GET", `${base}?author=WRITER`, undefined);
    expect(byAuthor.body.count).toBe(20);
    const search = await call("GET", `${base}?search=${encodeURIComponent("100%_")}`, undefined);
    expect((search.body.discussions as { title: string }[]).map((d) => d.title)).toEqual(["Topic 7 100%_off"]);
    expect((await call("GET", `${base}?search=${encodeURIComponent("%")}`, undefined)).body.count).toBe(1);
    await call("POST", `${base}/3/status`, tokens.owner, { status: "closed" });
    const closed = await call("GET", `${base}?status=closed`, undefined);
    expect(closed.body).toMatchObject({ count: 1, numClosedDiscussions: 1, numOpenDiscussions: 54 });
    expect((await call("GET", `${base}?type=pull_request`, undefined)).body.count).toBe(0);
  });
});

describe("pull requests", () => {
  test("create_pr through the commit API, commits onto refs/pr/N, reads at refs%2Fpr%2F1, refs, diff and merge", async () => {
    expect((await commit("owner/pub", "main", tokens.owner, { "README.md": "hello\n" })).status).toBe(200);
    const plain = await call("POST", "/api/models/owner/pub/discussions", tokens.reader, { title: "Just talk" });
    expect(plain.status).toBe(200);
    // Another user (no write access) opens a PR with a commit.
    const opened = await commit(
      "owner/pub",
      "main",
      tokens.outsider,
      { "README.md": "hello world\n" },
      {
        summary: "Improve the README",
        createPr: true,
      },
    );
    expect(opened.status).toBe(200);
    const num = Number(/\/discussions\/(\d+)$/.exec(String(opened.body.pullRequestUrl))?.[1]);
    expect(opened.body.pullRequestUrl).toBe(`${hub.url}/owner/pub/discussions/${num}`);
    // main is untouched; the PR ref has the change.
    expect((await raw("owner/pub", "main", "README.md")).text).toBe("hello\n");
    expect((await raw("owner/pub", `refs/pr/${num}`, "README.md")).text).toBe("hello world\n");
    const tree = await call("GET", `/api/models/owner/pub/tree/refs%2Fpr%2F${num}`, undefined);
    expect(tree.status).toBe(200);
    expect((tree.body as unknown as { path: string }[]).map((entry) => entry.path)).toContain("README.md");
    const pathsInfo = await fetch(`${hub.url}/api/models/owner/pub/paths-info/refs%2Fpr%2F${num}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "paths=README.md",
    });
    expect(pathsInfo.status).toBe(200);
    expect(((await pathsInfo.json()) as { path: string; size: number }[])[0]).toMatchObject({
      path: "README.md",
      size: "hello world\n".length,
    });
    // The author adds a commit; another user may not, nor may they push to main.
    expect((await commit("owner/pub", `refs/pr/${num}`, tokens.outsider, { "extra.txt": "more\n" })).status).toBe(200);
    expect((await commit("owner/pub", `refs/pr/${num}`, tokens.reader, { "evil.txt": "x" })).status).toBe(403);
    expect((await commit("owner/pub", "main", tokens.outsider, { "evil.txt": "x" })).status).toBe(403);
    expect((await commit("owner/pub", "refs/pr/999", tokens.outsider, { "evil.txt": "x" })).status).toBe(404);
    // A discussion's number is not a PR ref.
    expect((await commit("owner/pub", `refs/pr/${plain.body.num}`, tokens.owner, { "evil.txt": "x" })).status).toBe(
      404,
    );
    // A read token cannot open one.
    expect((await commit("owner/pub", "main", tokens.outsiderRead, { "a.txt": "x" }, { createPr: true })).status).toBe(
      403,
    );

    const refs = await call("GET", "/api/models/owner/pub/refs?include_prs=1", undefined);
    expect(refs.body.pullRequests).toEqual([
      { name: `refs/pr/${num}`, ref: `refs/pr/${num}`, targetCommit: expect.stringMatching(/^[0-9a-f]{40}$/) },
    ]);
    const details = await call("GET", `/api/models/owner/pub/discussions/${num}?diff=1`, undefined);
    expect(details.body).toMatchObject({
      isPullRequest: true,
      status: "open",
      author: { name: "outsider" },
      changes: { base: "refs/heads/main" },
      filesWithConflicts: [],
    });
    expect(String(details.body.diff)).toContain("+hello world");
    expect(String(details.body.diff)).toContain("extra.txt");
    expect((details.body.events as { type: string }[]).filter((event) => event.type === "commit")).toHaveLength(2);

    // Only writers merge.
    expect((await call("POST", `/api/models/owner/pub/discussions/${num}/merge`, tokens.outsider, {})).status).toBe(
      403,
    );
    expect((await call("POST", `/api/models/owner/pub/discussions/1/merge`, tokens.owner, {})).status).toBe(400);
    // main moved meanwhile on another file: still a clean merge.
    expect((await commit("owner/pub", "main", tokens.owner, { "other.txt": "main side\n" })).status).toBe(200);
    const merged = await call("POST", `/api/models/owner/pub/discussions/${num}/merge`, tokens.owner, {
      comment: "Thanks!",
    });
    expect(merged.status).toBe(200);
    expect((await raw("owner/pub", "main", "README.md")).text).toBe("hello world\n");
    expect((await raw("owner/pub", "main", "extra.txt")).text).toBe("more\n");
    expect((await raw("owner/pub", "main", "other.txt")).text).toBe("main side\n");
    const after = await call("GET", `/api/models/owner/pub/discussions/${num}`, undefined);
    expect(after.body).toMatchObject({ status: "merged", changes: { mergeCommitId: merged.body.mergeCommitId } });
    expect((after.body.events as { type: string; data: { status?: string } }[]).at(-1)).toMatchObject({
      type: "status-change",
      data: { status: "merged" },
    });
    // A merged PR takes no commits, no second merge, no status change.
    expect((await commit("owner/pub", `refs/pr/${num}`, tokens.outsider, { "late.txt": "x" })).status).toBe(409);
    expect((await call("POST", `/api/models/owner/pub/discussions/${num}/merge`, tokens.owner, {})).status).toBe(409);
    expect(
      (await call("POST", `/api/models/owner/pub/discussions/${num}/status`, tokens.owner, { status: "open" })).status,
    ).toBe(409);
    // A draft is not "open" (its first commit opens it): asked to be open it stays draft; closing it works.
    const draft = await call("POST", "/api/models/owner/pub/discussions", tokens.owner, {
      title: "Draft",
      pullRequest: true,
    });
    expect(draft.body.status).toBe("draft");
    const draftPath = `/api/models/owner/pub/discussions/${draft.body.num}`;
    expect((await call("POST", `${draftPath}/status`, tokens.owner, { status: "open" })).status).toBe(409);
    expect((await call("GET", draftPath, undefined)).body.status).toBe("draft");
    expect((await call("POST", `${draftPath}/status`, tokens.owner, { status: "closed" })).status).toBe(200);
  });

  test("a conflicting change on the target is a 409 naming the files; nothing is written", async () => {
    const repo = "owner/conflicts";
    await commit(repo, "main", tokens.owner, { "a.txt": "base\n", "b.txt": "base\n" });
    const pr = await commit(repo, "main", tokens.reader, { "a.txt": "pr side\n" }, { createPr: true });
    const num = Number(/(\d+)$/.exec(String(pr.body.pullRequestUrl))?.[1]);
    const head = await commit(repo, "main", tokens.owner, { "a.txt": "main side\n" });
    const details = await call("GET", `/api/models/${repo}/discussions/${num}`, undefined);
    expect(details.body.filesWithConflicts).toEqual(["a.txt"]);
    const refused = await call("POST", `/api/models/${repo}/discussions/${num}/merge`, tokens.owner, {});
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ filesWithConflicts: ["a.txt"] });
    expect(String(refused.body.error)).toContain("a.txt");
    expect((await raw(repo, "main", "a.txt")).text).toBe("main side\n");
    const refs = await call("GET", `/api/models/${repo}/refs`, undefined);
    expect((refs.body.branches as { targetCommit: string }[])[0]?.targetCommit).toBe(head.body.commitOid);
    // The same change on both sides is not a conflict.
    const same = await commit(repo, "main", tokens.reader, { "b.txt": "same\n" }, { createPr: true });
    const sameNum = Number(/(\d+)$/.exec(String(same.body.pullRequestUrl))?.[1]);
    await commit(repo, "main", tokens.owner, { "b.txt": "same\n", "c.txt": "c\n" });
    expect((await call("POST", `/api/models/${repo}/discussions/${sameNum}/merge`, tokens.owner, {})).status).toBe(200);
  });

  test("two PRs merged into one branch at once: one wins, the other merges cleanly or gets 409; nothing lost", async () => {
    const repo = "owner/race";
    await commit(repo, "main", tokens.owner, { "shared.txt": "base\n" });
    const nums: number[] = [];
    const changes: Record<string, string>[] = [
      { "one.txt": "one\n" },
      { "two.txt": "two\n" },
      { "shared.txt": "from three\n" },
      { "shared.txt": "from four\n" },
    ];
    for (const [index, files] of changes.entries()) {
      const opened = await commit(repo, "main", index % 2 === 0 ? tokens.reader : tokens.outsider, files, {
        createPr: true,
      });
      nums.push(Number(/(\d+)$/.exec(String(opened.body.pullRequestUrl))?.[1]));
    }
    const [a, b, c, d] = nums as [number, number, number, number];
    const clean = await Promise.all(
      [a, b].map((num) => call("POST", `/api/models/${repo}/discussions/${num}/merge`, tokens.owner, {})),
    );
    expect(clean.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await raw(repo, "main", "one.txt")).text).toBe("one\n");
    expect((await raw(repo, "main", "two.txt")).text).toBe("two\n");
    const clashing = await Promise.all(
      [c, d].map((num) => call("POST", `/api/models/${repo}/discussions/${num}/merge`, tokens.owner, {})),
    );
    expect(clashing.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = clashing[0]?.status === 200 ? "from three\n" : "from four\n";
    expect((await raw(repo, "main", "shared.txt")).text).toBe(winner);
    expect((await raw(repo, "main", "one.txt")).text).toBe("one\n");
    expect((await raw(repo, "main", "two.txt")).text).toBe("two\n");
    // One PR merged twice at once: one merge, one 409, one new commit on main (no empty second commit).
    const opened = await commit(repo, "main", tokens.reader, { "five.txt": "five\n" }, { createPr: true });
    const five = Number(/(\d+)$/.exec(String(opened.body.pullRequestUrl))?.[1]);
    const before = await call("GET", `/api/models/${repo}/commits/main`, undefined);
    const twice = await Promise.all(
      [1, 2].map(() => call("POST", `/api/models/${repo}/discussions/${five}/merge`, tokens.owner, {})),
    );
    expect(twice.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const after = await call("GET", `/api/models/${repo}/commits/main`, undefined);
    expect((after.body as unknown as unknown[]).length).toBe((before.body as unknown as unknown[]).length + 1);
  });
});

describe("datasets and spaces", () => {
  test("a dataset's discussions live under /api/datasets with /datasets/ urls", async () => {
    expect((await call("POST", "/api/repos/create", tokens.owner, { name: "table", type: "dataset" })).status).toBe(
      200,
    );
    const opened = await call("POST", "/api/datasets/owner/table/discussions", tokens.reader, {
      title: "Column types",
    });
    expect(opened.body).toMatchObject({
      num: 1,
      repo: { name: "owner/table", type: "dataset" },
      url: `${hub.url}/datasets/owner/table/discussions/1`,
    });
    // Numbers are per repository and per type: there is no model owner/table (anonymous: the 401 missing answer).
    expect((await call("GET", "/api/models/owner/table/discussions", undefined)).status).toBe(401);
    expect((await call("GET", "/api/datasets/owner/table/discussions", undefined)).body.count).toBe(1);
  });
});

describe("repository moves and deletions", () => {
  test("discussions and PRs follow a move; a deleted and recreated repository starts with none", async () => {
    expect((await call("POST", "/api/repos/create", tokens.owner, { name: "wanders" })).status).toBe(200);
    await commit("owner/wanders", "main", tokens.owner, { "a.txt": "a\n" });
    expect(
      (await call("POST", "/api/models/owner/wanders/discussions", tokens.reader, { title: "Travels" })).status,
    ).toBe(200);
    const pr = await commit("owner/wanders", "main", tokens.reader, { "a.txt": "b\n" }, { createPr: true });
    expect(pr.status).toBe(200);
    const moved = await call("POST", "/api/repos/move", tokens.owner, {
      fromRepo: "owner/wanders",
      toRepo: "owner/settled",
      type: "model",
    });
    expect(moved.status).toBe(200);
    const listed = await call("GET", "/api/models/owner/settled/discussions", undefined);
    expect(
      (listed.body.discussions as { num: number; repo: { name: string } }[]).map((d) => [d.num, d.repo.name]),
    ).toEqual([
      [2, "owner/settled"],
      [1, "owner/settled"],
    ]);
    expect((await call("POST", "/api/models/owner/settled/discussions/2/merge", tokens.owner, {})).status).toBe(200);
    expect((await raw("owner/settled", "main", "a.txt")).text).toBe("b\n");

    const deleted = await call("DELETE", "/api/repos/delete", tokens.owner, { name: "settled", type: "model" });
    expect(deleted.status).toBe(200);
    expect((await call("POST", "/api/repos/create", tokens.owner, { name: "settled" })).status).toBe(200);
    expect((await call("GET", "/api/models/owner/settled/discussions", undefined)).body.count).toBe(0);
    const again = await call("POST", "/api/models/owner/settled/discussions", tokens.reader, { title: "Fresh start" });
    expect(again.body.num).toBe(1);
  });
});

describe("access matrix", () => {
  // Each route, each caller: the status the README promises.
  const routes = (repo: string, num: number, comment: string) =>
    [
      ["list", "GET", `/api/models/${repo}/discussions`, undefined],
      ["details", "GET", `/api/models/${repo}/discussions/${num}`, undefined],
      ["open", "POST", `/api/models/${repo}/discussions`, { title: "Matrix check" }],
      ["comment", "POST", `/api/models/${repo}/discussions/${num}/comment`, { comment: "hi" }],
      ["rename", "POST", `/api/models/${repo}/discussions/${num}/title`, { title: "Renamed title" }],
      ["status", "POST", `/api/models/${repo}/discussions/${num}/status`, { status: "closed" }],
      ["edit", "POST", `/api/models/${repo}/discussions/${num}/comment/${comment}/edit`, { content: "edited" }],
      ["hide", "POST", `/api/models/${repo}/discussions/${num}/comment/${comment}/hide`, undefined],
      ["merge", "POST", `/api/models/${repo}/discussions/${num}/merge`, {}],
    ] as const;

  async function fresh(repo: string, author: string) {
    const opened = await call("POST", `/api/models/${repo}/discussions`, tokens[author], {
      title: "For the matrix",
      description: "first",
    });
    expect(opened.status).toBe(200);
    const num = Number(opened.body.num);
    const comment = String((opened.body.events as { id: string }[])[0]?.id);
    return { num, comment };
  }

  test("public org repository: anonymous, other user, read token, org read/write/admin", async () => {
    const repo = "crew/shared";
    // caller → expected status per route (list, details, open, comment, rename, status, edit, hide, merge).
    // Merging a discussion (not a PR) is a 400 for writers: they pass the access check.
    const expected: Record<string, number[]> = {
      anonymous: [200, 200, 401, 401, 401, 401, 401, 401, 401],
      outsiderRead: [200, 200, 403, 403, 403, 403, 403, 403, 403],
      outsider: [200, 200, 200, 200, 403, 403, 403, 403, 403],
      reader: [200, 200, 200, 200, 403, 403, 403, 403, 403],
      writer: [200, 200, 200, 200, 200, 200, 403, 200, 400],
      orgadmin: [200, 200, 200, 200, 200, 200, 403, 200, 400],
    };
    for (const [caller, statuses] of Object.entries(expected)) {
      const { num, comment } = await fresh(repo, "owner");
      const got: number[] = [];
      for (const [, method, path, body] of routes(repo, num, comment))
        got.push((await call(method, path, caller === "anonymous" ? undefined : tokens[caller], body)).status);
      expect({ caller, got }).toEqual({ caller, got: statuses });
    }
    // The author of the discussion edits their own comment and renames their own discussion.
    const { num, comment } = await fresh(repo, "outsider");
    expect(
      (
        await call("POST", `/api/models/${repo}/discussions/${num}/comment/${comment}/edit`, tokens.outsider, {
          content: "mine",
        })
      ).status,
    ).toBe(200);
    expect(
      (await call("POST", `/api/models/${repo}/discussions/${num}/title`, tokens.outsider, { title: "My title" }))
        .status,
    ).toBe(200);
  });

  test("private repository: members per role; everyone else gets exactly the missing answer", async () => {
    const repo = "crew/hidden";
    const { num, comment } = await fresh(repo, "reader");
    const missing = await call("GET", "/api/models/crew/no-such-repo/discussions", tokens.outsider);
    const missingAnonymous = await call("GET", "/api/models/crew/no-such-repo/discussions", undefined);
    expect(missing.status).toBe(404);
    for (const [, method, path, body] of routes(repo, num, comment)) {
      const asOutsider = await call(method, path, tokens.outsider, body);
      expect({ path, status: asOutsider.status, body: asOutsider.body }).toEqual({
        path,
        status: missing.status,
        body: missing.body,
      });
      const asAnonymous = await call(method, path, undefined, body);
      expect({ path, status: asAnonymous.status, body: asAnonymous.body }).toEqual({
        path,
        status: missingAnonymous.status,
        body: missingAnonymous.body,
      });
    }
    // A read member reads and takes part; the write member closes.
    expect((await call("GET", `/api/models/${repo}/discussions/${num}`, tokens.reader)).status).toBe(200);
    expect(
      (await call("POST", `/api/models/${repo}/discussions/${num}/comment`, tokens.reader, { comment: "x" })).status,
    ).toBe(200);
    expect(
      (await call("POST", `/api/models/${repo}/discussions/${num}/status`, tokens.reader, { status: "closed" })).status,
    ).toBe(403);
    expect(
      (await call("POST", `/api/models/${repo}/discussions/${num}/status`, tokens.writer, { status: "closed" })).status,
    ).toBe(200);
  });

  test("the owner's read token cannot post; the owner's write token can", async () => {
    expect(
      (await call("POST", "/api/models/owner/pub/discussions", tokens.ownerRead, { title: "Read only" })).status,
    ).toBe(403);
    expect((await call("POST", "/api/models/owner/pub/discussions", tokens.owner, { title: "Writable" })).status).toBe(
      200,
    );
  });
});
