import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { RepoInfo } from "../repo/repo-data";
import { fakeServer, json, problem, sessionOf } from "../settings/fake-server.test-support";
import { gateFields } from "./gate-fields";

const REPO = { type: "model" as const, id: "alice/gated" };
const ASK = "/api/models/alice/gated/ask-access";
const info = (cardData?: Record<string, unknown>): RepoInfo => ({ id: REPO.id, tags: [], gated: "manual", cardData });

beforeEach(() => window.history.replaceState(null, "", "/alice/gated"));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderAccess(cardData?: Record<string, unknown>) {
  vi.resetModules();
  const { default: GatedAccess } = await import("./gated-access");
  render(<GatedAccess repo={REPO} info={info(cardData)} />);
}

test("the card's fields are read defensively", () => {
  expect(
    gateFields({
      extra_gated_fields: {
        Company: "text",
        "I agree": "checkbox",
        Born: "date_picker",
        Use: { type: "select", options: ["research", { label: "Other", value: "other" }] },
        Odd: { type: "select" },
        "": "text",
      },
    }),
  ).toEqual([
    { name: "Company", kind: "text" },
    { name: "I agree", kind: "checkbox" },
    { name: "Born", kind: "date" },
    { name: "Use", kind: "select", options: ["research", "other"] },
    { name: "Odd", kind: "text" },
  ]);
  expect(gateFields({ extra_gated_fields: ["a"] })).toEqual([]);
  expect(gateFields(undefined)).toEqual([]);
});

test("a visitor is asked to sign in, without asking the server about access", async () => {
  const seen = fakeServer({ "GET /api/web/session": () => json({ user: null }) });
  await renderAccess();
  expect(await screen.findByRole("heading", { level: 2, name: "Gated model" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Sign in to ask for access" }).getAttribute("href")).toBe(
    "/login?next=%2Falice%2Fgated",
  );
  expect(seen.map((r) => r.path)).toEqual(["/api/web/session"]);
});

test("the access form shows the card's prompt (sanitised) and fields, posts them, then shows the pending state", async () => {
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("bob")),
    [`GET ${ASK}`]: () => json({ gated: "manual", access: false, request: null }),
    [`POST ${ASK}`]: () => json({ status: "pending" }),
  });
  await renderAccess({
    extra_gated_prompt: "Please **agree** <script>window.pwned=1</script><img src=x onerror=alert(1)>",
    extra_gated_fields: { Company: "text", "I agree to the terms": "checkbox" },
    extra_gated_button_content: "Agree and ask",
  });
  const form = await screen.findByRole("form", { name: "Ask for access" });
  await waitFor(() => expect(form.querySelector("strong")?.textContent).toBe("agree"));
  expect(form.querySelector("script")).toBeNull();
  expect(form.innerHTML).not.toContain("onerror");
  fireEvent.change(within(form).getByRole("textbox", { name: "Company" }), { target: { value: "ACME" } });
  fireEvent.click(within(form).getByRole("checkbox", { name: "I agree to the terms" }));
  fireEvent.click(within(form).getByRole("button", { name: "Agree and ask" }));
  expect((await screen.findByRole("status")).textContent).toContain("Your request is pending");
  const post = seen.find((r) => r.method === "POST");
  expect(post?.body).toEqual({ Company: "ACME", "I agree to the terms": true });
  expect(post?.csrf).toBe("csrf-test-token");
});

