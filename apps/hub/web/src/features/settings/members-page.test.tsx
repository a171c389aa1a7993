import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { CSRF, fakeServer, freshSessionModule, json, never, problem, sessionOf } from "./fake-server.test-support";

const ORG = "acme";
const MEMBERS = "/api/organizations/acme/members";
const member = (user: string, role?: "admin" | "write" | "read") => ({
  user,
  fullname: user,
  type: "user",
  avatarUrl: "",
  ...(role ? { role } : {}),
});

beforeEach(() => {
  window.history.replaceState(null, "", `/organizations/${ORG}/settings/members`);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage() {
  const reloadAt = await freshSessionModule();
  const { default: MembersPage } = await import("./members-page");
  render(<MembersPage params={{ org: ORG }} />);
  return { reloadAt };
}

test("a visitor is asked to sign in, and comes back here", async () => {
  const seen = fakeServer({ "GET /api/web/session": () => json({ user: null }) });
  await renderPage();
  const link = await screen.findByRole("link", { name: "Sign in" });
  expect(link.getAttribute("href")).toBe(`/login?next=${encodeURIComponent(`/organizations/${ORG}/settings/members`)}`);
  expect(seen.map((r) => r.path)).toEqual(["/api/web/session"]);
});

test("loading, then a server failure is shown with its message", async () => {
  let answer: (response: Response) => void = () => {};
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice", [ORG])),
    [`GET ${MEMBERS}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
  });
  await renderPage();
  expect(await screen.findByText(`Loading the members of ${ORG}…`)).toBeTruthy();
  await act(async () => answer(problem("The database is busy", 503)));
  expect((await screen.findByRole("alert")).textContent).toContain("The database is busy");
});

test("a signed-in non-member, or an unknown organization, gets the not-found page", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("mallory")),
    [`GET ${MEMBERS}`]: () => json([member("alice"), member("bob")]), // no roles: the caller is not a member
  });
  await renderPage();
  expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
  expect(screen.queryByRole("button")).toBeNull();

  cleanup();
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("mallory")),
    [`GET ${MEMBERS}`]: () => problem("No such organization", 404),
  });
  await renderPage();
  expect(await screen.findByRole("heading", { level: 1, name: "Page not found" })).toBeTruthy();
});

test("an admin adds a member with a role, sending the CSRF header", async () => {
  const list = [member("alice", "admin")];
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice", [ORG])),
    [`GET ${MEMBERS}`]: () => json(list),
    [`POST ${MEMBERS}`]: (request) => {
      const { user, role } = request.body as { user: string; role: "read" };
      list.push(member(user, role));
      return json({ ok: true });
    },
  });
  await renderPage();
  await screen.findByRole("heading", { level: 1, name: `Members of ${ORG}` });
  // The settings navigation links this page (current) and the account pages.
  const nav = screen.getByRole("navigation", { name: "Settings" });
  expect(within(nav).getByRole("link", { name: ORG }).getAttribute("aria-current")).toBe("page");
  expect(within(nav).getByRole("link", { name: "Account" }).getAttribute("href")).toBe("/settings/account");

  fireEvent.change(screen.getByLabelText("User name"), { target: { value: "bob" } });
  fireEvent.change(screen.getByLabelText("Role"), { target: { value: "read" } });
  fireEvent.click(screen.getByRole("button", { name: "Add member" }));
  expect((await screen.findByText("Added bob as read.")).getAttribute("role")).toBe("status");
  expect(seen.find((r) => r.method === "POST")).toEqual({
    method: "POST",
    path: MEMBERS,
    csrf: CSRF,
    body: { user: "bob", role: "read" },
  });
  expect(await screen.findByRole("combobox", { name: "Role of bob" })).toBeTruthy();
});

test("an admin changes a role with the select and Save", async () => {
  const list = [member("alice", "admin"), member("bob", "read")];
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice", [ORG])),
    [`GET ${MEMBERS}`]: () => json(list),
    [`PUT ${MEMBERS}/bob`]: (request) => {
      list[1] = member("bob", (request.body as { role: "write" }).role);
      return json({ ok: true });
    },
  });
  await renderPage();
  const select = await screen.findByRole("combobox", { name: "Role of bob" });
  const save = screen.getByRole("button", { name: "Save the role of bob" });
  expect(save.hasAttribute("disabled")).toBe(true); // nothing to save yet
  fireEvent.change(select, { target: { value: "write" } });
  fireEvent.click(save);
  expect((await screen.findByText("bob is now write.")).getAttribute("role")).toBe("status");
  expect(seen.find((r) => r.method === "PUT")).toMatchObject({ csrf: CSRF, body: { role: "write" } });
  await waitFor(() => expect(save.hasAttribute("disabled")).toBe(true));
});

test("demoting the last admin: the server's 409 replaces the last notice and the select goes back", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice", [ORG])),
    [`GET ${MEMBERS}`]: () => json([member("alice", "admin"), member("bob", "write")]),
    [`PUT ${MEMBERS}/bob`]: () => json({ ok: true }),
    [`PUT ${MEMBERS}/alice`]: () => problem("alice is the last admin of acme: make another member admin first", 409),
  });
  await renderPage();
  fireEvent.change(await screen.findByRole("combobox", { name: "Role of bob" }), { target: { value: "read" } });
  fireEvent.click(screen.getByRole("button", { name: "Save the role of bob" }));
  expect(await screen.findByText("bob is now read.")).toBeTruthy();

  const select = screen.getByRole("combobox", { name: "Role of alice" }) as HTMLSelectElement;
  fireEvent.change(select, { target: { value: "read" } });
  fireEvent.click(screen.getByRole("button", { name: "Save the role of alice" }));
  expect((await screen.findByRole("alert")).textContent).toBe(
    "alice is the last admin of acme: make another member admin first",
  );
  expect(select.value).toBe("admin");
  expect(screen.queryByText("bob is now read.")).toBeNull(); // the failure does not read as a success
});

test("an admin removes a member after confirming; Cancel and Escape keep them and give the focus back", async () => {
  const list = [member("alice", "admin"), member("bob", "write")];
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice", [ORG])),
    [`GET ${MEMBERS}`]: () => json(list),
    [`DELETE ${MEMBERS}/bob`]: () => {
      list.pop();
      return json({ ok: true });
    },
  });
  await renderPage();
  const remove = await screen.findByRole("button", { name: "Remove bob" });
  expect(screen.queryByRole("button", { name: "Remove alice" })).toBeNull(); // oneself: "Leave" instead
  fireEvent.click(remove);
  const confirm = screen.getByRole("button", { name: "Remove bob" });
  expect(document.activeElement).toBe(confirm);
  expect(screen.getByText(`Remove bob from ${ORG}?`)).toBeTruthy();
  fireEvent.keyDown(confirm, { key: "Escape" });
  expect(document.activeElement).toBe(screen.getByRole("button", { name: "Remove bob" }));
  expect(seen.some((r) => r.method === "DELETE")).toBe(false);

  fireEvent.click(screen.getByRole("button", { name: "Remove bob" }));
  fireEvent.click(screen.getByRole("button", { name: "Remove bob" }));
  expect((await screen.findByText(`Removed bob from ${ORG}.`)).getAttribute("role")).toBe("status");
  expect(seen.find((r) => r.method === "DELETE")).toMatchObject({ path: `${MEMBERS}/bob`, csrf: CSRF });
  await waitFor(() => expect(screen.queryByRole("link", { name: "bob" })).toBeNull());
  expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Members" }));
});

test("removing the last admin (leaving): the 409 is shown and nothing reloads", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice", [ORG])),
    [`GET ${MEMBERS}`]: () => json([member("alice", "admin")]),
    [`DELETE ${MEMBERS}/alice`]: () => problem("The last admin cannot leave", 409),
  });
  const { reloadAt } = await renderPage();
  fireEvent.click(await screen.findByRole("button", { name: "Leave organization" }));
  fireEvent.click(screen.getByRole("button", { name: `Leave ${ORG}` }));
  expect((await screen.findByRole("alert")).textContent).toBe("The last admin cannot leave");
  expect(reloadAt).not.toHaveBeenCalled();
});

test("a member (not admin) sees roles, no admin controls, and can leave", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("bob", [ORG])),
    [`GET ${MEMBERS}`]: () => json([member("alice", "admin"), member("bob", "read")]),
    [`DELETE ${MEMBERS}/bob`]: () => json({ ok: true }),
  });
  const { reloadAt } = await renderPage();
  await screen.findByRole("heading", { level: 1, name: `Members of ${ORG}` });
  expect(screen.queryByRole("button", { name: "Add member" })).toBeNull();
  expect(screen.queryByRole("combobox")).toBeNull();
  expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
  const list = screen.getByRole("list", { name: "Members" });
  expect(
    within(list)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["Aaliceadmin", "Bbobyouread"]);

  fireEvent.click(screen.getByRole("button", { name: "Leave organization" }));
  fireEvent.click(screen.getByRole("button", { name: `Leave ${ORG}` }));
  await waitFor(() => expect(reloadAt).toHaveBeenCalledWith(`/${ORG}`));
  expect(seen.find((r) => r.method === "DELETE")).toMatchObject({ path: `${MEMBERS}/bob`, csrf: CSRF });
});

test("a pending member list stays in its loading state", async () => {
  fakeServer({ "GET /api/web/session": () => json(sessionOf("alice", [ORG])), [`GET ${MEMBERS}`]: never });
  await renderPage();
  expect(await screen.findByText(`Loading the members of ${ORG}…`)).toBeTruthy();
  expect(screen.queryByRole("heading", { level: 1 })).toBeNull();
});
