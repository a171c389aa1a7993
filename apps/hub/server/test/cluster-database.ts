// What the multi-server test cluster (multi-server-harness.ts) and the multi-server bench's cluster
// (bench/multi-server-cluster.ts) both set up before they start servers: a fresh database of their own on a shared
// PostgreSQL, and the environment every server of one cluster shares.
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import pg from "pg";

/** Runs `sql` on the PostgreSQL at `url` through a connection of its own (closed after, failed or not). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface FreshDatabase {
  /** Its name (letters, digits and `_`: safe inside SQL). */
  name: string;
  /** `baseUrl` pointing at it. */
  url: string;
  /** Drops it, connections and all; never throws (close() paths run it after failures). */
  drop(): Promise<void>;
}

/** Creates `<prefix>_<random hex>` on the PostgreSQL at `baseUrl`. */
export async function freshDatabase(baseUrl: string, prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}),
  };
}

export interface ClusterEnvOptions {
  /** The cluster's work folder: HOME when none is set, and its empty `no-web` (no web build to serve). */
  work: string;
  dataDir: string;
  databaseUrl: string;
  /** The models seed (JSON lines). */
  seed: string;
  /** Shared by every server: a URL signed by one is accepted by the other. */
  secret: string;
}

/**
 * The environment of every server of one cluster: one data folder and database, behind a proxy (trusted
 * X-Forwarded-*), no access log, no upstream hub. The caller adds PORT and its own settings.
 */
export function clusterEnv(options: ClusterEnvOptions): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? options.work,
    HOST: "127.0.0.1",
    HUBKIT_DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    HUBKIT_SEED: options.seed,
    HUBKIT_WEB_DIST: join(options.work, "no-web"),
    HUBKIT_SECRET: options.secret,
    HUBKIT_TRUST_PROXY: "1",
    HUBKIT_ACCESS_LOG: "0",
    HUBKIT_UPSTREAM_HUB: "",
  };
}
