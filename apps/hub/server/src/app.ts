// The HTTP application: the hub-style JSON API under /api, and the web app for every other GET.
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { Hono } from "hono";
import { cors } from "hono/cors";
import { ApiError, errorHeaders } from "./api/api-error.js";
import { DEFAULT_URL_POLICY, type PublicUrlPolicy, rememberBaseUrl } from "./api/base-url.js";
import { cachePolicy, markSitePage } from "./api/cache-policy.js";
import { legacyIdRedirects, oneSegmentRepoPath, repoNotFound, repoPathWithoutRoute } from "./api/legacy-ids.js";
import { REQUEST_ID_HEADER, requestIdMiddleware, requestIdOf } from "./api/request-id.js";
import { register as registerWebAccount } from "./api/web-account.js";
import { register as registerWebDiff } from "./api/web-diff.js";
import { register as registerWebFacets } from "./api/web-facets.js";
import { register as registerWebPermissions } from "./api/web-permissions.js";
import { register as registerWebQuickSearch } from "./api/web-quicksearch.js";
import { register as registerWebReadableRepos } from "./api/web-readable-repos.js";
import { register as registerWebSpaceApp } from "./api/web-space-app.js";
import { register as registerWebViewer } from "./api/web-viewer.js";
import { rememberClientAddress } from "./auth/client-address.js";
import { authMiddleware } from "./auth/middleware.js";
import { ANONYMOUS, type HubEnv } from "./auth/principal.js";
import { sessionResolver } from "./auth/session-cookie.js";
import { libraries } from "./catalog.js";
import { allowedMethods, unsupportedError, unsupportedFeature } from "./gating/unsupported-routes.js";
import type { HubContext } from "./hub-context.js";
import { registerHealth } from "./instances/health.js";
import { registerHubRoutes } from "./routes.js";
import { compressJson } from "./serving/compression.js";
import { sitePageStatus } from "./site-pages/page-status.js";
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

/** Registers the read-only routes a hub without its own repositories (upstream mode) serves from its backend. */
function registerUpstreamReads(app: Hono<HubEnv>, backend: HubBackend): void {
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
}

