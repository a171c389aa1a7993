import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { CSRF, fakeServer, freshSessionModule, json, problem, sessionOf } from "./fake-server.test-support";

const THIS = {
  id: "s-this",
  createdAt: "2026-11-20T10:00:00.000Z",
  expiresAt: "2026-12-20T10:00:00.000Z",
  current: true,
};
const OTHER = {
  id: "s-other",
  createdAt: "2026-11-01T08:00:00.000Z",
  expiresAt: "2026-12-01T08:00:00.000Z",
  current: false,
};

beforeEach(() => window.history.replaceState(null, "", "/settings/account"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage() {
  const reloadAt = await freshSessionModule();
  const { default: AccountSettingsPage } = await import("./account-page");
  render(<AccountSettingsPage />);
  return { reloadAt };
}

function fillPassword(current: string, next: string, confirmation: string) {
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: current } });
  fireEvent.change(screen.getByLabelText("New password"), { target: { value: next } });
  fireEvent.change(screen.getByLabelText("Confirm new password"), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole("button", { name: "Change password" }));
}

test("a visitor is asked to sign in", async () => {
  fakeServer({ "GET /api/web/session": () => json({ user: null }) });
  await renderPage();
  expect(await screen.findByRole("heading", { level: 1, name: "Account settings" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login?next=%2Fsettings%2Faccount");
  expect(screen.queryByRole("navigation", { name: "Settings" })).toBeNull();
});

test("the settings navigation: account, tokens, webhooks, each organization's members, a new organization", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice", ["acme", "beta"])),
    "GET /api/web/sessions": () => json([THIS]),
  });
  await renderPage();
  const nav = await screen.findByRole("navigation", { name: "Settings" });
  const links = within(nav)
    .getAllByRole("link")
    .map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("aria-current")]);
  expect(links).toEqual([
    ["Account", "/settings/account", "page"],
    ["Access tokens", "/settings/tokens", null],
    ["Webhooks", "/settings/webhooks", null],
    ["acme", "/organizations/acme/settings/members", null],
    ["beta", "/organizations/beta/settings/members", null],
    ["New organization", "/organizations/new", null],
  ]);
});

test("sessions: loading, then listed with this browser marked; one is signed out with the CSRF header", async () => {
  let answer: (response: Response) => void = () => {};
  let sessions = [THIS, OTHER];
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    // The first answer waits (the loading state); later ones come at once.
    "GET /api/web/sessions": () =>
      seen.filter((r) => r.path === "/api/web/sessions").length === 1
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json(sessions),
    "DELETE /api/web/sessions/s-other": () => {
      sessions = [THIS];
      return json({ ok: true });
    },
  });
  const { reloadAt } = await renderPage();
  expect(await screen.findByText("Loading your sessions…")).toBeTruthy();
  await act(async () => answer(json(sessions)));
  const list = await screen.findByRole("list", { name: "Sessions" });
  const rows = within(list).getAllByRole("listitem");
  expect(rows).toHaveLength(2);
  expect(within(rows[0]).getByText("This browser")).toBeTruthy();
  expect(within(rows[1]).queryByText("This browser")).toBeNull();
  expect(rows[0].querySelector("time")?.getAttribute("dateTime")).toBe(THIS.createdAt);
  within(rows[0]).getByRole("button", { name: "Sign out this browser" });

  fireEvent.click(within(rows[1]).getByRole("button", { name: /^Sign out the session from / }));
  await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
  // The focus was on the row that went: it lands on the list's heading, not the page's start.
  expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Where you are signed in" }));
  expect(seen.find((r) => r.method === "DELETE")).toMatchObject({ path: "/api/web/sessions/s-other", csrf: CSRF });
  expect(reloadAt).not.toHaveBeenCalled(); // another browser's session: this page stays
});

test("signing out this browser's session reloads the site signed out", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    "GET /api/web/sessions": () => json([THIS]),
    "DELETE /api/web/sessions/s-this": () => json({ ok: true }),
  });
  const { reloadAt } = await renderPage();
  fireEvent.click(await screen.findByRole("button", { name: "Sign out this browser" }));
  await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/"));
});

test("a failure to list the sessions shows the server's message", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    "GET /api/web/sessions": () => problem("Sign in to see your sessions", 401),
  });
  await renderPage();
  expect((await screen.findByRole("alert")).textContent).toBe(
    "Could not load your sessions: Sign in to see your sessions",
  );
});

test("sign out everywhere asks first, then ends every session and reloads", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    "GET /api/web/sessions": () => json([THIS, OTHER]),
    "POST /api/web/sessions/revoke-all": () => json({ ok: true }),
  });
  const { reloadAt } = await renderPage();
  fireEvent.click(await screen.findByRole("button", { name: "Sign out everywhere" }));
  expect(seen.some((r) => r.path.endsWith("revoke-all"))).toBe(false);
  const confirm = screen.getByRole("button", { name: "Yes, sign out everywhere" });
  expect(document.activeElement).toBe(confirm);
  fireEvent.click(confirm);
  await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/"));
  expect(seen.find((r) => r.path === "/api/web/sessions/revoke-all")).toMatchObject({ method: "POST", csrf: CSRF });
});

test("password: the rules are shown; a short or mismatched new password is refused before sending", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice-of-acme")),
    "GET /api/web/sessions": () => json([THIS]),
  });
  await renderPage();
  const input = await screen.findByLabelText("New password");
  expect(document.getElementById(input.getAttribute("aria-describedby") ?? "")?.textContent).toContain(
    "8-128 characters, not your user name.",
  );
  fillPassword("old password", "short", "short");
  expect((await screen.findByRole("alert")).textContent).toBe("The new password must be 8-128 characters long.");
  fillPassword("old password", "new password 1", "new password 2");
  expect((await screen.findByRole("alert")).textContent).toBe("The two new passwords differ.");
  fillPassword("old password", "ALICE-OF-ACME", "ALICE-OF-ACME");
  expect((await screen.findByRole("alert")).textContent).toBe("The password must not be your user name.");
  expect(seen.some((r) => r.path === "/api/web/password")).toBe(false);
});

test("password: the server's refusal is shown; a change is confirmed and the sessions are asked again", async () => {
  let sessions = [THIS, OTHER];
  let wrong = true;
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    "GET /api/web/sessions": () => json(sessions),
    "POST /api/web/password": () => {
      if (wrong) return problem("The current password is wrong", 403);
      sessions = [THIS];
      return json({ ok: true });
    },
  });
  await renderPage();
  await screen.findByRole("list", { name: "Sessions" });
  fillPassword("not it", "a new password", "a new password");
  expect((await screen.findByRole("alert")).textContent).toBe("The current password is wrong");

  wrong = false;
  fillPassword("the old one", "a new password", "a new password");
  expect(await screen.findByText("Password changed. Your other sessions have been signed out.")).toBeTruthy();
  expect(seen.filter((r) => r.path === "/api/web/password").at(-1)).toEqual({
    method: "POST",
    path: "/api/web/password",
    csrf: CSRF,
    body: { currentPassword: "the old one", newPassword: "a new password" },
  });
  await waitFor(() =>
    expect(within(screen.getByRole("list", { name: "Sessions" })).getAllByRole("listitem")).toHaveLength(1),
  );
  expect((screen.getByLabelText("Current password") as HTMLInputElement).value).toBe(""); // the form is cleared
});
