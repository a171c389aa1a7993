// Errors the API answers with: a status and a message, sent as `{ "error": message }` (the field both official
// clients and the inference client read), with the message also in `X-Error-Message` and, for the hub's known
// cases, an `X-Error-Code` that picks the Python client's exception (hub-api.md §3.6). Anything else that escapes
// a handler becomes a 500 with a generic message.

export type ApiErrorStatus =
  | 307 // a moved repository's old id (api/repo-redirects.ts)
  | 400
  | 401
  | 403
  | 404
  | 405
  | 409
  | 411
  | 412
  | 413
  | 416
  | 422
  | 429
  | 500
  | 501
  | 502
  | 503
  | 504;

/** The hub's `X-Error-Code` values that the clients act on. */
export type HubErrorCode = "RepoNotFound" | "RevisionNotFound" | "EntryNotFound" | "GatedRepo";

export interface ApiErrorOptions {
  code?: HubErrorCode;
  /** Extra response headers (e.g. `X-Repo-Commit` on an EntryNotFound, `Retry-After` on a 503). */
  headers?: Record<string, string>;
  /** Extra JSON fields beside `error` (e.g. `url` on a 409 from repo creation). */
  body?: Record<string, unknown>;
}

export class ApiError extends Error {
  override readonly name: string = "ApiError";
  readonly code: HubErrorCode | undefined;
  readonly headers: Record<string, string>;
  readonly body: Record<string, unknown>;
  constructor(
    readonly status: ApiErrorStatus,
    message: string,
    options: ApiErrorOptions = {},
  ) {
    super(message);
    this.code = options.code;
    this.headers = options.headers ?? {};
    this.body = options.body ?? {};
  }
}

/** Private and missing repositories answer alike (no existence leak): 404 RepoNotFound, or 401 for anonymous callers. */
export class RepoNotFoundError extends ApiError {
  override readonly name = "RepoNotFoundError";
  constructor(anonymous = false) {
    super(
      anonymous ? 401 : 404,
      anonymous
        ? "Repository not found. If the repo is private, make sure you are authenticated."
        : "Repository not found",
      { code: "RepoNotFound" },
    );
  }
}

export class RevisionNotFoundError extends ApiError {
  override readonly name = "RevisionNotFoundError";
  constructor(revision: string, headers: Record<string, string> = {}) {
    super(404, `Invalid rev id: ${revision.slice(0, 200)}`, { code: "RevisionNotFound", headers });
  }
}

export class EntryNotFoundError extends ApiError {
  override readonly name = "EntryNotFoundError";
  constructor(path: string, headers: Record<string, string> = {}) {
    super(404, `Entry not found: ${path.slice(0, 200)}`, { code: "EntryNotFound", headers });
  }
}

/** The exact text huggingface_hub's tests expect for a stale `parentCommit`. */
export class StaleParentError extends ApiError {
  override readonly name = "StaleParentError";
  constructor() {
    super(412, "The branch was updated since you opened this page. Please refresh and try again.");
  }
}

/** Headers for an ApiError response: the message (ASCII-safe, one line) and the hub error code. */
export function errorHeaders(error: ApiError): Record<string, string> {
  const message = error.message.replace(/[^\x20-\x7e]/g, "?").slice(0, 500);
  return {
    ...error.headers,
    "X-Error-Message": message,
    ...(error.code !== undefined ? { "X-Error-Code": error.code } : {}),
  };
}
