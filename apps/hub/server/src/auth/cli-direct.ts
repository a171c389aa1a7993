// The CLI's requests when no server runs: the admin routes in an in-process app on the database itself (PGlite in
// the data folder, or DATABASE_URL), as the admin. The same routes and checks as over the admin socket.
import { Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import type { ServerConfig } from "../config.js";
import { type Db, openPglite, openPostgres } from "../store/db.js";
import { migrate } from "../store/migrations.js";
import { AccountStore } from "./account-store.js";
import { register as registerAdminRoutes } from "./admin-routes.js";
import type { HubEnv } from "./principal.js";
import { SessionStore } from "./session-store.js";

export interface DirectHub {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

export async function openDirectHub(
  config: Pick<ServerConfig, "databaseUrl" | "dataDir" | "dbLimits">,
): Promise<DirectHub> {
  const db: Db =
    config.databaseUrl !== undefined
      ? await openPostgres(config.databaseUrl, undefined, config.dbLimits)
      : await openPglite(config.dataDir, config.dbLimits);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  const app = new Hono<HubEnv>();
  app.use("*", async (c, next) => {
    c.set("principal", { kind: "admin" });
    await next();
  });
  registerAdminRoutes(app, { accounts: new AccountStore(db), sessions: new SessionStore(db) });
  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json({ error: error.message }, error.status);
    return c.json({ error: `failed: ${error.message}` }, 500);
  });
  return { fetch: async (request) => app.fetch(request), close: () => db.close() };
}
