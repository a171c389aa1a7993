// The visitor's browser session (server: api/web-account.ts): who is signed in, their organizations, and the CSRF
// token every cookie-authenticated write must carry (`X-CSRF-Token`; without it the server treats the request as
// anonymous). Asked once per page load and shared by the header and the pages through a tiny store.
import { useSyncExternalStore } from "react";
import { ApiRequestError } from "./api";

export interface SessionInfo {
  user: { name: string; fullname: string };
  orgs: string[];
  csrfToken: string;
  expiresAt: string;
}

/** undefined = not known yet; null = a visitor. */
export type SessionState = SessionInfo | null | undefined;

let current: SessionState;
let loading: Promise<SessionInfo | null> | undefined;
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  current = next;
  for (const listener of listeners) listener();
}

/** The server's error message from a failed response (`{"error": …}`), or its status line. */
export async function errorOf(response: Response): Promise<ApiRequestError> {
  let message = `${response.status} ${response.statusText}`.trim();
  try {
    const body = (await response.json()) as { error?: unknown; message?: unknown };
    if (typeof body.error === "string") message = body.error;
    else if (typeof body.message === "string") message = body.message;
  } catch {
    // not JSON: keep the status line
  }
  if (response.status === 429) {
    const wait = response.headers.get("retry-after");
    if (wait !== null && !message.includes(wait)) message = `${message} (try again in ${wait} s)`;
  }
  return new ApiRequestError(message, response.status);
}

export function loadSession(): Promise<SessionInfo | null> {
  loading ??= fetch("/api/web/session", { headers: { accept: "application/json" }, credentials: "same-origin" })
    .then(async (response) => {
      if (!response.ok) throw await errorOf(response);
      const body = (await response.json()) as SessionInfo | { user: null };
      const session = body.user === null ? null : (body as SessionInfo);
      set(session);
      return session;
    })
    .catch(() => {
      loading = undefined; // asked again later; meanwhile the visitor is shown as signed out
      set(null);
      return null;
    });
  return loading;
}

/** The session, re-rendering when it is known or changes. Starts the request on first use. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      if (current === undefined) void loadSession();
      return () => listeners.delete(listener);
    },
    () => current,
    () => undefined,
  );
}

/**
 * A write to the API (or the LFS endpoints) as the signed-in user: same-origin cookie plus the CSRF header.
 * Throws an ApiRequestError with the server's message when the answer is not 2xx.
 */
export async function sessionFetch(path: string, init: RequestInit = {}): Promise<Response> {
  if (!path.startsWith("/")) throw new TypeError(`sessionFetch: not a same-origin path: ${path}`);
  const session = await loadSession();
  const headers = new Headers(init.headers);
  if (session !== null) headers.set("X-CSRF-Token", session.csrfToken);
  if (!headers.has("accept")) headers.set("accept", "application/json");
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: "same-origin" });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiRequestError("The server cannot be reached. Is it running?", 0);
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** POST/PUT/DELETE a JSON body with the session; resolves with the parsed answer (or null for a non-JSON one). */
export async function sessionJson<T>(path: string, method: string, body?: unknown): Promise<T> {
  const response = await sessionFetch(path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } } : {}),
  });
  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    return null as T;
  }
}

/** Sign-in, sign-up and sign-out change who the whole page is for: a full load refreshes every cached answer. */
export function reloadAt(path: string): void {
  window.location.assign(path);
}

export async function signOut(): Promise<void> {
  await sessionJson("/api/web/logout", "POST", {});
  set(null);
  reloadAt("/");
}

/** Where to go after signing in: only a same-site path (`/x`, never `//host` or a scheme), else home. */
export function safeNext(next: string | null): string {
  if (next === null || !next.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return /[\u0000-\u001f]/.test(next) ? "/" : next;
}
