// One slow statement must not stall the server: PGlite runs in a worker (the event loop keeps turning), a
// statement past its deadline is cut off (the folder reopens with its data), and a saturated queue answers
// 503 + Retry-After at once instead of piling requests up. The same limits hold on a PostgreSQL server.
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { createApp } from "../src/app.js";
import { LocalBackend } from "../src/source/local-backend.js";
import { type Db, openPglite, openPostgres } from "../src/store/db.js";
import { DbBusyError, type DbLimits, DbTimeoutError, dbLimitsFromEnv } from "../src/store/db-limits.js";
import { ModelStore } from "../src/store/model-store.js";
import { WebAssets } from "../src/web-assets.js";
import { temporaryFolder } from "./files.js";
import { FIXTURE_MODELS } from "./fixtures.js";

const work = temporaryFolder("db-limits");
const LIMITS: DbLimits = { statementTimeoutMs: 800, maxConcurrent: 2, maxQueue: 3, queueTimeoutMs: 5_000 };
const opened: Db[] = [];
afterAll(async () => {
  for (const db of opened) await db.close();
});

/** The longest gap between 10 ms timer ticks while `work` runs: how long the event loop was blocked. */
async function eventLoopStall<T>(work: Promise<T>): Promise<{ stall: number; outcome: PromiseSettledResult<T> }> {
  let last = performance.now();
  let stall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last);
    last = now;
  }, 10);
  const [outcome] = await Promise.allSettled([work]);
  clearInterval(timer);
  return { stall, outcome: outcome as PromiseSettledResult<T> };
}

it("cuts off a statement past its deadline with a 503 while the event loop keeps turning, and keeps the data", async () => {
  const db = await openPglite(join(work, "deadline"), LIMITS);
  opened.push(db);
  await db.query("CREATE TABLE kept (n int)");
  await db.query("INSERT INTO kept VALUES (1), (2), (3)");

  const started = performance.now();
  const { stall, outcome } = await eventLoopStall(db.query("SELECT pg_sleep(60)"));
  const elapsed = performance.now() - started;
  expect(outcome.status).toBe("rejected");
  const error = (outcome as PromiseRejectedResult).reason as unknown;
  expect(error).toBeInstanceOf(DbTimeoutError);
  expect((error as DbTimeoutError).status).toBe(503);
  expect((error as DbTimeoutError).headers["Retry-After"]).toMatch(/^\d+$/);
  expect(elapsed).toBeLessThan(LIMITS.statementTimeoutMs + 1_000);
  expect(stall).toBeLessThan(100);

  // The worker was replaced; the folder reopened with every committed row.
  expect(await db.query("SELECT count(*)::int AS n FROM kept")).toEqual([{ n: 3 }]);
}, 60_000);

it("answers 503 with Retry-After when the queue is full, and serves again once it drains", async () => {
  const db = await openPglite(join(work, "queue"), { ...LIMITS, statementTimeoutMs: 1_500 });
  opened.push(db);
  const store = await ModelStore.open(db);
  await store.upsert(FIXTURE_MODELS);
  const app = createApp({ backend: new LocalBackend(store), web: new WebAssets(join(work, "no-web")) });

  const slow = db.query("SELECT pg_sleep(60)").catch((error: unknown) => error);
  const requests = await Promise.all(
    Array.from({ length: 8 }, async () => await app.request("/api/models?search=llama")),
  );
  const statuses = requests.map((response) => response.status);
  // One statement runs (the slow one), three wait; the other five are refused at once.
  expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(5);
  const refused = requests.find((response) => response.status === 503);
  if (refused === undefined) throw new Error("no request was refused");
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(((await refused.json()) as { error: string }).error).toMatch(/busy/);
  expect(await slow).toBeInstanceOf(DbTimeoutError);

  const after = await app.request("/api/models?search=llama");
  expect(after.status).toBe(200);
  expect(((await after.json()) as unknown[]).length).toBeGreaterThan(0);
}, 60_000);

it("gives up on a queue wait past queueTimeoutMs with a DbBusyError", async () => {
  const db = await openPglite(undefined, { ...LIMITS, statementTimeoutMs: 5_000, queueTimeoutMs: 300 });
  opened.push(db);
  const slow = db.query("SELECT pg_sleep(1.5)");
  const started = performance.now();
  await expect(db.query("SELECT 1")).rejects.toBeInstanceOf(DbBusyError);
  expect(performance.now() - started).toBeLessThan(1_200);
  await slow;
  expect(await db.query("SELECT 1 AS one")).toEqual([{ one: 1 }]);
}, 30_000);

it("reads the limits from the environment and refuses malformed values", () => {
  expect(dbLimitsFromEnv({ HUBKIT_DB_STATEMENT_TIMEOUT_MS: "250", HUBKIT_DB_MAX_QUEUE: "0" })).toMatchObject({
    statementTimeoutMs: 250,
    maxQueue: 0,
  });
  expect(() => dbLimitsFromEnv({ HUBKIT_DB_MAX_CONCURRENT: "0" })).toThrow("HUBKIT_DB_MAX_CONCURRENT");
  expect(() => dbLimitsFromEnv({ HUBKIT_DB_STATEMENT_TIMEOUT_MS: "1e3" })).toThrow("HUBKIT_DB_STATEMENT_TIMEOUT_MS");
});

const postgresUrl = process.env.TEST_DATABASE_URL;
it.skipIf(postgresUrl === undefined || postgresUrl === "")(
  "applies statement_timeout and the bounded queue on PostgreSQL",
  async () => {
    const db = await openPostgres(postgresUrl ?? "", undefined, { ...LIMITS, maxConcurrent: 1, maxQueue: 1 });
    opened.push(db);
    const slow = db.query("SELECT pg_sleep(30)");
    const waiting = db.query("SELECT 1 AS one");
    await expect(db.query("SELECT 2")).rejects.toBeInstanceOf(DbBusyError);
    await expect(slow).rejects.toBeInstanceOf(DbTimeoutError);
    expect(await waiting).toEqual([{ one: 1 }]);
  },
  30_000,
);
