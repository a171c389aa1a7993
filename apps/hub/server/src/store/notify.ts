// Invalidation messages between the servers of one database (issue 23): publish(channel, payload) reaches every
// subscriber of the channel in every server on the database, this one included. On PostgreSQL it is LISTEN/NOTIFY
// over one dedicated connection per database handle (store/db.ts dedicatedClient); with PGlite (one process, by its
// folder lock) it is an in-process bus. Delivery is at most once: what is sent while the listening connection is
// down is lost, so a subscriber's `onGap` runs after every reconnection and must drop whatever it cached.
// Channels are prefixed with a hash of the connection's schema: tests share one database with a schema each.
import { createHash } from "node:crypto";
import type pg from "pg";
import type { Db } from "./db.js";

export type NotifyHandler = (payload: string) => void;

export interface Subscription {
  close(): void;
}

interface Listener {
  onMessage: NotifyHandler;
  onGap: (() => void) | undefined;
}

/** Channel names the callers use (the prefix adds 12 characters; PostgreSQL cuts identifiers at 63). */
const CHANNEL = /^[a-z][a-z0-9_]{0,39}$/;
/** NOTIFY payloads must stay under 8000 bytes. */
export const MAX_PAYLOAD_BYTES = 7_000;
/** Waits between reconnection attempts of the listening connection (the last one repeats). */
const RECONNECT_MS = [250, 1_000, 5_000, 15_000];

function checkChannel(channel: string): void {
  if (!CHANNEL.test(channel)) throw new Error(`invalid notify channel: ${JSON.stringify(channel)}`);
}

function checkPayload(payload: string): void {
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`notify payload over ${MAX_PAYLOAD_BYTES} bytes`);
}

export interface NotifyBus {
  publish(channel: string, payload: string): Promise<void>;
  /** Registers at once; on PostgreSQL the LISTEN follows in the background (`ready()` waits for it). */
  subscribe(channel: string, onMessage: NotifyHandler, onGap?: () => void): Subscription;
  /** Settles once every subscribed channel is listened to (tests; a no-op in process). */
  ready(): Promise<void>;
  /**
   * Whether `channel`'s messages arrive now (its LISTEN done on a live connection). A cache may keep what it reads
   * only while this holds: what it would keep meanwhile could miss its invalidation.
   */
  listening(channel: string): boolean;
}

class Listeners {
  private readonly byChannel = new Map<string, Set<Listener>>();

  add(channel: string, listener: Listener): () => boolean {
    checkChannel(channel);
    let set = this.byChannel.get(channel);
    if (set === undefined) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(listener);
    return () => {
      const current = this.byChannel.get(channel);
      current?.delete(listener);
      if (current?.size === 0) this.byChannel.delete(channel);
      return current?.size === 0;
    };
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  deliver(channel: string, payload: string): void {
    for (const listener of this.byChannel.get(channel) ?? []) {
      try {
        listener.onMessage(payload);
      } catch (error) {
        console.error(`[hub] notify: a ${channel} handler failed: ${String(error)}`);
      }
    }
  }

  gap(): void {
    for (const set of this.byChannel.values())
      for (const listener of set) {
        try {
          listener.onGap?.();
        } catch (error) {
          console.error(`[hub] notify: a gap handler failed: ${String(error)}`);
        }
      }
  }
}

/** One process, one database (PGlite, tests' fakes): handlers are called in the next microtask. */
class LocalBus implements NotifyBus {
  private readonly listeners = new Listeners();

  async publish(channel: string, payload: string): Promise<void> {
    checkChannel(channel);
    checkPayload(payload);
    queueMicrotask(() => this.listeners.deliver(channel, payload));
  }

  subscribe(channel: string, onMessage: NotifyHandler, onGap?: () => void): Subscription {
    const remove = this.listeners.add(channel, { onMessage, onGap });
    return { close: () => void remove() };
  }

  async ready(): Promise<void> {}

  listening(): boolean {
    return true;
  }
}

type PostgresDb = Pick<Db, "query"> & { dedicatedClient(): Promise<pg.Client> };

class PostgresBus implements NotifyBus {
  private readonly listeners = new Listeners();
  private prefix: Promise<string> | undefined;
  private client: pg.Client | undefined;
  /** The channels LISTENed to on `client` (emptied when it is lost). */
  private readonly live = new Set<string>();
  private connecting: Promise<void> | undefined;
  private failures = 0;
  private retry: NodeJS.Timeout | undefined;
  /** The pool refused a query: the database handle was closed, nothing reconnects any more. */
  private closed = false;

  constructor(private readonly db: PostgresDb) {}

  publish(channel: string, payload: string): Promise<void> {
    return this.publishOn(this.db, channel, payload);
  }

  /** On `on`, the pool or one transaction's connection (a NOTIFY in a transaction is sent by its COMMIT). */
  async publishOn(on: Pick<Db, "query">, channel: string, payload: string): Promise<void> {
    checkChannel(channel);
    checkPayload(payload);
    // The prefix read on `on` too: a transaction waiting on a second pool statement could wait for its own slot.
    await on.query("SELECT pg_notify($1, $2)", [await this.fullName(channel, on), payload]);
  }

