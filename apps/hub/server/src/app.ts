// The HTTP application: the hub-style JSON API under /api, and the web app for every other GET.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { ApiError, errorHeaders } from "./api/api-error.js";
import { libraries } from "./catalog.js";
import { EXPANDABLE_FIELDS, type HubBackend } from "./source/backend.js";
import { isModelId } from "./store/model-record.js";
import type { WebAssets } from "./web-assets.js";

export interface AppOptions {
  backend: HubBackend;
  web: WebAssets;
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

export function createApp({ backend, web }: AppOptions): Hono {
  const app = new Hono();

  app.use("*", async (c, next) => {
    if (c.req.url.length > MAX_URL_LENGTH) return c.json({ error: "Request URL too long" }, 414);
    await next();
    c.header("X-Content-Type-Options", "nosniff");
  });
  // The API is public and read-only, like the hub's: any page (or snippet running in a browser) may read it.
  app.use("/api/*", cors({ origin: "*", allowMethods: ["GET", "HEAD", "OPTIONS"] }));

  app.get("/api/health", async (c) => c.json({ status: "ok", ...(await backend.health()) }));

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
