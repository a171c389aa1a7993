// Readiness for /api/health, for a load balancer or an orchestrator deciding whether to send this server requests:
// the database answers (`SELECT 1`), the repository volume takes a write (a probe file created and removed), and
// the object store does too (the folder store: the same probe; another store brings its own check). Each check has
// a deadline, so a hung NFS mount or database makes the answer a prompt 503 naming the check, never a hung health
// request. A server shutting down (draining its uploads) is not ready either.
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubBackend } from "../source/backend.js";
import type { Db } from "../store/db.js";

export type CheckResult = { status: "ok" } | { status: "fail"; error: string };

export interface ReadinessReport {
  ready: boolean;
  stopping: boolean;
  checks: Record<string, CheckResult>;
}

export interface Readiness {
  report(): Promise<ReadinessReport>;
  /** From now on the server is not ready (shutdown has begun). */
  stop(): void;
}

/** A check passes when its promise resolves within the deadline. */
export type ReadinessCheck = () => Promise<void>;

/** Creates and removes a small file in `dir`: the volume is mounted, writable and answering. */
export function folderProbe(dir: string): ReadinessCheck {
  return async () => {
    const probe = join(dir, `.hubkit-health-${randomBytes(6).toString("hex")}`);
    try {
      await writeFile(probe, "ok", { flag: "wx" });
    } finally {
      await rm(probe, { force: true });
    }
  };
}

/** `SELECT 1` on the server's database. */
export function databaseProbe(db: Pick<Db, "query">): ReadinessCheck {
  return async () => {
    await db.query("SELECT 1");
  };
}

async function withDeadline(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<CheckResult>((done) => {
    timer = setTimeout(() => done({ status: "fail", error: `no answer within ${timeoutMs} ms` }), timeoutMs);
  });
  const run = check().then(
    (): CheckResult => ({ status: "ok" }),
    (error: unknown): CheckResult => ({
      status: "fail",
      error: (error instanceof Error ? error.message : String(error)).slice(0, 300),
    }),
  );
  try {
    return await Promise.race([run, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The checks by name (`database`, `repositories`, `objects`), each run in parallel under `timeoutMs`. */
export function readiness(checks: Record<string, ReadinessCheck>, timeoutMs: number): Readiness {
  let stopping = false;
  return {
    async report() {
      const names = Object.keys(checks);
      const results = await Promise.all(names.map((name) => withDeadline(checks[name] as ReadinessCheck, timeoutMs)));
      const report: Record<string, CheckResult> = {};
      names.forEach((name, i) => {
        report[name] = results[i] as CheckResult;
      });
      return { ready: !stopping && results.every((result) => result.status === "ok"), stopping, checks: report };
    },
    stop() {
      stopping = true;
    },
  };
}

/**
 * GET /api/health. Without readiness checks (upstream mode, bare apps) it answers as always: the backend's
 * description, or the backend's own 503. With them: 200 `{status: "ok", …, checks}` when every check passed, else
 * 503 `{status: "not-ready" | "stopping", checks}` with the failed check's error.
 */
export function registerHealth(app: Hono<HubEnv>, backend: HubBackend, checks: Readiness | undefined): void {
  app.get("/api/health", async (c) => {
    if (checks === undefined) return c.json({ status: "ok", ...(await backend.health()) });
    const report = await checks.report();
    const notReady = (list: Record<string, CheckResult>) =>
      c.json({ status: report.stopping ? "stopping" : "not-ready", checks: list }, 503);
    if (!report.ready) return notReady(report.checks);
    let details: Record<string, unknown>;
    try {
      details = await backend.health();
    } catch (error) {
      // The database answered `SELECT 1` a moment ago but not the backend's own query: not ready either.
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 300);
      return notReady({ ...report.checks, database: { status: "fail", error: message } });
    }
    return c.json({ status: "ok", ...details, checks: report.checks });
  });
}
