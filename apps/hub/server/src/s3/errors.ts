// How an S3-compatible object store's failures reach the API: a store that cannot be reached, refuses our
// credentials or answers 5xx is "unavailable" — a 503 with a clear message and Retry-After (app.ts turns any
// ApiError into its status), never a generic 500. What a caller expects (a missing key, a lost conditional write) is
// handled where it happens, before this.
import { ApiError } from "../api/api-error.js";

export class ObjectStoreUnavailableError extends ApiError {
  override readonly name = "ObjectStoreUnavailableError";
  constructor(detail: string, options: { cause?: unknown } = {}) {
    super(503, `Object store unavailable: ${detail}`, { headers: { "Retry-After": "5" } });
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/** The HTTP status the store answered with, when the error is an answer (not a network failure). */
export function s3Status(error: unknown): number | undefined {
  const metadata = (error as { $metadata?: { httpStatusCode?: unknown } } | null)?.$metadata;
  return typeof metadata?.httpStatusCode === "number" ? metadata.httpStatusCode : undefined;
}

/**
 * A missing object: NoSuchKey / NotFound (HEAD has no body, so only its status says so) — but not a missing
 * bucket, which is a misconfigured store (unavailable), not an absent object.
 */
export function isS3NotFound(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "NoSuchBucket") return false;
  return name === "NoSuchKey" || name === "NotFound" || s3Status(error) === 404;
}

/** `error` as an ObjectStoreUnavailableError saying what was being done (`doing`, e.g. "reading xorb ab12…"). */
export function unavailable(doing: string, error: unknown): ObjectStoreUnavailableError {
  if (error instanceof ObjectStoreUnavailableError) return error;
  const status = s3Status(error);
  const name = (error as { name?: unknown } | null)?.name;
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  const what =
    status !== undefined
      ? `HTTP ${status}${typeof name === "string" ? ` ${name}` : ""}`
      : String(code ?? name ?? "error");
  return new ObjectStoreUnavailableError(`${doing}: ${what}: ${message.slice(0, 200)}`, { cause: error });
}
