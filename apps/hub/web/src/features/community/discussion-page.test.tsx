import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { fakeServer, json, problem, sessionOf } from "../settings/fake-server.test-support";
import type { DiscussionDetails } from "./community-api";

const REPO = { type: "model" as const, id: "alice/tiny" };
const BASE = "/api/models/alice/tiny/discussions";

const author = (name: string) => ({ name, type: "user", avatarUrl: "" });
const comment = (id: string, who: string, raw: string, extra: Record<string, unknown> = {}) => ({
  id,
  type: "comment",
  createdAt: "2026-11-28T00:40:00.000Z",
  author: author(who),
  data: { edited: false, hidden: false, latest: { raw, html: "", updatedAt: "2026-11-28T00:40:00.000Z" }, ...extra },
});

function discussion(overrides: Partial<DiscussionDetails> = {}): DiscussionDetails {
  return {
    num: 1,
    title: "Why is it tiny?",
    status: "open",
    isPullRequest: false,
    createdAt: "2026-11-28T00:40:00.000Z",
    author: author("bob"),
    repo: { name: REPO.id, type: "model" },
    events: [
      comment("a1", "bob", "First **question**"),
      {
        id: "a2",
        type: "title-change",
        createdAt: "2026-11-28T00:41:00.000Z",
        author: author("alice"),
        data: { from: "Tiny?", to: "Why is it tiny?" },
      },
      comment("a3", "alice", "An answer"),
      {
        id: "a4",
        type: "status-change",
        createdAt: "2026-11-28T00:42:00.000Z",
        author: author("alice"),
        data: { status: "closed" },
      },
    ],
    ...overrides,
  };
}

const pullRequest = (overrides: Partial<DiscussionDetails> = {}) =>
  discussion({
    num: 2,
    title: "Add weights",
    isPullRequest: true,
    events: [
      comment("b1", "bob", "Adds the weights"),
      {
        id: "b2",
        type: "commit",
        createdAt: "2026-11-28T00:43:00.000Z",
        author: author("bob"),
        data: { subject: "Upload w.bin", oid: "0123456789abcdef0123456789abcdef01234567" },
      },
    ],
    changes: { base: "refs/heads/main" },
    filesWithConflicts: [],
    diff: "diff --git a/w.txt b/w.txt\nnew file mode 100644\nindex 0000000..e69de29\n--- /dev/null\n+++ b/w.txt\n@@ -0,0 +1 @@\n+hello\n",
    ...overrides,
  });

beforeEach(() => {
  window.history.replaceState(null, "", "/alice/tiny/discussions/1");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage(num: number, canWrite: boolean) {
  vi.resetModules();
  const { default: DiscussionPage } = await import("./discussion-page");
  render(<DiscussionPage repo={REPO} num={num} canWrite={canWrite} />);
}

test("events in order: comments as Markdown, title and status changes; a visitor is asked to sign in", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json({ user: null }),
    [`GET ${BASE}/1`]: () => json(discussion()),
  });
  await renderPage(1, false);
  expect(await screen.findByRole("heading", { level: 2, name: /Why is it tiny\?/ })).toBeTruthy();
  // comment bodies are rendered from Markdown after the page (card-render), so their text is waited for
  await waitFor(() => {
    const items = screen.getAllByRole("listitem").map((item) => item.textContent ?? "");
    expect(items[0]).toContain("First question");
    expect(items[1]).toContain("changed the title from");
    expect(items[2]).toContain("An answer");
    expect(items[3]).toContain("closed this");
  });
  await waitFor(() => expect(document.querySelector(".comment-body strong")?.textContent).toBe("question"));
  expect(screen.getByRole("link", { name: "Sign in to comment" }).getAttribute("href")).toBe(
    `/login?next=${encodeURIComponent("/alice/tiny/discussions/1")}`,
  );
  expect(screen.queryByRole("button", { name: /Edit|Hide|Close|Rename/ })).toBeNull();
  expect(seen.find((r) => r.path.startsWith(`${BASE}/1`))?.path).toBe(`${BASE}/1?diff=1`);
});

test("hostile comment bodies render inert: no script, no handlers, no javascript: links, huge text cut", async () => {
  const hostile = [
    "<script>window.pwned = 1</script>",
    '<img src="x" onerror="window.pwned = 2">',
    '<a href="javascript:window.pwned=3">click</a>',
    "[md link](javascript:alert(1))",
    '<div onclick="window.pwned=4" style="position:fixed">styled</div>',
    '<iframe src="https://evil.example"></iframe>',
    '<form action="https://evil.example"><button>go</button></form>',
    "![tracker](https://evil.example/pixel.png)",
  ].join("\n\n");
  const huge = `${"a".repeat(70_000)} END-OF-HUGE`;
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("mallory")),
    [`GET ${BASE}/1`]: () =>
      json(discussion({ events: [comment("h1", "mallory", hostile), comment("h2", "mallory", huge)] })),
  });
  await renderPage(1, false);
  await screen.findByText("styled");
  const bodies = [...document.querySelectorAll(".comment-body")];
  const html = bodies.map((body) => body.innerHTML).join("\n");
  expect(document.querySelector(".comment-body script, .comment-body iframe, .comment-body form")).toBeNull();
  expect(html).not.toMatch(/onerror|onclick|javascript:|style=/i);
  for (const anchor of document.querySelectorAll(".comment-body a[href]"))
    expect(anchor.getAttribute("href")).toMatch(/^(https?:|\/)/);
  // Remote images are not loaded: a link to them instead (a relative one points into the repository).
  for (const image of document.querySelectorAll(".comment-body img"))
    expect(image.getAttribute("src")).toBe("/alice/tiny/resolve/main/x");
  expect(screen.getByText("[image: tracker]").getAttribute("href")).toBe("https://evil.example/pixel.png");
  expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  expect(html).not.toContain("END-OF-HUGE");
  expect(screen.getByText(/70,012 characters long/)).toBeTruthy();
});

