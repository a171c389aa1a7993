// The HTTP application: the hub-style JSON API under /api, and the web app for every other GET.
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { ApiError, errorHeaders } from "./api/api-error.js";
import { register as registerWebAccount } from "./api/web-account.js";
import { register as registerWebDiff } from "./api/web-diff.js";
import { register as registerWebFacets } from "./api/web-facets.js";
import { register as registerWebQuickSearch } from "./api/web-quicksearch.js";
import { register as registerWebSpaceApp } from "./api/web-space-app.js";
import { register as registerWebViewer } from "./api/web-viewer.js";
import { authMiddleware } from "./auth/middleware.js";
import { ANONYMOUS, type HubEnv } from "./auth/principal.js";
import { sessionResolver } from "./auth/session-cookie.js";
import { libraries } from "./catalog.js";
import type { HubContext } from "./hub-context.js";
import { registerHubRoutes } from "./routes.js";
import { EXPANDABLE_FIELDS, type HubBackend } from "./source/backend.js";
import { isModelId } from "./store/model-record.js";
import type { WebAssets } from "./web-assets.js";

export interface AppOptions {
  backend: HubBackend;
  web: WebAssets;
  /** A local hub's repositories, accounts and index: its route modules are registered. Absent in upstream mode. */
  hub?: HubContext;
}

const MAX_URL_LENGTH = 8192;

function expandFields(url: URL): string[] {
  const fields = [...url.searchParams.getAll("expand[]"), ...url.searchParams.getAll("expand")];
  if (fields.length > EXPANDABLE_FIELDS.size) throw new ApiError(400, `Too many "expand[]" values`);
  for (const field of fields)
    if (!EXPANDABLE_FIELDS.has(field))
      throw new ApiError(
        400,
        `Invalid "expand[]" value: ${JSON.stringify(field.slice(0, 80))}; allowed: ${[...EXPANDABLE_FIELDS].join(", ")}`,
      );
  return [...new Set(fields)];
}

export function createApp({ backend, web, hub }: AppOptions): Hono<HubEnv> {
  const app = new Hono<HubEnv>();

  app.use("*", async (c, next) => {
    if (c.req.url.length > MAX_URL_LENGTH) return c.json({ error: "Request URL too long" }, 414);
    await next();
    // A body streamed straight to the socket (stream-response.ts) already has its headers out.
    if (c.res !== RESPONSE_ALREADY_SENT) c.header("X-Content-Type-Options", "nosniff");
  });
  // The API is public and read-only, like the hub's: any page (or snippet running in a browser) may read it.
  app.use("/api/*", cors({ origin: "*", allowMethods: ["GET", "HEAD", "OPTIONS"] }));

  if (hub !== undefined)
    app.use("*", authMiddleware(hub.accounts, hub.sessions && sessionResolver(hub.sessions, hub.accounts)));
  else
    app.use("*", async (c, next) => {
      c.set("principal", ANONYMOUS);
      await next();
    });

  app.get("/api/health", async (c) => c.json({ status: "ok", ...(await backend.health()) }));
  // The hub's routes come before the legacy read-only ones below (kept for upstream mode), which they replace.
  if (hub !== undefined) registerHubRoutes(app, hub);
  if (hub !== undefined)
    for (const register of [registerWebDiff, registerWebViewer, registerWebAccount]) register(app, hub); // site-only
  if (hub !== undefined)
    for (const register of [registerWebFacets, registerWebQuickSearch, registerWebSpaceApp]) register(app, hub); // site-only (W3)

  app.get("/api/tasks", async (c) => c.json(await backend.tasks()));

  app.get("/api/libraries", async (c) => {
    const counts = await backend.libraryCounts();
    return c.json(libraries().map((library) => ({ ...library, models: counts.get(library.key) ?? 0 })));
  });

  app.get("/api/models", async (c) => {
    const url = new URL(c.req.url);
    const page = await backend.searchModels(url.searchParams);
    if (page.nextCursor !== undefined) {
      const next = new URL(url);
      next.searchParams.set("cursor", page.nextCursor);
      c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
    }
    return c.json(page.models);
  });

  const modelRoute = async (id: string, url: URL) => {
    if (!isModelId(id)) throw new ApiError(400, `Invalid model id: ${JSON.stringify(id.slice(0, 200))}`);
    const model = await backend.getModel(id, expandFields(url));
    if (model === undefined) throw new ApiError(404, `Repository not found: ${id}`);
    return model;
  };
  app.get("/api/models/:namespace/:name", async (c) =>
    c.json(await modelRoute(`${c.req.param("namespace")}/${c.req.param("name")}`, new URL(c.req.url))),
  );
  app.get("/api/models/:name", async (c) => c.json(await modelRoute(c.req.param("name"), new URL(c.req.url))));

  app.all("/api/*", (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD")
      return c.json({ error: `Method ${c.req.method} not allowed` }, 405, { Allow: "GET, HEAD" });
    return c.json({ error: `Not found: ${new URL(c.req.url).pathname.slice(0, 200)}` }, 404);
  });

  app.get("*", async (c) => web.respond(new URL(c.req.url).pathname));

  app.onError((error, c) => {
    if (error instanceof ApiError)
      return c.json({ ...error.body, error: error.message }, error.status, errorHeaders(error));
    console.error(`[hub] ${c.req.method} ${new URL(c.req.url).pathname}: ${error.stack ?? error.message}`);
    return c.json({ error: "Internal server error" }, 500);
  });
  app.notFound((c) => c.json({ error: "Not found" }, 404));

  return app;
}
