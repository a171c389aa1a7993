import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { CSRF, fakeServer, freshSessionModule, json, problem, sessionOf } from "./fake-server.test-support";

beforeEach(() => window.history.replaceState(null, "", "/organizations/new"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage() {
  const reloadAt = await freshSessionModule();
  const { default: NewOrganizationPage } = await import("./new-org-page");
  render(<NewOrganizationPage />);
  return { reloadAt };
}

function create(name: string, fullname = "") {
  fireEvent.change(screen.getByLabelText("Organization name"), { target: { value: name } });
  fireEvent.change(screen.getByLabelText("Full name (optional)"), { target: { value: fullname } });
  fireEvent.click(screen.getByRole("button", { name: "Create organization" }));
}

test("a visitor is asked to sign in", async () => {
  fakeServer({ "GET /api/web/session": () => json({ user: null }) });
  await renderPage();
  expect((await screen.findByRole("link", { name: "Sign in" })).getAttribute("href")).toBe(
    "/login?next=%2Forganizations%2Fnew",
  );
  expect(screen.queryByLabelText("Organization name")).toBeNull();
});

test("names the site or the rules refuse are caught before sending", async () => {
  const seen = fakeServer({ "GET /api/web/session": () => json(sessionOf("alice")) });
  await renderPage();
  await screen.findByLabelText("Organization name");
  for (const [name, why] of [
    ["models", '"models" is a section of the site; choose another name.'],
    ["a--b", "No '--'."],
    ["12345", "The name cannot be only digits."],
  ]) {
    create(name);
    await waitFor(() => expect(document.getElementById("org-name-problem")?.textContent).toBe(why));
    expect(screen.getByLabelText("Organization name").getAttribute("aria-invalid")).toBe("true");
  }
  // A name the pattern refuses never reaches the script: the browser's own validation stops the form.
  fireEvent.change(screen.getByLabelText("Organization name"), { target: { value: "-x" } });
  expect((screen.getByLabelText("Organization name") as HTMLInputElement).validity.patternMismatch).toBe(true);
  expect(seen.some((r) => r.method === "POST")).toBe(false);
});

test("the server's refusal (a taken name) is shown", async () => {
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    "POST /api/organizations/new": () => problem("The name acme is taken", 409),
  });
  const { reloadAt } = await renderPage();
  await screen.findByLabelText("Organization name");
  create("acme");
  expect((await screen.findByRole("alert")).textContent).toBe("The name acme is taken");
  expect(reloadAt).not.toHaveBeenCalled();
  expect(screen.getByRole("button", { name: "Create organization" }).hasAttribute("disabled")).toBe(false);
});

test("creates the organization with the CSRF header, then opens its page", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    "POST /api/organizations/new": () => json({ name: "acme" }),
  });
  const { reloadAt } = await renderPage();
  await screen.findByLabelText("Organization name");
  create("acme", "Acme Research");
  await waitFor(() => expect(reloadAt).toHaveBeenCalledWith("/acme"));
  expect(seen.find((r) => r.method === "POST")).toEqual({
    method: "POST",
    path: "/api/organizations/new",
    csrf: CSRF,
    body: { name: "acme", fullname: "Acme Research" },
  });
});
