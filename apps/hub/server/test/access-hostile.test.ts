// Hostile input to the account and repository-lifecycle routes on a real server: malformed and oversized bodies,
// wrong types, NUL bytes and odd names, hostile Authorization headers and concurrent creations of one name. Every
// answer is a 4xx JSON error with the hub's headers (never a 500), and nothing is created by a refused request.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ADMIN_TOKEN, type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;
let write: string;

beforeAll(async () => {
  hub = await startAuthHub();
  await hub.user("alice");
  write = await hub.token("alice", "write");
}, 60_000);
afterAll(async () => {
  await hub?.close();
});

async function send(method: string, path: string, body: string | Uint8Array | undefined, token?: string) {
  const response = await fetch(`${hub.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token ?? write}`, "Content-Type": "application/json" },
    ...(body !== undefined ? { body } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    message: response.headers.get("x-error-message"),
    type: response.headers.get("content-type"),
  };
}

/** Method, path, and whether the admin token is used (else alice's write token). */
const ROUTES: Array<[string, string, string | undefined]> = [
  ["POST", "/api/repos/create", undefined],
  ["DELETE", "/api/repos/delete", undefined],
  ["POST", "/api/repos/move", undefined],
  ["PUT", "/api/models/alice/target/settings", undefined],
  ["POST", "/api/admin/users", ADMIN_TOKEN],
  ["POST", "/api/admin/tokens", ADMIN_TOKEN],
  ["POST", "/api/admin/organizations", ADMIN_TOKEN],
];

const BODIES: Array<[string, string | Uint8Array]> = [
  ["not JSON", "{name:"],
  ["a list", "[1,2,3]"],
  ["a string", '"alice"'],
  ["null", "null"],
  [
    "wrong types",
    JSON.stringify({
      name: 7,
      organization: [],
      type: {},
      private: "yes",
      role: 1,
      user: null,
      members: {},
      fromRepo: 1,
      toRepo: true,
    }),
  ],
  [
    "NUL bytes",
    JSON.stringify({
      name: "a\u0000b",
      organization: "alice\u0000",
      user: "x\u0000",
      role: "write",
      fromRepo: "alice/a\u0000",
      toRepo: "alice/b",
      visibility: "pri\u0000vate",
    }),
  ],
  [
    "path-like names",
    JSON.stringify({
      name: "../../etc",
      organization: "..",
      gated: "../auto",
      fromRepo: "../x",
      toRepo: "alice/../../y",
      user: "../alice",
    }),
  ],
  ["huge values", JSON.stringify({ name: "x".repeat(60_000), visibility: "x".repeat(1000) })],
  ["over the cap", `{"name":"${"x".repeat(20 * 1024 * 1024)}"}`],
  ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ["deep nesting", `${"[".repeat(10_000)}${"]".repeat(10_000)}`],
];

describe("hostile bodies", () => {
  beforeAll(async () => {
    const created = await send("POST", "/api/repos/create", JSON.stringify({ name: "target" }));
    expect(created.status).toBe(200);
  });

  test("every route answers a 4xx JSON error with X-Error-Message, never a 500", async () => {
    for (const [method, path, token] of ROUTES)
      for (const [name, body] of BODIES) {
        const answer = await send(method, path, body, token);
        const label = `${method} ${path} with ${name}`;
        expect(answer.status, label).toBeGreaterThanOrEqual(400);
        expect(answer.status, label).toBeLessThan(500);
        expect(answer.type, label).toMatch(/application\/json/);
        expect(answer.message, label).not.toBeNull();
        expect(JSON.parse(answer.text), label).toMatchObject({ error: expect.any(String) });
      }
    // Nothing was created or removed by those requests.
    const listed = (await (await fetch(`${hub.url}/api/models?author=alice`)).json()) as Array<{ id: string }>;
    expect(listed.map((model) => model.id)).toEqual(["alice/target"]);
  }, 120_000);

  test("hostile Authorization headers are 401, never a 500", async () => {
    const headers = [
      "Bearer",
      "Bearer ",
      `Bearer ${"A".repeat(100_000)}`.slice(0, 16_000),
      "Basic",
      "Basic =",
      `Basic ${Buffer.from("no-colon").toString("base64")}`,
      `Basic ${Buffer.from(":").toString("base64")}`,
      "Bearer hf_' OR '1'='1",
      "Negotiate abc",
    ];
    for (const authorization of headers) {
      const response = await fetch(`${hub.url}/api/whoami-v2`, { headers: { Authorization: authorization } });
      expect(response.status, authorization.slice(0, 30)).toBe(401);
    }
  });
});

describe("races", () => {
  test("concurrent creations of one name: one 200, the others 409 with the url; one repository", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send("POST", "/api/repos/create", JSON.stringify({ name: "race", type: "dataset" })),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409))
      expect(JSON.parse(answer.text)).toMatchObject({ url: `${hub.url}/datasets/alice/race` });
    const info = await fetch(`${hub.url}/api/datasets/alice/race`);
    expect(info.status).toBe(200);
  }, 60_000);

  test("concurrent user creations of one name: one 200, the others 409", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send("POST", "/api/admin/users", JSON.stringify({ name: i % 2 ? "Zed" : "zed" }), ADMIN_TOKEN),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
  });
});
