// Discussions, pull requests and their events in the index (community/schema.ts). Constant SQL with positional
// parameters, on PGlite and PostgreSQL alike. Numbers come from one counter row per repository, bumped inside the
// transaction that inserts the discussion, so two concurrent creations can never get the same number.
import { randomBytes } from "node:crypto";
import { ApiError } from "../api/api-error.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";

export type DiscussionStatus = "open" | "closed" | "merged" | "draft";
export type EventType = "comment" | "status-change" | "title-change";

export interface DiscussionRow {
  num: number;
  title: string;
  author: string;
  isPullRequest: boolean;
  status: DiscussionStatus;
  targetBranch: string | undefined;
  mergeCommit: string | undefined;
  numComments: number;
  createdAt: string;
}

export interface EventRow {
  id: string;
  type: EventType;
  author: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** A comment's stored data: the newest version first in `history`. */
export interface CommentData {
  hidden: boolean;
  history: { raw: string; updatedAt: string; author: string }[];
}

export interface ListFilters {
  type: "all" | "discussion" | "pull_request";
  status: "all" | "open" | "closed";
  author: string | undefined;
  search: string | undefined;
}

export const PAGE_SIZE = 50;
/** Events one discussion may hold; the page then refuses more (422). */
export const MAX_EVENTS = 1000;
/** Versions of one comment kept; a further edit is refused. */
export const MAX_EDITS = 50;

const keyOf = (repo: RepoRef) => repo.id.toLowerCase();
const newEventId = () => randomBytes(12).toString("hex");
const iso = (value: unknown) => new Date(value instanceof Date ? value : String(value)).toISOString();
/** `%`, `_` and `\` of a user's search text are literal in ILIKE. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

type Row = Record<string, unknown>;

function discussionOf(row: Row): DiscussionRow {
  return {
    num: Number(row.num),
    title: String(row.title),
    author: String(row.author),
    isPullRequest: row.is_pull_request === true,
    status: String(row.status) as DiscussionStatus,
    targetBranch: typeof row.target_branch === "string" ? row.target_branch : undefined,
    mergeCommit: typeof row.merge_commit === "string" ? row.merge_commit : undefined,
    numComments: Number(row.num_comments),
    createdAt: iso(row.created_at),
  };
}

function eventOf(row: Row): EventRow {
  const data = typeof row.data === "string" ? (JSON.parse(row.data) as unknown) : row.data;
  return {
    id: String(row.id),
    type: String(row.type) as EventType,
    author: String(row.author),
    createdAt: iso(row.created_at),
    data: typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {},
  };
}

/** Every table keyed by repository (constant names, never from input). */
const TABLES = ["hub_discussion_events", "hub_discussions", "hub_discussion_counters"] as const;

const SELECT_DISCUSSION = `SELECT num, title, author, is_pull_request, status, target_branch, merge_commit, num_comments,
  created_at FROM hub_discussions`;

export interface NotificationCandidate {
  repoType: string;
  repoKey: string;
  num: number;
  title: string;
  isPullRequest: boolean;
  status: string;
  updatedAt: string;
}

interface CandidateRow extends Record<string, unknown> {
  repo_type: string;
  repo_key: string;
  num: number | string;
  title: string;
  is_pull_request: boolean;
  status: string;
  updated_at: unknown;
}

// notificationCandidates' query: $1 the JSON list of namespaces the user writes to, $2 the user (both lower case),
// $3 the bound.
const NOTIFICATION_CANDIDATES = `
  SELECT d.repo_type, d.repo_key, d.num, d.title, d.is_pull_request, d.status,
    coalesce((SELECT max(e.created_at) FROM hub_discussion_events e
      WHERE e.repo_type = d.repo_type AND e.repo_key = d.repo_key AND e.num = d.num), d.created_at) AS updated_at
  FROM hub_discussions d
  WHERE d.status IN ('open', 'draft') AND (
    split_part(d.repo_key, '/', 1) IN (SELECT jsonb_array_elements_text($1::jsonb))
    OR lower(d.author) = $2
    OR EXISTS (SELECT 1 FROM hub_discussion_events e WHERE e.repo_type = d.repo_type AND e.repo_key = d.repo_key
      AND e.num = d.num AND lower(e.author) = $2))
  ORDER BY updated_at DESC, d.repo_key, d.num
  LIMIT $3`;

export class DiscussionStore {
  constructor(private readonly db: Pick<Db, "query" | "transaction">) {}

