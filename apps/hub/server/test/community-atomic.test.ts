// A create_pr commit is whole or nothing on a real server: when the commit itself is refused after its pull
// request was opened (here a path git refuses), neither the discussion nor `refs/pr/N` is left behind, and the next
// pull request works as usual.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
let owner: string;
let visitor: string;

function commitWithPr(path: string, token: string) {
  const lines = [
    { key: "header", value: { summary: "Propose a file" } },
    { key: "file", value: { path, content: Buffer.from("hello").toString("base64"), encoding: "base64" } },
  ];
  return fetch(`${hub.url}/api/models/keeper/target/commit/main?create_pr=1`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    body: lines.map((line) => JSON.stringify(line)).join("\n"),
  });
}

async function getJson(path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${hub.url}${path}`, { headers: { Authorization: `Bearer ${owner}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

beforeAll(async () => {
  hub = await startAuthHub();
  for (const user of ["keeper", "visitor"]) await hub.user(user);
  owner = await hub.token("keeper", "write");
  visitor = await hub.token("visitor", "write");
  const created = await fetch(`${hub.url}/api/repos/create`, {
    method: "POST",
    headers: { Authorization: `Bearer ${owner}`, "Content-Type": "application/json" },
    body: JSON.stringify({ type: "model", name: "target" }),
  });
  expect(created.status).toBe(200);
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe("create_pr commits", () => {
  test("a refused commit leaves no pull request and no refs/pr/N", async () => {
    const refused = await commitWithPr(".git/hooks/post-checkout", visitor);
    expect(refused.status).toBe(422);
    expect((await getJson("/api/models/keeper/target/discussions")).count).toBe(0);
    expect((await getJson("/api/models/keeper/target/refs?include_prs=1")).pullRequests).toEqual([]);

    const accepted = await commitWithPr("proposal.txt", visitor);
    expect(accepted.status).toBe(200);
    const { pullRequestUrl } = (await accepted.json()) as { pullRequestUrl: string };
    const list = await getJson("/api/models/keeper/target/discussions");
    expect(list.count).toBe(1);
    const refs = (await getJson("/api/models/keeper/target/refs?include_prs=1")).pullRequests as { ref: string }[];
    expect(refs).toHaveLength(1);
    expect(pullRequestUrl.endsWith(refs[0]?.ref.replace("refs/pr/", "/discussions/") ?? "?")).toBe(true);
  });
});
