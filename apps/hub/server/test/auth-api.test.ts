// Accounts over HTTP on a real server: the admin API (admin token only, hub errors), GET /api/whoami-v2 (exact
// shape, invalid credentials), and whoami through both Python client versions and @huggingface/hub.
import { whoAmI } from "@huggingface/hub";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_TOKEN, type AuthHub, PYTHON_CLIENTS, runHfCli, runPython, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
let aliceWrite: string;
let aliceRead: string;

beforeAll(async () => {
  hub = await startAuthHub();
  await hub.user("alice");
  await hub.user("bob");
  await hub.org("acme", ["alice"]);
  aliceWrite = await hub.token("alice", "write", "laptop");
  aliceRead = await hub.token("alice", "read");
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

const post = (path: string, body: unknown, token?: string, raw?: string) =>
  fetch(`${hub.url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: raw ?? JSON.stringify(body),
  });

describe("admin API", () => {
  test("only the admin token may call it: 401 anonymous, 403 a user's write token", async () => {
    const anonymous = await post("/api/admin/users", { name: "mallory" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: expect.stringMatching(/HUBKIT_ADMIN_TOKEN/) });
    expect((await post("/api/admin/users", { name: "mallory" }, aliceWrite)).status).toBe(403);
    expect((await post("/api/admin/tokens", { user: "alice", role: "write" }, aliceWrite)).status).toBe(403);
    expect(await hub.accounts.namespaceExists("mallory")).toBe(false);
  });

  test("with no HUBKIT_ADMIN_TOKEN it says the admin API is disabled, for any token or none", async () => {
    const bare = await startAuthHub({ HUBKIT_ADMIN_TOKEN: "" });
    try {
      for (const token of [undefined, ADMIN_TOKEN, "hf_notatoken"]) {
        const answer = await fetch(`${bare.url}/api/admin/users`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(token !== undefined ? { Authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ name: "mallory" }),
        });
        expect(answer.status).toBe(403);
        expect(await answer.json()).toEqual({ error: expect.stringMatching(/^The admin API is disabled on this hub/) });
      }
      expect(await bare.accounts.namespaceExists("mallory")).toBe(false);
      // Other routes still judge a bad token as before.
      const whoami = await fetch(`${bare.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } });
      expect(whoami.status).toBe(401);
    } finally {
      await bare.close();
    }
  });

  test("creates users, tokens and organizations; answers the hub's errors", async () => {
    const created = await post("/api/admin/users", { name: "dave" }, ADMIN_TOKEN);
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({
      type: "user",
      name: "dave",
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const taken = await post("/api/admin/users", { name: "DAVE" }, ADMIN_TOKEN);
    expect(taken.status).toBe(409);
    expect(taken.headers.get("x-error-message")).toMatch(/already taken/);
    expect((await post("/api/admin/users", { name: "api" }, ADMIN_TOKEN)).status).toBe(400);
    expect((await post("/api/admin/users", {}, ADMIN_TOKEN)).status).toBe(400);
    expect((await post("/api/admin/users", null, ADMIN_TOKEN, "[1,2]")).status).toBe(400);
    expect((await post("/api/admin/users", null, ADMIN_TOKEN, "{not json")).status).toBe(400);
    expect((await post("/api/admin/users", null, ADMIN_TOKEN, `{"name":"${"x".repeat(70_000)}"}`)).status).toBe(413);
    const token = await post("/api/admin/tokens", { user: "dave", role: "read", name: "ci" }, ADMIN_TOKEN);
    expect(await token.json()).toMatchObject({
      token: expect.stringMatching(/^hf_/),
      user: "dave",
      role: "read",
      name: "ci",
    });
    expect((await post("/api/admin/tokens", { user: "ghost", role: "read" }, ADMIN_TOKEN)).status).toBe(404);
    expect((await post("/api/admin/tokens", { user: "dave", role: "owner" }, ADMIN_TOKEN)).status).toBe(400);
    const org = await post("/api/admin/organizations", { name: "initech", members: ["dave"] }, ADMIN_TOKEN);
    expect(await org.json()).toMatchObject({ type: "org", name: "initech", members: ["dave"] });
    expect((await post("/api/admin/organizations", { name: "x-corp", members: "dave" }, ADMIN_TOKEN)).status).toBe(400);
    expect((await post("/api/admin/organizations/initech/members", { user: "bob" }, ADMIN_TOKEN)).status).toBe(200);
    expect((await hub.accounts.organizationsOf("bob")).map((o) => o.name)).toEqual(["initech"]);
  });

  test("revokes a token: it stops working at once; unknown tokens are 404", async () => {
    const issued = await post("/api/admin/tokens", { user: "bob", role: "write" }, ADMIN_TOKEN);
    const { token } = (await issued.json()) as { token: string };
    const whoami = () => fetch(`${hub.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await whoami()).status).toBe(200);
    expect((await post("/api/admin/tokens/revoke", { token }, aliceWrite)).status).toBe(403);
    const revoked = await post("/api/admin/tokens/revoke", { token }, ADMIN_TOKEN);
    expect(await revoked.json()).toEqual({ revoked: true });
    expect((await whoami()).status).toBe(401);
    expect((await post("/api/admin/tokens/revoke", { token }, ADMIN_TOKEN)).status).toBe(404);
    expect((await post("/api/admin/tokens/revoke", { token: 7 }, ADMIN_TOKEN)).status).toBe(400);
  });
});

describe("GET /api/whoami-v2", () => {
  test("the user, its organizations and the token's facts", async () => {
    const response = await fetch(`${hub.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${aliceWrite}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      type: "user",
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "alice",
      orgs: [{ type: "org", name: "acme", id: expect.stringMatching(/^[0-9a-f]{24}$/) }],
      auth: {
        type: "access_token",
        accessToken: {
          displayName: "laptop",
          role: "write",
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        },
      },
    });
  });

  test("an invalid token is 401 with the exact message in the body and X-Error-Message; none is 401 too", async () => {
    for (const authorization of ["Bearer hf_nope", "Bearer undefined", `Bearer ${aliceWrite}0`]) {
      const response = await fetch(`${hub.url}/api/whoami-v2`, { headers: { Authorization: authorization } });
      expect(response.status).toBe(401);
      expect(response.headers.get("x-error-message")).toBe("Invalid credentials in Authorization header");
      expect(await response.json()).toEqual({ error: "Invalid credentials in Authorization header" });
    }
    expect((await fetch(`${hub.url}/api/whoami-v2`)).status).toBe(401);
    // Any API route refuses a bad token the same way, even one that anonymous callers may read.
    const listing = await fetch(`${hub.url}/api/models`, { headers: { Authorization: "Bearer hf_nope" } });
    expect(listing.status).toBe(401);
  });

  test("git and LFS paths answer a bad credential with a Basic challenge", async () => {
    const basic = `Basic ${Buffer.from("alice:wrong").toString("base64")}`;
    const refs = await fetch(`${hub.url}/alice/model.git/info/refs?service=git-upload-pack`, {
      headers: { Authorization: basic },
    });
    expect(refs.status).toBe(401);
    expect(refs.headers.get("www-authenticate")).toMatch(/^Basic realm=/);
    const batch = await fetch(`${hub.url}/alice/model.git/info/lfs/objects/batch`, {
      method: "POST",
      headers: { Authorization: basic },
    });
    expect(batch.status).toBe(401);
    expect(batch.headers.get("lfs-authenticate")).toMatch(/^Basic realm=/);
    // A JSON API path that merely ends like a git one still gets the JSON answer.
    const api = await fetch(`${hub.url}/api/models/alice/model/tree/main/info/refs`, {
      headers: { Authorization: basic },
    });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: "Invalid credentials in Authorization header" });
  });

  test("@huggingface/hub whoAmI", async () => {
    const info = await whoAmI({ accessToken: aliceRead, hubUrl: hub.url });
    expect(info).toMatchObject({ type: "user", name: "alice", auth: { accessToken: { role: "read" } } });
    await expect(whoAmI({ accessToken: "hf_invalid", hubUrl: hub.url })).rejects.toThrow(/Invalid credentials/);
  });

  for (const version of PYTHON_CLIENTS)
    test(`huggingface_hub ${version}: HfApi().whoami(), a bad token, and \`hf auth whoami\``, async () => {
      const code =
        "import json; from huggingface_hub import HfApi; w = HfApi().whoami(); " +
        "print(json.dumps([w['name'], [o['name'] for o in w['orgs']], w['auth']['accessToken']['role']]))";
      const ok = await runPython(version, hub.url, aliceWrite, code);
      expect(ok.stderr).not.toMatch(/Traceback/);
      expect(JSON.parse(ok.stdout)).toEqual(["alice", ["acme"], "write"]);
      const bad = await runPython(version, hub.url, "hf_notAValidToken", code);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toMatch(/401|Invalid/);
      const cli = await runHfCli(version, hub.url, aliceWrite, ["auth", "whoami"]);
      expect(cli.code, cli.stderr).toBe(0);
      expect(cli.stdout).toMatch(/alice/);
      expect(cli.stdout).toMatch(/acme/);
    }, 60_000);
});
