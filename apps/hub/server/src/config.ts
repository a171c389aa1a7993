// Settings from the environment. Defaults give the embedded, offline site: PGlite in apps/hub/.data, the
// curated seed, 127.0.0.1:5300.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { adminTokenFromEnv } from "./auth/account-store.js";
import { type StorageLimits, storageLimitsFromEnv } from "./repos/storage-limits.js";
import { type UpstreamLimits, upstreamLimitsFromEnv } from "./source/upstream-limits.js";
import { type DbLimits, dbLimitsFromEnv } from "./store/db-limits.js";

/** apps/hub, wherever the process was started from. */
export const HUB_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServerConfig {
  host: string;
  port: number;
  /** A PostgreSQL server; when unset the index lives in PGlite. */
  databaseUrl?: string;
  /** PGlite folder (`<dataRoot>/pglite`); undefined = in memory. */
  dataDir?: string;
  /**
   * The one data folder (HUBKIT_DATA_DIR): `pglite/`, `repos/{models,datasets,spaces}/{owner}/{name}.git`,
   * `lfs/objects/ab/cd/<sha256>` and `lfs/tmp/`. Undefined for `:memory:`: repositories then live in a temporary
   * folder removed when the server closes.
   */
  dataRoot?: string;
  /** Regular-file and LFS sizes, body caps and git timeouts (HUBKIT_MAX_*, defaults in repos/storage-limits.ts). */
  storageLimits?: StorageLimits;
  /** HUBKIT_ADMIN_TOKEN: the operator's bootstrap admin token (auth/account-store.ts checks its length). */
  adminToken?: string;
  /** Key for signed LFS upload URLs (HUBKIT_SECRET); when unset, one is generated and kept in the data folder. */
  secret?: string;
  /** Proxy reads to this hub instead of the local index. */
  upstreamHub?: string;
  webDist: string;
  seedFile: string;
  /** Statement deadline, concurrency and queue bounds of the index (HUBKIT_DB_*; defaults in db-limits.ts). */
  dbLimits?: DbLimits;
  /** Upstream-mode timeout and body cap (HUBKIT_UPSTREAM_*; defaults in upstream-limits.ts). */
  upstreamLimits?: UpstreamLimits;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const portText = env.PORT ?? "5300";
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) throw new ConfigError(`PORT must be 0-65535, got ${portText}`);
  const dataDirText = env.HUBKIT_DATA_DIR ?? resolve(HUB_DIR, ".data");
  const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const upstreamHub = nonEmpty(env.HUBKIT_UPSTREAM_HUB);
  let limits: Pick<ServerConfig, "dbLimits" | "upstreamLimits" | "storageLimits" | "adminToken">;
  try {
    const adminToken = adminTokenFromEnv(env);
    limits = {
      ...(adminToken !== undefined ? { adminToken } : {}),
      dbLimits: dbLimitsFromEnv(env),
      upstreamLimits: upstreamLimitsFromEnv(env),
      storageLimits: storageLimitsFromEnv(env),
    };
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return {
    host: nonEmpty(env.HOST) ?? "127.0.0.1",
    port,
    ...(databaseUrl !== undefined ? { databaseUrl } : {}),
    ...(dataDirText === ":memory:" ? {} : { dataRoot: resolve(dataDirText), dataDir: resolve(dataDirText, "pglite") }),
    ...(nonEmpty(env.HUBKIT_SECRET) !== undefined ? { secret: nonEmpty(env.HUBKIT_SECRET) } : {}),
    ...(upstreamHub !== undefined ? { upstreamHub } : {}),
    webDist: resolve(nonEmpty(env.HUBKIT_WEB_DIST) ?? resolve(HUB_DIR, "web/dist")),
    seedFile: resolve(nonEmpty(env.HUBKIT_SEED) ?? resolve(HUB_DIR, "server/seed/models.jsonl")),
    ...limits,
  };
}
