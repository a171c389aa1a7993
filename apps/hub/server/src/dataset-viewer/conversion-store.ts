// The conversion rows (schema.ts): one per dataset, the revision it is about and where its job stands. Constant
// SQL with positional parameters, on PGlite and PostgreSQL alike.
import type { Db } from "../store/db.js";
import type { ConversionErrorCode } from "./conversion-error.js";
import type { Feature } from "./features.js";

export interface ConvertedSplit {
  config: string;
  split: string;
  numRows: number;
  /** `feature`: the column's `datasets` feature when its type does not say it (Image, Audio, ClassLabel). */
  columns: { name: string; type: string; feature?: Feature }[];
  /** The split's Parquet files, in order: name in the ref, bytes, and the path under the viewer's files folder. */
  files: { filename: string; size: number; local: string }[];
  uncompressedBytes: number;
  sourceBytes: number;
}

export interface ConversionResult {
  configs: { config: string; splits: ConvertedSplit[] }[];
  sourceBytes: number;
  convertCommit: string;
}

export type ConversionState = "queued" | "running" | "done" | "error";

export interface ConversionRow {
  repoKey: string;
  repoId: string;
  revision: string;
  state: ConversionState;
  attempts: number;
  errorCode: ConversionErrorCode | undefined;
  errorMessage: string | undefined;
  result: ConversionResult | undefined;
}

interface RawRow extends Record<string, unknown> {
  repo_key: string;
  repo_id: string;
  revision: string;
  state: ConversionState;
  attempts: number;
  error_code: string | null;
  error_message: string | null;
  result: ConversionResult | string | null;
}

const COLUMNS = "repo_key, repo_id, revision, state, attempts, error_code, error_message, result";

function rowOf(raw: RawRow): ConversionRow {
  return {
    repoKey: raw.repo_key,
    repoId: raw.repo_id,
    revision: raw.revision,
    state: raw.state,
    attempts: Number(raw.attempts),
    errorCode: (raw.error_code ?? undefined) as ConversionErrorCode | undefined,
    errorMessage: raw.error_message ?? undefined,
    result: raw.result === null ? undefined : typeof raw.result === "string" ? JSON.parse(raw.result) : raw.result,
  };
}

export const repoKeyOf = (id: string) => id.toLowerCase();

export class ConversionStore {
  constructor(private readonly db: Pick<Db, "query">) {}

  async get(repoId: string): Promise<ConversionRow | undefined> {
    const rows = await this.db.query<RawRow>(`SELECT ${COLUMNS} FROM hub_dataset_conversions WHERE repo_key = $1`, [
      repoKeyOf(repoId),
    ]);
    return rows[0] === undefined ? undefined : rowOf(rows[0]);
  }

  /** Queues `revision` unless the row is already about it; true when a job was queued. */
  async queue(repoId: string, revision: string): Promise<boolean> {
    const rows = await this.db.query<{ repo_key: string }>(
      `INSERT INTO hub_dataset_conversions (repo_key, repo_id, revision, state, attempts, updated_at)
       VALUES ($1, $2, $3, 'queued', 0, now())
       ON CONFLICT (repo_key) DO UPDATE SET repo_id = $2, revision = $3, state = 'queued', attempts = 0,
         error_code = NULL, error_message = NULL, lease_owner = NULL, lease_until = NULL, updated_at = now()
         WHERE hub_dataset_conversions.revision <> $3
       RETURNING repo_key`,
      [repoKeyOf(repoId), repoId, revision],
    );
    return rows.length > 0;
  }

  /**
   * Takes the oldest queued job not in `busy` (datasets converting here now), marks it running and leases it to
   * `owner` for `leaseMs`. Servers sharing the database claim at the same time: SKIP LOCKED hands each a different
   * row (a row another claim holds is passed over, not waited for), so no job runs twice.
   */
  async claim(busy: readonly string[], owner: string, leaseMs: number): Promise<ConversionRow | undefined> {
    const rows = await this.db.query<RawRow>(
      `UPDATE hub_dataset_conversions SET state = 'running', attempts = attempts + 1, lease_owner = $2,
         lease_until = clock_timestamp() + $3::int * interval '1 millisecond', updated_at = now()
       WHERE repo_key = (SELECT repo_key FROM hub_dataset_conversions
                         WHERE state = 'queued' AND NOT (repo_key = ANY($1::text[]))
                         ORDER BY updated_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         AND state = 'queued'
       RETURNING ${COLUMNS}`,
      [[...busy], owner, leaseMs],
    );
    return rows[0] === undefined ? undefined : rowOf(rows[0]);
  }

