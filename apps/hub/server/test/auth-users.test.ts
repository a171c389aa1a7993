// Managing users and one's own sessions on a real server: the admin disables (tokens and sessions stop at once,
// sign-in refused), enables, deletes (refused while repositories live under the name) and sets passwords; a user
// changes their password (the other sessions end), lists their sessions by public ids and ends one or all.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_TOKEN, type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;

interface Browser {
  cookie: string;
  csrf: string;
}

async function call(
  method: string,
  path: string,
  options: { token?: string; browser?: Browser; csrf?: boolean; body?: unknown } = {},
): Promise<{ status: number; body: unknown; setCookie: string | null }> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.Authorization = `Bearer ${options.token}`;
  if (options.browser !== undefined) {
    headers.cookie = options.browser.cookie;
    if (options.csrf !== false) headers["x-csrf-token"] = options.browser.csrf;
  }
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${hub.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, setCookie: response.headers.get("set-cookie") };
}

async function signIn(username: string, password: string): Promise<Browser> {
  const response = await call("POST", "/api/web/login", { body: { username, password } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return {
    cookie: (response.setCookie ?? "").split(";")[0] ?? "",
    csrf: (response.body as { csrfToken: string }).csrfToken,
  };
}

const sessionUser = async (browser: Browser) =>
  ((await call("GET", "/api/web/session", { browser })).body as { user: { name: string } | null }).user?.name ?? null;
const admin = (method: string, path: string, body?: unknown) =>
  call(method, path, { token: ADMIN_TOKEN, ...(body !== undefined ? { body } : {}) });

beforeAll(async () => {
  hub = await startAuthHub();
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe("the admin manages users", () => {
  test("a disabled user's token and sessions stop at once and sign-in is refused; enabling restores the token", async () => {
    await hub.user("dora");
    const token = await hub.token("dora", "write");
    expect((await admin("POST", "/api/admin/users/dora/password", { password: "dora-password-1" })).status).toBe(200);
    const browser = await signIn("dora", "dora-password-1");
    expect(await sessionUser(browser)).toBe("dora");
    expect((await call("GET", "/api/whoami-v2", { token })).status).toBe(200);

    expect((await admin("POST", "/api/admin/users/dora/disable", { disabled: true })).status).toBe(200);
    expect((await call("GET", "/api/whoami-v2", { token })).status).toBe(401);
    expect(await sessionUser(browser)).toBeNull();
    const create = await call("POST", "/api/repos/create", { browser, body: { name: "after" } });
    expect(create.status).toBe(401);
    expect(
      (await call("POST", "/api/web/login", { body: { username: "dora", password: "dora-password-1" } })).status,
    ).toBe(403);

    expect((await admin("POST", "/api/admin/users/dora/disable", { disabled: false })).status).toBe(200);
    expect((await call("GET", "/api/whoami-v2", { token })).status).toBe(200);
    expect(await sessionUser(browser)).toBeNull(); // sessions ended for good
    await signIn("dora", "dora-password-1");
  });

  test("deleting a user is refused while they own repositories; then their tokens die with them", async () => {
    await hub.user("ed");
    const token = await hub.token("ed", "write");
    expect((await call("POST", "/api/repos/create", { token, body: { name: "keep" } })).status).toBe(200);
    const refused = await admin("DELETE", "/api/admin/users/ed");
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toMatch(/owns repositories/);
    expect((await call("DELETE", "/api/repos/delete", { token, body: { name: "keep" } })).status).toBe(200);
    expect((await admin("DELETE", "/api/admin/users/ed")).status).toBe(200);
    expect((await call("GET", "/api/whoami-v2", { token })).status).toBe(401);
    expect((await admin("DELETE", "/api/admin/users/ed")).status).toBe(404);
    // Only the admin: a user's write token cannot.
    await hub.user("fay");
    const fay = await hub.token("fay", "write");
    expect((await call("DELETE", "/api/admin/users/fay", { token: fay })).status).toBe(403);
    expect((await call("POST", "/api/admin/users/fay/disable", { token: fay, body: { disabled: true } })).status).toBe(
      403,
    );
    expect((await admin("POST", "/api/admin/users/fay/disable", { disabled: "yes" })).status).toBe(400);
    expect((await admin("POST", "/api/admin/users/fay/password", { password: "short" })).status).toBe(400);
    expect((await admin("POST", "/api/admin/users/nobody/password", { password: "long-enough-1" })).status).toBe(404);
  });

  test("the admin adds a member with a role, and changes it by adding again", async () => {
    await hub.user("gus");
    await hub.org("guild", []);
    expect((await admin("POST", "/api/admin/organizations/guild/members", { user: "gus", role: "read" })).status).toBe(
      200,
    );
    const members = async () => (await call("GET", "/api/organizations/guild/members", { token: ADMIN_TOKEN })).body;
    expect(await members()).toMatchObject([{ user: "gus", role: "read" }]);
    await admin("POST", "/api/admin/organizations/guild/members", { user: "gus", role: "admin" });
    expect(await members()).toMatchObject([{ user: "gus", role: "admin" }]);
    // Without a role an existing member keeps theirs.
    await admin("POST", "/api/admin/organizations/guild/members", { user: "gus" });
    expect(await members()).toMatchObject([{ user: "gus", role: "admin" }]);
  });
});

describe("a user's password and sessions", () => {
  test("changing the password needs the current one and ends the other sessions, not this one", async () => {
    await hub.user("hal");
    await admin("POST", "/api/admin/users/hal/password", { password: "hal-password-1" });
    const here = await signIn("hal", "hal-password-1");
    const there = await signIn("hal", "hal-password-1");
    const change = (browser: Browser, currentPassword: string, csrf = true) =>
      call("POST", "/api/web/password", {
        browser,
        csrf,
        body: { currentPassword, newPassword: "hal-password-2" },
      });
    expect((await change(here, "hal-password-1", false)).status).toBe(403); // no CSRF token
    expect((await change(here, "wrong-password")).status).toBe(403);
    expect((await change(here, "hal-password-1")).status).toBe(200);
    expect(await sessionUser(here)).toBe("hal");
    expect(await sessionUser(there)).toBeNull();
    expect(
      (await call("POST", "/api/web/login", { body: { username: "hal", password: "hal-password-1" } })).status,
    ).toBe(401);
    await signIn("hal", "hal-password-2");
  });

  test("sessions are listed by public ids (never the cookie), ended one by one or all at once", async () => {
    await hub.user("ivy");
    await admin("POST", "/api/admin/users/ivy/password", { password: "ivy-password-1" });
    const a = await signIn("ivy", "ivy-password-1");
    const b = await signIn("ivy", "ivy-password-1");
    const c = await signIn("ivy", "ivy-password-1");
    const listed = (await call("GET", "/api/web/sessions", { browser: a })).body as {
      id: string;
      createdAt: string;
      expiresAt: string;
      current: boolean;
    }[];
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    for (const session of listed) {
      expect(session.id).toMatch(/^[0-9a-f]{24}$/);
      for (const browser of [a, b, c]) expect(browser.cookie).not.toContain(session.id);
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.parse(session.createdAt));
    }
    // b's session, found from b's own listing, ended from a.
    const bId = (
      (await call("GET", "/api/web/sessions", { browser: b })).body as { id: string; current: boolean }[]
    ).find((session) => session.current)?.id;
    expect((await call("DELETE", `/api/web/sessions/${bId}`, { browser: a, csrf: false })).status).toBe(403);
    expect((await call("DELETE", `/api/web/sessions/${bId}`, { browser: a })).status).toBe(200);
    expect(await sessionUser(b)).toBeNull();
    expect(await sessionUser(a)).toBe("ivy");
    expect((await call("DELETE", `/api/web/sessions/${bId}`, { browser: a })).status).toBe(404);
    // Another user's session id is not found either.
    const other = await signIn("hal", "hal-password-2");
    const otherId = ((await call("GET", "/api/web/sessions", { browser: other })).body as { id: string }[])[0]?.id;
    expect((await call("DELETE", `/api/web/sessions/${otherId}`, { browser: a })).status).toBe(404);
    expect(await sessionUser(other)).toBe("hal");
    // Sign out everywhere: every session, this one included; tokens keep working.
    const token = await hub.token("ivy", "read");
    const all = await call("POST", "/api/web/sessions/revoke-all", { browser: a, body: {} });
    expect(all.status).toBe(200);
    expect(all.setCookie).toMatch(/Max-Age=0/);
    expect(await sessionUser(a)).toBeNull();
    expect(await sessionUser(c)).toBeNull();
    expect((await call("GET", "/api/whoami-v2", { token })).status).toBe(200);
    expect((await call("GET", "/api/web/sessions", {})).status).toBe(401);
  });
});
