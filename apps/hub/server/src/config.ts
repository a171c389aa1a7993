// Settings from the environment. Defaults give the embedded, offline site: PGlite in apps/hub/.data, the
// curated seed, 127.0.0.1:5300.
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { adminTokenFromEnv } from "./auth/account-store.js";
import { isBareHttpOrigin } from "./http-origin.js";
import { type InstanceLimits, instanceLimitsFromEnv } from "./instances/limits.js";
import { type StorageLimits, storageLimitsFromEnv } from "./repos/storage-limits.js";
import { type S3Config, s3ConfigFromEnv } from "./s3/config.js";
import { type UpstreamLimits, upstreamLimitsFromEnv } from "./source/upstream-limits.js";
import { type DbLimits, dbLimitsFromEnv } from "./store/db-limits.js";
import { type WebhookLimits, webhookLimitsFromEnv } from "./webhooks/limits.js";

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
  /** HUBKIT_PUBLIC_URL: the hub's public origin, used in URLs the API hands out (api/base-url.ts). */
  publicUrl?: string;
  /** HUBKIT_TRUST_PROXY=1: believe X-Forwarded-Proto/-Host (a reverse proxy in front sets them). */
  trustProxy?: boolean;
  /** Proxy reads to this hub instead of the local index. */
  upstreamHub?: string;
  webDist: string;
  seedFile: string;
  /** Statement deadline, concurrency and queue bounds of the index (HUBKIT_DB_*; defaults in db-limits.ts). */
  dbLimits?: DbLimits;
  /** Upstream-mode timeout and body cap (HUBKIT_UPSTREAM_*; defaults in upstream-limits.ts). */
  upstreamLimits?: UpstreamLimits;
  /** Webhook delivery retries and timeout (HUBKIT_WEBHOOK_*; defaults in webhooks/limits.ts). */
  webhookLimits?: WebhookLimits;
  /** HUBKIT_ACCESS_LOG (default 1): `npm start` writes one JSON line per request to stdout (serving/access-log.ts). */
  accessLog?: boolean;
  /** HUBKIT_S3_*: LFS objects and Xet xorbs in an S3-compatible bucket (s3/config.ts); unset = the data folder. */
  objectStore?: S3Config;
  /** Several servers: heartbeats, leftovers, repository locks, health and shutdown bounds (instances/limits.ts). */
  instanceLimits?: InstanceLimits;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
}

/** HUBKIT_SECRET signs LFS transfer URLs: shorter than this, it could be guessed offline from one signed URL. */
export const MIN_SECRET_LENGTH = 32;

function secretFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env.HUBKIT_SECRET;
  if (secret === undefined || secret.trim() === "") return undefined;
  if (secret.length < MIN_SECRET_LENGTH)
    throw new ConfigError(
      `HUBKIT_SECRET must be at least ${MIN_SECRET_LENGTH} characters (it has ${secret.length}): generate one with \`openssl rand -hex 32\`, or leave it unset to use the key kept in the data folder`,
    );
  return secret;
}

/** HUBKIT_PUBLIC_URL → its origin: http(s), no credentials, no path, query or fragment (the routes live at /). */
function publicUrlFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const text = env.HUBKIT_PUBLIC_URL?.trim();
  if (text === undefined || text === "") return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`HUBKIT_PUBLIC_URL must be a URL such as https://hub.example.org, got ${text.slice(0, 200)}`);
  }
  if (!isBareHttpOrigin(url))
    throw new ConfigError(
      `HUBKIT_PUBLIC_URL must be an http(s) origin without a path (the hub is served at /), such as https://hub.example.org; got ${text.slice(0, 200)}`,
    );
  return url.origin;
}

function accessLogFromEnv(env: NodeJS.ProcessEnv): boolean {
  const text = env.HUBKIT_ACCESS_LOG?.trim() ?? "";
  if (text === "" || text === "1" || text === "true") return true;
  if (text === "0" || text === "false") return false;
  throw new ConfigError(`HUBKIT_ACCESS_LOG must be 1 or 0, got ${text.slice(0, 40)}`);
}

function trustProxyFromEnv(env: NodeJS.ProcessEnv): boolean {
  const text = env.HUBKIT_TRUST_PROXY?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return false;
  if (text === "1" || text === "true") return true;
  throw new ConfigError(`HUBKIT_TRUST_PROXY must be 1 or 0, got ${text.slice(0, 40)}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const portText = env.PORT ?? "5300";
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port > 65535) throw new ConfigError(`PORT must be 0-65535, got ${portText}`);
  const dataDirText = env.HUBKIT_DATA_DIR ?? resolve(HUB_DIR, ".data");
  const nonEmpty = (value: string | undefined) => (value === undefined || value.trim() === "" ? undefined : value);
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const upstreamHub = nonEmpty(env.HUBKIT_UPSTREAM_HUB);
  const secret = secretFromEnv(env);
  const publicUrl = publicUrlFromEnv(env);
  let limits: Pick<
    ServerConfig,
    "dbLimits" | "upstreamLimits" | "storageLimits" | "adminToken" | "webhookLimits" | "objectStore" | "instanceLimits"
  >;
  try {
    const adminToken = adminTokenFromEnv(env);
    const objectStore = s3ConfigFromEnv(env);
    limits = {
      ...(adminToken !== undefined ? { adminToken } : {}),
      ...(objectStore !== undefined ? { objectStore } : {}),
      dbLimits: dbLimitsFromEnv(env),
      upstreamLimits: upstreamLimitsFromEnv(env),
      storageLimits: storageLimitsFromEnv(env),
      webhookLimits: webhookLimitsFromEnv(env),
      instanceLimits: instanceLimitsFromEnv(env),
    };
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  return {
    host: nonEmpty(env.HOST) ?? "127.0.0.1",
    port,
    ...(databaseUrl !== undefined ? { databaseUrl } : {}),
    ...(dataDirText === ":memory:" ? {} : { dataRoot: resolve(dataDirText), dataDir: resolve(dataDirText, "pglite") }),
    ...(secret !== undefined ? { secret } : {}),
    ...(publicUrl !== undefined ? { publicUrl } : {}),
    trustProxy: trustProxyFromEnv(env),
    accessLog: accessLogFromEnv(env),
    ...(upstreamHub !== undefined ? { upstreamHub } : {}),
    webDist: resolve(nonEmpty(env.HUBKIT_WEB_DIST) ?? resolve(HUB_DIR, "web/dist")),
    seedFile: resolve(nonEmpty(env.HUBKIT_SEED) ?? resolve(HUB_DIR, "server/seed/models.jsonl")),
    ...limits,
  };
}
