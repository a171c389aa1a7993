// Browser sessions over HTTP on a real server: sign-up and sign-in set a HttpOnly SameSite cookie, the session is a
// write principal on the hub's own routes (create repo, commit, settings, delete) only with its CSRF token, Bearer
// calls ignore the cookie, tokens are managed by the session only, failed sign-ins are rate limited.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
beforeAll(async () => {
  hub = await startAuthHub();
  await hub.user("orgmember");
  await hub.org("team", ["orgmember"]);
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

interface Browser {
  cookie: string;
  csrf: string;
}

const call = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  fetch(`${hub.url}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: typeof init.body === "string" ? init.body : JSON.stringify(init.body) } : {}),
  });

async function join(username: string, password = "a long password"): Promise<Browser> {
  const response = await call("/api/web/join", { body: { username, password } });
  expect(response.status).toBe(200);
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const body = (await response.json()) as { csrfToken: string };
  return { cookie, csrf: body.csrfToken };
}

describe("sign-up and sign-in", () => {
  test("sign-up sets a HttpOnly SameSite=Lax cookie (no Secure over http, even with a client's X-Forwarded-Proto) and answers the session", async () => {
    const response = await call("/api/web/join", { body: { username: "carol", password: "carol's password" } });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^hubkit_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ user: { name: "carol" }, orgs: [], csrfToken: expect.stringMatching(/^[\w-]{43}$/) });
    const cookie = setCookie.split(";")[0] ?? "";
    const session = await call("/api/web/session", { headers: { cookie } });
    expect(await session.json()).toMatchObject({ user: { name: "carol" }, csrfToken: body.csrfToken });
    // A forwarded https counts only from a trusted proxy (HUBKIT_TRUST_PROXY=1, or an https HUBKIT_PUBLIC_URL):
    // here it is the client's own header and changes nothing. headers.test.ts has the `__Host-…; Secure` cookie.
    const https = await call("/api/web/login", {
      body: { username: "carol", password: "carol's password" },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(https.headers.get("set-cookie")).toMatch(
      /^hubkit_session=[A-Za-z0-9_-]{43}; HttpOnly; SameSite=Lax; Path=\/; Max-Age=2592000$/,
    );
  });

  test("the password is stored as scrypt, never as given; the session id only as its sha256", async () => {
    await join("dora", "dora's secret pw");
    const db = (hub.ctx.sessions as unknown as { db: { query(sql: string): Promise<Record<string, string>[]> } }).db;
    const [password] = await db.query("SELECT hash FROM hub_passwords WHERE user_key = 'dora'");
    expect(password?.hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(JSON.stringify(password)).not.toContain("dora's secret pw");
    const sessions = await db.query("SELECT id_sha256 FROM hub_sessions WHERE user_key = 'dora'");
    expect(sessions[0]?.id_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test("sign-up refuses taken, reserved and invalid names, weak passwords and non-JSON forms", async () => {
    await join("erin");
    expect((await call("/api/web/join", { body: { username: "ERIN", password: "another password" } })).status).toBe(
      409,
    );
    expect((await call("/api/web/join", { body: { username: "models", password: "another password" } })).status).toBe(
      400,
    );
    expect((await call("/api/web/join", { body: { username: "-bad-", password: "another password" } })).status).toBe(
      400,
    );
    const short = await call("/api/web/join", { body: { username: "frank", password: "short" } });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ error: "The password must be 8-128 characters long" });
    const form = await call("/api/web/join", {
      body: "username=frank&password=long+enough+pw",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
    expect((await call("/api/web/join", { body: "{not json" })).status).toBe(400);
    expect(await hub.accounts.namespaceExists("frank")).toBe(false);
  });

  test("sign-in: wrong password and unknown user answer the same 401; admin-created users without password cannot sign in", async () => {
    await join("gina", "gina's password");
    const wrong = await call("/api/web/login", { body: { username: "gina", password: "not gina's password" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("set-cookie")).toBeNull();
    const unknown = await call("/api/web/login", { body: { username: "nobody-here", password: "whatever pw" } });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
    const noPassword = await call("/api/web/login", { body: { username: "orgmember", password: "whatever pw" } });
    expect(noPassword.status).toBe(401);
    const right = await call("/api/web/login", { body: { username: "GINA", password: "gina's password" } });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ user: { name: "gina" } });
  });

  test("ten failed sign-ins for a name lock it out with 429 and Retry-After, even with the right password", async () => {
    await join("henry", "henry's password");
    for (let i = 0; i < 10; i++)
      expect(
        (await call("/api/web/login", { body: { username: "henry", password: `guess number ${i}` } })).status,
      ).toBe(401);
    const locked = await call("/api/web/login", { body: { username: "henry", password: "henry's password" } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);

  test("sign-out needs the CSRF token, deletes the session and clears the cookie", async () => {
    const browser = await join("irene");
    expect((await call("/api/web/logout", { body: {}, headers: { cookie: browser.cookie } })).status).toBe(403);
    const out = await call("/api/web/logout", {
      body: {},
      headers: { cookie: browser.cookie, "x-csrf-token": browser.csrf },
    });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/^hubkit_session=; .*Max-Age=0/);
    expect(await (await call("/api/web/session", { headers: { cookie: browser.cookie } })).json()).toEqual({
      user: null,
    });
    const whoami = await call("/api/whoami-v2", { headers: { cookie: browser.cookie } });
    expect(whoami.status).toBe(401);
  });
});

describe("the session on the hub's routes", () => {
  test("whoami and private reads work with the cookie alone", async () => {
    const browser = await join("jack");
    const whoami = await call("/api/whoami-v2", { headers: { cookie: browser.cookie } });
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toMatchObject({ name: "jack" });
  });

  test("create, commit, settings and delete: with the CSRF token they work; without it the request is anonymous", async () => {
    const browser = await join("kate");
    const withCsrf = { cookie: browser.cookie, "x-csrf-token": browser.csrf };
    const create = { name: "notes", type: "model", private: true };
    const forged = await call("/api/repos/create", { body: create, headers: { cookie: browser.cookie } });
    expect(forged.status).toBe(401);
    const wrongToken = await call("/api/repos/create", {
      body: create,
      headers: { cookie: browser.cookie, "x-csrf-token": "x".repeat(43) },
    });
    expect(wrongToken.status).toBe(401);
    expect((await call("/api/repos/create", { body: create, headers: withCsrf })).status).toBe(200);
    // The private repository is readable by the cookie on a GET (no CSRF token needed to read).
    expect((await call("/api/models/kate/notes", { headers: { cookie: browser.cookie } })).status).toBe(200);
    expect((await call("/api/models/kate/notes")).status).toBe(401);

    const ndjson = [
      JSON.stringify({ key: "header", value: { summary: "Add README", description: "" } }),
      JSON.stringify({
        key: "file",
        value: { path: "README.md", content: Buffer.from("# Notes\n").toString("base64"), encoding: "base64" },
      }),
    ].join("\n");
    const commit = (headers: Record<string, string>) =>
      fetch(`${hub.url}/api/models/kate/notes/commit/main`, {
        method: "POST",
        headers: { "Content-Type": "application/x-ndjson", ...headers },
        body: ndjson,
      });
    expect((await commit({ cookie: browser.cookie })).status).toBe(401);
    expect((await commit(withCsrf)).status).toBe(200);
    const readme = await call("/kate/notes/resolve/main/README.md", { headers: { cookie: browser.cookie } });
    expect(await readme.text()).toBe("# Notes\n");

    const settings = (headers: Record<string, string>) =>
      call("/api/models/kate/notes/settings", { method: "PUT", body: { private: false }, headers });
    expect((await settings({ cookie: browser.cookie })).status).toBe(401);
    expect((await settings(withCsrf)).status).toBe(200);
    expect((await call("/api/models/kate/notes")).status).toBe(200);

    const remove = (headers: Record<string, string>) =>
      call("/api/repos/delete", { method: "DELETE", body: { name: "notes", type: "model" }, headers });
    expect((await remove({ cookie: browser.cookie })).status).toBe(401);
    expect((await remove(withCsrf)).status).toBe(200);
    expect((await call("/api/models/kate/notes", { headers: { cookie: browser.cookie } })).status).toBe(404);
  });

  test("the LFS batch API takes the session with its CSRF token (git paths too); without it, the Basic challenge", async () => {
    const browser = await join("lfsuser");
    const headers = { cookie: browser.cookie, "x-csrf-token": browser.csrf };
    expect((await call("/api/repos/create", { body: { name: "big", type: "model" }, headers })).status).toBe(200);
    const batch = (extra: Record<string, string>) =>
      fetch(`${hub.url}/lfsuser/big.git/info/lfs/objects/batch`, {
        method: "POST",
        headers: { "Content-Type": "application/vnd.git-lfs+json", accept: "application/vnd.git-lfs+json", ...extra },
        body: JSON.stringify({
          operation: "upload",
          transfers: ["basic"],
          objects: [{ oid: "a".repeat(64), size: 3 }],
        }),
      });
    const refused = await batch({ cookie: browser.cookie });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("lfs-authenticate")).toMatch(/^Basic/);
    const accepted = await batch(headers);
    expect(accepted.status).toBe(200);
    const body = (await accepted.json()) as { objects: Array<{ actions?: { upload?: { href: string } } }> };
    expect(body.objects[0]?.actions?.upload?.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/lfs\/objects\//);
  });

  test("a session cannot write to someone else's namespace; its orgs are its own", async () => {
    const browser = await join("liam");
    const headers = { cookie: browser.cookie, "x-csrf-token": browser.csrf };
    const other = await call("/api/repos/create", { body: { name: "x", organization: "team" }, headers });
    expect(other.status).toBe(403);
  });

  test("a Bearer token is used as is: the cookie beside it is ignored", async () => {
    const browser = await join("mia");
    const response = await call("/api/whoami-v2", {
      headers: { cookie: browser.cookie, authorization: "Bearer hf_notarealtokennotarealtokennotarealtoken0" },
    });
    expect(response.status).toBe(401);
  });

  test("a forged, malformed or huge cookie is anonymous, never an error", async () => {
    for (const cookie of [
      "hubkit_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "hubkit_session=../../etc",
      `a=${"x".repeat(10_000)}; hubkit_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
      "hubkit_session",
    ]) {
      const response = await call("/api/whoami-v2", { headers: { cookie } });
      expect(response.status).toBe(401);
      const session = await call("/api/web/session", { headers: { cookie } });
      expect(await session.json()).toEqual({ user: null });
    }
  });
});