test("pending, rejected and granted requests are shown as such; errors are announced", async () => {
  for (const [answer, text] of [
    [{ gated: "manual", access: false, request: { status: "pending", timestamp: "2026-11-28T00:00:00Z" } }, "pending"],
    [
      { gated: "manual", access: false, request: { status: "rejected", timestamp: "2026-11-28T00:00:00Z" } },
      "rejected",
    ],
    [{ gated: "auto", access: true, request: null }, "You have access to the files."],
  ] as const) {
    fakeServer({ "GET /api/web/session": () => json(sessionOf("bob")), [`GET ${ASK}`]: () => json(answer) });
    await renderAccess();
    expect((await screen.findByRole("status")).textContent).toContain(text);
    expect(screen.queryByRole("form")).toBeNull();
    cleanup();
  }
  fakeServer({
    "GET /api/web/session": () => json(sessionOf("bob")),
    [`GET ${ASK}`]: () => json({ gated: "manual", access: false, request: null }),
    [`POST ${ASK}`]: () => problem("This repository is not gated", 400),
  });
  await renderAccess();
  fireEvent.click(await screen.findByRole("button", { name: "Ask for access" }));
  expect((await screen.findByRole("alert")).textContent).toBe("This repository is not gated");
});

test("owners switch gating and review requests: accept, reject, revoke, grant", async () => {
  const base = "/api/models/alice/gated/user-access-request";
  const request = (user: string, status: string) => ({
    user: { user, fullname: `${user} full`, email: `${user}@example.com` },
    status,
    timestamp: "2026-11-28T00:00:00.000Z",
    fields: { Company: "ACME" },
  });
  const state: Record<string, ReturnType<typeof request>[]> = {
    pending: [request("bob", "pending")],
    accepted: [request("carol", "accepted")],
    rejected: [],
  };
  const seen = fakeServer({
    "GET /api/web/session": () => json(sessionOf("alice")),
    "PUT /api/models/alice/gated/settings": () => json({ id: REPO.id, private: false, gated: "manual" }),
    [`GET ${base}/pending`]: () => json(state.pending),
    [`GET ${base}/accepted`]: () => json(state.accepted),
    [`GET ${base}/rejected`]: () => json(state.rejected),
    [`POST ${base}/handle`]: (r) => {
      const { user, status } = r.body as { user: string; status: string };
      for (const key of Object.keys(state)) state[key] = (state[key] ?? []).filter((x) => x.user.user !== user);
      state[status]?.push(request(user, status));
      return json({ user, status });
    },
    [`POST ${base}/grant`]: (r) => json({ user: (r.body as { user: string }).user, status: "accepted" }),
  });
  vi.resetModules();
  const { GatedSettings } = await import("./gated-settings");
  render(<GatedSettings repo={REPO} initial={false} />);
  expect(screen.queryByText(/Pending requests/)).toBeNull();
  fireEvent.click(screen.getByRole("radio", { name: /Manual review/ }));
  fireEvent.click(screen.getByRole("button", { name: "Save gating" }));
  expect(await screen.findByText("Gating is on (manual).")).toBeTruthy();
  expect(seen.find((r) => r.method === "PUT")?.body).toEqual({ gated: "manual" });
  const pending = await screen.findByRole("list", { name: "Pending requests" });
  expect(pending.textContent).toContain("bob@example.com");
  expect(pending.textContent).toContain("ACME");
  fireEvent.click(within(pending).getByRole("button", { name: "Accept bob" }));
  expect(await screen.findByText("bob's request accepted.")).toBeTruthy();
  const accepted = await screen.findByRole("list", { name: "Users with access" });
  await waitFor(() => expect(within(accepted).getAllByRole("listitem")).toHaveLength(2));
  fireEvent.click(within(accepted).getByRole("button", { name: "Revoke carol" }));
  expect(await screen.findByText("carol's access revoked.")).toBeTruthy();
  expect(seen.filter((r) => r.path === `${base}/handle`).map((r) => r.body)).toEqual([
    { user: "bob", status: "accepted" },
    { user: "carol", status: "rejected" },
  ]);
  fireEvent.change(screen.getByRole("textbox", { name: "Grant access to a user" }), { target: { value: "dave" } });
  fireEvent.click(screen.getByRole("button", { name: "Grant access" }));
  expect(await screen.findByText("dave has access.")).toBeTruthy();
});
