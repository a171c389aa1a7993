// Password hashing (auth/passwords.ts) and the sign-in limiter (auth/login-limiter.ts), without a server.
import { scryptSync } from "node:crypto";
import { describe, expect, test } from "vitest";
import { LoginLimiter } from "../src/auth/login-limiter.js";
import {
  hashPassword,
  PasswordHashBusyError,
  passwordProblem,
  SCRYPT_PARAMS,
  verifyPassword,
} from "../src/auth/passwords.js";

describe("scrypt password hashes", () => {
  test("a hash names its parameters, has a fresh salt, and verifies only the same password", async () => {
    const a = await hashPassword("correct horse battery");
    const b = await hashPassword("correct horse battery");
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}$`));
    expect(a).not.toBe(b); // per-password salt
    expect(await verifyPassword("correct horse battery", a)).toBe(true);
    expect(await verifyPassword("correct horse batterY", a)).toBe(false);
    expect(await verifyPassword("", a)).toBe(false);
  });

  test("unicode passwords are compared after NFC normalisation", async () => {
    const hash = await hashPassword("caf\u00e9-secret");
    expect(await verifyPassword("cafe\u0301-secret", hash)).toBe(true);
  });

  test("malformed or out-of-bounds stored hashes never verify (and never run an unbounded KDF)", async () => {
    const good = await hashPassword("password-1");
    const [, , r, p, salt, key] = good.split("$");
    for (const stored of [
      "",
      "bcrypt$x",
      good.replace("scrypt", "Scrypt"),
      `scrypt$${2 ** 24}$${r}$${p}$${salt}$${key}`, // N too large: refused before hashing
      `scrypt$1000$${r}$${p}$${salt}$${key}`, // N not a power of two
      `scrypt$16384$64$${p}$${salt}$${key}`,
      `scrypt$16384$${r}$${p}$$${key}`,
      `scrypt$16384$${r}$${p}$${salt}$AAAA`,
    ]) {
      const started = Date.now();
      expect(await verifyPassword("password-1", stored)).toBe(false);
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  test("hashing is bounded: 2 at a time, 64 waiting, the rest refused at once (no unbounded queue)", async () => {
    // A cheap stored hash (N = 2^10, accepted on read) keeps 70 checks fast; the bound is what is tested.
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync("bounded-queue", salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    const attempts = Array.from({ length: 70 }, () => verifyPassword("bounded-queue", stored));
    const results = await Promise.allSettled(attempts);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused.length).toBe(4);
    for (const result of refused)
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(PasswordHashBusyError);
    expect(results.filter((result) => result.status === "fulfilled" && result.value === true)).toHaveLength(66);
    // The slots are free again afterwards.
    expect(await verifyPassword("bounded-queue", stored)).toBe(true);
  }, 60_000);

  test("password rules: 8-128 characters, a string", () => {
    expect(passwordProblem("short")).toMatch(/8-128/);
    expect(passwordProblem("x".repeat(129))).toMatch(/8-128/);
    expect(passwordProblem(12345678)).toMatch(/string/);
    expect(passwordProblem("eight ch")).toBeUndefined();
  });
});

describe("sign-in limiter", () => {
  test("blocks a name after its failures, until the oldest leaves the window; success clears the name", () => {
    let now = 1_000_000;
    const limiter = new LoginLimiter({ windowMs: 60_000, maxPerUser: 3, maxPerAddress: 100, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter("Alice", "1.2.3.4")).toBe(0);
      limiter.recordFailure("alice", "1.2.3.4");
      now += 1000;
    }
    expect(limiter.retryAfter("ALICE", "5.6.7.8")).toBe(57); // by name, from any address
    expect(limiter.retryAfter("bob", "1.2.3.4")).toBe(0);
    now += 57_000;
    expect(limiter.retryAfter("alice", "1.2.3.4")).toBe(0);
    limiter.recordFailure("alice", "1.2.3.4");
    limiter.recordSuccess("alice");
    expect(limiter.retryAfter("alice", "1.2.3.4")).toBe(0);
  });

  test("blocks an address that tries many names; the key map stays bounded", () => {
    const limiter = new LoginLimiter({ windowMs: 60_000, maxPerUser: 100, maxPerAddress: 5, maxKeys: 50 });
    for (let i = 0; i < 5; i++) limiter.recordFailure(`user${i}`, "9.9.9.9");
    expect(limiter.retryAfter("someone-else", "9.9.9.9")).toBeGreaterThan(0);
    for (let i = 0; i < 1000; i++) limiter.recordFailure(`flood${i}`, `10.0.${i >> 8}.${i & 255}`);
    expect((limiter as unknown as { failures: Map<string, number[]> }).failures.size).toBeLessThanOrEqual(50);
  });
});
