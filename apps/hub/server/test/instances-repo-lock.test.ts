// The repository lock of several servers on one PostgreSQL (instances/repo-lock.ts), two lock pools standing for two
// servers: writes to one repository take turns, other repositories do not wait, a wait past the bound is a 503 with
// Retry-After, and a write that fails still lets the next one in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PostgresRepoLocks, repoLockKey } from "../src/instances/repo-lock.js";
import { testDatabaseUrl } from "./multi-server-harness.js";

const url = testDatabaseUrl();

describe.skipIf(url === undefined)("repository locks across servers (PostgreSQL advisory locks)", () => {
  let a: PostgresRepoLocks;
  let b: PostgresRepoLocks;
  beforeAll(() => {
    a = new PostgresRepoLocks(url as string, { repoLockTimeoutMs: 30_000, repoLockConnections: 2 });
    b = new PostgresRepoLocks(url as string, { repoLockTimeoutMs: 600, repoLockConnections: 2 });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it("keys are stable per repository and differ between repositories", () => {
    expect(repoLockKey("models/alice/x")).toBe(repoLockKey("models/alice/x"));
    expect(repoLockKey("models/alice/x")).not.toBe(repoLockKey("datasets/alice/x"));
  });

  it("one repository's writes take turns; another repository's do not wait; past the bound a 503", async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const holding = new Promise<void>((done) => {
      release = done;
    });
    let started: () => void = () => {};
    const held = new Promise<void>((done) => {
      started = done;
    });
    const first = a.hold("models/alice/locked", async () => {
      order.push("a:start");
      started();
      await holding;
      order.push("a:end");
    });
    await held;
    // Another repository: no wait.
    expect(await b.hold("models/alice/other", async () => "free")).toBe("free");
    // The same repository on the other "server": refused after its 600 ms bound.
    const waitedFrom = Date.now();
    await expect(b.hold("models/alice/locked", async () => order.push("b:never"))).rejects.toMatchObject({
      status: 503,
      headers: { "Retry-After": "2" },
    });
    expect(Date.now() - waitedFrom).toBeGreaterThanOrEqual(500);
    // A waiter that is in time runs once the holder is done, not before.
    const second = a.hold("models/alice/locked", async () => order.push("a2"));
    await new Promise((done) => setTimeout(done, 200));
    expect(order).toEqual(["a:start"]);
    release();
    await first;
    await second;
    expect(order).toEqual(["a:start", "a:end", "a2"]);
  });

  it("a write that throws releases the lock", async () => {
    await expect(
      a.hold("models/alice/failing", async () => {
        throw new Error("the commit failed");
      }),
    ).rejects.toThrow("the commit failed");
    expect(await b.hold("models/alice/failing", async () => "next")).toBe("next");
  });
});
