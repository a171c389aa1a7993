// A drop onto the Files tab goes on in the upload page (where the list is shown and the commit made): the dropped
// files cannot travel in a URL, so the tab leaves them here for the page it navigates to, for one repository,
// revision and folder, until the page has taken them. A reload loses them (the browser would have to be given them again anyway).
import type { DropResult } from "./dropped-files";

let pending: { key: string; drop: DropResult } | undefined;

function keyOf(repoKey: string, rev: string, folder: string): string {
  return JSON.stringify([repoKey, rev, folder]);
}

export function leaveDrop(repoKey: string, rev: string, folder: string, drop: DropResult): void {
  pending = { key: keyOf(repoKey, rev, folder), drop };
}

/** The files dropped for this upload page; undefined when none (or they were for another page). */
export function pendingDrop(repoKey: string, rev: string, folder: string): DropResult | undefined {
  return pending?.key === keyOf(repoKey, rev, folder) ? pending.drop : undefined;
}

/** Forgets the drop once the upload page holds it (a separate step: React may run a state initializer twice). */
export function clearDrop(): void {
  pending = undefined;
}
