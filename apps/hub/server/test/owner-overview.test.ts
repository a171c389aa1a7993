// The owner overviews (issue 20 point 1) on a real server: `GET /api/users/{u}/overview` and
// `GET /api/organizations/{o}/overview` as raw HTTP and through both majors of huggingface_hub
// (`get_user_overview`, `get_organization_overview`). The repository counts count only what the caller may read:
// an organization's private model shows in its members' count, never in an outsider's or an anonymous one.
import { afterAll, beforeAll, expect, test } from "vitest";
import { apiJson } from "./api-call.js";
import { type AuthHub, runPython, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

type Body = Record<string, unknown>;

const call = (path: string, token?: string) => apiJson<Body>(hub.url, "GET", path, token);

beforeAll(async () => {
  hub = await startAuthHub();
  for (const user of ["owner", "outsider"]) {
    await hub.user(user);
    tokens[user] = await hub.token(user, "write");
  }
  const org = await apiJson<Body>(hub.url, "POST", "/api/organizations/new", tokens.owner, {
    name: "crew",
    fullname: "The Crew",
  });
  expect(org.status).toBe(200);
  for (const [name, isPrivate] of [
    ["open", false],
    ["hidden", true],
  ] as const) {
    const created = await apiJson<Body>(hub.url, "POST", "/api/repos/create", tokens.owner, {
      name,
      organization: "crew",
      private: isPrivate,
    });
    expect(created.status).toBe(200);
  }
  const mine = await apiJson<Body>(hub.url, "POST", "/api/repos/create", tokens.owner, {
    name: "own-data",
    type: "dataset",
  });
  expect(mine.status).toBe(200);
}, 120_000);

afterAll(async () => {
  await hub?.close();
});

test("an organization's overview counts only the caller's readable repositories", async () => {
  const member = await call("/api/organizations/crew/overview", tokens.owner);
  expect(member.status).toBe(200);
  expect(member.body).toMatchObject({ name: "crew", fullname: "The Crew", type: "org", numUsers: 1, numModels: 2 });
  const outsider = await call("/api/organizations/crew/overview", tokens.outsider);
  expect(outsider.body).toMatchObject({ name: "crew", numModels: 1, numDatasets: 0, numSpaces: 0 });
  expect((await call("/api/organizations/crew/overview")).body).toMatchObject({ numModels: 1 });
});

test("a user's overview, and 404 for unknown names and the wrong kind", async () => {
  const user = await call("/api/users/owner/overview");
  expect(user.status).toBe(200);
  expect(user.body).toMatchObject({ user: "owner", type: "user", numModels: 0, numDatasets: 1 });
  expect(((user.body as Body).orgs as Body[]).map((org) => org.name)).toEqual(["crew"]);
  expect((await call("/api/users/nobody-here/overview")).status).toBe(404);
  expect((await call("/api/users/crew/overview")).status).toBe(404);
  expect((await call("/api/organizations/owner/overview")).status).toBe(404);
  expect((await call("/api/organizations/..%2F..%2Fetc/overview")).status).toBe(404);
});

test.each(["2.0.0", "1.33.0"])(
  "huggingface_hub %s reads both overviews",
  async (version) => {
    const code = [
      "import json; from huggingface_hub import HfApi",
      "api = HfApi()",
      "o = api.get_organization_overview('crew')",
      "u = api.get_user_overview('owner')",
      "print(json.dumps([o.name, o.fullname, o.num_models, o.num_users, u.username, u.num_datasets, [x.name for x in u.orgs]]))",
    ].join("\n");
    const outsider = await runPython(version, hub.url, tokens.outsider, code);
    expect(outsider.code, outsider.stderr).toBe(0);
    expect(JSON.parse(outsider.stdout)).toEqual(["crew", "The Crew", 1, 1, "owner", 1, ["crew"]]);
    const member = await runPython(version, hub.url, tokens.owner, code);
    expect(JSON.parse(member.stdout)[2]).toBe(2);
    const missing = await runPython(
      version,
      hub.url,
      undefined,
      "from huggingface_hub import HfApi\ntry:\n  HfApi().get_organization_overview('nobody-here')\nexcept Exception as e:\n  print(e.response.status_code)",
    );
    expect(missing.stdout.trim()).toBe("404");
  },
  120_000,
);

test("the site's account route carries the caller's readable counts", async () => {
  expect((await call("/api/web/accounts/crew", tokens.owner)).body).toMatchObject({ kind: "org", numModels: 2 });
  expect((await call("/api/web/accounts/crew", tokens.outsider)).body).toMatchObject({ kind: "org", numModels: 1 });
  expect((await call("/api/web/accounts/crew")).body).toMatchObject({ members: ["owner"], numModels: 1 });
});
