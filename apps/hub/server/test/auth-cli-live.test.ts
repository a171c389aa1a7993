// The account CLI (`npm run hub -- …`) while the server runs on the same data folder: commands go through the
// server's admin socket (<data>/admin.sock, mode 0600), take effect at once in the running server (tokens work,
// roles apply), report errors as one line, and fall back to the database when the server has stopped.
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { ADMIN_SOCKET_NAME } from "../src/auth/admin-socket.js";
import { HUB_DIR, loadConfig } from "../src/config.js";
import { type RunningServer, startServer } from "../src/server.js";
import { temporaryFolder, writeJsonl } from "./files.js";

const work = temporaryFolder("auth-cli-live");
const data = join(work, "data");
const env = { ...process.env, HUBKIT_DATA_DIR: data, DATABASE_URL: "" };
let server: RunningServer | undefined;

function hub(args: string[], input?: string): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
  const started = performance.now();
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      ["--conditions=hubkit-source", "--import", "tsx", join(HUB_DIR, "server/src/cli.ts"), ...args],
      { cwd: HUB_DIR, env, timeout: 120_000 },
      (error, stdout, stderr) =>
        done({
          code: error ? Number(error.code ?? 1) || 1 : 0,
          stdout,
          stderr,
          ms: performance.now() - started,
        }),
    );
    child.stdin?.end(input ?? "");
  });
}

async function whoami(token: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${server?.url}/api/whoami-v2`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  server = await startServer(
    loadConfig({
      ...env,
      PORT: "0",
      HUBKIT_SEED: writeJsonl(join(work, "seed.jsonl"), [{ id: "seed-org/seed-model", pipeline_tag: "fill-mask" }]),
      HUBKIT_WEB_DIST: join(work, "no-web"),
    }),
  );
}, 180_000);
afterAll(async () => server?.close(), 60_000);

test("the server's admin socket is the owner's only", () => {
  const mode = statSync(join(data, ADMIN_SOCKET_NAME)).mode;
  expect(mode & 0o777).toBe(0o600);
});

test("users, organizations, roles and tokens through the running server, effective at once", async () => {
  const timings: number[] = [];
  const ok = async (args: string[], input?: string) => {
    const result = await hub(args, input);
    expect(result.code, `${args.join(" ")}: ${result.stderr}`).toBe(0);
    timings.push(result.ms);
    return result.stdout.trim();
  };
  expect(await ok(["users", "create", "alice"])).toBe("created user alice");
  expect(await ok(["users", "create", "bob"])).toBe("created user bob");
  expect(await ok(["orgs", "create", "acme", "--member", "alice"])).toBe("created organization acme with alice");
  expect(await ok(["orgs", "add-member", "acme", "bob", "--role", "read"])).toBe("added bob to acme as read");
  const token = await ok(["tokens", "create", "--user", "bob", "--role", "write", "--name", "cli"]);
  expect(token).toMatch(/^hf_[A-Za-z0-9]{40}$/);
  expect((await whoami(token)).body).toMatchObject({ name: "bob", orgs: [{ name: "acme", roleInOrg: "read" }] });
  expect(await ok(["orgs", "set-role", "acme", "bob", "--role", "write"])).toBe("bob is now write in acme");
  expect((await whoami(token)).body).toMatchObject({ orgs: [{ name: "acme", roleInOrg: "write" }] });
  expect(await ok(["orgs", "members", "acme"])).toBe("alice\tadmin\nbob\twrite");
  expect(await ok(["users", "password", "bob"], "bob-password-123\n")).toMatch(/^password set for bob/);
  const login = await fetch(`${server?.url}/api/web/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: "bob", password: "bob-password-123" }),
  });
  expect(login.status).toBe(200);
  expect(await ok(["users", "disable", "bob"])).toBe("disabled user bob");
  expect((await whoami(token)).status).toBe(401);
  expect(await ok(["users", "enable", "bob"])).toBe("enabled user bob");
  expect((await whoami(token)).status).toBe(200);
  expect(await ok(["orgs", "remove-member", "acme", "bob"])).toBe("removed bob from acme");
  expect((await whoami(token)).body).toMatchObject({ orgs: [] });
  expect(await ok(["tokens", "revoke", token])).toBe("revoked");
  expect((await whoami(token)).status).toBe(401);
  expect(await ok(["users", "delete", "bob"])).toBe("deleted user bob");
  // Measured: the whole CLI process (tsx start, one request over the socket).
  console.log(
    `[auth-cli-live] CLI run times with the server running: ${timings.map((ms) => Math.round(ms)).join(", ")} ms`,
  );
  expect(Math.max(...timings)).toBeLessThan(10_000);
}, 240_000);

test("errors through the socket are one line on stderr and a non-zero exit", async () => {
  const cases: Array<[string[], RegExp]> = [
    [["users", "create", "alice"], /already taken/],
    [["users", "create", "seed-org"], /already taken/], // the seed's namespace is an organization
    [["orgs", "remove-member", "acme", "alice"], /last admin/],
    [["users", "delete", "ghost"], /not found/],
    [["orgs", "set-role", "acme", "ghost", "--role", "read"], /not a member/],
  ];
  for (const [args, message] of cases) {
    const result = await hub(args);
    expect(result.code, args.join(" ")).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stdout).toBe("");
  }
  const usage = await hub(["orgs", "set-role", "acme", "alice", "--role", "owner"]);
  expect(usage.code).toBe(2);
}, 240_000);

test("with the server stopped, the CLI opens the database itself", async () => {
  await server?.close();
  server = undefined;
  const result = await hub(["users", "create", "carol"]);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe("created user carol\n");
  console.log(`[auth-cli-live] CLI run time without a server (PGlite opened in-process): ${Math.round(result.ms)} ms`);
}, 240_000);