export function createApp({ backend, web, hub }: AppOptions): Hono<HubEnv> {
  const app = new Hono<HubEnv>();
  const urls: PublicUrlPolicy =
    hub === undefined
      ? DEFAULT_URL_POLICY
      : {
          trustProxy: hub.config.trustProxy === true,
          ...(hub.config.publicUrl !== undefined ? { publicUrl: hub.config.publicUrl } : {}),
        };

  // First: every answer (a 414 included) carries the request's id, and error log lines name it (api/request-id.ts).
  app.use("*", requestIdMiddleware);
  app.use("*", async (c, next) => {
    if (c.req.url.length > MAX_URL_LENGTH) return c.json({ error: "Request URL too long" }, 414);
    // Before any route: the base URL of absolute URLs in answers, from configuration and a checked Host.
    rememberBaseUrl(c, urls);
    rememberClientAddress(c, urls.trustProxy);
    await next();
    // A body streamed straight to the socket (stream-response.ts) already has its headers out.
    if (c.res !== RESPONSE_ALREADY_SENT) c.header("X-Content-Type-Options", "nosniff");
  });
  app.use("*", cachePolicy);
  // gzip/brotli for the API's JSON (serving/compression.ts); the site's files come precompressed (web-assets.ts).
  app.use("/api/*", compressJson);
  // The API is public and read-only, like the hub's: any page (or snippet running in a browser) may read it.
  app.use(
    "/api/*",
    cors({
      origin: "*",
      allowMethods: ["GET", "HEAD", "OPTIONS"],
      // What the hub lets a page read (hub-api.md "CORS"): the ids, error details and paging the clients use.
      exposeHeaders: [
        "X-Repo-Commit",
        REQUEST_ID_HEADER,
        "X-Error-Code",
        "X-Error-Message",
        "X-Total-Count",
        "ETag",
        "Link",
        "Accept-Ranges",
        "Content-Range",
      ],
    }),
  );

  if (hub !== undefined)
    app.use("*", authMiddleware(hub.accounts, hub.sessions && sessionResolver(hub.sessions, hub.accounts)));
  else
    app.use("*", async (c, next) => {
      c.set("principal", ANONYMOUS);
      await next();
    });

  // The hub's legacy one-segment ids (`gpt2`) redirect to their canonical id before any route reads the path.
  if (hub !== undefined) app.use("*", legacyIdRedirects);
  registerHealth(app, backend, hub?.readiness); // readiness of the database and volumes (instances/health.ts)
  if (hub !== undefined) registerHubRoutes(app, hub);
  if (hub !== undefined)
    for (const register of [registerWebDiff, registerWebViewer, registerWebAccount]) register(app, hub); // site-only
  if (hub !== undefined) registerWebPermissions(app, hub); // site-only (features/files-edit)
  if (hub !== undefined)
    for (const register of [registerWebFacets, registerWebQuickSearch, registerWebSpaceApp]) register(app, hub); // site-only (W3)
  if (hub !== undefined) registerWebReadableRepos(app, hub); // site-only (features/tasks example links)

  app.get("/api/tasks", async (c) => c.json(await backend.tasks()));

  // Counts of public models only (the index's countByLibrary): a private model changes no public number.
  app.get("/api/libraries", async (c) => {
    const counts = await backend.libraryCounts();
    return c.json(libraries().map((library) => ({ ...library, models: counts.get(library.key) ?? 0 })));
  });

  // A local hub reads repositories only through its own routes, each behind readableRepo (api/repo-access.ts).
  // The old read-only routes (ModelStore.get, no access check) exist for upstream mode alone.
  if (hub === undefined) registerUpstreamReads(app, backend);

  // No route matched: a hub feature Hubkit lacks is a 501 naming it (`/api/spaces/hardware` too); a one-segment
  // id that is no legacy one (`/api/models/foo/commits/main`, `alice%2Fsecret`) names no repository here, the
  // missing-repository answer (api/legacy-ids.ts); a known route with another method a 405; anything else a 404.
  app.all("/api/*", (c) => {
    const url = new URL(c.req.url);
    const pathname = url.pathname;
    const feature = unsupportedFeature(pathname);
    if (feature !== undefined) throw unsupportedError(feature);
    if (hub !== undefined && oneSegmentRepoPath(url)?.kind === "api") throw repoNotFound(c);
    const allowed = c.req.method === "GET" || c.req.method === "HEAD" ? [] : allowedMethods(app.routes, pathname);
    if (allowed.length > 0)
      return c.json({ error: `Method ${c.req.method} not allowed` }, 405, { Allow: allowed.join(", ") });
    return c.json({ error: `Not found: ${pathname.slice(0, 200)}` }, 404);
  });

  // The hub's features outside /api/ that Hubkit lacks (the OAuth provider, buckets): 501, never a site page.
  app.use("*", async (c, next) => {
    const feature = unsupportedFeature(new URL(c.req.url).pathname);
    if (feature !== undefined) throw unsupportedError(feature);
    await next();
  });
  // Nor does a download, git or LFS path ever reach the web app (api/legacy-ids.ts).
  if (hub !== undefined) app.use("*", repoPathWithoutRoute);
  // A path that is no page, or a repository or account page the visitor may not see: the same HTML with 404.
  app.get("*", async (c) => {
    const pathname = new URL(c.req.url).pathname;
    let perVisitor = false;
    const response = await web.respond(pathname, c.req.header("accept-encoding"), async () => {
      const answer = await sitePageStatus(pathname, c, hub);
      perVisitor = answer.perVisitor;
      return answer.status;
    });
    // A status that depends on the visitor keeps the API's Vary and private caching (api/cache-policy.ts).
    return perVisitor ? response : markSitePage(response);
  });

  app.onError((error, c) => {
    if (error instanceof ApiError)
      return c.json({ ...error.body, error: error.message }, error.status, errorHeaders(error));
    console.error(
      `[hub] ${c.req.method} ${new URL(c.req.url).pathname} (request ${requestIdOf(c)}): ${error.stack ?? error.message}`,
    );
    return c.json({ error: "Internal server error" }, 500);
  });
  app.notFound((c) => c.json({ error: "Not found" }, 404));

  return app;
}
