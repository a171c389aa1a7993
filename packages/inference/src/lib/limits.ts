// Bounds of one call (time without data, body and stream sizes): defaults and the per-call resolution. The
// defaults keep one call to a few hundred MB at most while leaving real answers (large JSON, images, videos,
// long streams) untouched; each is an option (client default or per call).
import type { Options } from "../types.js";

const MiB = 1024 * 1024;

export const DEFAULT_LIMITS = {
  /** No byte for this long (before headers, inside a body, between stream chunks) ends the request. */
  idleTimeout: 60_000,
  /** JSON and text bodies of successful answers (including polling, hub look-ups). */
  maxJsonBytes: 64 * MiB,
  /** Bodies of error answers (4xx/5xx). */
  maxErrorBytes: 64 * MiB,
  /** Binary answers and downloads (images, audio, video). */
  maxBlobBytes: 256 * MiB,
  /** One SSE line, in characters of decoded text. */
  maxSseLineLength: 16 * MiB,
  /** One SSE event (its data lines joined), in characters of decoded text. */
  maxSseEventLength: 64 * MiB,
} as const;

export type LimitName = keyof typeof DEFAULT_LIMITS;

/**
 * The option's value when it is a positive number, else the default. `Infinity` disables a bound (an explicit
 * opt-out); zero, negative and non-numbers fall back to the default rather than silently disabling it.
 */
export function limitOf(options: Options | undefined, name: LimitName): number {
  const value = options?.[name];
  return typeof value === "number" && value > 0 ? value : DEFAULT_LIMITS[name];
}
