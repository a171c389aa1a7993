// The status of the site's pages (issue 20 point 7): every page path gets the site's HTML, but a path that is no
// page of the site (shared/site-routes.ts), the page of a missing repository, of a private one the visitor may not
// read, and of an unknown user or organization answer 404 (the site then shows its not-found page). A missing and
// a private repository give a stranger byte-identical answers; the owner, signed in through the site's session
// cookie, gets 200. Raw HTTP against a real server with a stand-in build of the site.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiJson } from "./api-call.js";
import { type AuthHub, adminPost, startAuthHub } from "./auth-harness.js";
import { type RawAnswer, rawRequest } from "./raw-http.js";

const INDEX_HTML = "<!doctype html><html><head><title>Hubkit</title></head><body><div id=root></div></body></html>";

let hub: AuthHub;
let dist: string;
const cookies: Record<string, string> = {};

const get = (path: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  rawRequest(hub.url, "GET", path, headers);

/** Signs up through the site's own form and keeps the session cookie. */
async function signUp(username: string): Promise<void> {
  const response = await fetch(`${hub.url}/api/web/join`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username, password: "a long password" }),
  });
  expect(response.status).toBe(200);
  cookies[username] = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "hubkit-site-status-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), INDEX_HTML);
  writeFileSync(join(dist, "assets", "app.js"), "console.log('site')");
  hub = await startAuthHub({ HUBKIT_WEB_DIST: dist });
  for (const user of ["owner", "stranger"]) await signUp(user);
  const token = await hub.token("owner", "write");
  for (const [name, isPrivate, type] of [
    ["secret", true, "model"],
    ["open", false, "model"],
    ["hidden-data", true, "dataset"],
  ] as const) {
    const created = await apiJson(hub.url, "POST", "/api/repos/create", token, { name, private: isPrivate, type });
    expect(created.status).toBe(200);
  }
}, 120_000);

afterAll(async () => {
  await hub?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("known pages", () => {
  test.each([
    "/",
    "/models",
    "/datasets",
    "/tasks",
    "/tasks/text-generation",
    "/login",
    "/settings/tokens",
    "/new-dataset",
    "/seed-org",
    "/seed-org/seed-model",
    "/seed-org/seed-model/tree/main",
    "/seed-org/seed-model/blob/main/README.md",
    "/seed-org/seed-model/discussions",
    "/models/seed-org/seed-model",
    "/owner",
    "/owner/open",
    "/owner/open/settings",
    "/collections/owner",
  ])("%s is 200 with the site's HTML", async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toBe(INDEX_HTML);
  });
});

describe("unknown pages", () => {
  test.each([
    "/no/such/page/here",
    "/tasks/text-generation/extra",
    "/settings",
    "/settings/nothing",
    "/seed-org/seed-model/not-a-section",
    "/nobody-here",
    "/nobody-here/some-model",
    "/datasets/seed-org/seed-model",
    "/models/nobody/nothing",
    "/collections/nobody-here",
    "/organizations/nobody-here/settings/members",
    // Hostile spellings: an encoded slash, dot segments, a NUL, an overlong name.
    "/owner%2Fsecret",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/owner/secret%00",
    `/${"x".repeat(300)}`,
    `/owner/${"y".repeat(300)}/tree/main`,
  ])("%s is 404 with the same HTML", async (path) => {
    const answer = await get(path);
    expect(answer.status).toBe(404);
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.body).toBe(INDEX_HTML);
  });

  test("a missing file of the build stays a plain 404, a present one a 200", async () => {
    expect((await get("/assets/missing.js")).status).toBe(404);
    expect((await get("/assets/app.js")).status).toBe(200);
  });
});

describe("private repositories", () => {
  test.each([
    ["/owner/secret", "/owner/no-such-model"],
    ["/owner/secret/tree/main", "/owner/no-such-model/tree/main"],
    ["/owner/secret/settings", "/owner/no-such-model/settings"],
    ["/datasets/owner/hidden-data", "/datasets/owner/no-such-data"],
    ["/models/owner/secret", "/models/owner/no-such-model"],
  ])("%s answers a stranger and a visitor exactly as the missing %s", async (secret, missing) => {
    const visitors: Record<string, string>[] = [{}, { cookie: cookies.stranger ?? "" }];
    for (const headers of visitors) {
      const hidden = await get(secret, headers);
      const absent = await get(missing, headers);
      expect(hidden.status).toBe(404);
      expect(absent.status).toBe(404);
      expect(hidden.bytes.equals(absent.bytes)).toBe(true);
      const { date: _a, "x-request-id": _b, ...hiddenHeaders } = hidden.headers;
      const { date: _c, "x-request-id": _d, ...absentHeaders } = absent.headers;
      expect(hiddenHeaders).toEqual(absentHeaders);
    }
  });

  test("the owner, signed in on the site, gets the page", async () => {
    for (const path of ["/owner/secret", "/owner/secret/tree/main", "/datasets/owner/hidden-data"]) {
      const answer = await get(path, { cookie: cookies.owner ?? "" });
      expect(answer.status, path).toBe(200);
      expect(answer.body).toBe(INDEX_HTML);
      // The status depends on the visitor: no shared cache may hand the owner's answer to another.
      expect(answer.headers.vary).toMatch(/Cookie/);
      expect(answer.headers["cache-control"]).toMatch(/private|no-store/);
    }
  });

  test("the owner's page counts for the owner only: another's session cookie is refused like no cookie", async () => {
    expect((await get("/owner/secret", { cookie: "hubkit_session=forged-value" })).status).toBe(404);
  });
});

test("a disabled user has no public face anywhere: overview, site account API and owner page all 404", async () => {
  await hub.user("quiet");
  const faces = async () => [
    (await get("/api/users/quiet/overview")).status,
    (await get("/api/web/accounts/quiet")).status,
    (await get("/quiet")).status,
  ];
  expect(await faces()).toEqual([200, 200, 200]);
  await adminPost(hub.url, "/api/admin/users/quiet/disable", { disabled: true });
  expect(await faces()).toEqual([404, 404, 404]);
  await adminPost(hub.url, "/api/admin/users/quiet/disable", { disabled: false });
  expect(await faces()).toEqual([200, 200, 200]);
});
