// The not-found page of a repository (issue 20 point 7): a missing repository and a private one the visitor cannot
// read get the site's not-found page (not a bare error line), without saying the repository exists; a signed-out
// visitor is offered to sign in and come back.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import {
  fakeServer,
  freshSessionModule,
  json,
  problem,
  sessionOf,
} from "../features/settings/fake-server.test-support";

beforeEach(() => {
  window.history.replaceState(null, "", "/alice/secret/tree/main");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderRepoPage() {
  await freshSessionModule();
  const { default: RepoPage } = await import("../features/repo/repo-page");
  render(<RepoPage params={{ owner: "alice", name: "secret", rest: "tree/main" }} />);
}

test("a signed-out visitor gets the not-found page with search, home and sign-in links", async () => {
  fakeServer({
    "GET /api/web/session": () => json({ user: null }),
    "GET /api/models/alice/secret": () => problem("Repository not found", 401),
  });
  await renderRepoPage();
  expect(await screen.findByRole("heading", { level: 1, name: "Page not found" }, { timeout: 10_000 })).toBeTruthy();
  const signIn = await screen.findByRole("link", { name: "Sign in" });
  expect(signIn.getAttribute("href")).toBe(`/login?next=${encodeURIComponent("/alice/secret/tree/main")}`);
  expect(screen.getByRole("link", { name: "Search models for “secret”" }).getAttribute("href")).toBe(
    "/models?search=secret",
  );
  expect(screen.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  expect(screen.queryByRole("alert")).toBeNull();
});

test("a signed-in visitor gets the same page without the sign-in offer", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("bob")),
    "GET /api/models/alice/secret": () => problem("Repository not found", 404),
  });
  await renderRepoPage();
  expect(await screen.findByRole("heading", { level: 1, name: "Page not found" }, { timeout: 10_000 })).toBeTruthy();
  expect(screen.getByText(/no model called alice\/secret that you can see/)).toBeTruthy();
  expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
});

test("a server failure is still shown as an error, not as not found", async () => {
  fakeServer({
    "GET /api/web/session": () => json({ user: null }),
    "GET /api/models/alice/secret": () => problem("The database is busy", 503),
  });
  await renderRepoPage();
  expect((await screen.findByRole("alert", {}, { timeout: 10_000 })).textContent).toContain("The database is busy");
  expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
});
