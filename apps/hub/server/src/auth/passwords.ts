// Password hashing with scrypt (RFC 7914) from Node's own crypto: a memory-hard KDF, no native add-on. Parameters:
// N = 2^15, r = 8, p = 1 (32 MiB and ~100 ms per hash on one core, OWASP's scrypt minimum is N = 2^17 with p = 1 at
// 128 MiB; we keep memory at 32 MiB because hashes run on the 4-thread libuv pool of a small server), a 16-byte
// random salt per password, a 32-byte key. The stored string names its parameters, so they can be raised later
// and old hashes still verify: `scrypt$N$r$p$salt(base64)$key(base64)`.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { ApiError } from "../api/api-error.js";

export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
/** Passwords are 8–128 characters: long enough to mean something, short enough to bound the hashing work. */
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;
/** Upper bounds for parameters read back from storage, so a tampered row cannot make one check take minutes. */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 4;

/**
 * At most HASH_SLOTS hashes run at once (each holds 32 MiB and a libuv thread, which file I/O needs too) and at most
 * HASH_QUEUE wait; past that a sign-in or sign-up answers 503 at once instead of queueing without bound.
 */
const HASH_SLOTS = 2;
const HASH_QUEUE = 64;
let running = 0;
const waiting: Array<() => void> = [];

export class PasswordHashBusyError extends Error {
  override readonly name = "PasswordHashBusyError";
}

async function inSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_SLOTS) {
    if (waiting.length >= HASH_QUEUE) throw new PasswordHashBusyError("Too many sign-ins at once: try again shortly");
    await new Promise<void>((resume) => waiting.push(resume));
  } else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter (running stays the same), or free it.
    const next = waiting.shift();
    if (next !== undefined) next();
    else running--;
  }
}

/** Password work refused because too many hashes are queued: a 503 with Retry-After, never a 500. */
export async function hashing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasswordHashBusyError)
      throw new ApiError(503, error.message, { headers: { "Retry-After": "5" } });
    throw error;
  }
}

/** scrypt runs since the process started: lets tests check that refused requests never hash. */
let derivations = 0;
export function scryptRuns(): number {
  return derivations;
}

function derive(password: string, salt: Buffer, N: number, r: number, p: number, keyLength: number): Promise<Buffer> {
  derivations++;
  return inSlot(() => deriveNow(password, salt, N, r, p, keyLength));
}

function deriveNow(
  password: string,
  salt: Buffer,
  N: number,
  r: number,
  p: number,
  keyLength: number,
): Promise<Buffer> {
  return new Promise((done, fail) =>
    scrypt(password.normalize("NFC"), salt, keyLength, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? fail(error) : done(key),
    ),
  );
}

/** Why a password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== "string") return "The password must be a string";
  const length = [...password].length;
  if (length < MIN_PASSWORD || length > MAX_PASSWORD)
    return `The password must be ${MIN_PASSWORD}-${MAX_PASSWORD} characters long`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, N, r, p, keyLength);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** Constant-time check of a password against a stored hash; false for a malformed or out-of-bounds hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every(Number.isSafeInteger) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return false;
  if (r < 1 || r > MAX_R || p < 1 || p > MAX_P) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const expected = Buffer.from(parts[5] ?? "", "base64");
  if (salt.length < 8 || expected.length < 16 || expected.length > 64) return false;
  const key = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(key, expected);
}

/** A hash of a random password, checked against when the user does not exist so that the answer takes as long. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
