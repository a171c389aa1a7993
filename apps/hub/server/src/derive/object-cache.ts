// Facts derived from one stored object (a safetensors header's parameter counts, a GGUF summary), kept per
// process so that a header is parsed at most once however many shards, revisions and requests point at it (issue
// 17, finding 5: every view of a repository at a non-default revision re-parsed every 25 MB shard header).
// Keys are object ids — an LFS sha256 or a git blob id — so an entry is never stale. The cache is an LRU bounded
// by entries and by the estimated bytes of its values, and concurrent askers of one key share one computation.
// It does not decide access: callers read from the object through the repository's own store first.

export interface ObjectCacheStats {
  /** Values computed (a miss that ran `compute` to the end). */
  computed: number;
  /** Answers served from a stored value or from a computation already under way. */
  hits: number;
  entries: number;
  bytes: number;
}

export class ObjectCache<V> {
  private readonly values = new Map<string, { value: V; bytes: number }>();
  private readonly pending = new Map<string, Promise<V>>();
  private bytes = 0;
  private computed = 0;
  private hits = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    /** Estimated bytes a value holds. */
    private readonly sizeOf: (value: V) => number,
    /** Whether a computed value is kept (default all): a miss that may turn into a hit later is not. */
    private readonly keep: (value: V) => boolean = () => true,
  ) {}

  /**
   * The value for `key`, computed once. A rejected computation is not kept (it may be an I/O failure); callers
   * turn deterministic failures (a malformed header) into values so that they are kept too.
   */
  async get(key: string, compute: () => Promise<V>): Promise<V> {
    const stored = this.values.get(key);
    if (stored !== undefined) {
      // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
      this.values.delete(key);
      this.values.set(key, stored);
      this.hits += 1;
      return stored.value;
    }
    const running = this.pending.get(key);
    if (running !== undefined) {
      this.hits += 1;
      return running;
    }
    const computation = compute().then(
      (value) => {
        this.pending.delete(key);
        this.computed += 1;
        if (this.keep(value)) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.pending.delete(key);
        throw error;
      },
    );
    this.pending.set(key, computation);
    return computation;
  }

  private store(key: string, value: V): void {
    const bytes = this.sizeOf(value) + key.length * 2 + 64;
    if (bytes > this.maxBytes) return;
    this.values.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.values) {
      if (this.values.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.values.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  stats(): ObjectCacheStats {
    return { computed: this.computed, hits: this.hits, entries: this.values.size, bytes: this.bytes };
  }
}
