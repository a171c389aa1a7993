// Namespaces stay owned: every namespace that holds a repository is an account. The seed's namespaces become
// organizations with no members (only the server's admin manages them), at seeding and on the first start of a
// data folder from before; sign-up, admin user creation and organization creation refuse them in any letter case,
// and a signed-up user can neither push to, re-configure nor create under them.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadConfig } from "../src/config.js";
import { openDatabase, type RunningServer, startServer } from "../src/server.js";
import type { LocalBackend } from "../src/source/local-backend.js";
import { apiText } from "./api-call.js";
import { ADMIN_TOKEN } from "./auth-harness.js";
import { temporaryFolder, writeJsonl } from "./files.js";

const SEED = [
  { id: "meta-llama/Llama-3.2-1B", pipeline_tag: "text-generation" },
  { id: "google/gemma-2-2b", pipeline_tag: "text-generation" },
  { id: "01-ai/Yi-6B", pipeline_tag: "text-generation" },
];
const work = temporaryFolder("auth-namespaces");
mkdirSync(join(work, "seed"));
const config = loadConfig({
  PORT: "0",
  HUBKIT_DATA_DIR: join(work, "data"),
  HUBKIT_SEED: writeJsonl(join(work, "seed", "models.jsonl"), SEED),
  HUBKIT_ADMIN_TOKEN: ADMIN_TOKEN,
  HUBKIT_WEB_DIST: join(work, "no-web"),
  DATABASE_URL: "",
});

let server: RunningServer;
let log: string[] = [];
const start = async () => {
  log = [];
  server = await startServer(config, (line) => log.push(line));
};

function call(method: string, path: string, token?: string, body?: unknown) {
  return apiText(server.url, method, path, token, body);
}

const signUp = (username: string) =>
  call("POST", "/api/web/join", undefined, { username, password: "a-good-password-1" });

beforeAll(start, 180_000);
afterAll(async () => server?.close(), 60_000);

describe("the seed's namespaces", () => {
  test("are organizations with no members", async () => {
    for (const org of ["meta-llama", "google", "01-ai"]) {
      const members = await call("GET", `/api/organizations/${org}/members`);
      expect(members.status, org).toBe(200);
      expect(JSON.parse(members.text)).toEqual([]);
    }
    expect(log.some((line) => /3 namespaces without an account became organizations/.test(line))).toBe(true);
  });

  test("cannot be taken by sign-up, by the admin API or as a new organization, in any letter case", async () => {
    for (const name of ["Meta-Llama", "meta-llama", "META-LLAMA", "Google", "01-AI"]) {
      const answer = await signUp(name);
      expect(answer.status, name).toBe(409);
      expect(answer.text).toMatch(/already taken/);
    }
    const users = await fetch(`${server.url}/api/admin/users`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Meta-Llama" }),
    });
    expect(users.status).toBe(409);
    for (const reserved of ["task-assets", "TASK-ASSETS", "settings", "api", "Models"])
      expect((await signUp(reserved)).status, reserved).toBe(400);
  });

  test("a signed-up user can neither push to, re-configure, move, delete nor create under them", async () => {
    const joined = await signUp("mallory");
    expect(joined.status).toBe(200);
    const tokenAnswer = await fetch(`${server.url}/api/admin/tokens`, {
      method: "POST",
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ user: "mallory", role: "write" }),
    });
    const token = ((await tokenAnswer.json()) as { token: string }).token;
    const commit = await fetch(`${server.url}/api/models/meta-llama/Llama-3.2-1B/commit/main`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/x-ndjson" },
      body: `${JSON.stringify({ key: "header", value: { summary: "evil" } })}\n${JSON.stringify({ key: "file", value: { path: "modeling.py", content: "aW1wb3J0IG9z", encoding: "base64" } })}\n`,
    });
    expect(commit.status).toBe(403);
    expect((await call("PUT", "/api/models/meta-llama/Llama-3.2-1B/settings", token, { private: true })).status).toBe(
      403,
    );
    const move = await call("POST", "/api/repos/move", token, {
      fromRepo: "meta-llama/Llama-3.2-1B",
      toRepo: "mallory/Llama",
    });
    expect(move.status).toBe(403);
    expect((await call("DELETE", "/api/repos/delete", token, { name: "Yi-6B", organization: "01-ai" })).status).toBe(
      403,
    );
    expect((await call("POST", "/api/repos/create", token, { name: "x", organization: "google" })).status).toBe(403);
    expect((await call("POST", "/api/organizations/new", token, { name: "01-AI" })).status).toBe(409);
    // The admin manages them.
    expect((await call("PUT", "/api/models/google/gemma-2-2b/settings", ADMIN_TOKEN, { private: false })).status).toBe(
      200,
    );
  });
});

test("a namespace imported into the index while the server runs is taken too", async () => {
  const store = (server.backend as LocalBackend).store;
  await store.upsert([{ id: "Imported-Org/some-model", pipeline_tag: "fill-mask" }]);
  expect((await signUp("imported-org")).status).toBe(409);
  expect((await signUp("imported")).status).toBe(200); // a prefix of it is another name
});

test("a data folder from before (repositories, no accounts for their namespaces) gets its organizations", async () => {
  await server.close();
  const db = await openDatabase(config);
  try {
    await db.query("DELETE FROM hub_accounts WHERE kind = 'org'");
  } finally {
    await db.close();
  }
  await start();
  // The seed's three and the one imported above.
  expect(log.some((line) => /4 namespaces without an account became organizations/.test(line))).toBe(true);
  expect((await signUp("GOOGLE")).status).toBe(409);
  // Once: the next start has nothing to do.
  await server.close();
  await start();
  expect(log.some((line) => /namespaces without an account/.test(line))).toBe(false);
}, 180_000);
