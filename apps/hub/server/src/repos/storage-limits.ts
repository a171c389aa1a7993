// Sizes that bound what repository storage and the upload routes accept, and where a file turns into LFS. One
// place, read from the environment like the database limits (documented in apps/hub/README.md).
import { limitsFromEnv } from "../env-limits.js";

export interface StorageLimits {
  /** Largest regular (non-LFS) file a commit or a push may add; the hub's own limit is 10 MiB. */
  maxRegularFileBytes: number;
  /** Files above this size are LFS whatever their type (preupload's `uploadMode`). */
  lfsThresholdBytes: number;
  /** Binary files (a NUL byte in the sample) above this size are LFS. */
  binaryLfsThresholdBytes: number;
  /** Largest LFS object accepted by the batch API. */
  maxLfsObjectBytes: number;
  /** Objects above this size are uploaded in parts (the hub's multipart transfer). */
  multipartThresholdBytes: number;
  /** Size of one part of a multipart upload (the least: a larger object gets larger parts, lfs/multipart-plan.ts). */
  multipartChunkBytes: number;
  /** Most parts of one multipart upload (larger objects get larger parts instead of more). */
  maxPartsPerObject: number;
  /** Most part URLs in one LFS batch answer (objects past it are uploaded in one PUT instead). */
  maxPartsPerBatch: number;
  /** Bytes one user may hold in unfinished multipart uploads (parts not yet completed). */
  multipartBytesPerUser: number;
  /** Largest NDJSON commit body (regular files travel base64 inside it). */
  maxCommitBodyBytes: number;
  /** Longest time a git child process may run before it is killed. */
  gitTimeoutMs: number;
}

const MiB = 1024 * 1024;

export const DEFAULT_STORAGE_LIMITS: StorageLimits = {
  maxRegularFileBytes: 10 * MiB,
  lfsThresholdBytes: 10 * MiB,
  binaryLfsThresholdBytes: 1 * MiB,
  maxLfsObjectBytes: 50 * 1024 * MiB,
  multipartThresholdBytes: 64 * MiB,
  multipartChunkBytes: 32 * MiB,
  maxPartsPerObject: 2000,
  maxPartsPerBatch: 5000,
  multipartBytesPerUser: 64 * 1024 * MiB,
  maxCommitBodyBytes: 256 * MiB,
  gitTimeoutMs: 120_000,
};

export const STORAGE_LIMIT_ENV: Record<keyof StorageLimits, string> = {
  maxRegularFileBytes: "HUBKIT_MAX_REGULAR_FILE_BYTES",
  lfsThresholdBytes: "HUBKIT_LFS_THRESHOLD_BYTES",
  binaryLfsThresholdBytes: "HUBKIT_BINARY_LFS_THRESHOLD_BYTES",
  maxLfsObjectBytes: "HUBKIT_MAX_LFS_OBJECT_BYTES",
  multipartThresholdBytes: "HUBKIT_MULTIPART_THRESHOLD_BYTES",
  multipartChunkBytes: "HUBKIT_MULTIPART_CHUNK_BYTES",
  maxPartsPerObject: "HUBKIT_MAX_PARTS_PER_OBJECT",
  maxPartsPerBatch: "HUBKIT_MAX_PARTS_PER_BATCH",
  multipartBytesPerUser: "HUBKIT_MULTIPART_BYTES_PER_USER",
  maxCommitBodyBytes: "HUBKIT_MAX_COMMIT_BODY_BYTES",
  gitTimeoutMs: "HUBKIT_GIT_TIMEOUT_MS",
};

/** Reads the limits from the environment; a malformed value throws (the caller turns it into a config error). */
export function storageLimitsFromEnv(env: NodeJS.ProcessEnv): StorageLimits {
  return limitsFromEnv(env, DEFAULT_STORAGE_LIMITS, STORAGE_LIMIT_ENV, { maxDigits: 15 });
}
