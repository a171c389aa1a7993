// The site header's notification count on a real server (community/notifications.ts): open discussions and pull
// requests on repositories one owns or writes to through an organization, or took part in; closed ones, other
// people's repositories one never joined, and repositories one can no longer read (made private, organization
// left) are not counted; a visitor gets an empty answer, never an error.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiFetch } from "./api-call.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

async function call(method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await apiFetch(hub.url, method, path, token, body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Notifications {
  count: number;
  items: { repo: { name: string; type: string }; num: number; title: string; isPullRequest: boolean }[];
}

async function notifications(token: string | undefined): Promise<Notifications> {
  const answer = await call("GET", "/api/web/notifications", token);
  expect(answer.status).toBe(200);
  return answer.body as unknown as Notifications;
}

const titles = (answer: Notifications) => answer.items.map((item) => `${item.repo.name}#${item.num}`).sort();

async function open(repo: string, token: string, title: string): Promise<number> {
  const answer = await call("POST", `/api/models/${repo}/discussions`, token, { title, description: "hello" });
  expect(answer.status).toBe(200);
  return Number(answer.body.num);
}

beforeAll(async () => {
  hub = await startAuthHub();
  for (const user of ["ann", "ben", "cat"]) {
    await hub.user(user);
    tokens[user] = await hub.token(user, "write");
  }
  expect((await call("POST", "/api/organizations/new", tokens.ann, { name: "annorg" })).status).toBe(200);
  expect(
    (await call("POST", "/api/organizations/annorg/members", tokens.ann, { user: "ben", role: "write" })).status,
  ).toBe(200);
  for (const [token, body] of [
    [tokens.ann, { name: "mine" }],
    [tokens.ann, { name: "shared", organization: "annorg" }],
    [tokens.cat, { name: "elsewhere" }],
    [tokens.cat, { name: "joined" }],
  ] as const)
    expect((await call("POST", "/api/repos/create", token, { type: "model", ...body })).status).toBe(200);
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe("GET /api/web/notifications", () => {
  test("counts what one owns, writes to or took part in; drops closed, unjoined and unreadable ones", async () => {
    await open("ann/mine", tokens.cat, "question on mine");
    const closed = await open("ann/mine", tokens.cat, "answered already");
    expect(
      (await call("POST", `/api/models/ann/mine/discussions/${closed}/status`, tokens.ann, { status: "closed" }))
        .status,
    ).toBe(200);
    await open("annorg/shared", tokens.cat, "question on shared");
    await open("cat/elsewhere", tokens.cat, "cat talks to herself");
    const joined = await open("cat/joined", tokens.cat, "ben will comment");
    expect(
      (await call("POST", `/api/models/cat/joined/discussions/${joined}/comment`, tokens.ben, { comment: "me too" }))
        .status,
    ).toBe(200);

    expect(titles(await notifications(tokens.ann))).toEqual(["ann/mine#1", "annorg/shared#1"]);
    const ben = await notifications(tokens.ben);
    expect(titles(ben)).toEqual(["annorg/shared#1", "cat/joined#1"]);
    expect(ben.count).toBe(2);

    // cat's repository becomes private: ben took part, but can no longer read it.
    expect((await call("PUT", "/api/models/cat/joined/settings", tokens.cat, { private: true })).status).toBe(200);
    // ben leaves the organization: its repository's discussions are no longer his.
    expect((await call("DELETE", "/api/organizations/annorg/members/ben", tokens.ben)).status).toBe(200);
    expect(await notifications(tokens.ben)).toEqual({ count: 0, items: [] });
  });

  test("a visitor gets an empty answer, not an error", async () => {
    expect(await notifications(undefined)).toEqual({ count: 0, items: [] });
  });
});
