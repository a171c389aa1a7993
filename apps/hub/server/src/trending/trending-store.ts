// Trending, as the hub's `trendingScore`: downloads per repository and UTC day, and likes with their time, each
// weighed by its age (half its weight every HALF_LIFE_DAYS days, nothing after WINDOW_DAYS). The sum is stored on
// the repository's row (`trending_activity`, in hundredths) so listings sort by an index (schema.ts); it is
// recomputed for one repository when it is downloaded or liked, and for every active repository once per day, when
// the day changes (decay needs no other event), by one server of those sharing the database. Day rows older than
// KEEP_DAYS are pruned then.
import { runLeased } from "../jobs/lease.js";
import type { RepoType } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { TABLES } from "../store/model-store.js";
import { MAX_ACTIVITY } from "./schema.js";

export const WINDOW_DAYS = 30;
export const HALF_LIFE_DAYS = 7;
/** A like weighs as much as this many downloads of the same day. */
export const LIKE_WEIGHT = 5;
/** Day rows kept (for the 30-day series and the window, with room to spare). */
export const KEEP_DAYS = 90;

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

/**
 * The decayed activity of repositories of type $2 as of day $1 (a date), per lower-case id: downloads of the last
 * WINDOW_DAYS days and likes given then. `$3` limits it to one repository key (NULL = every one).
 */
const SCORES = `SELECT repo_key, sum(weight) AS score FROM (
    SELECT repo_key, downloads * power(0.5::float8, ($1::date - day)::float8 / ${HALF_LIFE_DAYS}) AS weight
    FROM hub_download_days
    WHERE repo_type = $2 AND ($3::text IS NULL OR repo_key = $3::text)
      AND day > $1::date - ${WINDOW_DAYS} AND day <= $1::date
    UNION ALL
    SELECT repo_key, ${LIKE_WEIGHT} * power(0.5::float8,
        ($1::date - (created_at AT TIME ZONE 'UTC')::date)::float8 / ${HALF_LIFE_DAYS}) AS weight
    FROM hub_likes
    WHERE repo_type = $2 AND ($3::text IS NULL OR repo_key = $3::text)
      AND (created_at AT TIME ZONE 'UTC')::date > $1::date - ${WINDOW_DAYS}
      AND (created_at AT TIME ZONE 'UTC')::date <= $1::date
  ) AS events GROUP BY repo_key`;

const activityOf = (score: string) => `least(round(100 * ${score})::bigint, ${MAX_ACTIVITY})`;

/** Rows changed per statement of the daily refresh: each row update also rewrites the row's search keys. */
const REFRESH_CHUNK = 250;
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

  /** Adds `count` downloads of the repository (its stored id) on `day` (default today) and re-scores it. */
  async addDownloads(type: RepoType, id: string, count = 1, day = this.today()): Promise<void> {
    await this.db.query(
      `INSERT INTO hub_download_days (repo_type, repo_key, day, downloads) VALUES ($1, lower($2), $3::date, $4)
       ON CONFLICT (repo_type, repo_key, day) DO UPDATE SET downloads = hub_download_days.downloads + EXCLUDED.downloads`,
      [type, id, day, count],
    );
    await this.rescore(type, id);
  }

  /** Recomputes one repository's activity as of today (after a download, a like or an unlike). */
  async rescore(type: RepoType, id: string): Promise<void> {
    this.refreshInBackground();
    await this.db.query(
      `UPDATE ${TABLES[type]} SET trending_activity = coalesce((
         SELECT ${activityOf("score")} FROM (${SCORES}) AS s), 0)
       WHERE lower(id) = lower($3)`,
      [this.today(), type, id.toLowerCase()],
    );
  }

  /**
   * Starts the day's refresh (decay) when the day changed, without waiting for it: reads meanwhile see yesterday's
   * scores, which differ from today's by one day of decay. A failed refresh is tried again RETRY_MS later.
   */
  refreshInBackground(): void {
    if (this.refreshedDay === this.today() || this.refreshing !== undefined) return;
    if (this.now().getTime() - this.failedAt < RETRY_MS) return;
    this.ensureFresh().catch((error: unknown) => {
      this.failedAt = this.now().getTime();
      console.error(`[hub] trending: the daily refresh failed, retrying later: ${String(error)}`);
    });
  }

  /** Refreshes every repository's activity once per day (decay), pruning old day rows; cheap when done today. */
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
   * Every repository's activity as of `today`: those with events in the window scored, every other one 0. Only rows
   * whose value changes are written, REFRESH_CHUNK per statement, so no statement runs long however many
   * repositories were active. A download recorded while it runs may be left out of that repository's score until
   * its next download or like (a day's refresh is an approximation of a running score anyway).
   */
  async refreshAll(today = this.today()): Promise<void> {
    await this.db.query(`DELETE FROM hub_download_days WHERE day <= $1::date - ${KEEP_DAYS}`, [today]);
    for (const type of TYPES) {
      const table = TABLES[type];
      const scored = await this.db.query<{ repo_key: string; activity: number }>(
        `SELECT repo_key, ${activityOf("score")}::float8 AS activity FROM (${SCORES}) AS s`,
        [today, type, null],
      );
      const stored = await this.db.query<{ key: string; activity: number }>(
        `SELECT lower(id) AS key, trending_activity::float8 AS activity FROM ${table} WHERE trending_activity <> 0`,
      );
      const wanted = new Map(scored.map((row) => [row.repo_key, Number(row.activity)]));
      const current = new Map(stored.map((row) => [row.key, Number(row.activity)]));
      const changes: { key: string; activity: number }[] = [];
      for (const [key, activity] of wanted) if (current.get(key) !== activity) changes.push({ key, activity });
      for (const key of current.keys()) if (!wanted.has(key)) changes.push({ key, activity: 0 });
      for (let start = 0; start < changes.length; start += REFRESH_CHUNK)
        await this.db.query(
          `UPDATE ${table} AS t SET trending_activity = c.activity
           FROM jsonb_to_recordset($1::jsonb) AS c(key text, activity bigint) WHERE lower(t.id) = c.key`,
          [JSON.stringify(changes.slice(start, start + REFRESH_CHUNK))],
        );
    }
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

  /** A rename moves the repository's day rows to its new id (inside the rename's transaction). */
  static async rename(tx: Pick<Db, "query">, type: RepoType, from: string, to: string): Promise<void> {
    if (from.toLowerCase() === to.toLowerCase()) return;
    await tx.query("DELETE FROM hub_download_days WHERE repo_type = $1 AND repo_key = lower($2)", [type, to]);
    await tx.query("UPDATE hub_download_days SET repo_key = lower($3) WHERE repo_type = $1 AND repo_key = lower($2)", [
      type,
      from,
      to,
    ]);
  }

  /** A deleted repository's day rows go with it (a new repository of the same id starts at zero). */
  static async remove(tx: Pick<Db, "query">, type: RepoType, id: string): Promise<void> {
    await tx.query("DELETE FROM hub_download_days WHERE repo_type = $1 AND repo_key = lower($2)", [type, id]);
  }
}
