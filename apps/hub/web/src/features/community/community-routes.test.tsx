import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import { matchRoute } from "../../routes";
import { parseRepoView, repoPagePath } from "../repo/repo-url";
import { fakeServer, freshSessionModule, json, sessionOf } from "../settings/fake-server.test-support";
import { pullRequestNumber } from "./community-api";
import { loadNotifications } from "./notifications";

/** A fetch stub for the editor (its commit body is NDJSON, which the settings' fake server cannot parse). */
function editorServer(user: string, commitAnswer: Record<string, unknown>): string[] {
  const seen: string[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "http://localhost");
    const method = (init.method ?? "GET").toUpperCase();
    seen.push(`${method} ${url.pathname}${url.search}`);
    if (url.pathname === "/api/web/session") return json(sessionOf(user));
    // The server's decision (api/web-permissions.ts): alice owns the repository, others may propose changes.
    if (url.pathname === "/api/web/permissions/models/alice/tiny")
      return json({ write: user === "alice", pullRequest: true });
    // The editor reads the text at the branch's commit (its parentCommit); README.md is new here.
    if (url.pathname === "/api/models/alice/tiny/revision/main") return json({ sha: "c0ffee".padEnd(40, "0") });
    if (url.pathname.startsWith("/api/models/alice/tiny/paths-info/")) return json([]);
    if (method === "POST" && url.pathname === "/api/models/alice/tiny/commit/main") {
      expect(new Headers(init.headers).get("X-CSRF-Token")).toBe("csrf-test-token");
      expect(String(init.body)).toContain('"key":"header"');
      return json(commitAnswer);
    }
    return json({ error: "Not found" }, 404);
  });
  return seen;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

test("the Community tab and a discussion have the hub's addresses for every repository type", () => {
  expect(parseRepoView("discussions")).toEqual({ kind: "discussions" });
  expect(parseRepoView("discussions/12")).toEqual({ kind: "discussion", num: 12 });
  for (const bad of ["discussions/0", "discussions/x", "discussions/1/2", "discussions/01", "discussions/9999999999"])
    expect(parseRepoView(bad)).toBeUndefined();
  expect(repoPagePath({ type: "space", id: "a/b" }, { kind: "discussion", num: 3 })).toBe("/spaces/a/b/discussions/3");
  expect(repoPagePath({ type: "model", id: "a/b" }, { kind: "discussions" })).toBe("/a/b/discussions");
  for (const path of ["/a/b/discussions", "/datasets/a/b/discussions/4", "/spaces/a/b/discussions"])
    expect(matchRoute(path)?.route.pattern).toMatch(/\*rest$/);
  expect(pullRequestNumber("http://hub.local/datasets/a/b/discussions/5")).toBe(5);
  expect(pullRequestNumber("http://hub.local/a/b/tree/main")).toBeUndefined();
  expect(pullRequestNumber(undefined)).toBeUndefined();
});

test("the notification count comes from the server's notifications route, odd items dropped", async () => {
  const seen = fakeServer({
    "GET /api/web/notifications": () =>
      json({
        count: 3,
        items: [
          { repo: { name: "bob/m2", type: "model" }, num: 4, title: "Typo", isPullRequest: true },
          { repo: { name: "bob/d", type: "dataset" }, num: 1, title: "Question", isPullRequest: false },
          { repo: { name: "x/y", type: "bucket" }, num: 2, title: "odd", isPullRequest: false },
        ],
      }),
  });
  const result = await loadNotifications();
  expect(result.count).toBe(3);
  expect(result.items.map((item) => `${item.repo.type}:${item.repo.id}#${item.num}`)).toEqual([
    "model:bob/m2#4",
    "dataset:bob/d#1",
  ]);
  expect(seen.map((r) => r.path)).toEqual(["/api/web/notifications"]);
});

test("the file editor opens a pull request (the only choice for non-writers) and goes to it", async () => {
  window.history.replaceState(null, "", "/alice/tiny/edit/main/README.md");
  const seen = editorServer("bob", {
    commitOid: "abc",
    pullRequestUrl: "http://127.0.0.1/alice/tiny/discussions/3",
  });
  const reloadAt = await freshSessionModule();
  const { default: EditPage } = await import("../publish/edit-page");
  render(<EditPage params={{ owner: "alice", name: "tiny", rest: "main/README.md" }} />);
  expect(await screen.findByText(/You cannot commit to this repository directly/)).toBeTruthy();
  expect(screen.queryByRole("radio")).toBeNull();
  expect(screen.queryByRole("button", { name: "Commit changes" })).toBeNull();
  fireEvent.change(screen.getByRole("textbox", { name: "Content of README.md" }), { target: { value: "# Hi" } });
  fireEvent.click(screen.getByRole("button", { name: "Open a pull request" }));
  await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/alice/tiny/discussions/3"));
  expect(seen).toContain("POST /api/models/alice/tiny/commit/main?create_pr=1");
});

test("an owner's editor commits directly unless they ask for a pull request", async () => {
  window.history.replaceState(null, "", "/alice/tiny/edit/main/README.md");
  const seen = editorServer("alice", { commitOid: "abc" });
  const reloadAt = await freshSessionModule();
  const { default: EditPage } = await import("../publish/edit-page");
  render(<EditPage params={{ owner: "alice", name: "tiny", rest: "main/README.md" }} />);
  const direct = await screen.findByRole("radio", { name: /Commit directly to the main branch/ });
  expect((direct as HTMLInputElement).checked).toBe(true);
  const pullRequest = screen.getByRole("radio", { name: /Open as a pull request to the main branch/ });
  expect((pullRequest as HTMLInputElement).checked).toBe(false);
  fireEvent.change(screen.getByRole("textbox", { name: "Content of README.md" }), { target: { value: "# Hi" } });
  fireEvent.click(screen.getByRole("button", { name: "Commit changes" }));
  await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/alice/tiny"));
  expect(seen).toContain("POST /api/models/alice/tiny/commit/main");
});
