// Each repository's gate mode kept per server (issue 23): every file download asks it (gating/gate.ts), almost
// always of an ungated repository, and a statement per resolve was a fifth of what PostgreSQL did for it. A change
// of a mode (set, moved, forgotten) drops the entry here at once and on every other server of the database through
// store/notify.ts: the notification is sent within the change's transaction (gate-store.ts), so it goes out with
// the commit or not at all. Entries are kept only while the channel is listened to (a server whose listening
// connection is down reads the table every time), and a read that an invalidation overtook is not kept (it may
// hold the value from before the change). An entry is also read again once it is MAX_AGE_MS old, a second line of
// defence: a mode changed some other way (a row written by hand) is stale for at most that long, not for ever.
import type { NotifyBus, Publish } from "../store/notify.js";

/** Channel of the invalidations; the payload is the key (`<type>\n<lower-case id>`), or "" for all. */
export const GATE_MODES_CHANNEL = "repo_gate_modes";
/** Most modes kept (a small entry each): past it the oldest go. */
const MAX_ENTRIES = 50_000;
/** Oldest an entry is trusted (the bound on a lost notification's staleness). */
export const MAX_AGE_MS = 30_000;

export class GateModeCache<V> {
  private readonly values = new Map<string, { value: V; readAt: number }>();
  /** Bumped by every invalidation: a read started before one is not kept. */
  private generation = 0;

  constructor(
    private readonly bus: NotifyBus,
    private readonly maxAgeMs = MAX_AGE_MS,
  ) {
    bus.subscribe(
      GATE_MODES_CHANNEL,
      (key) => this.drop(key === "" ? undefined : key),
      () => this.drop(undefined),
    );
  }

  /** The value of `key`, read (and kept, when it can be trusted) on a miss. */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    const kept = this.values.get(key);
    if (kept !== undefined && Date.now() - kept.readAt < this.maxAgeMs) return kept.value;
    const started = this.generation;
    const readAt = Date.now();
    const value = await read();
    if (started === this.generation && this.bus.listening(GATE_MODES_CHANNEL)) {
      this.values.delete(key);
      if (this.values.size >= MAX_ENTRIES) this.values.delete(this.values.keys().next().value as string);
      this.values.set(key, { value, readAt });
    }
    return value;
  }

  /** Inside the transaction changing `key`'s row: every server (this one too) drops it once that commits. */
  announce(publish: Publish, key: string): Promise<void> {
    return publish(GATE_MODES_CHANNEL, key);
  }

  /** Drops `key` here at once (after its change), without waiting for this server's own notification. */
  drop(key: string | undefined): void {
    this.generation += 1;
    if (key === undefined) this.values.clear();
    else this.values.delete(key);
  }
}
