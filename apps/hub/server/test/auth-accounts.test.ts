// The account store on a real (in-memory) PGlite with the real migrations: tokens hashed at rest, Bearer and
// Basic credentials, the admin token, roles, organizations, revocation, and the namespace rules.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AccountStore, credentialOf } from "../src/auth/account-store.js";
import { INVALID_CREDENTIALS } from "../src/auth/accounts.js";
import type { Db } from "../src/store/db.js";
import { migrate } from "../src/store/migrations.js";
import { testDatabases } from "./backends.js";

const ADMIN = "admin-secret-0123456789abcdef";
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

describe.each(testDatabases())("accounts on $name", (database) => {
  let db: Db;
  let accounts: AccountStore;

  beforeAll(async () => {
    db = await database.open();
    await migrate(db);
    accounts = new AccountStore(db, { adminToken: ADMIN });
  });
  afterAll(async () => {
    await db?.close();
    await database.cleanup();
  });

  describe("tokens", () => {
    test("a token is hf_ + 40 base62 characters, stored only as its sha256", async () => {
      await accounts.createUser("alice");
      const issued = await accounts.createToken("alice", "write", "laptop");
      expect(issued.token).toMatch(/^hf_[A-Za-z0-9]{40}$/);
      expect(issued).toMatchObject({ user: "alice", role: "write", displayName: "laptop" });
      expect(issued.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const rows = await db.query<Record<string, unknown>>("SELECT * FROM hub_tokens");
      expect(JSON.stringify(rows)).not.toContain(issued.token);
      expect(JSON.stringify(rows)).not.toContain(issued.token.slice(3));
      expect(rows.map((row) => row.token_sha256)).toContain(createHash("sha256").update(issued.token).digest("hex"));
    });

    test("Bearer and Basic (any user name, the token as password) give the same user principal", async () => {
      const { token } = await accounts.createToken("alice", "read");
      const expected = { kind: "user", name: "alice", orgs: [], role: "read" };
      expect(await accounts.authenticate(`Bearer ${token}`)).toMatchObject(expected);
      expect(await accounts.authenticate(`bearer   ${token}`)).toMatchObject(expected);
      expect(await accounts.authenticate(basic("whoever", token))).toMatchObject(expected);
    });

    test("no header is anonymous; unknown, malformed, oversized or revoked tokens are invalid", async () => {
      expect(await accounts.authenticate(undefined)).toEqual({ kind: "anonymous" });
      expect(await accounts.authenticate("")).toEqual({ kind: "anonymous" });
      const { token } = await accounts.createToken("alice", "write");
      for (const header of [
        "Bearer undefined",
        `Bearer hf_${"A".repeat(40)}`,
        `Token ${token}`,
        `Bearer ${token}x`,
        `Bearer ${token} extra`,
        basic("alice", ""),
        "Basic !!!notbase64",
        `Bearer ${"x".repeat(5000)}`,
        `Bearer ${token.toLowerCase()}`,
      ])
        expect(await accounts.authenticate(header), header.slice(0, 40)).toBe(INVALID_CREDENTIALS);
      expect(await accounts.revokeToken(token)).toBe(true);
      expect(await accounts.authenticate(`Bearer ${token}`)).toBe(INVALID_CREDENTIALS);
      expect(await accounts.revokeToken(token)).toBe(false);
    });

    test("the admin token is the admin principal, by Bearer or Basic; a store without one has no admin", async () => {
      expect(await accounts.authenticate(`Bearer ${ADMIN}`)).toEqual({ kind: "admin" });
      expect(await accounts.authenticate(basic("root", ADMIN))).toEqual({ kind: "admin" });
      expect(await new AccountStore(db).authenticate(`Bearer ${ADMIN}`)).toBe(INVALID_CREDENTIALS);
    });

    test("token roles and names are checked; tokens are only for existing users", async () => {
      await expect(accounts.createToken("alice", "admin")).rejects.toMatchObject({ status: 400 });
      await expect(accounts.createToken("alice", "write", "x".repeat(101))).rejects.toMatchObject({ status: 400 });
      await expect(accounts.createToken("alice", "write", "bad\nname")).rejects.toMatchObject({ status: 400 });
      await expect(accounts.createToken("nobody", "write")).rejects.toMatchObject({ status: 404 });
    });

    test("credentialOf reads the secret of both schemes", () => {
      expect(credentialOf("Bearer abc")).toBe("abc");
      expect(credentialOf(basic("u", "p:q"))).toBe("p:q");
      expect(credentialOf("Digest abc")).toBeUndefined();
    });
  });

  describe("users and organizations", () => {
    test("an organization's members get it in their principal's orgs", async () => {
      await accounts.createUser("bob");
      await accounts.createUser("carol");
      const org = await accounts.createOrganization("acme", ["bob"]);
      expect(org).toMatchObject({ name: "acme", kind: "org" });
      expect(org.id).toMatch(/^[0-9a-f]{24}$/);
      await accounts.addMember("acme", "carol");
      await accounts.addMember("acme", "carol"); // idempotent
      const { token } = await accounts.createToken("carol", "write");
      expect(await accounts.authenticate(`Bearer ${token}`)).toMatchObject({
        name: "carol",
        orgs: [{ name: "acme", role: "write" }],
      });
      expect((await accounts.organizationsOf("BOB")).map((o) => o.name)).toEqual(["acme"]);
    });

    test("users and organizations share one case-insensitive namespace", async () => {
      await expect(accounts.createUser("ACME")).rejects.toMatchObject({ status: 409 });
      await expect(accounts.createOrganization("Alice")).rejects.toMatchObject({ status: 409 });
      expect(await accounts.namespaceExists("Acme")).toBe(true);
      expect(await accounts.namespaceExists("nobody")).toBe(false);
    });

    test("invalid and reserved names are refused with 400", async () => {
      for (const name of [
        "api",
        "Datasets",
        "spaces",
        "a",
        "-x",
        "x-",
        "a--b",
        "1234",
        "a_b",
        "a/b",
        "é",
        "x".repeat(43),
        42,
        null,
      ])
        await expect(accounts.createUser(name), String(name)).rejects.toMatchObject({ status: 400 });
    });

    test("an organization is created whole or not at all; members must be users", async () => {
      await expect(accounts.createOrganization("ghosts", ["bob", "nobody"])).rejects.toMatchObject({ status: 404 });
      expect(await accounts.namespaceExists("ghosts")).toBe(false);
      await expect(accounts.createOrganization("nested", ["acme"])).rejects.toMatchObject({ status: 404 });
      await expect(accounts.addMember("bob", "carol")).rejects.toMatchObject({ status: 404 });
    });
  });
});
