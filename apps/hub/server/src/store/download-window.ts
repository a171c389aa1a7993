// "One download per IP per repo per 5 minutes" (hub-api.md §7.6, datasets): remembers when each (client, repo)
// key last counted and says whether a new request opens a fresh window. In memory, bounded: expired keys go first,
// then the oldest, so a flood of addresses can neither grow the map without limit nor block counting. After a
// restart the windows start empty (at worst one extra count per client and repository).

export const DATASET_WINDOW_MS = 5 * 60_000;
export const DATASET_WINDOW_KEYS = 100_000;

export class DownloadWindow {
  /** Key → when its window opened (ms). A Map iterates in insertion order: refreshed keys move to the end. */
  private readonly opened = new Map<string, number>();

  constructor(
    private readonly windowMs = DATASET_WINDOW_MS,
    private readonly maxKeys = DATASET_WINDOW_KEYS,
  ) {}

  /** True when `key` has no open window at `now` (and opens one): the request counts. */
  admit(key: string, now = Date.now()): boolean {
    const since = this.opened.get(key);
    if (since !== undefined && now - since < this.windowMs) return false;
    this.opened.delete(key);
    if (this.opened.size >= this.maxKeys) this.evict(now);
    this.opened.set(key, now);
    return true;
  }

  get size(): number {
    return this.opened.size;
  }

  /** Drops expired windows from the front (the oldest), then the oldest live ones until there is room. */
  private evict(now: number): void {
    for (const [key, since] of this.opened) {
      if (this.opened.size < this.maxKeys && now - since < this.windowMs) break;
      this.opened.delete(key);
    }
  }
}
