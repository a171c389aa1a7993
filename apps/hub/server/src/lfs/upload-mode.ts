// The hub's `regular` / `lfs` decision for preupload (hub-api.md §4.4): empty files are regular; `.gitattributes`
// `filter=lfs` matches are LFS whatever their size; then large files, and smaller binary files, are LFS.
import type { StorageLimits } from "../repos/storage-limits.js";
import type { LfsPatterns } from "./attributes.js";

export type UploadMode = "regular" | "lfs";

export function uploadMode(
  file: { path: string; size: number; sample: Buffer },
  patterns: LfsPatterns,
  limits: Pick<StorageLimits, "lfsThresholdBytes" | "binaryLfsThresholdBytes">,
): UploadMode {
  if (file.size === 0) return "regular";
  if (patterns.matches(file.path)) return "lfs";
  if (file.size > limits.lfsThresholdBytes) return "lfs";
  if (file.size > limits.binaryLfsThresholdBytes && file.sample.includes(0)) return "lfs";
  return "regular";
}
