// Every route's first steps: the `dataset` parameter, the hub's access decision (private = missing, gated = the
// gate), and the dataset's conversion state as the service's errors (queued/running → 500 ResponseNotReady,
// failed → 501 with the conversion's code). Routes only see a converted dataset.
import type { Context } from "hono";
import { ApiError } from "../api/api-error.js";
import { readableRepo } from "../api/repo-access.js";
import type { HubEnv } from "../auth/principal.js";
import { assertDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import type { ConversionResult, ConversionRow, ConvertedSplit } from "./conversion-store.js";
import { invalid } from "./filter-parser.js";
import type { DatasetViewerService } from "./service.js";

export function viewerError(status: 400 | 404 | 500 | 501, code: string, message: string): ApiError {
  return new ApiError(status, message, { headers: { "X-Error-Code": code } });
}

export function requiredParam(c: Context, name: string): string {
  const value = c.req.query(name);
  if (value === undefined || value === "")
    throw viewerError(400, "ParameterMissingError", `Parameter '${name}' is required`);
  if (value.length > 2000) throw invalid(`Parameter '${name}' is too long`);
  return value;
}

export function integerParam(c: Context, name: string, fallback: number, max: number): number {
  const value = c.req.query(name);
  if (value === undefined || value === "") return fallback;
  if (!/^[0-9]{1,15}$/.test(value)) throw invalid(`Parameter '${name}' must be a non-negative integer`);
  const number = Number(value);
  if (number > max) throw invalid(`Parameter '${name}' must be at most ${max}`);
  return number;
}

export interface ReadableDataset {
  ref: RepoRef;
  row: ConversionRow;
}

/** The dataset of `?dataset=` if the caller may read (and download) it, with its conversion row. */
export async function readableDataset(
  ctx: HubContext,
  viewer: DatasetViewerService,
  c: Context<HubEnv>,
): Promise<ReadableDataset> {
  const id = requiredParam(c, "dataset");
  const ref = await readableRepo(ctx, c, { type: "dataset", id });
  await assertDownloadAllowed(ctx, c, ref);
  const row = await viewer.current(ref);
  if (row === undefined) throw viewerError(500, "ResponseNotReady", "The dataset has no default branch yet");
  return { ref, row };
}

/** The conversion result, or the service's error for a dataset being converted or that failed. */
export function converted(row: ConversionRow): ConversionResult {
  if (row.state === "done" && row.result !== undefined) return row.result;
  if (row.state === "error")
    throw viewerError(501, row.errorCode ?? "DatasetConversionError", row.errorMessage ?? "The conversion failed");
  throw viewerError(
    500,
    "ResponseNotReady",
    "The response is not ready yet: the dataset is being converted to Parquet. Please retry later.",
  );
}

export function findSplit(result: ConversionResult, config: string, split: string): ConvertedSplit {
  const found = result.configs.find((entry) => entry.config === config)?.splits.find((entry) => entry.split === split);
  if (found === undefined) throw viewerError(404, "ResponseNotFound", "Not found: no such config or split");
  return found;
}

export function findConfig(result: ConversionResult, config: string | undefined): ConversionResult["configs"] {
  if (config === undefined || config === "") return result.configs;
  const found = result.configs.filter((entry) => entry.config === config);
  if (found.length === 0) throw viewerError(404, "ResponseNotFound", "Not found: no such config");
  return found;
}
