// Credentials never leave in an error: the caller's token (and anything shaped like a credential — Bearer/Basic/
// Key schemes, key headers, hf_ tokens) is replaced in the message, the stack, every string of the response body
// and request, and the cause chain. Provider error bodies that echo the request's Authorization are the usual leak.
import { InferenceClientError, InferenceOutputError } from "./errors.js";

const REDACTED = "[redacted]";
/** `Authorization: Bearer x`, `"x-key":"x"`, `api-key=x` — the header name, its separator, an optional scheme. */
const HEADER_FORM =
  /\b(authorization|proxy-authorization|x-key|api-key|x-api-key)(["']?\s*[:=]\s*["']?)((?:bearer|basic|key)\s+)?[^\s"',;}\]]+/gi;
/** A credential after its scheme word anywhere in a text. */
const SCHEME_FORM = /\b(Bearer|Basic)\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{6,}/gi;
/** Hugging Face user and org tokens. */
const HF_TOKEN_FORM = /\bhf_[A-Za-z0-9]{16,}/g;
/** Bounds of the walk through a body (a hostile body can be deeply nested). */
const MAX_DEPTH = 32;

export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  return out
    .replace(HEADER_FORM, (_m, name: string, sep: string, scheme = "") => `${name}${sep}${scheme}${REDACTED}`)
    .replace(SCHEME_FORM, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(HF_TOKEN_FORM, `hf_${REDACTED}`);
}

/** The secrets to look for: the token as sent and URL-encoded (query strings, form bodies). */
export function secretsOf(accessToken: unknown): string[] {
  // Very short values would redact ordinary words; real tokens and keys are long.
  if (typeof accessToken !== "string" || accessToken.length < 6) return [];
  const encoded = encodeURIComponent(accessToken);
  return encoded === accessToken ? [accessToken] : [accessToken, encoded];
}

function scrubValue(value: unknown, secrets: readonly string[], depth: number, seen: Set<object>): unknown {
  if (typeof value === "string") return scrubText(value, secrets);
  if (!value || typeof value !== "object" || depth > MAX_DEPTH || seen.has(value)) return value;
  seen.add(value);
  if (value instanceof Error) {
    scrubErrorFields(value, secrets, depth + 1, seen);
    return value;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = scrubValue(value[i], secrets, depth + 1, seen);
    return value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value; // Blobs, Responses…: not ours to edit
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = scrubValue(record[key], secrets, depth + 1, seen);
  return value;
}

function scrubErrorFields(error: Error, secrets: readonly string[], depth = 0, seen = new Set<object>()): void {
  const fields = error as unknown as Record<string, unknown>;
  for (const key of [...Object.keys(error), "message", "stack"]) {
    if (key === "cause") continue;
    const descriptor = Object.getOwnPropertyDescriptor(error, key);
    if (!descriptor || !("value" in descriptor)) continue;
    const next = scrubValue(descriptor.value, secrets, depth, seen);
    if (next !== descriptor.value) Object.defineProperty(error, key, { ...descriptor, value: next });
  }
  // `cause` is usually a foreign error (undici's): replaced by a scrubbed copy rather than edited in place.
  const cause = fields.cause;
  if (cause instanceof Error && !(cause instanceof InferenceClientError) && chainLeaks(cause, secrets)) {
    const copy = new Error(scrubText(cause.message, secrets));
    copy.name = cause.name;
    if (cause.cause !== undefined) copy.cause = cause.cause;
    scrubErrorFields(copy, secrets, depth + 1, seen);
    Object.defineProperty(error, "cause", { value: copy, writable: true, configurable: true, enumerable: false });
  }
}

/** Whether a foreign cause chain shows a credential (most do not: they are left untouched, class and all). */
function chainLeaks(error: Error, secrets: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    for (const text of [current.message, current.stack ?? ""]) if (scrubText(text, secrets) !== text) return true;
    current = current.cause;
  }
  return false;
}

/** Scrubs the client's own errors in place (other values, e.g. the caller's abort reason, are left alone). */
export function scrubError(error: unknown, accessToken: unknown): unknown {
  if (error instanceof InferenceClientError || error instanceof InferenceOutputError) {
    scrubErrorFields(error, secretsOf(accessToken));
  }
  return error;
}
