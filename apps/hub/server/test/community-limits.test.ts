// The per-user, per-repository posting limits of the Community API on a real server (community/access.ts): past
// MAX_NEW_DISCUSSIONS discussions or MAX_NEW_EVENTS comments in an hour, one user gets 429 with Retry-After, while
// another user, and the same user elsewhere, still can post; a concurrent burst gets no more than the limit.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { MAX_NEW_DISCUSSIONS, MAX_NEW_EVENTS } from "../src/community/access.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

async function post(path: string, token: string, body: unknown) {
  const response = await fetch(`${hub.url}${path}`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  return { status: response.status, retryAfter: response.headers.get("retry-after"), body: answer };
}

beforeAll(async () => {
  hub = await startAuthHub();
  for (const user of ["keeper", "chatty", "quiet", "burst"]) {
    await hub.user(user);
    tokens[user] = await hub.token(user, "write");
  }
  for (const name of ["busy", "calm", "crowded"])
    expect((await post("/api/repos/create", tokens.keeper, { type: "model", name })).status).toBe(200);
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe("posting limits", () => {
  test("discussions past the hourly limit get 429; others and other repositories are not affected", async () => {
    for (let n = 0; n < MAX_NEW_DISCUSSIONS; n++)
      expect(
        (await post("/api/models/keeper/busy/discussions", tokens.chatty, { title: `question ${n}` })).status,
      ).toBe(200);
    const refused = await post("/api/models/keeper/busy/discussions", tokens.chatty, { title: "one more" });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await post("/api/models/keeper/busy/discussions", tokens.quiet, { title: "mine" })).status).toBe(200);
    expect((await post("/api/models/keeper/calm/discussions", tokens.chatty, { title: "elsewhere" })).status).toBe(200);
  }, 120_000);

  test("a concurrent burst of discussions gets no more than the limit", async () => {
    const answers = await Promise.all(
      Array.from({ length: 2 * MAX_NEW_DISCUSSIONS }, (_, n) =>
        post("/api/models/keeper/crowded/discussions", tokens.burst, { title: `burst ${n}` }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 200).length;
    expect(created).toBeLessThanOrEqual(MAX_NEW_DISCUSSIONS);
    expect(created + answers.filter((answer) => answer.status === 429).length).toBe(answers.length);
  }, 120_000);

  test("comments past the hourly limit get 429", async () => {
    const opened = await post("/api/models/keeper/calm/discussions", tokens.quiet, { title: "long thread" });
    const num = Number(opened.body.num);
    // quiet's opening already counts as activity: post until the limit answers, never past it.
    let answered = 0;
    let status = 200;
    while (status === 200 && answered <= MAX_NEW_EVENTS) {
      status = (await post(`/api/models/keeper/calm/discussions/${num}/comment`, tokens.quiet, { comment: "+1" }))
        .status;
      answered++;
    }
    expect(status).toBe(429);
    expect(answered).toBeLessThanOrEqual(MAX_NEW_EVENTS + 1);
    expect(
      (await post(`/api/models/keeper/calm/discussions/${num}/comment`, tokens.keeper, { comment: "ok" })).status,
    ).toBe(200);
  }, 120_000);
});
