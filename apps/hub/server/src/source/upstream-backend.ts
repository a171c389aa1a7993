// Proxies reads to a real hub (HUBKIT_UPSTREAM_HUB). Inputs are validated before anything is forwarded, ids are
// URL-encoded per segment, and an upstream failure becomes a 502/504 with a clear message (an ApiError: expected
// failures are answered, never logged with a stack trace). Every exchange is bounded by UpstreamLimits.
import { ApiError } from "../api/api-error.js";
import { parseModelQuery } from "../api/model-query.js";
import type { HubBackend, ModelListPage } from "./backend.js";
import { DEFAULT_UPSTREAM_LIMITS, type UpstreamLimits } from "./upstream-limits.js";

/** Reads `response`'s body up to `maxBytes` (decoded), cancelling the stream beyond it. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (response.body === null) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new ApiError(502, `Upstream hub answered with a body over the ${maxBytes}-byte limit`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The `cursor` of the `rel="next"` link in a Link header, if any. */
export function nextCursorFromLink(link: string | null): string | undefined {
  if (link === null) return undefined;
  for (const part of link.split(",")) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match === null) continue;
    try {
      return new URL(match[1] ?? "", "http://upstream.invalid").searchParams.get("cursor") ?? undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export class UpstreamBackend implements HubBackend {
  private readonly base: string;

  constructor(
    upstream: string,
    private readonly fetcher: typeof fetch = (...args) => fetch(...args),
    private readonly limits: UpstreamLimits = DEFAULT_UPSTREAM_LIMITS,
  ) {
    const url = new URL(upstream);
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new Error(`HUBKIT_UPSTREAM_HUB must be an http(s) URL, got ${upstream}`);
    this.base = url.href.replace(/\/+$/, "");
  }

  describe(): Record<string, unknown> {
    return { mode: "upstream", upstream: this.base };
  }

  private async get(
    path: string,
    timeoutMs = this.limits.timeoutMs,
  ): Promise<{ status: number; body: unknown; link: string | null }> {
    // One deadline for connecting, the headers and the whole body: a body that trickles is a timeout too.
    const signal = AbortSignal.timeout(timeoutMs);
    const timedOut = () => new ApiError(504, `Upstream hub did not answer within ${timeoutMs / 1000} s`);
    let response: Response;
    try {
      response = await this.fetcher(`${this.base}${path}`, { headers: { accept: "application/json" }, signal });
    } catch (error) {
      if (signal.aborted) throw timedOut();
      throw new ApiError(502, `Upstream hub unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    let text: string;
    try {
      text = await readCapped(response, this.limits.maxBodyBytes);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal.aborted) throw timedOut();
      throw new ApiError(
        502,
        `Upstream hub's answer broke off: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError(502, `Upstream hub answered ${response.status} with a body that is not JSON`);
    }
    return { status: response.status, body, link: response.headers.get("link") };
  }

  async searchModels(params: URLSearchParams): Promise<ModelListPage> {
    parseModelQuery(params);
    const { status, body, link } = await this.get(`/api/models?${params.toString()}`);
    if (status >= 400 && status < 500 && isRecord(body) && typeof body.error === "string")
      throw new ApiError(400, `Upstream hub: ${body.error}`);
    if (status !== 200 || !Array.isArray(body)) throw new ApiError(502, `Upstream hub answered ${status} to a search`);
    const nextCursor = nextCursorFromLink(link);
    return { models: body, ...(nextCursor !== undefined ? { nextCursor } : {}) };
  }

  async getModel(id: string, expand: readonly string[]): Promise<Record<string, unknown> | undefined> {
    const path = id.split("/").map(encodeURIComponent).join("/");
    const query = new URLSearchParams(expand.map((field): [string, string] => ["expand[]", field]));
    const { status, body } = await this.get(`/api/models/${path}${expand.length > 0 ? `?${query}` : ""}`);
    if (status === 404 || status === 401) return undefined;
    if (status !== 200 || !isRecord(body)) throw new ApiError(502, `Upstream hub answered ${status} for model ${id}`);
    return body;
  }

  async tasks(): Promise<Record<string, unknown>> {
    const { status, body } = await this.get("/api/tasks");
    if (status !== 200 || !isRecord(body)) throw new ApiError(502, `Upstream hub answered ${status} for the tasks`);
    return body;
  }

  async libraryCounts(): Promise<Map<string, number>> {
    return new Map();
  }

  /** Probes the upstream (a one-model search): while it is unreachable, /api/health answers 503, not "ok". */
  async health(): Promise<Record<string, unknown>> {
    try {
      const { status } = await this.get("/api/models?limit=1", this.limits.healthTimeoutMs);
      if (status !== 200) throw new ApiError(502, `Upstream hub answered ${status} to a search`);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ApiError(503, reason, { body: { status: "upstream-unavailable", ...this.describe() } });
    }
    return this.describe();
  }

  async close(): Promise<void> {}
}
