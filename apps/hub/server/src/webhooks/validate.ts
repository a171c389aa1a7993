// The body of `POST /api/settings/webhooks` and `POST /api/settings/webhooks/{id}` (huggingface_hub's
// create_webhook / update_webhook): `watched`, `domains`, `url`, `secret`. Every field is checked and bounded; a
// bad one is a 400 naming it. On update an absent field (and `watched: []`, which update_webhook sends when the
// caller passed no watched items) keeps the stored value.
import { ApiError } from "../api/api-error.js";
import { isValidNamespace, isValidRepoId } from "../repos/repo-ref.js";
import { MAX_SECRET_LENGTH, MAX_URL_LENGTH, MAX_WATCHED_ITEMS } from "./limits.js";
import {
  WATCHED_TYPES,
  type WatchedItem,
  type WatchedType,
  WEBHOOK_DOMAINS,
  type Webhook,
  type WebhookDomain,
  type WebhookFields,
} from "./webhook-store.js";

const CONTROL = /[\u0000-\u001f\u007f]/;

function watchedItem(value: unknown, index: number): WatchedItem {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ApiError(400, `"watched[${index}]" must be an object {"type", "name"}`);
  const { type, name } = value as Record<string, unknown>;
  if (type === "bucket") throw new ApiError(400, "Buckets are not supported by this hub: watch a user, org or repo");
  if (typeof type !== "string" || !(WATCHED_TYPES as readonly string[]).includes(type))
    throw new ApiError(400, `"watched[${index}].type" must be one of ${WATCHED_TYPES.join(", ")}`);
  if (typeof name !== "string" || name.length > 200)
    throw new ApiError(400, `"watched[${index}].name" must be a name (a string)`);
  const valid = type === "user" || type === "org" ? isValidNamespace(name) : isValidRepoId(name);
  if (!valid)
    throw new ApiError(
      400,
      `"watched[${index}].name" is not a valid ${type === "user" || type === "org" ? `${type} name` : `${type} id (namespace/name)`}: ${JSON.stringify(name.slice(0, 100))}`,
    );
  return { type: type as WatchedType, name };
}

function watchedList(value: unknown): WatchedItem[] {
  if (!Array.isArray(value)) throw new ApiError(400, '"watched" must be a list of {"type", "name"} items');
  if (value.length > MAX_WATCHED_ITEMS) throw new ApiError(400, `A webhook watches at most ${MAX_WATCHED_ITEMS} items`);
  const seen = new Set<string>();
  const items: WatchedItem[] = [];
  value.forEach((entry, index) => {
    const item = watchedItem(entry, index);
    const key = `${item.type}:${item.name.toLowerCase()}`;
    if (!seen.has(key)) items.push(item);
    seen.add(key);
  });
  return items;
}

function domainList(value: unknown): WebhookDomain[] {
  if (!Array.isArray(value) || value.length === 0 || value.length > 10)
    throw new ApiError(400, `"domains" must be a non-empty list of ${WEBHOOK_DOMAINS.join(", ")}`);
  const domains = new Set<WebhookDomain>();
  for (const entry of value) {
    // huggingface_hub's type says "discussions"; the hub's webhooks say "discussion": both mean the same.
    const domain = entry === "discussions" ? "discussion" : entry;
    if (typeof domain !== "string" || !(WEBHOOK_DOMAINS as readonly string[]).includes(domain))
      throw new ApiError(400, `"domains" must be a non-empty list of ${WEBHOOK_DOMAINS.join(", ")}`);
    domains.add(domain as WebhookDomain);
  }
  return WEBHOOK_DOMAINS.filter((domain) => domains.has(domain));
}

/** An http(s) URL without credentials; loopback and private addresses are allowed (deliver.ts says why). */
export function targetUrl(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw new ApiError(400, '"url" must be an http(s) URL');
  if (value.length > MAX_URL_LENGTH) throw new ApiError(400, `"url" is longer than ${MAX_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ApiError(400, `"url" is not a valid URL: ${JSON.stringify(value.slice(0, 100))}`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ApiError(400, '"url" must be an http(s) URL');
  if (url.hostname === "") throw new ApiError(400, '"url" has no host');
  if (url.username !== "" || url.password !== "")
    throw new ApiError(400, '"url" cannot contain credentials: use the secret (X-Webhook-Secret) instead');
  return url.href;
}

function secretValue(value: unknown): string | null {
  if (value === null || value === "") return null;
  if (typeof value !== "string") throw new ApiError(400, '"secret" must be a string');
  if (value.length > MAX_SECRET_LENGTH)
    throw new ApiError(400, `"secret" is longer than ${MAX_SECRET_LENGTH} characters`);
  if (CONTROL.test(value))
    throw new ApiError(400, '"secret" cannot contain control characters (it is sent as a header)');
  return value;
}

function refuseJobs(body: Record<string, unknown>): void {
  if (body.jobSourceId !== undefined || body.job !== undefined)
    throw new ApiError(501, "Jobs are not supported by this hub: a webhook POSTs to a URL");
}

export function createFields(body: Record<string, unknown>): WebhookFields {
  refuseJobs(body);
  if (body.url === undefined) throw new ApiError(400, 'Missing "url": the URL deliveries are POSTed to');
  const watched = watchedList(body.watched);
  if (watched.length === 0) throw new ApiError(400, '"watched" must name at least one user, org or repo');
  return {
    watched,
    domains: body.domains === undefined ? [...WEBHOOK_DOMAINS] : domainList(body.domains),
    url: targetUrl(body.url),
    secret: body.secret === undefined ? null : secretValue(body.secret),
  };
}

export function updatedFields(current: Webhook, body: Record<string, unknown>): WebhookFields {
  refuseJobs(body);
  const watched = body.watched === undefined ? [] : watchedList(body.watched);
  return {
    watched: watched.length === 0 ? current.watched : watched,
    domains: body.domains === undefined ? current.domains : domainList(body.domains),
    url: body.url === undefined ? current.url : targetUrl(body.url),
    secret: body.secret === undefined ? current.secret : secretValue(body.secret),
  };
}
