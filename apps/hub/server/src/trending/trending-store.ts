// Trending, as the hub's `trendingScore`: downloads per repository and UTC day, and likes with their time, each
// weighed by its age (half its weight every HALF_LIFE_DAYS days, nothing after WINDOW_DAYS). The sum is kept per
// active repository in hub_trending (scores.ts), apart from the repository's row, and decays when read
// (listing.ts), so a day passing rewrites nothing; a download adds to it, a like or an unlike recounts it. Once a
// day (started by the day's first read, run by one server of those sharing the database) the events that left the
// window are taken out of the few scores holding them, and day rows older than KEEP_DAYS are pruned.
import { runLeased } from "../jobs/lease.js";
import type { RepoType } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { TABLES } from "../store/model-store.js";
import { addEvents, expire, recount, removeScore, renameScore } from "./scores.js";
import { KEEP_DAYS, WINDOW_DAYS } from "./window.js";

export { HALF_LIFE_DAYS, KEEP_DAYS, LIKE_WEIGHT, WINDOW_DAYS } from "./window.js";

const TYPES = Object.keys(TABLES) as RepoType[];

export interface DownloadDay {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  downloads: number;
}

/** `YYYY-MM-DD` of `at` in UTC. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** After a failed daily refresh, the next read tries again this much later. */
const RETRY_MS = 60_000;
/** The daily refresh's lease (renewed while it runs) and how long a server waits for another one's refresh. */
const REFRESH_LEASE_MS = 60_000;
const REFRESH_WAIT_MS = 10 * 60_000;
const REFRESH_POLL_MS = 250;

export class TrendingStore {
  /** The day of the last whole refresh known to this process (the lease row says it for every server). */
  private refreshedDay: string | undefined;
  private refreshing: Promise<void> | undefined;
  private failedAt = Number.NEGATIVE_INFINITY;

  /** `now` is the clock (tests move it to see decay without waiting days). */
  constructor(
    private readonly db: Db,
    public now: () => Date = () => new Date(),
  ) {}

  today(): string {
    return utcDay(this.now());
  }

  /** Adds `count` downloads of the repository (its stored id) on `day` (default today): its day row and score. */
  async addDownloads(type: RepoType, id: string, count = 1, day = this.today()): Promise<void> {
    this.refreshInBackground();
    await addEvents(this.db, type, id.toLowerCase(), count, day, this.today());
  }

  /** Counts one repository's score again from its events (after a like or an unlike). */
  async rescore(type: RepoType, id: string): Promise<void> {
    this.refreshInBackground();
    await recount(this.db, type, [id.toLowerCase()], this.today());
  }

  /**
   * Starts the day's refresh (expiry) when the day changed, without waiting for it: reads meanwhile still count
   * the events of the day that just left the window (weighing 2^(-30/7) ≈ 5 % of the same events today). A failed
   * refresh is tried again RETRY_MS later.
   */
  refreshInBackground(): void {
    if (this.refreshedDay === this.today() || this.refreshing !== undefined) return;
    if (this.now().getTime() - this.failedAt < RETRY_MS) return;
    this.ensureFresh().catch((error: unknown) => {
      this.failedAt = this.now().getTime();
      console.error(`[hub] trending: the daily refresh failed, retrying later: ${String(error)}`);
    });
  }

  /** Expires the events that left the window once per day, pruning old day rows; cheap when done today. */
  async ensureFresh(): Promise<void> {
    const today = this.today();
    if (this.refreshedDay === today) return;
    if (this.refreshing === undefined)
      this.refreshing = this.refreshOnce(today).finally(() => {
        this.refreshing = undefined;
      });
    await this.refreshing;
  }

  /**
   * The day's refresh by exactly one server of those sharing the database (a lease per day, jobs/lease.ts): this one
   * runs it, or finds it done, or waits while another runs it (a dead one's lease expires after REFRESH_LEASE_MS).
   */
  private async refreshOnce(today: string): Promise<void> {
    const deadline = Date.now() + REFRESH_WAIT_MS;
    for (;;) {
      const outcome = await runLeased(this.db, "trending-refresh", { ttlMs: REFRESH_LEASE_MS, period: today }, () =>
        this.refreshAll(today),
      );
      if (outcome.ran || outcome.why === "done") {
        this.refreshedDay = today;
        return;
      }
      if (Date.now() > deadline) throw new Error("another server's daily refresh did not finish in time");
      await new Promise((resume) => setTimeout(resume, REFRESH_POLL_MS));
    }
  }

  /**
   * The day's maintenance as of `today`: the scores holding an event that left the window counted again (scores.ts
   * expire: only those), day rows older than KEEP_DAYS deleted, and on PGlite (no autovacuum) the score table
   * vacuumed — every download leaves a dead version of its score row behind.
   */
  async refreshAll(today = this.today()): Promise<void> {
    await this.db.query(`DELETE FROM hub_download_days WHERE day <= $1::date - ${KEEP_DAYS}`, [today]);
    await expire(this.db, TYPES, today);
    if (this.db.kind === "pglite") await this.db.query("VACUUM hub_trending");
    this.refreshedDay = today;
  }

  /** The last WINDOW_DAYS days of downloads of one repository, oldest first, days without downloads as 0. */
  async series(type: RepoType, id: string, days = WINDOW_DAYS): Promise<DownloadDay[]> {
    const today = this.today();
    const rows = await this.db.query<{ day: string; downloads: number }>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, downloads::float8 AS downloads FROM hub_download_days
       WHERE repo_type = $1 AND repo_key = lower($2) AND day > $3::date - $4::int AND day <= $3::date`,
      [type, id, today, days],
    );
    const byDay = new Map(rows.map((row) => [row.day, Number(row.downloads)]));
    const end = Date.parse(`${today}T00:00:00Z`);
    const series: DownloadDay[] = [];
    for (let back = days - 1; back >= 0; back -= 1) {
      const date = utcDay(new Date(end - back * 86_400_000));
      series.push({ date, downloads: byDay.get(date) ?? 0 });
    }
    return series;
  }

  /** A rename moves the repository's day rows and score to its new id (inside the rename's transaction). */
  static async rename(tx: Pick<Db, "query">, type: RepoType, from: string, to: string): Promise<void> {
    if (from.toLowerCase() === to.toLowerCase()) return;
    await renameScore(tx, type, from, to);
    await tx.query("DELETE FROM hub_download_days WHERE repo_type = $1 AND repo_key = lower($2)", [type, to]);
    await tx.query("UPDATE hub_download_days SET repo_key = lower($3) WHERE repo_type = $1 AND repo_key = lower($2)", [
      type,
      from,
      to,
    ]);
  }

  /** A deleted repository's day rows and score go with it (a new repository of the same id starts at zero). */
  static async remove(tx: Pick<Db, "query">, type: RepoType, id: string): Promise<void> {
    await removeScore(tx, type, id);
    await tx.query("DELETE FROM hub_download_days WHERE repo_type = $1 AND repo_key = lower($2)", [type, id]);
  }
}
