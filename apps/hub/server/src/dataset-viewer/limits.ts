// The dataset viewer's limits and base path, from the environment (HUBKIT_DATASETS_*), checked once at start.

export interface DatasetViewerLimits {
  /** Where the API is served (HUBKIT_DATASETS_SERVER_PATH). */
  basePath: string;
  /** Source bytes a dataset may have to be converted (HUBKIT_DATASETS_MAX_BYTES). */
  maxSourceBytes: number;
  /** Conversions at the same time (HUBKIT_DATASETS_CONVERT_CONCURRENCY). */
  convertConcurrency: number;
  /** Query workers (HUBKIT_DATASETS_WORKERS). */
  queryWorkers: number;
  /** DuckDB memory per worker (HUBKIT_DATASETS_MEMORY_LIMIT, DuckDB syntax: `512MB`). */
  memoryLimit: string;
  /** Per-query time limit in ms (HUBKIT_DATASETS_QUERY_TIMEOUT_MS). */
  queryTimeoutMs: number;
  /** Time limit of one conversion step in ms (HUBKIT_DATASETS_CONVERT_TIMEOUT_MS). */
  convertTimeoutMs: number;
  /** Longest line a CSV/JSON Lines/text source may have, in bytes (HUBKIT_DATASETS_MAX_LINE_BYTES). */
  maxLineBytes: number;
  /** Rows per Parquet row group of the converted files. */
  rowGroupRows: number;
  /**
   * A conversion job's lease (HUBKIT_DATASETS_LEASE_MS): renewed every third of it while the job runs; a job whose
   * server died is taken over by another server once it has expired.
   */
  leaseMs: number;
  /** How often the queue is polled for other servers' jobs and expired leases (HUBKIT_DATASETS_POLL_MS). */
  pollMs: number;
}

const DEFAULT_DATASET_VIEWER_LIMITS: DatasetViewerLimits = {
  basePath: "/api/datasets-server",
  maxSourceBytes: 5 * 1024 ** 3,
  convertConcurrency: 1,
  queryWorkers: 2,
  memoryLimit: "512MB",
  queryTimeoutMs: 10_000,
  convertTimeoutMs: 10 * 60_000,
  maxLineBytes: 16 * 1024 ** 2,
  rowGroupRows: 10_000,
  leaseMs: 60_000,
  pollMs: 10_000,
};

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  if (!/^[1-9][0-9]{0,15}$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new Error(`${name} must be a positive integer, got ${JSON.stringify(text.slice(0, 40))}`);
  return Number(text);
}

export function datasetViewerLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): DatasetViewerLimits {
  const base = env.HUBKIT_DATASETS_SERVER_PATH ?? DEFAULT_DATASET_VIEWER_LIMITS.basePath;
  if (!/^(\/[A-Za-z0-9._-]+)+$/.test(base))
    throw new Error(
      `HUBKIT_DATASETS_SERVER_PATH must be a path like /api/datasets-server, got ${JSON.stringify(base)}`,
    );
  const memory = env.HUBKIT_DATASETS_MEMORY_LIMIT ?? DEFAULT_DATASET_VIEWER_LIMITS.memoryLimit;
  if (!/^[1-9][0-9]{0,6}(KB|MB|GB)$/.test(memory))
    throw new Error(`HUBKIT_DATASETS_MEMORY_LIMIT must look like 512MB, got ${JSON.stringify(memory.slice(0, 40))}`);
  const d = DEFAULT_DATASET_VIEWER_LIMITS;
  const leaseMs = positiveInteger(env, "HUBKIT_DATASETS_LEASE_MS", d.leaseMs);
  const pollMs = positiveInteger(env, "HUBKIT_DATASETS_POLL_MS", d.pollMs);
  // Timers and the database's interval arithmetic take at most a day here.
  for (const [name, value] of [
    ["HUBKIT_DATASETS_LEASE_MS", leaseMs],
    ["HUBKIT_DATASETS_POLL_MS", pollMs],
  ] as const)
    if (value > 86_400_000) throw new Error(`${name} must be at most 86400000 (a day), got ${value}`);
  return {
    basePath: base,
    maxSourceBytes: positiveInteger(env, "HUBKIT_DATASETS_MAX_BYTES", d.maxSourceBytes),
    convertConcurrency: positiveInteger(env, "HUBKIT_DATASETS_CONVERT_CONCURRENCY", d.convertConcurrency),
    queryWorkers: positiveInteger(env, "HUBKIT_DATASETS_WORKERS", d.queryWorkers),
    memoryLimit: memory,
    queryTimeoutMs: positiveInteger(env, "HUBKIT_DATASETS_QUERY_TIMEOUT_MS", d.queryTimeoutMs),
    convertTimeoutMs: positiveInteger(env, "HUBKIT_DATASETS_CONVERT_TIMEOUT_MS", d.convertTimeoutMs),
    maxLineBytes: positiveInteger(env, "HUBKIT_DATASETS_MAX_LINE_BYTES", d.maxLineBytes),
    rowGroupRows: d.rowGroupRows,
    leaseMs,
    pollMs,
  };
}
