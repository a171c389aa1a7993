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
  /** Leaves the registry and closes the lock connections (before the database closes). */
  close(): Promise<void>;
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
      close: async () => {},
    };
  const registry = await InstanceRegistry.join(db, id, limits);
  const writeLock = new PostgresRepoLocks(databaseUrl, limits);
  return {
    id,
    shared: true,
    ownership: () => registry.ownership(),
    writeLock,
    async close() {
      await writeLock.close().catch(() => {});
      await registry.leave();
    },
  };
}
