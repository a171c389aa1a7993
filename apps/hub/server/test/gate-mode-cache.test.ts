// Issue 23: GateStore keeps each repository's gate mode per server (gating/gate-mode-cache.ts). Two stores on two
// connection pools of one PostgreSQL schema stand for two servers: a mode set, moved or forgotten through one is
// seen by the other without waiting for anything but the notification, and a server whose listening connection
// is down keeps nothing it reads meanwhile (the change it would miss is read from the table). A write's notification
// goes out with its transaction: none for a write rolled back, and a connection lost right after the commit cannot
// keep it from the other server.
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATE_MODES_CHANNEL } from "../src/gating/gate-mode-cache.js";
import { GateStore } from "../src/gating/gate-store.js";
import { GATING_MIGRATIONS } from "../src/gating/schema.js";
import type { RepoRef } from "../src/repos/repo-ref.js";
import { type Db, openPostgres, type SqlParam } from "../src/store/db.js";
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

  /** dbA's handle with its own `query` and `transaction` (the listening connections still dbA's). */
  function dbAWith(query: Db["query"], transaction: Db["transaction"]): Db {
    const dedicated = dbA.dedicatedClient?.bind(dbA);
    return { kind: dbA.kind, query, transaction, close: async () => undefined, dedicatedClient: dedicated };
  }

  it("sends nothing and changes nothing when a gate write rolls back", async () => {
    const other: RepoRef = { type: "model", id: "dave/RolledBack" };
    expect(await b.mode(other)).toBe(false);
    const heard: string[] = [];
    const listening = notifyBusOf(dbB).subscribe(GATE_MODES_CHANNEL, (payload) => heard.push(payload));
    try {
      // Every transaction fails after its work, before its COMMIT (as when its connection is lost there).
      const rolledBack = new GateStore(
        dbAWith(dbA.query.bind(dbA), (work) =>
          dbA.transaction(async (tx) => {
            await work(tx);
            throw new Error("lost before the commit");
          }),
        ),
      );
      await expect(rolledBack.setMode(other, "manual")).rejects.toThrow("lost before the commit");
      await new Promise((resume) => setTimeout(resume, 200)); // a notification takes a few milliseconds
      expect(heard).toEqual([]);
      expect(await dbA.query("SELECT 1 FROM hub_repo_gates WHERE repo_key = 'dave/rolledback'")).toEqual([]);
      expect(await b.mode(other)).toBe(false);
      // The same write committed: heard (server B sees it without waiting for the age bound).
      await a.setMode(other, "manual");
      await until(async () => (await b.mode(other)) === "manual", "server B to see the committed gate", 1_000);
      expect(heard).toContain("model\ndave/rolledback");
    } finally {
      listening.close();
      await dbA.query("DELETE FROM hub_repo_gates WHERE repo_key = 'dave/rolledback'");
    }
  });

  it("tells the other server of a committed gate write even when the connection is lost right after it", async () => {
    const other: RepoRef = { type: "model", id: "erin/Lost" };
    expect(await b.mode(other)).toBe(false); // kept by server B (its bound is 30 s)
    // A handle whose connection is lost as soon as a gate write committed: nothing runs on it after that write.
    let lost = false;
    const losing = dbAWith(
      async <Row extends Record<string, unknown>>(sql: string, params?: readonly SqlParam[]) => {
        if (lost) throw new Error("Connection terminated unexpectedly");
        const rows = await dbA.query<Row>(sql, params);
        if (sql.includes("hub_repo_gates")) lost = true;
        return rows;
      },
      async (work) => {
        if (lost) throw new Error("Connection terminated unexpectedly");
        const value = await dbA.transaction(work);
        lost = true;
        return value;
      },
    );
    const writer = new GateStore(losing);
    await notifyBusOf(losing).ready();
    try {
      // Whether the request saw an error or not, the gate is written: server B must see it well before its bound.
      await writer.setMode(other, "auto").catch(() => undefined);
      expect(await dbA.query("SELECT mode FROM hub_repo_gates WHERE repo_key = 'erin/lost'")).toEqual([
        { mode: "auto" },
      ]);
      await until(
        async () => (await b.mode(other)) === "auto",
        "server B to see the gate written before the loss",
        1_000,
      );
    } finally {
      lost = false; // the handle back (its listening connection reconnects through dbA like the others)
      await dbA.query("DELETE FROM hub_repo_gates WHERE repo_key = 'erin/lost'");
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
