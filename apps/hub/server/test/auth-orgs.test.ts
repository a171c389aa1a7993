// Organization roles on a real server: an org created by a user (its admin) with a `write` and a `read` member.
// Reading a private repository needs any role; pushing (commit API and git push) needs write; moving, deleting and
// settings need admin; the members API follows the same rule and keeps the last admin; removing a member ends their
// access at once; whoami-v2 reports `roleInOrg` to the official Python client.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { apiJson } from "./api-call.js";
import { ADMIN_TOKEN, type AuthHub, runPython, startAuthHub } from "./auth-harness.js";
import { gitClientEnv, run } from "./run-command.js";

let hub: AuthHub;
const tokens: Record<string, string> = {};

type Body = Record<string, unknown> | unknown[];

function call(method: string, path: string, token: string | undefined, body?: unknown) {
  return apiJson<Body>(hub.url, method, path, token, body);
}

/** A one-file commit through the commit API; resolves with the status. */
async function commit(repo: string, token: string, path: string): Promise<number> {
  const lines = [
    JSON.stringify({ key: "header", value: { summary: `add ${path}`, description: "" } }),
    JSON.stringify({ key: "file", value: { path, content: Buffer.from(path).toString("base64"), encoding: "base64" } }),
  ];
  const response = await fetch(`${hub.url}/api/models/${repo}/commit/main`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
    body: `${lines.join("\n")}\n`,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Clones `repo` with `token` and pushes one new file; resolves with push's exit code and stderr. */
async function gitPush(repo: string, user: string, token: string): Promise<{ code: number; stderr: string }> {
  const home = mkdtempSync(join(tmpdir(), "hubkit-orgs-git-"));
  const env = gitClientEnv(home);
  const git = (cwd: string, ...args: string[]) => run("git", args, { cwd, env, timeoutMs: 60_000 });
  const url = `${hub.url.replace("http://", `http://${user}:${token}@`)}/${repo}`;
  const dir = join(home, "clone");
  const cloned = await git(home, "clone", "-q", url, dir);
  if (cloned.code !== 0) return cloned;
  writeFileSync(join(dir, `${user}.txt`), `pushed by ${user}\n`);
  await git(dir, "add", ".");
  await git(dir, "commit", "-qm", `push by ${user}`);
  return git(dir, "push", "-q", "origin", "main");
}

beforeAll(async () => {
  hub = await startAuthHub();
  for (const user of ["owner", "writer", "reader", "outsider"]) {
    await hub.user(user);
    tokens[user] = await hub.token(user, "write");
  }
  tokens.readerRead = await hub.token("reader", "read");
  // The creator of an organization is its admin; they add the others with a role.
  expect(
    (await call("POST", "/api/organizations/new", tokens.owner, { name: "team", fullname: "The Team" })).body,
  ).toMatchObject({
    name: "team",
    role: "admin",
  });
  expect(
    (await call("POST", "/api/organizations/team/members", tokens.owner, { user: "writer", role: "write" })).status,
  ).toBe(200);
  expect(
    (await call("POST", "/api/organizations/team/members", tokens.owner, { user: "reader", role: "read" })).status,
  ).toBe(200);
  for (const name of ["secret", "doomed"]) {
    const created = await call("POST", "/api/repos/create", tokens.owner, {
      name,
      organization: "team",
      private: true,
    });
    expect(created.status).toBe(200);
  }
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe("repository access by role", () => {
  test("every role reads the private repository; outsiders get exactly the missing answer", async () => {
    for (const user of ["owner", "writer", "reader"])
      expect((await call("GET", "/api/models/team/secret", tokens[user])).status, user).toBe(200);
    const outsider = await call("GET", "/api/models/team/secret", tokens.outsider);
    const missing = await call("GET", "/api/models/team/no-such-repo", tokens.outsider);
    expect(outsider).toEqual(missing);
    expect(outsider.status).toBe(404);
  });

  test("a read member cannot push (commit API, git push) nor create repositories, even with a write token", async () => {
    expect(await commit("team/secret", tokens.reader as string, "reader.txt")).toBe(403);
    const pushed = await gitPush("team/secret", "reader", tokens.reader as string);
    expect(pushed.code).not.toBe(0);
    expect(pushed.stderr).toMatch(/403|rights|denied/i);
    expect(
      (await call("POST", "/api/repos/create", tokens.reader, { name: "mine", organization: "team" })).status,
    ).toBe(403);
  }, 90_000);

  test("liking is a user's act, not a write to the repository: a read token may not, any member's write token may", async () => {
    expect((await call("POST", "/api/models/team/secret/like", tokens.readerRead)).status).toBe(403);
    expect((await call("POST", "/api/models/team/secret/like", tokens.reader)).status).toBe(200);
    expect((await call("DELETE", "/api/models/team/secret/like", tokens.reader)).status).toBe(200);
    // Someone who may not read it gets exactly the missing answer.
    expect(await call("POST", "/api/models/team/secret/like", tokens.outsider)).toEqual(
      await call("POST", "/api/models/team/no-such-repo/like", tokens.outsider),
    );
  });

  test("a write member pushes (commit API and git) and creates, but cannot move, delete or change settings", async () => {
    expect(await commit("team/secret", tokens.writer as string, "writer.txt")).toBe(200);
    const pushed = await gitPush("team/secret", "writer", tokens.writer as string);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(
      (await call("POST", "/api/repos/create", tokens.writer, { name: "writers", organization: "team" })).status,
    ).toBe(200);
    const move = await call("POST", "/api/repos/move", tokens.writer, {
      fromRepo: "team/secret",
      toRepo: "team/moved",
    });
    expect(move.status).toBe(403);
    expect(
      (await call("DELETE", "/api/repos/delete", tokens.writer, { name: "doomed", organization: "team" })).status,
    ).toBe(403);
    expect((await call("PUT", "/api/models/team/secret/settings", tokens.writer, { private: false })).status).toBe(403);
    // Nothing changed: still private (anonymous gets exactly the missing answer).
    expect(await call("GET", "/api/models/team/secret", undefined)).toEqual(
      await call("GET", "/api/models/team/no-such-repo", undefined),
    );
  }, 90_000);

  test("the org admin changes settings, moves and deletes; a read token of the admin cannot", async () => {
    const ownerRead = await hub.token("owner", "read");
    expect((await call("PUT", "/api/models/team/doomed/settings", ownerRead, { private: false })).status).toBe(403);
    expect(
      (await call("PUT", "/api/models/team/doomed/settings", tokens.owner, { private: false })).body,
    ).toMatchObject({
      private: false,
    });
    expect(
      (await call("POST", "/api/repos/move", tokens.owner, { fromRepo: "team/doomed", toRepo: "team/doomed2" })).status,
    ).toBe(200);
    expect(
      (await call("DELETE", "/api/repos/delete", tokens.owner, { name: "doomed2", organization: "team" })).status,
    ).toBe(200);
    expect((await call("GET", "/api/models/team/doomed2", tokens.owner)).status).toBe(404);
  });

  test("the admin token may do anything in any organization", async () => {
    expect(await commit("team/secret", ADMIN_TOKEN, "admin.txt")).toBe(200);
    expect((await call("PUT", "/api/models/team/secret/settings", ADMIN_TOKEN, { private: true })).status).toBe(200);
  });
});

describe("the members API", () => {
  test("anyone lists the members; only members see roles", async () => {
    const anonymous = await call("GET", "/api/organizations/team/members", undefined);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual(
      ["owner", "reader", "writer"].map((user) => ({
        user,
        fullname: user,
        type: "user",
        avatarUrl: `/avatars/${user}.svg`,
        isFollowing: false,
      })),
    );
    const member = await call("GET", "/api/organizations/TEAM/members", tokens.reader);
    expect((member.body as { user: string; role: string }[]).map((m) => [m.user, m.role])).toEqual([
      ["owner", "admin"],
      ["reader", "read"],
      ["writer", "write"],
    ]);
    expect((await call("GET", "/api/organizations/nobody-here/members", undefined)).status).toBe(404);
    expect((await call("GET", "/api/organizations/owner/members", undefined)).status).toBe(404); // a user
  });

  test("only admins add members or change roles; bad input is a clean 4xx", async () => {
    expect((await call("POST", "/api/organizations/team/members", tokens.writer, { user: "outsider" })).status).toBe(
      403,
    );
    expect((await call("PUT", "/api/organizations/team/members/reader", tokens.writer, { role: "admin" })).status).toBe(
      403,
    );
    expect((await call("DELETE", "/api/organizations/team/members/reader", tokens.writer)).status).toBe(403);
    expect(
      (await call("POST", "/api/organizations/team/members", tokens.readerRead, { user: "outsider" })).status,
    ).toBe(403);
    expect((await call("POST", "/api/organizations/team/members", undefined, { user: "outsider" })).status).toBe(401);
    expect((await call("POST", "/api/organizations/team/members", tokens.owner, { user: "writer" })).status).toBe(409);
    expect((await call("POST", "/api/organizations/team/members", tokens.owner, { user: "ghost" })).status).toBe(404);
    expect(
      (await call("POST", "/api/organizations/team/members", tokens.owner, { user: "outsider", role: "root" })).status,
    ).toBe(400);
    expect((await call("PUT", "/api/organizations/team/members/outsider", tokens.owner, { role: "read" })).status).toBe(
      404,
    );
    expect((await call("POST", "/api/organizations/team/members", tokens.owner, [1, 2])).status).toBe(400);
  });

  test("the last admin can neither leave nor be demoted (409); after a second admin, they can", async () => {
    expect((await call("DELETE", "/api/organizations/team/members/owner", tokens.owner)).status).toBe(409);
    expect((await call("PUT", "/api/organizations/team/members/owner", tokens.owner, { role: "write" })).status).toBe(
      409,
    );
    expect((await call("PUT", "/api/organizations/team/members/writer", tokens.owner, { role: "admin" })).status).toBe(
      200,
    );
    expect((await call("PUT", "/api/organizations/team/members/owner", tokens.writer, { role: "write" })).status).toBe(
      200,
    );
    // The former admin lost the admin rights at once.
    expect((await call("PUT", "/api/models/team/secret/settings", tokens.owner, { private: true })).status).toBe(403);
    expect((await call("PUT", "/api/organizations/team/members/owner", tokens.writer, { role: "admin" })).status).toBe(
      200,
    );
  });

  test("removing a member ends their access to private repositories at once; members may leave", async () => {
    await call("POST", "/api/organizations/team/members", tokens.owner, { user: "outsider", role: "read" });
    expect((await call("GET", "/api/models/team/secret", tokens.outsider)).status).toBe(200);
    expect((await call("DELETE", "/api/organizations/team/members/outsider", tokens.owner)).status).toBe(200);
    const after = await call("GET", "/api/models/team/secret", tokens.outsider);
    expect(after).toEqual(await call("GET", "/api/models/team/no-such-repo", tokens.outsider));
    // Leaving: a member removes themself, whatever their role.
    await call("POST", "/api/organizations/team/members", tokens.owner, { user: "outsider", role: "read" });
    expect((await call("DELETE", "/api/organizations/team/members/outsider", tokens.outsider)).status).toBe(200);
    expect((await call("GET", "/api/models/team/secret", tokens.outsider)).status).toBe(404);
  });

  test("organization names follow the namespace rules: taken, reserved or malformed names are refused", async () => {
    expect((await call("POST", "/api/organizations/new", tokens.writer, { name: "Team" })).status).toBe(409);
    expect((await call("POST", "/api/organizations/new", tokens.writer, { name: "Task-Assets" })).status).toBe(400);
    expect((await call("POST", "/api/organizations/new", tokens.writer, { name: "-bad-" })).status).toBe(400);
    expect((await call("POST", "/api/organizations/new", tokens.readerRead, { name: "readers" })).status).toBe(403);
    expect((await call("POST", "/api/organizations/new", undefined, { name: "anon" })).status).toBe(401);
  });
});

test("whoami-v2 reports each organization's roleInOrg and the token's role to the Python client", async () => {
  const code = [
    "import json; from huggingface_hub import HfApi",
    "w = HfApi().whoami()",
    "print(json.dumps([w['name'], [[o['name'], o['roleInOrg']] for o in w['orgs']], w['auth']['accessToken']['role']]))",
  ].join("\n");
  for (const [user, role] of [
    ["owner", "admin"],
    ["writer", "admin"],
    ["reader", "read"],
  ] as const) {
    const result = await runPython("2.0.0", hub.url, tokens[user], code);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([user, [["team", role]], "write"]);
  }
  const read = await runPython("2.0.0", hub.url, tokens.readerRead, code);
  expect(JSON.parse(read.stdout)).toEqual(["reader", [["team", "read"]], "read"]);
  // The members list as the client's list_organization_members reads it (anonymous: no roles needed).
  const members = await runPython(
    "2.0.0",
    hub.url,
    undefined,
    "import json; from huggingface_hub import HfApi\nprint(json.dumps([[m.username, m.fullname] for m in HfApi().list_organization_members('team')]))",
  );
  expect(members.code, members.stderr).toBe(0);
  expect(JSON.parse(members.stdout)).toEqual([
    ["owner", "owner"],
    ["reader", "reader"],
    ["writer", "writer"],
  ]);
}, 120_000);
