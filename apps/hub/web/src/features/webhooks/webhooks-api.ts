// The signed-in user's webhooks (`/api/settings/webhooks`, the same routes huggingface_hub uses): list, create,
// enable, disable, delete, and one webhook's recent deliveries. Reads send the session cookie; writes go through
// sessionJson (cookie and CSRF header).
import { getJson } from "../../lib/api";
import { sessionJson } from "../../lib/session";

const WATCHED_TYPES = ["user", "org", "model", "dataset", "space"] as const;
export type WatchedType = (typeof WATCHED_TYPES)[number];
export type WebhookDomain = "repo" | "discussion";

export interface WatchedItem {
  type: WatchedType;
  name: string;
}

export interface Webhook {
  id: string;
  url: string;
  watched: WatchedItem[];
  domains: WebhookDomain[];
  secret: string | null;
  disabled: boolean;
  createdAt: string;
}

export interface Delivery {
  id: string;
  event: { action: string; scope: string };
  repo: { type: string; name: string };
  status: "pending" | "delivered" | "failed";
  attempts: number;
  createdAt: string;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
}

export interface NewWebhook {
  url: string;
  watched: WatchedItem[];
  domains: WebhookDomain[];
  secret?: string;
}

const BASE = "/api/settings/webhooks";
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export async function loadWebhooks(signal: AbortSignal): Promise<Webhook[]> {
  return (await getJson<Webhook[]>(BASE, signal)).data;
}

export async function loadDeliveries(id: string, signal: AbortSignal): Promise<Delivery[]> {
  return (await getJson<{ deliveries: Delivery[] }>(`${one(id)}/deliveries?limit=20`, signal)).data.deliveries;
}

export function createWebhook(webhook: NewWebhook): Promise<unknown> {
  return sessionJson(BASE, "POST", webhook);
}

export function setWebhookDisabled(id: string, disabled: boolean): Promise<unknown> {
  return sessionJson(`${one(id)}/${disabled ? "disable" : "enable"}`, "POST", {});
}

export function deleteWebhook(id: string): Promise<unknown> {
  return sessionJson(one(id), "DELETE");
}

/**
 * The watched items of the form's text: one per line, `type:name` (`org:acme`, `dataset:alice/data`), or a bare
 * name (a user) or `owner/name` (a model). Returns the items, or the first line it cannot read.
 */
export function parseWatched(text: string): { items: WatchedItem[] } | { problem: string } {
  const items: WatchedItem[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const colon = line.indexOf(":");
    const type = colon === -1 ? (line.includes("/") ? "model" : "user") : line.slice(0, colon).trim();
    const name = colon === -1 ? line : line.slice(colon + 1).trim();
    if (!(WATCHED_TYPES as readonly string[]).includes(type) || name === "")
      return { problem: `Cannot read "${line.slice(0, 80)}": write user:name, org:name or model:owner/name` };
    items.push({ type: type as WatchedType, name });
  }
  if (items.length === 0) return { problem: "Name at least one user, organization or repository to watch." };
  return { items };
}

/** A watched item as the form writes it. */
export function watchedText(item: WatchedItem): string {
  return `${item.type}:${item.name}`;
}
