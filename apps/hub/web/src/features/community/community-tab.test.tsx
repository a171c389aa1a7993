import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { fakeServer, json, problem, sessionOf } from "../settings/fake-server.test-support";
import { listQueryString, readListQuery } from "./community-api";

const REPO = { type: "dataset" as const, id: "alice/data" };
const LIST = "/api/datasets/alice/data/discussions";

const item = (num: number, isPullRequest = false, status = "open") => ({
  num,
  title: `Topic ${num}`,
  status,
  isPullRequest,
  createdAt: "2026-11-28T00:40:00.000Z",
  author: { name: "bob" },
  repo: { name: REPO.id, type: "dataset" },
  numComments: num,
});

beforeEach(() => window.history.replaceState(null, "", "/datasets/alice/data/discussions"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderTab() {
  vi.resetModules();
  const { default: CommunityTab } = await import("./community-tab");
  render(<CommunityTab repo={REPO} />);
}

test("the URL's filters are read defensively and written back without defaults", () => {
  expect(readListQuery(new URLSearchParams("status=bogus&type=x&p=-1"))).toEqual({
    status: "open",
    type: "all",
    search: "",
    page: 0,
  });
  const query = readListQuery(new URLSearchParams("status=closed&type=pull_request&search=fix&p=2"));
  expect(listQueryString(query)).toBe("?status=closed&type=pull_request&search=fix&p=2");
  expect(listQueryString({ ...query, status: "open", type: "all", search: "", page: 0 })).toBe("");
});

test("lists open discussions and pull requests, filters and pages through the URL", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json({ user: null }),
    [`GET ${LIST}`]: (request) => {
      const params = new URL(request.path, "http://x").searchParams;
      const page = Number(params.get("p"));
      return json({
        discussions: page === 0 ? [item(60, true), item(59)] : [item(3)],
        count: 51,
        start: page * 50,
        numOpenDiscussions: 51,
      });
    },
  });
  await renderTab();
  const list = await screen.findByRole("list", { name: "Discussions and pull requests" });
  const rows = within(list).getAllByRole("listitem");
  expect(rows[0]?.textContent).toContain("Open PR");
  // The title links to the discussion, the author's name to their page.
  expect(
    within(rows[0] as HTMLElement)
      .getAllByRole("link")
      .map((link) => link.getAttribute("href")),
  ).toEqual(["/datasets/alice/data/discussions/60", "/bob"]);
  expect(rows[1]?.textContent).toContain("Discussion by bob");
  expect(screen.getByText("1–2 of 51")).toBeTruthy();
  expect(seen.at(-1)?.path).toBe(`${LIST}?p=0&status=open`);
  expect(screen.getByRole("link", { name: "Open" }).getAttribute("aria-current")).toBe("page");
  expect(screen.getByRole("link", { name: "Sign in to start a discussion" })).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Next page →" }));
  await waitFor(() => expect(window.location.search).toBe("?p=1"));
  expect(await screen.findByText("Topic 3")).toBeTruthy();
  expect(seen.at(-1)?.path).toBe(`${LIST}?p=1&status=open`);

  // Closed pull requests whose title has "fix": the type and search go together, the page starts again.
  fireEvent.click(screen.getByRole("link", { name: "Closed" }));
  await waitFor(() => expect(window.location.search).toBe("?status=closed"));
  fireEvent.change(screen.getByRole("combobox", { name: "Show" }), { target: { value: "pull_request" } });
  fireEvent.change(screen.getByRole("searchbox", { name: "Search titles" }), { target: { value: "fix" } });
  fireEvent.click(screen.getByRole("button", { name: "Filter" }));
  await waitFor(() => expect(window.location.search).toBe("?status=closed&type=pull_request&search=fix"));
  await waitFor(() => expect(seen.at(-1)?.path).toBe(`${LIST}?p=0&status=closed&type=pull_request&search=fix`));
});

test("nothing matching says so; a failure shows the server's message", async () => {
  window.history.replaceState(null, "", "/datasets/alice/data/discussions?search=zzz");
  fakeServer({
    "GET /api/web/session": () => json({ user: null }),
    [`GET ${LIST}`]: () => json({ discussions: [], count: 0, start: 0 }),
  });
  await renderTab();
  expect(await screen.findByText("Nothing matches these filters.")).toBeTruthy();
  cleanup();
  fakeServer({
    "GET /api/web/session": () => json({ user: null }),
    [`GET ${LIST}`]: () => problem("Repository not found", 404),
  });
  await renderTab();
  expect((await screen.findByRole("alert")).textContent).toContain("Repository not found");
});

test("a signed-in visitor starts a discussion (title checked first) and lands on it", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("bob")),
    [`GET ${LIST}`]: () => json({ discussions: [], count: 0, start: 0 }),
    [`POST ${LIST}`]: () => json({ num: 7, title: "A question", events: [] }),
  });
  await renderTab();
  fireEvent.click(await screen.findByRole("button", { name: "New discussion" }));
  const title = screen.getByRole("textbox", { name: "Title" });
  expect(document.activeElement).toBe(title);
  fireEvent.change(title, { target: { value: "Hi" } });
  fireEvent.submit(title.closest("form") as HTMLFormElement);
  expect((await screen.findByRole("alert")).textContent).toBe("The title needs at least 3 characters.");
  fireEvent.change(title, { target: { value: "  A question  " } });
  fireEvent.change(screen.getByRole("textbox", { name: "Description (Markdown)" }), { target: { value: "Body" } });
  fireEvent.click(screen.getByRole("button", { name: "Create discussion" }));
  await waitFor(() => expect(window.location.pathname).toBe("/datasets/alice/data/discussions/7"));
  const post = seen.find((r) => r.method === "POST");
  expect(post?.body).toEqual({ title: "A question", description: "Body", pullRequest: false });
  expect(post?.csrf).toBe("csrf-test-token");
});
