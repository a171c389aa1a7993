// Error hierarchy. Messages are exactly the spec's (inference.md §2.5, §3, §5–§9); the extra fields help debugging.

/** Thrown when a response does not have the shape a task expects (§2.5). */
export class InferenceOutputError extends TypeError {
  constructor(message: string) {
    super(
      `Invalid inference output: ${message}. Use the 'request' method with the same parameters to do a custom call with no type checking.`,
    );
    this.name = "InferenceOutputError";
  }
}

/** Base class of every other error this package throws. */
export class InferenceClientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InferenceClientError";
  }
}

/** Invalid arguments or unsupported provider/task/model combinations, detected before or during request building. */
export class InferenceClientInputError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "InferenceClientInputError";
  }
}

/** The request that failed, with the credentials redacted. */
export interface RedactedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

export interface HttpErrorResponse {
  status: number;
  requestId: string | null;
  body: unknown;
}

/** An HTTP failure of the hub or of a provider (§6, §7, §8). */
export class InferenceClientHttpError extends InferenceClientError {
  readonly status: number;
  readonly requestId: string | null;
  readonly request: RedactedRequest;
  readonly response: HttpErrorResponse;

  constructor(message: string, request: RedactedRequest, response: HttpErrorResponse) {
    super(message);
    this.name = "InferenceClientHttpError";
    this.status = response.status;
    this.requestId = response.requestId;
    this.request = request;
    this.response = response;
  }
}

/** An error event sent inside a stream, or an unparsable stream message (§8). */
export class InferenceClientStreamError extends InferenceClientError {
  constructor(message: string) {
    super(message);
    this.name = "InferenceClientStreamError";
  }
}

/**
 * The `timeout` option expired (§2.3, §9; `kind: "total"`), or no byte arrived for `idleTimeout` ms — before the
 * headers, inside a body or between stream chunks (`kind: "idle"`).
 */
export class InferenceTimeoutError extends InferenceClientError {
  readonly timeout: number;
  readonly kind: "total" | "idle";
  constructor(timeout: number, kind: "total" | "idle" = "total") {
    super(
      kind === "idle"
        ? `Request timed out: no data received for ${timeout} ms (idleTimeout)`
        : `Request timed out after ${timeout} ms`,
    );
    this.name = "InferenceTimeoutError";
    this.timeout = timeout;
    this.kind = kind;
  }
}

/**
 * The request never got a complete answer: DNS failure, refused or reset connection, redirect loop, redirect to a
 * non-HTTP URL… `cause` keeps the underlying error (e.g. undici's `TypeError: fetch failed` and its own cause).
 */
export class InferenceClientNetworkError extends InferenceClientError {
  readonly url: string;
  constructor(message: string, url: string, cause: unknown) {
    super(message);
    this.name = "InferenceClientNetworkError";
    this.url = url;
    this.cause = cause;
  }
}

/** A response body, SSE line or SSE event is larger than its cap; `limit` names the option that raises it. */
export class InferenceClientLimitError extends InferenceClientError {
  readonly limit: string;
  readonly max: number;
  constructor(what: string, limit: string, max: number) {
    super(`${what} exceeds ${limit} (${max}); raise the ${limit} option to accept it`);
    this.name = "InferenceClientLimitError";
    this.limit = limit;
    this.max = max;
  }
}

const SECRET_HEADERS = new Set(["authorization", "x-key", "api-key", "x-api-key"]);

/** Copy of the request init with every credential header replaced (token never leaks into errors/logs). */
export function redactRequest(url: string, init: RequestInit): RedactedRequest {
  const headers: Record<string, string> = {};
  const source = (init.headers ?? {}) as Record<string, string>;
  for (const [name, value] of Object.entries(source)) {
    if (SECRET_HEADERS.has(name.toLowerCase())) {
      const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
      headers[name] = scheme ? `${scheme} [redacted]` : "[redacted]";
    } else {
      headers[name] = value;
    }
  }
  const redacted: RedactedRequest = { url, method: init.method ?? "GET", headers };
  if (typeof init.body === "string") redacted.body = init.body;
  else if (init.body != null) redacted.body = "[binary body]";
  return redacted;
}

/** The error of a failed GET made by the client itself (task list, asset download): no body, no credentials. */
export function getRequestError(message: string, url: string, response: Response): InferenceClientHttpError {
  return new InferenceClientHttpError(message, redactRequest(url, { method: "GET" }), {
    status: response.status,
    requestId: response.headers.get("x-request-id"),
    body: undefined,
  });
}
