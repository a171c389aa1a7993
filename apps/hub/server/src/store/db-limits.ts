// Limits that keep one slow or piled-up query from stalling the whole server: a deadline per statement, a bound
// on statements running at once, and a bounded queue (in length and in waiting time) in front of them. When the
// queue is full or a statement waits too long the caller gets a DbBusyError, which the API answers as
// 503 + Retry-After instead of letting requests pile up without end.
import { ApiError } from "../api/api-error.js";
import { limitsFromEnv } from "../env-limits.js";

export interface DbLimits {
  /** A statement running longer than this is cancelled (PostgreSQL) or its PGlite worker restarted. */
  statementTimeoutMs: number;
  /** Statements running at once (PostgreSQL: the pool size; PGlite runs one at a time whatever this says). */
  maxConcurrent: number;
  /** Statements (or transactions) waiting for a slot; one more is refused at once. */
  maxQueue: number;
  /** Longest wait in the queue before giving up. */
  queueTimeoutMs: number;
}

export const DEFAULT_DB_LIMITS: DbLimits = {
  statementTimeoutMs: 10_000,
  maxConcurrent: 8,
  maxQueue: 64,
  queueTimeoutMs: 5_000,
};

/** The environment variables of each limit (documented in apps/hub/README.md). */
export const DB_LIMIT_ENV: Record<keyof DbLimits, string> = {
  statementTimeoutMs: "HUBKIT_DB_STATEMENT_TIMEOUT_MS",
  maxConcurrent: "HUBKIT_DB_MAX_CONCURRENT",
  maxQueue: "HUBKIT_DB_MAX_QUEUE",
  queueTimeoutMs: "HUBKIT_DB_QUEUE_TIMEOUT_MS",
};

/** Reads the limits from the environment; a malformed value throws (the caller turns it into a config error). */
export function dbLimitsFromEnv(env: NodeJS.ProcessEnv): DbLimits {
  return limitsFromEnv(env, DEFAULT_DB_LIMITS, DB_LIMIT_ENV, { maxDigits: 9, minimum: { maxQueue: 0 } });
}

/** The database is saturated or a statement ran out of time: retry later (503 + Retry-After). */
export class DbBusyError extends ApiError {
  override readonly name: string = "DbBusyError";
  constructor(message: string, retryAfterSeconds = 1) {
    super(503, message, { headers: { "Retry-After": String(retryAfterSeconds) } });
  }
}

/** A statement exceeded `statementTimeoutMs`. Also a 503: the same request may well succeed when the load is lower. */
export class DbTimeoutError extends DbBusyError {
  override readonly name = "DbTimeoutError";
  constructor(timeoutMs: number) {
    super(`The database query took longer than ${timeoutMs} ms and was cancelled`, 2);
  }
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

/** A counting semaphore with a bounded, time-limited FIFO queue. */
export class QueryGate {
  private active = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    private readonly maxActive: number,
    private readonly maxQueue: number,
    private readonly queueTimeoutMs: number,
  ) {}

  /** Statements running plus waiting (for tests and health). */
  get load(): { active: number; queued: number } {
    return { active: this.active, queued: this.waiting.length };
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.maxActive && this.waiting.length === 0) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxQueue)
      return Promise.reject(new DbBusyError(`The database is busy (${this.waiting.length} queries waiting)`));
    return new Promise((started, failed) => {
      const waiter: Waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.active += 1;
          started();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          failed(new DbBusyError(`The database is busy (waited ${this.queueTimeoutMs} ms for a free slot)`));
        }, this.queueTimeoutMs),
      };
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    this.active -= 1;
    const next = this.waiting.shift();
    next?.start();
  }
}
