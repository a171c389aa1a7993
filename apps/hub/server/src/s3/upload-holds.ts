// Objects an upload in this process is writing, or has just written (until its uploader had time to link it to a
// repository): a permanent deletion (removeUnlinked) leaves them alone, since the uploader may have found the object
// present and skipped writing it. The same rule as the folder store's; per process (another server's uploads are
// not seen: lfs-store.ts re-checks the object after an upload that skipped writing it).

export class UploadHolds {
  private readonly holds = new Map<string, { active: number; until: number }>();

  constructor(private readonly graceMs: () => number) {}

  /** Holds `oid` until the returned release is called, and for the grace period after. */
  hold(oid: string): () => void {
    const hold = this.holds.get(oid) ?? { active: 0, until: 0 };
    hold.active++;
    this.holds.set(oid, hold);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      hold.active--;
      const grace = this.graceMs();
      hold.until = Math.max(hold.until, Date.now() + grace);
      // The entry goes once its grace is over (the map holds only recent uploads).
      setTimeout(() => this.held(oid), grace + 1).unref();
    };
  }

  /** Whether an upload holds the object now (forgetting holds that ended). */
  held(oid: string): boolean {
    const hold = this.holds.get(oid);
    if (hold === undefined) return false;
    if (hold.active > 0 || Date.now() < hold.until) return true;
    this.holds.delete(oid);
    return false;
  }

  /** Milliseconds until the hold ends (at least 1 s: a retry soon after). */
  retryAfterMs(oid: string): number {
    return Math.max(1000, (this.holds.get(oid)?.until ?? 0) - Date.now());
  }
}
