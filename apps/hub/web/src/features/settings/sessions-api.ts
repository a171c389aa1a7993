// The signed-in user's browser sessions (`/api/web/sessions`): list, end one, end all (this browser included).
import { getJson } from "../../lib/api";
import { sessionJson } from "../../lib/session";

export interface BrowserSession {
  id: string;
  createdAt: string;
  expiresAt: string;
  /** The session of this browser. */
  current: boolean;
}

export async function loadSessions(signal: AbortSignal): Promise<BrowserSession[]> {
  return (await getJson<BrowserSession[]>("/api/web/sessions", signal)).data;
}

export function endSession(id: string): Promise<unknown> {
  return sessionJson(`/api/web/sessions/${encodeURIComponent(id)}`, "DELETE");
}

export function endAllSessions(): Promise<unknown> {
  return sessionJson("/api/web/sessions/revoke-all", "POST", {});
}