  /** A new discussion (with its description as first comment when given); returns its number. */
  async create(
    repo: RepoRef,
    input: {
      title: string;
      author: string;
      isPullRequest: boolean;
      status: DiscussionStatus;
      targetBranch?: string;
      description?: string;
    },
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [counter] = await tx.query<{ last_num: number }>(
        `INSERT INTO hub_discussion_counters (repo_type, repo_key, last_num) VALUES ($1, $2, 1)
         ON CONFLICT (repo_type, repo_key) DO UPDATE SET last_num = hub_discussion_counters.last_num + 1
         RETURNING last_num`,
        [repo.type, keyOf(repo)],
      );
      const num = Number(counter?.last_num);
      if (!Number.isSafeInteger(num) || num < 1) throw new Error("discussion counter returned no number");
      const hasComment = input.description !== undefined && input.description !== "";
      await tx.query(
        `INSERT INTO hub_discussions (repo_type, repo_key, num, title, author, is_pull_request, status, target_branch,
           num_comments) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          repo.type,
          keyOf(repo),
          num,
          input.title,
          input.author,
          input.isPullRequest,
          input.status,
          input.targetBranch ?? null,
          hasComment ? 1 : 0,
        ],
      );
      if (hasComment)
        await insertEvent(tx, repo, num, "comment", input.author, commentData(input.description ?? "", input.author));
      return num;
    });
  }

  async get(repo: RepoRef, num: number): Promise<DiscussionRow | undefined> {
    const [row] = await this.db.query(`${SELECT_DISCUSSION} WHERE repo_type = $1 AND repo_key = $2 AND num = $3`, [
      repo.type,
      keyOf(repo),
      num,
    ]);
    return row === undefined ? undefined : discussionOf(row);
  }

  async list(
    repo: RepoRef,
    filters: ListFilters,
    page: number,
  ): Promise<{ rows: DiscussionRow[]; count: number; open: number; closed: number }> {
    // $3: type filter (null = all), $4: author (null = any), $5: search pattern (null = none).
    const params = [
      repo.type,
      keyOf(repo),
      filters.type === "all" ? null : filters.type === "pull_request",
      filters.author?.toLowerCase() ?? null,
      filters.search === undefined ? null : likePattern(filters.search),
    ];
    const where = `repo_type = $1 AND repo_key = $2 AND ($3::boolean IS NULL OR is_pull_request = $3::boolean)
      AND ($4::text IS NULL OR lower(author) = $4::text) AND ($5::text IS NULL OR title ILIKE $5::text)`;
    const statusClause =
      filters.status === "open"
        ? " AND status IN ('open', 'draft')"
        : filters.status === "closed"
          ? " AND status IN ('closed', 'merged')"
          : "";
    const [counts] = await this.db.query<{ open: string | number; closed: string | number }>(
      `SELECT count(*) FILTER (WHERE status IN ('open', 'draft')) AS open,
         count(*) FILTER (WHERE status IN ('closed', 'merged')) AS closed FROM hub_discussions WHERE ${where}`,
      params,
    );
    const rows = await this.db.query(
      `${SELECT_DISCUSSION} WHERE ${where}${statusClause} ORDER BY num DESC LIMIT ${PAGE_SIZE} OFFSET $6`,
      [...params, page * PAGE_SIZE],
    );
    const open = Number(counts?.open ?? 0);
    const closed = Number(counts?.closed ?? 0);
    const count = filters.status === "open" ? open : filters.status === "closed" ? closed : open + closed;
    return { rows: rows.map(discussionOf), count, open, closed };
  }

  /** The discussion's events, oldest first (at most MAX_EVENTS exist). */
  async events(repo: RepoRef, num: number): Promise<EventRow[]> {
    const rows = await this.db.query(
      `SELECT id, type, author, created_at, data FROM hub_discussion_events
       WHERE repo_type = $1 AND repo_key = $2 AND num = $3 ORDER BY seq LIMIT ${MAX_EVENTS}`,
      [repo.type, keyOf(repo), num],
    );
    return rows.map(eventOf);
  }

  async event(repo: RepoRef, num: number, id: string): Promise<EventRow | undefined> {
    const [row] = await this.db.query(
      `SELECT id, type, author, created_at, data FROM hub_discussion_events
       WHERE repo_type = $1 AND repo_key = $2 AND num = $3 AND id = $4`,
      [repo.type, keyOf(repo), num, id],
    );
    return row === undefined ? undefined : eventOf(row);
  }

  async addComment(repo: RepoRef, num: number, author: string, raw: string): Promise<EventRow> {
    return this.db.transaction(async (tx) => {
      await lockDiscussion(tx, repo, num);
      await tx.query(
        "UPDATE hub_discussions SET num_comments = num_comments + 1 WHERE repo_type = $1 AND repo_key = $2 AND num = $3",
        [repo.type, keyOf(repo), num],
      );
      return insertEvent(tx, repo, num, "comment", author, commentData(raw, author));
    });
  }

  /**
   * Moves the status from one of `from` to `to` and records the event, atomically: a racing change (another
   * close, a merge) makes this one a 409 instead of a second event. `comment` is recorded first when given.
   */
  async changeStatus(
    repo: RepoRef,
    num: number,
    change: { from: readonly DiscussionStatus[]; to: DiscussionStatus; author: string; comment?: string },
    extra: { mergeCommit?: string } = {},
  ): Promise<EventRow> {
    return this.db.transaction(async (tx) => {
      await lockDiscussion(tx, repo, num);
      const moved = await tx.query(
        `UPDATE hub_discussions SET status = $4, merge_commit = coalesce($5, merge_commit)
         WHERE repo_type = $1 AND repo_key = $2 AND num = $3 AND status = ANY($6::text[]) RETURNING num`,
        [repo.type, keyOf(repo), num, change.to, extra.mergeCommit ?? null, [...change.from]],
      );
      if (moved.length === 0) throw new ApiError(409, `This discussion is not ${change.from.join(" or ")}`);
      if (change.comment !== undefined && change.comment !== "") {
        await tx.query(
          "UPDATE hub_discussions SET num_comments = num_comments + 1 WHERE repo_type = $1 AND repo_key = $2 AND num = $3",
          [repo.type, keyOf(repo), num],
        );
        await insertEvent(tx, repo, num, "comment", change.author, commentData(change.comment, change.author));
      }
      return insertEvent(tx, repo, num, "status-change", change.author, { status: change.to });
    });
  }

  async rename(repo: RepoRef, num: number, author: string, title: string): Promise<EventRow> {
    return this.db.transaction(async (tx) => {
      const current = await lockDiscussion(tx, repo, num);
      await tx.query("UPDATE hub_discussions SET title = $4 WHERE repo_type = $1 AND repo_key = $2 AND num = $3", [
        repo.type,
        keyOf(repo),
        num,
        title,
      ]);
      return insertEvent(tx, repo, num, "title-change", author, { from: current.title, to: title });
    });
  }

  /** Replaces a comment's text (a new version on top of its history) or hides it; returns the updated event. */
  async updateComment(
    repo: RepoRef,
    num: number,
    id: string,
    change: { edit: { raw: string; author: string } } | { hide: true },
  ): Promise<EventRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query(
        `SELECT id, type, author, created_at, data FROM hub_discussion_events
         WHERE repo_type = $1 AND repo_key = $2 AND num = $3 AND id = $4 FOR UPDATE`,
        [repo.type, keyOf(repo), num, id],
      );
      if (row === undefined) throw new ApiError(404, "Comment not found");
      const event = eventOf(row);
      if (event.type !== "comment") throw new ApiError(404, "Comment not found");
      const data = storedComment(event.data);
      let next: CommentData;
      if ("hide" in change) next = { hidden: true, history: [] };
      else {
        if (data.hidden) throw new ApiError(403, "A hidden comment cannot be edited");
        if (data.history.length >= MAX_EDITS) throw new ApiError(422, `A comment keeps at most ${MAX_EDITS} versions`);
        next = {
          hidden: false,
          history: [
            { raw: change.edit.raw, updatedAt: new Date().toISOString(), author: change.edit.author },
            ...data.history,
          ],
        };
      }
      await tx.query("UPDATE hub_discussion_events SET data = $2::jsonb WHERE id = $1", [id, JSON.stringify(next)]);
      return { ...event, data: { ...next } };
    });
  }

  /** A move (api/repos.ts): the discussions follow the repository; leftovers at the target id are dropped. */
  async moved(from: RepoRef, to: RepoRef): Promise<void> {
    if (from.type === to.type && keyOf(from) === keyOf(to)) return;
    await this.db.transaction(async (tx) => {
      for (const table of TABLES)
        await tx.query(`DELETE FROM ${table} WHERE repo_type = $1 AND repo_key = $2`, [to.type, keyOf(to)]);
      for (const table of TABLES)
        await tx.query(`UPDATE ${table} SET repo_type = $3, repo_key = $4 WHERE repo_type = $1 AND repo_key = $2`, [
          from.type,
          keyOf(from),
          to.type,
          keyOf(to),
        ]);
    });
  }

  /** A deleted (or newly created) repository has no discussions, and numbering starts again at 1. */
  async forget(repo: RepoRef): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const table of TABLES)
        await tx.query(`DELETE FROM ${table} WHERE repo_type = $1 AND repo_key = $2`, [repo.type, keyOf(repo)]);
    });
  }

  /**
   * Removes a draft PR whose opening commit failed (pull-requests.ts abandonPullRequest): its row and events go, so a
   * refused `create_pr` commit leaves nothing behind. Only a draft: a PR that took a commit is never removed here.
   */
  async removeDraft(repo: RepoRef, num: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const removed = await tx.query(
        "DELETE FROM hub_discussions WHERE repo_type = $1 AND repo_key = $2 AND num = $3 AND status = 'draft' RETURNING num",
        [repo.type, keyOf(repo), num],
      );
      if (removed.length > 0)
        await tx.query("DELETE FROM hub_discussion_events WHERE repo_type = $1 AND repo_key = $2 AND num = $3", [
          repo.type,
          keyOf(repo),
          num,
        ]);
    });
  }

  /** A draft PR that received a commit is open (no event: the commit is the event). */
  async markOpen(repo: RepoRef, num: number): Promise<void> {
    await this.db.query(
      "UPDATE hub_discussions SET status = 'open' WHERE repo_type = $1 AND repo_key = $2 AND num = $3 AND status = 'draft'",
      [repo.type, keyOf(repo), num],
    );
  }

  /** How many discussions and events `author` created in this repository since `since`. */
  async recentActivity(
    repo: RepoRef,
    author: string,
    since: Date,
  ): Promise<{ discussions: number; events: number; oldest: Date | undefined }> {
    const params = [repo.type, keyOf(repo), author.toLowerCase(), since.toISOString()];
    const [created] = await this.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM hub_discussions WHERE repo_type = $1 AND repo_key = $2 AND lower(author) = $3
       AND created_at > $4::timestamptz`,
      params,
    );
    const [events] = await this.db.query<{ n: string | number; oldest: unknown }>(
      `SELECT count(*) AS n, min(created_at) AS oldest FROM hub_discussion_events WHERE repo_type = $1
       AND repo_key = $2 AND lower(author) = $3 AND created_at > $4::timestamptz`,
      params,
    );
    return {
      discussions: Number(created?.n ?? 0),
      events: Number(events?.n ?? 0),
      oldest: events?.oldest === null || events?.oldest === undefined ? undefined : new Date(iso(events.oldest)),
    };
  }

