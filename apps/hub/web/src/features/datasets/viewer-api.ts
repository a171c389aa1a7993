// The hub's dataset-viewer API as the viewer page uses it: the hosted service's routes and JSON shapes (`/splits`,
// `/size`, `/rows`, `/search`, `/filter`, `/statistics`, `/parquet`) under the hub's base path, and one fetch helper
// whose errors say whether the conversion is still pending or has failed (the service's `X-Error-Code`).

/** Where the hub serves the dataset-viewer API (HUBKIT_DATASETS_SERVER_PATH's default; server dataset-viewer/README.md). */
const VIEWER_API_BASE = "/api/datasets-server";

/** Most rows one `/rows`, `/search` or `/filter` call answers (the service refuses more). */
export const PAGE_LENGTH = 100;

/** A datasets `Features` entry: `{_type: "Value", dtype}`, `{_type: "ClassLabel", names}`, `{_type: "Image"}`, … */
export type FeatureType = { _type?: string; dtype?: string; names?: string[]; [key: string]: unknown } | unknown[];

export interface Feature {
  feature_idx: number;
  name: string;
  type: FeatureType;
}

export interface SplitEntry {
  dataset: string;
  config: string;
  split: string;
}

export interface PendingOrFailed {
  dataset?: string;
  config?: string;
  split?: string;
  error?: unknown;
}

export interface SplitsAnswer {
  splits: SplitEntry[];
  pending?: PendingOrFailed[];
  failed?: PendingOrFailed[];
}

export interface RowEntry {
  row_idx: number;
  row: Record<string, unknown>;
  truncated_cells: string[];
}

export interface RowsAnswer {
  features: Feature[];
  rows: RowEntry[];
  num_rows_total: number;
  num_rows_per_page: number;
  partial: boolean;
}

export interface SizeAnswer {
  size: {
    splits?: Array<{ config: string; split: string; num_rows: number; num_bytes_parquet_files?: number }>;
  };
}

export interface Histogram {
  hist: number[];
  bin_edges: number[];
}

/** Per-column statistics; which fields are present depends on the column type. */
export interface ColumnStatistics {
  nan_count?: number;
  nan_proportion?: number;
  min?: number | string | null;
  max?: number | string | null;
  mean?: number | null;
  median?: number | null;
  std?: number | null;
  histogram?: Histogram | null;
  n_unique?: number;
  no_label_count?: number;
  frequencies?: Record<string, number>;
}

export interface ColumnStatisticsEntry {
  column_name: string;
  column_type: string;
  column_statistics: ColumnStatistics;
}

export interface StatisticsAnswer {
  num_examples: number;
  statistics: ColumnStatisticsEntry[];
  partial: boolean;
}

export interface ParquetFile {
  dataset: string;
  config: string;
  split: string;
  url: string;
  filename: string;
  size: number;
}

export interface ParquetAnswer {
  parquet_files: ParquetFile[];
}

/** Why the service did not answer: still converting, conversion failed, refused (4xx), or anything else. */
export type ViewerProblemKind = "pending" | "failed" | "refused" | "unavailable";

export class ViewerApiError extends Error {
  override readonly name = "ViewerApiError";
  constructor(
    message: string,
    readonly status: number,
    readonly kind: ViewerProblemKind,
    /** The service's `X-Error-Code`, when it sent one. */
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

/** The error code the service uses while a dataset's conversion is queued or running. */
const PENDING_CODES = new Set(["ResponseNotReady"]);

/** The kind of a failed answer from its status, error code and message (pure, unit-tested). */
export function problemKind(status: number, code: string | undefined, message: string): ViewerProblemKind {
  if ((code !== undefined && PENDING_CODES.has(code)) || (status === 500 && /not ready/i.test(message)))
    return "pending";
  // A 404 without the service's error code: no such route, the service is not running on this hub.
  if (status === 404 && code === undefined) return "unavailable";
  if (status === 400 || status === 401 || status === 403 || status === 404 || status === 422) return "refused";
  // 501 and a conversion error code: the conversion of this revision failed; 500 without a code: a server fault.
  if (status >= 500 && status !== 502 && status !== 503 && status !== 504) return "failed";
  return "unavailable";
}

/** The URL of one route of the API with its query parameters (empty values left out). */
function viewerApiUrl(route: string, params: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== "") query.set(key, String(value));
  return `${VIEWER_API_BASE}/${route}?${query.toString()}`;
}

/** The message of an `{"error": …}` body (a string, or the service's nested `{error: {error: …}}`), if any. */
export function errorMessageOf(body: unknown): string | undefined {
  if (typeof body === "string") return body;
  if (typeof body !== "object" || body === null) return undefined;
  const inner = (body as { error?: unknown }).error;
  if (typeof inner === "string") return inner;
  return errorMessageOf(inner);
}

export async function viewerGet<T>(
  route: string,
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(viewerApiUrl(route, params), { signal, headers: { accept: "application/json" } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ViewerApiError("The server cannot be reached. Is it running?", 0, "unavailable", undefined);
  }
  if (response.ok) return (await response.json()) as T;
  const code = response.headers.get("x-error-code") ?? undefined;
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    message = errorMessageOf(await response.json()) ?? message;
  } catch {
    // not JSON: keep the status line
  }
  throw new ViewerApiError(message, response.status, problemKind(response.status, code, message), code);
}
