// This server process as one of possibly several on a database and data folder: its instance id, what its start-up
// clean-up may remove, and how its commits take turns with the other servers'. With PGlite (the data folder's lock
// keeps every other process out) it is the only one: everything left in the folder is its own, and the in-process
// queue is the only turn. With PostgreSQL it registers a heartbeat (registry.ts), asks which servers are alive
// before cleaning, and takes advisory locks per repository (repo-lock.ts).
import type { Db } from "../store/db.js";
import { newInstanceId } from "./instance-id.js";
import type { InstanceLimits } from "./limits.js";
import { type LeftoverOwnership, soleOwnership } from "./ownership.js";
import { InstanceRegistry } from "./registry.js";
import { PostgresRepoLocks, type RepoWriteLock } from "./repo-lock.js";

export interface ServerInstance {
  readonly id: string;
  /** Whether other servers may share the database and the data folder (PostgreSQL). */
  readonly shared: boolean;
  /** What the start-up clean-up may remove, decided once now (before this server makes any file). */
  ownership(): Promise<LeftoverOwnership>;
  /** The turn of commits across servers; undefined with one server. */
  readonly writeLock: RepoWriteLock | undefined;
  /**
   * Runs `sweep` now and then with fresh ownership (several servers: a server that died while the others run
   * leaves temporary files no restart may come to remove). Nothing with one server: its start cleans everything.
   */
  sweepAbandoned(sweep: (ownership: LeftoverOwnership) => Promise<unknown>): void;
  /** Leaves the registry and closes the lock connections (before the database closes). */
  close(): Promise<void>;
}

/** How often the temporary files of dead servers are looked for: a few times per staleness bound, at least 1 s. */
export function sweepEveryMs(limits: Pick<InstanceLimits, "staleAfterMs">): number {
  return Math.max(1_000, limits.staleAfterMs * 2);
}

export async function openInstance(
  db: Pick<Db, "kind" | "query">,
  databaseUrl: string | undefined,
  limits: InstanceLimits,
  id: string = newInstanceId(),
): Promise<ServerInstance> {
  if (db.kind !== "postgres" || databaseUrl === undefined)
    return {
      id,
      shared: false,
      ownership: async () => soleOwnership(id),
      writeLock: undefined,
      sweepAbandoned: () => {},
      close: async () => {},
    };
  const registry = await InstanceRegistry.join(db, id, limits);
  const writeLock = new PostgresRepoLocks(databaseUrl, limits);
  const sweeps: ((ownership: LeftoverOwnership) => Promise<unknown>)[] = [];
  let sweeping = false;
  const timer = setInterval(() => {
    if (sweeping || sweeps.length === 0) return; // one sweep at a time
    sweeping = true;
    void (async () => {
      try {
        const ownership = await registry.ownership();
        for (const sweep of sweeps) await sweep(ownership);
      } catch (error) {
        console.error(`[hub] sweep of abandoned temporary files failed: ${String(error)}`);
      } finally {
        sweeping = false;
      }
    })();
  }, sweepEveryMs(limits));
  timer.unref();
  return {
    id,
    shared: true,
    ownership: () => registry.ownership(),
    writeLock,
    sweepAbandoned: (sweep) => void sweeps.push(sweep),
    async close() {
      clearInterval(timer);
      await writeLock.close().catch(() => {});
      await registry.leave();
    },
  };
}