test("its author edits their comment; writers hide comments and close", async () => {
  let details = discussion({ status: "open" });
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("bob")),
    [`GET ${BASE}/1`]: () => json(details),
    [`POST ${BASE}/1/comment/a1/edit`]: () => {
      details = discussion({ status: "open", events: [comment("a1", "bob", "Edited text", { edited: true })] });
      return json({ updatedComment: details.events[0] });
    },
  });
  await renderPage(1, false);
  const edit = await screen.findByRole("button", { name: /Edit your comment/ });
  expect(screen.getAllByRole("button", { name: /Edit your comment/ })).toHaveLength(1); // only bob's
  expect(screen.queryByRole("button", { name: /Hide/ })).toBeNull();
  expect(screen.queryByRole("button", { name: /Close discussion/ })).toBeNull();
  expect(screen.getByRole("button", { name: "Rename" })).toBeTruthy(); // its author renames
  fireEvent.click(edit);
  const box = screen.getByRole("textbox", { name: "Comment" }) as HTMLTextAreaElement;
  expect(document.activeElement).toBe(box);
  fireEvent.change(box, { target: { value: "Edited text" } });
  fireEvent.click(screen.getByRole("button", { name: "Save comment" }));
  expect(await screen.findByText("Edited text")).toBeTruthy();
  expect(screen.getByText(/edited/)).toBeTruthy();
  const write = seen.find((r) => r.method === "POST");
  expect(write?.body).toEqual({ content: "Edited text" });
  expect(write?.csrf).toBe("csrf-test-token");

  cleanup();
  let status: "open" | "closed" = "open";
  const writes = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    [`GET ${BASE}/1`]: () => json(discussion({ status })),
    [`POST ${BASE}/1/comment/a1/hide`]: () => json({}),
    [`POST ${BASE}/1/status`]: () => {
      status = "closed";
      return json({});
    },
  });
  await renderPage(1, true);
  fireEvent.click(await screen.findByRole("button", { name: "Hide the comment by bob" }));
  fireEvent.click(screen.getByRole("button", { name: "Yes, hide it" }));
  await waitFor(() => expect(writes.some((r) => r.path === `${BASE}/1/comment/a1/hide`)).toBe(true));
  fireEvent.click(screen.getByRole("button", { name: "Close discussion" }));
  expect(await screen.findByRole("button", { name: "Reopen discussion" })).toBeTruthy();
  expect(writes.find((r) => r.path === `${BASE}/1/status`)?.body).toEqual({ status: "closed" });
});

test("a comment is added; an empty one is refused before sending", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("carol")),
    [`GET ${BASE}/1`]: () => json(discussion()),
    [`POST ${BASE}/1/comment`]: () => json({ newMessage: comment("z", "carol", "Me too") }),
  });
  await renderPage(1, false);
  fireEvent.click(await screen.findByRole("button", { name: "Comment" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Write a comment first.");
  fireEvent.change(screen.getByRole("textbox", { name: "Comment (Markdown)" }), { target: { value: "Me too" } });
  fireEvent.click(screen.getByRole("button", { name: "Comment" }));
  expect(await screen.findByText("Comment added.")).toBeTruthy();
  expect(seen.find((r) => r.method === "POST")?.body).toEqual({ comment: "Me too" });
});

test("a pull request: ref and git command, commits, the diff, merge with the 409 shown", async () => {
  window.history.replaceState(null, "", "/alice/tiny/discussions/2");
  let merged = false;
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    [`GET ${BASE}/2`]: () =>
      json(
        pullRequest(
          merged ? { status: "merged", changes: { base: "refs/heads/main", mergeCommitId: "fedcba9876543210" } } : {},
        ),
      ),
    [`POST ${BASE}/2/merge`]: () => problem("Merge conflict: w.txt changed on main", 409),
  });
  await renderPage(2, true);
  const panel = await screen.findByRole("region", { name: "Pull request" });
  expect(within(panel).getAllByText("refs/pr/2").length).toBeGreaterThan(0);
  expect(panel.textContent).toContain(`git fetch ${window.location.origin}/alice/tiny refs/pr/2:pr/2`);
  expect(within(panel).getByRole("link", { name: "Upload w.bin" }).getAttribute("href")).toBe(
    "/alice/tiny/commit/0123456789abcdef0123456789abcdef01234567",
  );
  const files = screen.getByRole("region", { name: /Files changed \(1\)/ });
  expect(within(files).getByText("w.txt")).toBeTruthy();
  expect(files.querySelector(".diff-add")?.textContent).toBe("+hello");
  fireEvent.click(within(panel).getByRole("button", { name: "Merge into main" }));
  expect((await screen.findByRole("alert")).textContent).toBe("Merge conflict: w.txt changed on main");

  merged = true;
  cleanup();
  await renderPage(2, true);
  expect(await screen.findByText(/Merged as/)).toBeTruthy();
  expect(screen.queryByRole("button", { name: /Merge into/ })).toBeNull();
});

test("an unknown number is the not-found page; a failure shows the server's message", async () => {
  fakeServer({
    "GET /api/web/session": () => json({ user: null }),
    [`GET ${BASE}/9`]: () => problem("Discussion not found", 404),
    [`GET ${BASE}/8`]: () => problem("The database is busy", 503),
  });
  await renderPage(9, false);
  expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  cleanup();
  await renderPage(8, false);
  expect((await screen.findByRole("alert")).textContent).toContain("The database is busy");
  await act(async () => {});
});