  subscribe(channel: string, onMessage: NotifyHandler, onGap?: () => void): Subscription {
    const first = !this.listeners.channels().includes(channel);
    const remove = this.listeners.add(channel, { onMessage, onGap });
    if (first) this.listen(channel).catch((error: unknown) => this.lost(error));
    return {
      close: () => {
        if (remove() && this.client !== undefined) {
          this.live.delete(channel);
          void this.fullName(channel)
            .then((name) => this.client?.query(`UNLISTEN "${name}"`))
            .catch(() => undefined);
        }
      },
    };
  }

  async ready(): Promise<void> {
    for (const channel of this.listeners.channels()) await this.listen(channel);
  }

  listening(channel: string): boolean {
    return this.client !== undefined && this.live.has(channel);
  }

  private fullName(channel: string, on: Pick<Db, "query"> = this.db): Promise<string> {
    this.prefix ??= on.query<{ schema: string }>("SELECT current_schema() AS schema").then((rows) => {
      const schema = rows[0]?.schema ?? "";
      return `hk_${createHash("sha256").update(schema).digest("hex").slice(0, 8)}_`;
    });
    this.prefix.catch(() => {
      this.prefix = undefined; // a failed first query is asked again next time
    });
    return this.prefix.then((prefix) => `${prefix}${channel}`);
  }

  private async connection(): Promise<pg.Client> {
    if (this.client !== undefined) return this.client;
    this.connecting ??= (async () => {
      const prefix = (await this.fullName("x")).slice(0, -1);
      const client = await this.db.dedicatedClient();
      client.on("notification", (message) => {
        if (message.channel.startsWith(prefix) && message.payload !== undefined)
          this.listeners.deliver(message.channel.slice(prefix.length), message.payload);
      });
      client.once("end", () => {
        if (this.client === client) this.lost(new Error("the listening connection ended"));
      });
      // Every channel subscribed so far, then the gap: whatever was cached may have missed messages meanwhile.
      const channels = this.listeners.channels();
      for (const channel of channels) await client.query(`LISTEN "${prefix}${channel}"`);
      this.live.clear();
      for (const channel of channels) this.live.add(channel);
      this.client = client;
      if (this.failures > 0) this.listeners.gap();
      this.failures = 0;
    })().finally(() => {
      this.connecting = undefined;
    });
    await this.connecting;
    if (this.client === undefined) throw new Error("the listening connection closed while it opened");
    return this.client;
  }

  private async listen(channel: string): Promise<void> {
    const client = await this.connection();
    await client.query(`LISTEN "${await this.fullName(channel)}"`);
    if (this.client === client && this.listeners.channels().includes(channel)) this.live.add(channel);
  }

  /** The listening connection is gone (or never came): reconnect later, unless the database was closed. */
  private lost(error: unknown): void {
    this.client = undefined;
    this.live.clear();
    if (this.closed || this.retry !== undefined || this.listeners.channels().length === 0) return;
    const wait = RECONNECT_MS[Math.min(this.failures, RECONNECT_MS.length - 1)] ?? 15_000;
    this.failures += 1;
    this.listeners.gap(); // from now on nothing arrives: caches must not trust what they hold
    const first = this.failures === 1;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.db
        .query("SELECT 1")
        .then(
          () => {
            if (first) console.error(`[hub] notify: listening connection lost, reconnecting: ${String(error)}`);
            return this.connection();
          },
          (refused: unknown) => {
            // A closed pool (the server shut down, which also ended this connection) ends the bus quietly; an
            // unreachable database is tried again.
            if (String(refused).includes("after calling end")) this.closed = true;
            else throw refused;
          },
        )
        .catch((next: unknown) => this.lost(next));
    }, wait);
    this.retry.unref();
  }
}

const buses = new WeakMap<object, NotifyBus>();

function isPostgres(db: Pick<Db, "query">): db is PostgresDb {
  return (
    "kind" in db &&
    db.kind === "postgres" &&
    "dedicatedClient" in db &&
    typeof (db as { dedicatedClient?: unknown }).dedicatedClient === "function"
  );
}

/** The bus of a database handle (one per handle: one listening connection per server). */
export function notifyBusOf(db: Pick<Db, "query">): NotifyBus {
  let bus = buses.get(db);
  if (bus === undefined) {
    bus = isPostgres(db) ? new PostgresBus(db) : new LocalBus();
    buses.set(db, bus);
  }
  return bus;
}

export type Publish = (channel: string, payload: string) => Promise<void>;

/**
 * Runs `work` in one transaction of `db` with a `publish` whose messages go out exactly when the transaction
 * commits, and never when it rolls back. A change and its invalidation published after the commit on another
 * statement could be split by a connection lost in between (other servers would keep the old value); on
 * PostgreSQL the NOTIFY is issued inside the transaction, which delivers it with the COMMIT. In process (PGlite)
 * nothing can be lost between the two: the messages are queued and delivered after the commit.
 */
export async function transactionWithNotices<T>(
  db: Pick<Db, "query" | "transaction">,
  work: (tx: Pick<Db, "query">, publish: Publish) => Promise<T>,
): Promise<T> {
  const bus = notifyBusOf(db);
  if (bus instanceof PostgresBus)
    return db.transaction((tx) => work(tx, (channel, payload) => bus.publishOn(tx, channel, payload)));
  const queued: [string, string][] = [];
  const value = await db.transaction((tx) =>
    work(tx, async (channel, payload) => {
      checkChannel(channel);
      checkPayload(payload);
      queued.push([channel, payload]);
    }),
  );
  for (const [channel, payload] of queued) await bus.publish(channel, payload);
  return value;
}
