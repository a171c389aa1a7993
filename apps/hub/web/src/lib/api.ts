// The server's JSON API as the web app uses it: typed shapes, one fetch helper with readable errors.
import type { ModelData } from "@hubkit/tasks";

export interface ProviderMappingEntry {
  providerId: string;
  status: "live" | "staging";
  task: string;
}

/** A model record as GET /api/models and /api/models/{id} return it (the hub's shape; most fields optional). */
export interface ModelRecord extends ModelData {
  author?: string;
  downloads?: number | null;
  likes?: number | null;
  lastModified?: string;
  createdAt?: string;
  siblings?: Array<{ rfilename: string; size?: number }>;
  inferenceProviderMapping?: Record<string, ProviderMappingEntry>;
}

export interface LibraryEntry {
  key: string;
  prettyLabel: string;
  repoName?: string;
  repoUrl?: string;
  docsUrl?: string;
  filter?: boolean;
  countDownloads?: string;
  hasSnippets: boolean;
  models: number;
}

export class ApiRequestError extends Error {
  override readonly name = "ApiRequestError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** GET a JSON document from the API; a failed request throws an ApiRequestError with the server's message. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<{ data: T; response: Response }> {
  if (!path.startsWith("/api/")) throw new TypeError(`getJson: not an API path: ${path}`);
  let response: Response;
  try {
    response = await fetch(path, { signal, headers: { accept: "application/json" } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError("The server cannot be reached. Is it running?", 0);
  }
  if (!response.ok) throw await responseError(response);
  return { data: (await response.json()) as T, response };
}

/** A failed response as an ApiRequestError: the server's `{"error": …}` message, or the status line. */
export async function responseError(response: Response): Promise<ApiRequestError> {
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") message = body.error;
  } catch {
    // not JSON: keep the status line
  }
  return new ApiRequestError(message, response.status);
}

/** The `cursor` of the next page from a `Link: <…?cursor=X>; rel="next"` header, if any. */
export function nextCursorFromLink(link: string | null): string | undefined {
  if (!link) return undefined;
  for (const part of link.split(",")) {
    const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
    if (match === null) continue;
    const cursor = new URL(match[1], "http://localhost").searchParams.get("cursor");
    if (cursor) return cursor;
  }
  return undefined;
}

export function modelPath(id: string): string {
  return `/models/${id.split("/").map(encodeURIComponent).join("/")}`;
}

export function modelApiPath(id: string, expand: readonly string[] = []): string {
  const query = expand.map((field) => `expand[]=${encodeURIComponent(field)}`).join("&");
  return `/api${modelPath(id)}${query ? `?${query}` : ""}`;
}