  /**
   * Open discussions and pull requests, newest activity first, in the given namespaces (lower case) or with the
   * user as author or commenter: the candidates of the site's notification count (notifications.ts checks access).
   */
  async notificationCandidates(
    namespaces: readonly string[],
    user: string,
    limit: number,
  ): Promise<NotificationCandidate[]> {
    const rows = await this.db.query<CandidateRow>(NOTIFICATION_CANDIDATES, [
      JSON.stringify(namespaces.map((name) => name.toLowerCase())),
      user.toLowerCase(),
      limit,
    ]);
    return rows.map((row) => ({
      repoType: row.repo_type,
      repoKey: row.repo_key,
      num: Number(row.num),
      title: row.title,
      isPullRequest: row.is_pull_request === true,
      status: row.status,
      updatedAt: iso(row.updated_at),
    }));
  }
}

export function commentData(raw: string, author: string): CommentData {
  return { hidden: false, history: [{ raw, updatedAt: new Date().toISOString(), author }] };
}

/** The stored comment data, tolerating nothing unexpected (a malformed row reads as an empty comment). */
export function storedComment(data: Record<string, unknown>): CommentData {
  const history = Array.isArray(data.history)
    ? data.history.flatMap((entry: unknown) => {
        if (typeof entry !== "object" || entry === null) return [];
        const { raw, updatedAt, author } = entry as Record<string, unknown>;
        return typeof raw === "string" && typeof updatedAt === "string" && typeof author === "string"
          ? [{ raw, updatedAt, author }]
          : [];
      })
    : [];
  return { hidden: data.hidden === true, history };
}

/** Locks the discussion row for this transaction and checks the event cap; 404 when it does not exist. */
async function lockDiscussion(tx: Pick<Db, "query">, repo: RepoRef, num: number): Promise<DiscussionRow> {
  const [row] = await tx.query(`${SELECT_DISCUSSION} WHERE repo_type = $1 AND repo_key = $2 AND num = $3 FOR UPDATE`, [
    repo.type,
    keyOf(repo),
    num,
  ]);
  if (row === undefined) throw new ApiError(404, "Discussion not found");
  const [count] = await tx.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM hub_discussion_events WHERE repo_type = $1 AND repo_key = $2 AND num = $3",
    [repo.type, keyOf(repo), num],
  );
  if (Number(count?.n ?? 0) >= MAX_EVENTS)
    throw new ApiError(422, `This discussion has reached its limit of ${MAX_EVENTS} events`);
  return discussionOf(row);
}

async function insertEvent(
  tx: Pick<Db, "query">,
  repo: RepoRef,
  num: number,
  type: EventType,
  author: string,
  data: CommentData | Record<string, unknown>,
): Promise<EventRow> {
  const [row] = await tx.query(
    `INSERT INTO hub_discussion_events (id, repo_type, repo_key, num, type, author, data)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING id, type, author, created_at, data`,
    [newEventId(), repo.type, keyOf(repo), num, type, author, JSON.stringify(data)],
  );
  if (row === undefined) throw new Error("event insert returned no row");
  return eventOf(row);
}
