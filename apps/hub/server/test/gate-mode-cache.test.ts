// Issue 23: GateStore keeps each repository's gate mode per server (gating/gate-mode-cache.ts). Two stores on two
// connection pools of one PostgreSQL schema stand for two servers: a mode set, moved or forgotten through one is
// seen by the other without waiting for anything but the notification, and a server whose listening connection
// is down keeps nothing it reads meanwhile (the change it would miss is read from the table).
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATE_MODES_CHANNEL } from "../src/gating/gate-mode-cache.js";
import { GateStore } from "../src/gating/gate-store.js";
import { GATING_MIGRATIONS } from "../src/gating/schema.js";
import type { RepoRef } from "../src/repos/repo-ref.js";
import { type Db, openPostgres } from "../src/store/db.js";
import { notifyBusOf } from "../src/store/notify.js";

const url = process.env.TEST_DATABASE_URL;
if (process.env.CI === "true" && (url === undefined || url === ""))
  throw new Error("CI=true but TEST_DATABASE_URL is not set: the gate cache test needs PostgreSQL");

/** Polls `check` every 5 ms for at most `timeoutMs`: a notification takes a few milliseconds to arrive. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resume) => setTimeout(resume, 5));
  }
}

describe.skipIf(url === undefined || url === "")("gate modes cached per server, dropped on every server", () => {
  const schema = `hubkit_test_${randomBytes(6).toString("hex")}`;
  let dbA: Db;
  let dbB: Db;
  let a: GateStore;
  let b: GateStore;
  const ref: RepoRef = { type: "model", id: "alice/Gated" };

  beforeAll(async () => {
    const admin = await openPostgres(url as string);
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.close();
    dbA = await openPostgres(url as string, schema);
    dbB = await openPostgres(url as string, schema);
    for (const migration of GATING_MIGRATIONS) for (const statement of migration.statements) await dbA.query(statement);
    a = new GateStore(dbA);
    b = new GateStore(dbB);
    await notifyBusOf(dbA).ready();
    await notifyBusOf(dbB).ready();
  });
  afterAll(async () => {
    await dbA?.close();
    await dbB?.close();
    const admin = await openPostgres(url as string);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
  });

  it("keeps a mode it read, and drops it on the other server when it is set, moved or forgotten", async () => {
    expect(await b.mode(ref)).toBe(false);
    // Kept: a row written behind the store's back (never done by the hub) is not seen.
    await dbA.query("INSERT INTO hub_repo_gates (repo_type, repo_key, mode) VALUES ('model', 'alice/gated', 'manual')");
    expect(await b.mode(ref)).toBe(false);
    await dbA.query("DELETE FROM hub_repo_gates");

    await a.setMode(ref, "auto");
    await until(async () => (await b.mode(ref)) === "auto", "server B to see the gate set through A");
    await a.setMode({ type: "model", id: "alice/gated" }, false);
    await until(async () => (await b.mode(ref)) === false, "server B to see the gate removed through A");

    await a.setMode(ref, "manual");
    await until(async () => (await b.mode(ref)) === "manual", "the gate again");
    const to: RepoRef = { type: "model", id: "bob/moved" };
    expect(await b.mode(to)).toBe(false);
    await a.moved(ref, to);
    await until(
      async () => (await b.mode(ref)) === false && (await b.mode(to)) === "manual",
      "server B to see the move through A",
    );
    await a.forget(to);
    await until(async () => (await b.mode(to)) === false, "server B to see the gate forgotten through A");
  });

  it("reads a kept mode again once it is older than its bound (a lost notification is not stale for ever)", async () => {
    const other: RepoRef = { type: "model", id: "carol/Bounded" };
    const bounded = new GateStore(dbB, 300);
    expect(await bounded.mode(other)).toBe(false);
    // A gate written without its notification (what a publish lost after the commit leaves behind).
    await dbA.query("INSERT INTO hub_repo_gates (repo_type, repo_key, mode) VALUES ('model', 'carol/bounded', 'auto')");
    try {
      expect(await bounded.mode(other)).toBe(false); // still trusted
      await new Promise((resume) => setTimeout(resume, 350));
      expect(await bounded.mode(other)).toBe("auto");
    } finally {
      await dbA.query("DELETE FROM hub_repo_gates WHERE repo_key = 'carol/bounded'");
    }
  });

  it("keeps nothing while its listening connection is down", async () => {
    expect(await b.mode(ref)).toBe(false);
    // The LISTEN connections of this schema's buses cut (store/notify.ts prefixes its channels with a hash of the
    // schema; other tests' connections on the database are left alone); they reconnect by themselves 250 ms later.
    const prefix = `hk_${createHash("sha256").update(schema).digest("hex").slice(0, 8)}_`;
    await dbA.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
       WHERE datname = current_database() AND query LIKE $1 AND pid <> pg_backend_pid()`,
      [`LISTEN "${prefix}%`],
    );
    await until(async () => !notifyBusOf(dbB).listening(GATE_MODES_CHANNEL), "server B to notice the cut");
    // Read while deaf, then changed through A (B cannot hear of it): B must read the table again.
    expect(await b.mode(ref)).toBe(false);
    await a.setMode(ref, "auto");
    expect(await b.mode(ref)).toBe("auto");
    await until(async () => notifyBusOf(dbB).listening(GATE_MODES_CHANNEL), "server B listening again", 10_000);
    await a.setMode(ref, false);
    await until(async () => (await b.mode(ref)) === false, "server B to hear of changes again");
  });
});
