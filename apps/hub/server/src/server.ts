// Builds the whole server from a config: the backend (local index or upstream), the app, the socket.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import { listenAdminSocket } from "./auth/admin-socket.js";
import type { ServerConfig } from "./config.js";
import { datasetViewerOf } from "./dataset-viewer/service.js";
import type { HubContext } from "./hub-context.js";
import { type LocalHub, openLocalHub } from "./hub-wiring.js";
import { closeDraining } from "./instances/drain.js";
import { withStartupLock } from "./jobs/startup-lock.js";
import { testStallSeed } from "./jobs/test-stall.js";
import { withAccessLog } from "./serving/access-log.js";
import type { HubBackend } from "./source/backend.js";
import { LocalBackend } from "./source/local-backend.js";
import { UpstreamBackend } from "./source/upstream-backend.js";
import { type Db, openPglite, openPostgres, releaseMemory } from "./store/db.js";
import { importJsonl } from "./store/jsonl.js";
import { ModelStore } from "./store/model-store.js";
import { WebAssets } from "./web-assets.js";
import { xetHashing } from "./xet/hash.js";

export async function openDatabase(config: Pick<ServerConfig, "databaseUrl" | "dataDir" | "dbLimits">): Promise<Db> {
  return config.databaseUrl !== undefined
    ? openPostgres(config.databaseUrl, undefined, config.dbLimits)
    : openPglite(config.dataDir, config.dbLimits);
}

/**
 * Opens the local index and loads the seed when the index has not got this exact seed yet (first start, or the
 * seed file changed since). Loading upserts by id: models imported from elsewhere stay.
 */
export async function openLocalStore(
  config: ServerConfig,
  log: (line: string) => void = () => {},
): Promise<ModelStore> {
  const store = await ModelStore.open(await openDatabase(config));
  try {
    const seedHash = createHash("sha256").update(readFileSync(config.seedFile)).digest("hex");
    if ((await store.getMeta("seed_sha256")) !== seedHash)
      // Servers starting together on one PostgreSQL import one after the other: the marker is read again under the
      // lock, so the next one finds the first one's import done instead of importing the whole seed again.
      await withStartupLock(store.db, "models seed import", async () => {
        if ((await store.getMeta("seed_sha256")) === seedHash) return;
        await testStallSeed("models seed import", log);
        const { imported } = await importJsonl(store, config.seedFile);
        await store.setMeta("seed_sha256", seedHash);
        log(`[hub] loaded ${imported} models into the index from ${config.seedFile}`);
        await releaseMemory(store.db); // the import grew PGlite's memory by hundreds of MB for good
      });
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

export async function openBackend(config: ServerConfig, log?: (line: string) => void): Promise<HubBackend> {
  if (config.upstreamHub !== undefined)
    return new UpstreamBackend(config.upstreamHub, undefined, config.upstreamLimits);
  return new LocalBackend(await openLocalStore(config, log));
}

export interface RunningServer {
  url: string;
  backend: HubBackend;
  /** The local hub's context (absent in upstream mode). */
  hub?: HubContext;
  /**
   * Stops the server. With `drainMs` (SIGTERM/SIGINT: instances/drain.ts) it stops accepting at once and lets
   * requests in flight finish for up to that long first; without, open connections are cut at once (tests).
   */
  close(options?: { drainMs?: number }): Promise<void>;
}

export interface StartOptions {
  /** Where the access log's lines go (serving/access-log.ts); none when absent (tests, embedding). */
  accessLog?: (line: string) => void;
}

export async function startServer(
  config: ServerConfig,
  log?: (line: string) => void,
  options: StartOptions = {},
): Promise<RunningServer> {
  // The Xet hashers' WASM before the database's (xet/hash.ts says why: created after PGlite, they ran 10× slower).
  await xetHashing();
  let backend: HubBackend;
  let local: LocalHub | undefined;
  if (config.upstreamHub !== undefined) backend = await openBackend(config, log);
  else {
    const store = await openLocalStore(config, log);
    backend = new LocalBackend(store);
    try {
      local = await openLocalHub(config, store, log);
    } catch (error) {
      await store.close();
      throw error;
    }
  }
  const app = createApp({ backend, web: new WebAssets(config.webDist), ...(local ? { hub: local.ctx } : {}) });
  const server = await new Promise<ReturnType<typeof serve>>((ready, fail) => {
    const fetch = options.accessLog !== undefined ? withAccessLog(app.fetch, options.accessLog) : app.fetch;
    const listening = serve({ fetch, hostname: config.host, port: config.port }, () => ready(listening));
    listening.once("error", fail);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  // The CLI's way in while this server holds the data folder (auth/admin-socket.ts); none for `:memory:`.
  const closeAdminSocket =
    local !== undefined && config.dataRoot !== undefined
      ? await listenAdminSocket(app.fetch, config.dataRoot, log)
      : undefined;
  return {
    url: `http://${host}:${address.port}`,
    backend,
    ...(local ? { hub: local.ctx } : {}),
    close: async (options = {}) => {
      local?.ctx.readiness?.stop(); // /api/health answers 503 "stopping" to whoever still asks meanwhile
      if (options.drainMs !== undefined && options.drainMs > 0)
        await closeDraining(server as import("node:http").Server, options.drainMs);
      await closeAdminSocket?.();
      await local?.ctx.webhooks?.stop(); // before the database closes: it hands back deliveries in flight
      if (local !== undefined) await datasetViewerOf(local.ctx)?.stop(); // its DuckDB workers and conversion queue
      await new Promise<void>((done) => {
        server.close(() => done());
        // Keep-alive sockets (git, clients with pools) would hold close() open.
        (server as import("node:http").Server).closeAllConnections?.();
      });
      await local?.ctx.index.close(); // no request is left: the download counts it held back are folded
      await local?.instance.close(); // leaves the registry of servers, releases its lock connections
      await backend.close();
      local?.dispose();
    },
  };
}
