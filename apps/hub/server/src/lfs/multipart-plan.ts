// How an upload is split (issue 17, finding 8: a batch answer's work must be bounded, not just its object count).
// The part size grows with the object so that no object has more than `maxPartsPerObject` parts (the clients
// read `chunk_size` per object), and one batch answer hands out at most `maxPartsPerBatch` part URLs: objects past
// that budget get the basic single-PUT upload instead, which every client also speaks. The completion of a
// multipart upload recomputes the same plan from the object's size.
import type { StorageLimits } from "../repos/storage-limits.js";

type PlanLimits = Pick<StorageLimits, "multipartChunkBytes" | "maxPartsPerObject">;

/** Bytes per part of an object of `size` bytes. */
export function chunkFor(size: number, limits: PlanLimits): number {
  return Math.max(limits.multipartChunkBytes, Math.ceil(size / Math.max(1, limits.maxPartsPerObject)));
}

export function partCount(size: number, chunk: number): number {
  return Math.max(1, Math.ceil(size / chunk));
}

/** The part budget of one batch answer: each multipart object takes its parts from it, or goes single-PUT. */
export class PartBudget {
  constructor(private left: number) {}

  take(parts: number): boolean {
    if (parts > this.left) return false;
    this.left -= parts;
    return true;
  }
}
