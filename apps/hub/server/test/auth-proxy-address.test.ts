// Which address the per-address limits count, on real servers: the socket's peer, whatever X-Forwarded-For a
// client sends (rotating it must not escape the bad-token limit); with HUBKIT_TRUST_PROXY=1, the last
// X-Forwarded-For entry (the one the proxy appended), so clients behind one proxy are counted apart.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BAD_TOKENS_PER_ADDRESS } from "../src/auth/middleware.js";
import { type AuthHub, startAuthHub } from "./auth-harness.js";

let direct: AuthHub;
let proxied: AuthHub;

/** A bad-token request from one loopback source address with the given X-Forwarded-For; its status. */
function badToken(hub: AuthHub, source: string, forwardedFor: string): Promise<number> {
  const url = new URL("/api/whoami-v2", hub.url);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress: source,
        headers: { authorization: "Bearer hf_not-a-real-token", "x-forwarded-for": forwardedFor },
      },
      (response) => {
        response.resume();
        response.on("end", () => done(response.statusCode ?? 0));
      },
    );
    req.on("error", fail);
    req.end();
  });
}

beforeAll(async () => {
  [direct, proxied] = await Promise.all([startAuthHub(), startAuthHub({ HUBKIT_TRUST_PROXY: "1" })]);
}, 120_000);
afterAll(async () => Promise.all([direct?.close(), proxied?.close()]), 60_000);

describe("the client address of the per-address limits", () => {
  test("without a trusted proxy, a client's own X-Forwarded-For does not escape the limit", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= BAD_TOKENS_PER_ADDRESS; attempt++)
      statuses.push(await badToken(direct, "127.0.0.21", `10.0.${attempt >> 8}.${attempt & 255}`));
    expect(statuses.slice(0, BAD_TOKENS_PER_ADDRESS).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);

  test("behind a trusted proxy, clients are counted by the proxy's last X-Forwarded-For entry", async () => {
    // One proxy address (127.0.0.22) for everyone; the client-chosen first entries are ignored.
    for (let attempt = 0; attempt < BAD_TOKENS_PER_ADDRESS; attempt++)
      expect(await badToken(proxied, "127.0.0.22", `203.0.113.${attempt % 250}, 192.0.2.1`)).toBe(401);
    expect(await badToken(proxied, "127.0.0.22", "198.51.100.7, 192.0.2.1")).toBe(429);
    // Another client behind the same proxy still gets its plain 401; a malformed entry falls back to the socket.
    expect(await badToken(proxied, "127.0.0.22", "192.0.2.2")).toBe(401);
    expect(await badToken(proxied, "127.0.0.23", "not-an-address")).toBe(401);
  }, 60_000);
});
