// The limits on guessing, on a real server: sign-up checks the cheap refusals (malformed, reserved, taken names)
// before any password hash and counts every attempt per address; sign-in counts an attempt before hashing, so a
// concurrent burst of wrong passwords gets at most the limit's verdicts and the right password in the same burst
// is refused too; bad tokens are counted per address (429 with Retry-After) while valid ones always work; the
// admin token is compared in constant time. Each scenario comes from its own loopback address (127.0.0.x).
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BAD_TOKENS_PER_ADDRESS } from "../src/auth/middleware.js";
import { scryptRuns } from "../src/auth/passwords.js";
import { sameSecret } from "../src/auth/tokens.js";
import { ADMIN_TOKEN, type AuthHub, startAuthHub } from "./auth-harness.js";

let hub: AuthHub;

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/** One request from a given loopback source address (the limits are per client address). */
function from(
  address: string,
  method: string,
  path: string,
  options: { body?: unknown; authorization?: string } = {},
): Promise<Answer> {
  const url = new URL(path, hub.url);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: address,
        headers: {
          ...(body !== undefined ? { "content-type": "application/json" } : {}),
          ...(options.authorization !== undefined ? { authorization: options.authorization } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const retry = response.headers["retry-after"];
          done({
            status: response.statusCode ?? 0,
            retryAfter: typeof retry === "string" ? retry : undefined,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    req.on("error", fail);
    req.end(body);
  });
}

beforeAll(async () => {
  hub = await startAuthHub();
}, 120_000);
afterAll(async () => hub?.close(), 60_000);

describe("sign-up", () => {
  test("taken (any case), reserved and malformed names are refused before any hash; every attempt counts", async () => {
    const address = "127.0.0.2";
    const join = (username: string) =>
      from(address, "POST", "/api/web/join", { body: { username, password: "a-good-password-1" } });
    expect((await join("early-bird")).status).toBe(200); // a success counts too
    const before = scryptRuns();
    const refused: Array<[string, number]> = [
      ["EARLY-BIRD", 409],
      ["seed-org", 409], // the seed's namespace: an organization nobody signed up for
      ["SEED-ORG", 409],
      ["task-assets", 400],
      ["Settings", 400],
      ["-bad-", 400],
      ["1234", 400],
    ];
    for (const [username, status] of refused) expect((await join(username)).status, username).toBe(status);
    expect(scryptRuns()).toBe(before);
    // 30 attempts an hour per address: 1 success + 7 refusals so far; 22 more refusals fill the window.
    for (let attempt = 0; attempt < 22; attempt++) expect((await join("EARLY-BIRD")).status).toBe(409);
    const limited = await join("another-bird");
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(scryptRuns()).toBe(before);
    // Another address is not affected.
    expect(
      (
        await from("127.0.0.3", "POST", "/api/web/join", {
          body: { username: "late-bird", password: "a-good-password-1" },
        })
      ).status,
    ).toBe(200);
  }, 60_000);
});

describe("sign-in", () => {
  test("a concurrent burst of 30 wrong passwords gets at most 10 verdicts; the right one in the burst is 429", async () => {
    expect(
      (
        await from("127.0.0.4", "POST", "/api/web/join", {
          body: { username: "victim", password: "victim-password-1" },
        })
      ).status,
    ).toBe(200);
    const before = scryptRuns();
    const login = (address: string, password: string) =>
      from(address, "POST", "/api/web/login", { body: { username: "victim", password } });
    const wrong = Array.from({ length: 30 }, (_, n) => login("127.0.0.5", `wrong-password-${n}`));
    // While the wrong ones are still being hashed (two at a time, ~100 ms each), the right password arrives.
    await new Promise((resume) => setTimeout(resume, 50));
    const right = await login("127.0.0.6", "victim-password-1");
    const answers = await Promise.all(wrong);
    const verdicts = answers.filter((answer) => answer.status === 401).length;
    expect(verdicts).toBeLessThanOrEqual(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(30 - verdicts);
    expect(right.status).toBe(429);
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
    // No hash for a refused attempt: at most the 10 verdicts were hashed.
    expect(scryptRuns() - before).toBeLessThanOrEqual(10);
  }, 60_000);
});

describe("tokens", () => {
  test("bad tokens from one address get 429 with Retry-After past the limit; a valid token is never refused", async () => {
    const valid = await (async () => {
      await hub.user("tokenholder");
      return hub.token("tokenholder", "read");
    })();
    const address = "127.0.0.7";
    for (let attempt = 0; attempt < BAD_TOKENS_PER_ADDRESS; attempt++) {
      const bad = `hf_${String(attempt).padStart(40, "x")}`;
      expect((await from(address, "GET", "/api/whoami-v2", { authorization: `Bearer ${bad}` })).status).toBe(401);
    }
    const limited = await from(address, "GET", "/api/whoami-v2", { authorization: "Bearer hf_nope" });
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    // git (Basic) from the same address is limited too; git shows the text.
    const basic = `Basic ${Buffer.from("user:hf_wrong").toString("base64")}`;
    const git = await from(address, "GET", "/seed-org/seed-model.git/info/refs?service=git-upload-pack", {
      authorization: basic,
    });
    expect(git.status).toBe(429);
    // A valid token from the same address still works, and another address still gets its plain 401.
    expect((await from(address, "GET", "/api/whoami-v2", { authorization: `Bearer ${valid}` })).status).toBe(200);
    expect((await from("127.0.0.8", "GET", "/api/whoami-v2", { authorization: "Bearer hf_nope" })).status).toBe(401);
  }, 60_000);

  test("the admin token is compared in constant time, and only the exact token is the admin", async () => {
    // sameSecret compares the sha256 of both (equal lengths), so any length is compared without throwing.
    expect(sameSecret(ADMIN_TOKEN, ADMIN_TOKEN)).toBe(true);
    for (const other of [
      "",
      "x",
      ADMIN_TOKEN.slice(0, -1),
      `${ADMIN_TOKEN}x`,
      ADMIN_TOKEN.toUpperCase(),
      "y".repeat(10_000),
    ])
      expect(sameSecret(other, ADMIN_TOKEN)).toBe(false);
    const address = "127.0.0.9";
    for (const near of [ADMIN_TOKEN.slice(0, -1), `${ADMIN_TOKEN}0`, ADMIN_TOKEN.replace(/.$/, "x")])
      expect((await from(address, "GET", "/api/whoami-v2", { authorization: `Bearer ${near}` })).status).toBe(401);
    const admin = await from(address, "GET", "/api/whoami-v2", { authorization: `Bearer ${ADMIN_TOKEN}` });
    expect(JSON.parse(admin.body)).toMatchObject({ name: "admin", auth: { accessToken: { role: "admin" } } });
  });
});
