// Builds the whole server from a config: the backend (local index or upstream), the app, the socket.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp } from "./app.js";
import type { ServerConfig } from "./config.js";
import type { HubBackend } from "./source/backend.js";
import { LocalBackend } from "./source/local-backend.js";
import { UpstreamBackend } from "./source/upstream-backend.js";
import { type Db, openPglite, openPostgres } from "./store/db.js";
import { importJsonl } from "./store/jsonl.js";
import { ModelStore } from "./store/model-store.js";
import { WebAssets } from "./web-assets.js";

export async function openDatabase(config: Pick<ServerConfig, "databaseUrl" | "dataDir">): Promise<Db> {
  return config.databaseUrl !== undefined ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/** Opens the local index, loading the seed when it is empty (the first start). */
export async function openLocalStore(
  config: ServerConfig,
  log: (line: string) => void = () => {},
): Promise<ModelStore> {
  const store = await ModelStore.open(await openDatabase(config));
  if ((await store.count()) === 0) {
    const { imported } = await importJsonl(store, config.seedFile);
    log(`[hub] seeded the model index with ${imported} models from ${config.seedFile}`);
  }
  return store;
}

export async function openBackend(config: ServerConfig, log?: (line: string) => void): Promise<HubBackend> {
  if (config.upstreamHub !== undefined) return new UpstreamBackend(config.upstreamHub);
  return new LocalBackend(await openLocalStore(config, log));
}

export interface RunningServer {
  url: string;
  backend: HubBackend;
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, log?: (line: string) => void): Promise<RunningServer> {
  const backend = await openBackend(config, log);
  const app = createApp({ backend, web: new WebAssets(config.webDist) });
  const server = await new Promise<ReturnType<typeof serve>>((ready, fail) => {
    const listening = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, () => ready(listening));
    listening.once("error", fail);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${host}:${address.port}`,
    backend,
    close: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      await backend.close();
    },
  };
}
