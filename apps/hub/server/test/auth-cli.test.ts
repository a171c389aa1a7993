// The account CLI (`npm run hub -- …`, i.e. server/src/cli.ts) as a child process on a PGlite data folder: users,
// organizations and tokens it creates work for the account store; errors are one clean line and a non-zero exit.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { AccountStore } from "../src/auth/account-store.js";
import { HUB_DIR, loadConfig } from "../src/config.js";
import { openDatabase } from "../src/server.js";
import { temporaryFolder } from "./files.js";

const data = temporaryFolder("auth-cli");
const env = { ...process.env, HUBKIT_DATA_DIR: data, DATABASE_URL: "" };

function hub(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) =>
    execFile(
      process.execPath,
      ["--conditions=hubkit-source", "--import", "tsx", join(HUB_DIR, "server/src/cli.ts"), ...args],
      { cwd: HUB_DIR, env, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    ),
  );
}

describe("npm run hub", () => {
  test("users, organizations and tokens; the token works against the same database", async () => {
    expect(await hub("users", "create", "alice")).toMatchObject({ code: 0, stdout: "created user alice\n" });
    expect(await hub("users", "create", "bob", "--fullname", "Bob B.")).toMatchObject({ code: 0 });
    expect(await hub("orgs", "create", "acme", "--member", "alice", "--member", "bob")).toMatchObject({
      code: 0,
      stdout: "created organization acme with alice, bob\n",
    });
    const token = await hub("--", "tokens", "create", "--user", "alice", "--role", "write", "--name", "laptop");
    expect(token.code).toBe(0);
    expect(token.stdout).toMatch(/^hf_[A-Za-z0-9]{40}\n$/);
    const db = await openDatabase(loadConfig(env));
    try {
      const principal = await new AccountStore(db).authenticate(`Bearer ${token.stdout.trim()}`);
      // The first member given at creation is the organization's admin.
      expect(principal).toMatchObject({
        kind: "user",
        name: "alice",
        orgs: [{ name: "acme", role: "admin" }],
        role: "write",
      });
      expect((await new AccountStore(db).organizationsOf("bob")).map((org) => org.name)).toEqual(["acme"]);
    } finally {
      await db.close();
    }
    expect(await hub("tokens", "revoke", token.stdout.trim())).toMatchObject({ code: 0, stdout: "revoked\n" });
    const again = await hub("tokens", "revoke", token.stdout.trim());
    expect(again).toMatchObject({ code: 1, stdout: "" });
    expect(again.stderr).toMatch(/^\[hub\] No active token matches/);
  }, 120_000);

  test("bad commands and bad values: one line on stderr, non-zero exit, no stack trace", async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [["users", "create", "api"], 2, /Invalid name "api"/],
      [["users", "create", "alice"], 1, /already taken/],
      [["tokens", "create", "--user", "ghost", "--role", "read"], 1, /not found/],
      [["tokens", "create", "--user", "alice", "--role", "root"], 2, /role/],
      [["tokens", "create", "--user", "alice"], 2, /--role are required/],
      [["users", "frobnicate", "alice"], 2, /unknown command/],
      [["users", "create", "x", "--bogus"], 2, /bogus/],
    ];
    for (const [args, code, message] of cases) {
      const result = await hub(...args);
      expect(result.code, args.join(" ")).toBe(code);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.split("\n")[0]).toMatch(/^\[hub\] /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stdout).toBe("");
    }
  }, 120_000);
});
