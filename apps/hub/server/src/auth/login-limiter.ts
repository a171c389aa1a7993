// Attempts (sign-ins, sign-ups, bad tokens), counted in memory per user name and per client address over a sliding
// window, so that guessing costs real time: after MAX_PER_USER attempts for one name (or MAX_PER_ADDRESS from one
// address) within WINDOW_MS, the route answers 429 with Retry-After until the oldest attempt leaves the window.
// Password routes `reserve` a slot BEFORE hashing, so a concurrent burst cannot get more verdicts than the limit;
// a success gives its slot back (`recordSuccess`). The map is bounded: past MAX_KEYS entries the stale ones are
// dropped, then the oldest.
// Per server, on purpose (issue 23): with N servers behind a load balancer each limit holds per server, so a client
// gets at most N times the attempts (sign-ins: 10 per name per 15 minutes per server, each costing an scrypt, with a
// minimum password length — still far from guessable for a handful of servers). Counting in PostgreSQL instead would
// add a write and a locked count to every failed request and make the database the limiter's bottleneck under the
// very floods it exists to absorb; and check-and-count stays one synchronous step here, which a shared counter
// cannot offer without a transaction per attempt. Deployments with many servers should lower the limits or rely on
// the balancer's rate limiting (apps/hub/README.md, multi-server deployment).

export interface LimiterOptions {
  windowMs: number;
  maxPerUser: number;
  maxPerAddress: number;
  maxKeys: number;
  now: () => number;
}

export const DEFAULT_LIMITS: LimiterOptions = {
  windowMs: 15 * 60 * 1000,
  maxPerUser: 10,
  maxPerAddress: 50,
  maxKeys: 10_000,
  now: Date.now,
};

export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();
  private readonly options: LimiterOptions;

  constructor(options: Partial<LimiterOptions> = {}) {
    this.options = { ...DEFAULT_LIMITS, ...options };
  }

  /** Seconds to wait before trying again, or 0 when an attempt is allowed now. */
  retryAfter(user: string, address: string): number {
    const now = this.options.now();
    const wait = (key: string, max: number) => {
      const recent = this.recent(key, now);
      if (recent.length < max) return 0;
      return Math.max(1, Math.ceil(((recent[recent.length - max] ?? now) + this.options.windowMs - now) / 1000));
    };
    return Math.max(
      wait(`u:${user.toLowerCase()}`, this.options.maxPerUser),
      wait(`a:${address}`, this.options.maxPerAddress),
    );
  }

  /**
   * Counts an attempt now, before its (slow) work, when one is allowed: 0. Otherwise nothing is counted and the
   * answer is the seconds to wait. Check and count are one synchronous step, so concurrent requests cannot all
   * pass the check before any of them is counted.
   */
  reserve(user: string, address: string): number {
    const wait = this.retryAfter(user, address);
    if (wait === 0) this.recordFailure(user, address);
    return wait;
  }

  recordFailure(user: string, address: string): void {
    const now = this.options.now();
    for (const key of [`u:${user.toLowerCase()}`, `a:${address}`]) {
      const recent = this.recent(key, now);
      recent.push(now);
      // Only the newest failures matter for the limit: bound each list.
      this.failures.set(key, recent.slice(-Math.max(this.options.maxPerUser, this.options.maxPerAddress)));
    }
    this.prune(now);
  }

  /**
   * A successful sign-in clears the name's attempts, and gives back the address the slot it reserved (one
   * address may hold many honest users; its failures stay counted).
   */
  recordSuccess(user: string, address?: string): void {
    this.failures.delete(`u:${user.toLowerCase()}`);
    if (address === undefined) return;
    const times = this.failures.get(`a:${address}`);
    if (times !== undefined && times.length > 0) times.pop();
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.options.windowMs);
  }

  private prune(now: number): void {
    if (this.failures.size <= this.options.maxKeys) return;
    for (const [key, times] of this.failures)
      if ((times[times.length - 1] ?? 0) <= now - this.options.windowMs) this.failures.delete(key);
    // Still too many live keys (a flood of names): drop the oldest inserted ones.
    for (const key of this.failures.keys()) {
      if (this.failures.size <= this.options.maxKeys) break;
      this.failures.delete(key);
    }
  }
}