  /** Extends the lease of a running job; false when it is no longer this owner's (re-queued, taken over). */
  async renew(repoId: string, revision: string, owner: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE hub_dataset_conversions SET lease_until = clock_timestamp() + $4::int * interval '1 millisecond'
       WHERE repo_key = $1 AND revision = $2 AND state = 'running' AND lease_owner = $3 RETURNING repo_key`,
      [repoKeyOf(repoId), revision, owner, leaseMs],
    );
    return rows.length > 0;
  }

  /** Owners whose lease on a running job has not expired (their work folders are in use). */
  async liveOwners(): Promise<string[]> {
    const rows = await this.db.query<{ lease_owner: string }>(
      `SELECT DISTINCT lease_owner FROM hub_dataset_conversions
       WHERE state = 'running' AND lease_owner IS NOT NULL AND lease_until >= clock_timestamp()`,
    );
    return rows.map((row) => row.lease_owner);
  }

  /** Datasets of the index whose conversion is missing or of another head than the indexed one (at most `limit`). */
  async staleDatasets(limit: number): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `SELECT d.id FROM hub_datasets d LEFT JOIN hub_dataset_conversions c ON c.repo_key = lower(d.id)
       WHERE c.repo_key IS NULL OR c.revision IS DISTINCT FROM d.sha ORDER BY d.id LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Jobs left running by a server that died, seen by their expired lease: queued again (their attempts count
   * stays). `takeOver`: every running job not `owner`'s is a dead process's (PGlite: one process per database).
   */
  async requeueExpired(owner: string, takeOver: boolean): Promise<number> {
    const rows = await this.db.query<{ repo_key: string }>(
      `UPDATE hub_dataset_conversions SET state = 'queued', lease_owner = NULL, lease_until = NULL, updated_at = now()
       WHERE state = 'running' AND (lease_until IS NULL OR lease_until < clock_timestamp()
         OR ($2::boolean AND lease_owner IS DISTINCT FROM $1))
       RETURNING repo_key`,
      [owner, takeOver],
    );
    return rows.length;
  }

  /** Finishes `owner`'s job of `revision` (no effect if a newer revision was queued meanwhile); true when recorded. */
  async finish(
    repoId: string,
    revision: string,
    owner: string,
    outcome: { result: ConversionResult } | { errorCode: ConversionErrorCode; errorMessage: string },
  ): Promise<boolean> {
    const rows =
      "result" in outcome
        ? await this.db.query(
            `UPDATE hub_dataset_conversions SET state = 'done', result = $3::jsonb, error_code = NULL,
               error_message = NULL, updated_at = now()
             WHERE repo_key = $1 AND revision = $2 AND state = 'running' AND lease_owner = $4 RETURNING repo_key`,
            [repoKeyOf(repoId), revision, JSON.stringify(outcome.result), owner],
          )
        : await this.db.query(
            `UPDATE hub_dataset_conversions SET state = 'error', error_code = $3, error_message = $4, result = NULL,
               updated_at = now()
             WHERE repo_key = $1 AND revision = $2 AND state = 'running' AND lease_owner = $5 RETURNING repo_key`,
            [repoKeyOf(repoId), revision, outcome.errorCode, outcome.errorMessage.slice(0, 2000), owner],
          );
    return rows.length > 0;
  }

  /** Puts `owner`'s running job back in the queue (a transient failure). */
  async retry(repoId: string, revision: string, owner: string): Promise<void> {
    await this.db.query(
      `UPDATE hub_dataset_conversions SET state = 'queued', lease_owner = NULL, lease_until = NULL, updated_at = now()
       WHERE repo_key = $1 AND revision = $2 AND state = 'running' AND lease_owner = $3`,
      [repoKeyOf(repoId), revision, owner],
    );
  }

  /** Whether the job of `revision` is still running under `owner`'s lease (not re-queued, not taken over). */
  async holds(repoId: string, revision: string, owner: string): Promise<boolean> {
    const rows = await this.db.query(
      `SELECT 1 FROM hub_dataset_conversions WHERE repo_key = $1 AND revision = $2 AND state = 'running'
         AND lease_owner = $3 AND lease_until >= clock_timestamp()`,
      [repoKeyOf(repoId), revision, owner],
    );
    return rows.length > 0;
  }

  async cachedStatistics(repoId: string, revision: string, config: string, split: string): Promise<unknown> {
    const rows = await this.db.query<{ body: unknown }>(
      "SELECT body FROM hub_dataset_statistics WHERE repo_key = $1 AND revision = $2 AND config = $3 AND split = $4",
      [repoKeyOf(repoId), revision, config, split],
    );
    const body = rows[0]?.body;
    return typeof body === "string" ? JSON.parse(body) : body;
  }

  async storeStatistics(repoId: string, revision: string, config: string, split: string, body: unknown) {
    await this.db.query(
      `INSERT INTO hub_dataset_statistics (repo_key, revision, config, split, body) VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT (repo_key, revision, config, split) DO NOTHING`,
      [repoKeyOf(repoId), revision, config, split, JSON.stringify(body)],
    );
    // Older revisions' statistics are of files no longer served.
    await this.db.query("DELETE FROM hub_dataset_statistics WHERE repo_key = $1 AND revision <> $2", [
      repoKeyOf(repoId),
      revision,
    ]);
  }
}