describe("tokens of the signed-in user", () => {
  test("create (shown once), list without values, use, revoke; only through the session with CSRF", async () => {
    const browser = await join("nora");
    const headers = { cookie: browser.cookie, "x-csrf-token": browser.csrf };
    expect((await call("/api/web/tokens")).status).toBe(401);
    expect(
      (await call("/api/web/tokens", { body: { name: "ci", role: "write" }, headers: { cookie: browser.cookie } }))
        .status,
    ).toBe(403);
    const created = await call("/api/web/tokens", { body: { name: "laptop", role: "write" }, headers });
    expect(created.status).toBe(200);
    const token = (await created.json()) as { token: string; id: string; role: string };
    expect(token).toMatchObject({
      token: expect.stringMatching(/^hf_/),
      role: "write",
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const listed = await (await call("/api/web/tokens", { headers: { cookie: browser.cookie } })).text();
    expect(listed).toContain("laptop");
    expect(listed).not.toContain(token.token);
    const whoami = await call("/api/whoami-v2", { headers: { authorization: `Bearer ${token.token}` } });
    expect(await whoami.json()).toMatchObject({ name: "nora" });
    // A token cannot manage tokens (only the session can).
    expect((await call("/api/web/tokens", { headers: { authorization: `Bearer ${token.token}` } })).status).toBe(401);
    expect((await call("/api/web/tokens", { body: { role: "admin" }, headers })).status).toBe(400);
    // Someone else's session cannot revoke it.
    const other = await join("oscar");
    const foreign = await call(`/api/web/tokens/${token.id}`, {
      method: "DELETE",
      headers: { cookie: other.cookie, "x-csrf-token": other.csrf },
    });
    expect(foreign.status).toBe(404);
    expect((await call(`/api/web/tokens/${token.id}`, { method: "DELETE", headers })).status).toBe(200);
    expect((await call("/api/whoami-v2", { headers: { authorization: `Bearer ${token.token}` } })).status).toBe(401);
    expect(await (await call("/api/web/tokens", { headers })).json()).toEqual([]);
  });
});

describe("account pages", () => {
  test("a user's organizations and an organization's members; 404 for nobody", async () => {
    expect(await (await call("/api/web/accounts/team")).json()).toMatchObject({ kind: "org", members: ["orgmember"] });
    expect(await (await call("/api/web/accounts/orgmember")).json()).toMatchObject({ kind: "user", orgs: ["team"] });
    expect((await call("/api/web/accounts/nobody-at-all")).status).toBe(404);
  });
});
