// Access tokens: `hf_` followed by 40 base62 characters (≈238 bits from the OS's random source; the JS client
// refuses tokens without the `hf_` prefix). Only the sha256 of a token is stored: with this much entropy a fast
// hash is enough, and a database leak gives no usable token.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const TOKEN_CHARS = 40;
/** The shape of a token we issue (anything else cannot be one of ours: no database look-up needed). */
export const TOKEN_PATTERN = /^hf_[A-Za-z0-9]{40}$/;

export function newToken(): string {
  let out = "hf_";
  while (out.length < 3 + TOKEN_CHARS)
    for (const byte of randomBytes(64)) {
      // Rejection sampling keeps every character equally likely (248 = 4 × 62).
      if (byte < 248 && out.length < 3 + TOKEN_CHARS) out += ALPHABET[byte % 62];
    }
  return out;
}

export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Constant-time comparison of a presented secret with the configured one (via their hashes: equal lengths). */
export function sameSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(
    createHash("sha256").update(presented).digest(),
    createHash("sha256").update(expected).digest(),
  );
}

/** A 24-hex id, the shape of the hub's object ids (`id` in whoami and repo responses). */
export function newObjectId(): string {
  return randomBytes(12).toString("hex");
}
