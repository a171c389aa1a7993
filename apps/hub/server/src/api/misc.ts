// Small calls the official clients make along their flows (hub-api.md §8): README metadata validation before a
// commit (api/validate-yaml.ts; Python parses the answer as JSON before looking at the status), telemetry pings (any answer), and a
// space's runtime (Hubkit stores spaces but does not run their apps).

import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { extractFrontMatter, parseCardYaml } from "../derive/card.js";
import { MAX_README_BYTES } from "../derive/metadata.js";
import type { HubContext } from "../hub-context.js";
import { readableRepo } from "./repo-access.js";
import { validateYaml } from "./validate-yaml.js";

/** Kept here for the callers that import it from misc.ts (the check itself lives in validate-yaml.ts). */
export { validateReadme } from "./validate-yaml.js";

async function spaceRuntime(ctx: HubContext, c: Context<HubEnv>): Promise<Response> {
  const space = await readableRepo(ctx, c, { type: "space", id: `${c.req.param("ns")}/${c.req.param("name")}` });
  const commit = await ctx.storage.resolveRevision(space, "HEAD");
  let sdk: string | undefined;
  let hasApp = false;
  if (commit !== undefined) {
    const readme = await ctx.storage.stat(space, commit, "README.md");
    if (readme !== undefined && readme.type === "file" && readme.lfs === undefined && readme.size <= MAX_README_BYTES) {
      const block = extractFrontMatter(
        (await ctx.storage.readBlob(space, readme.oid, MAX_README_BYTES)).toString("utf8"),
      );
      const parsed = block === undefined ? undefined : parseCardYaml(block.yaml);
      if (parsed?.ok === true && typeof parsed.cardData?.sdk === "string") sdk = parsed.cardData.sdk;
    }
    const appFile = sdk === "static" || sdk === undefined ? "index.html" : sdk === "docker" ? "Dockerfile" : "app.py";
    hasApp = (await ctx.storage.stat(space, commit, appFile)) !== undefined;
  }
  // Static spaces are files the hub serves; apps of other SDKs are not run here, so they stay paused.
  const stage = !hasApp ? "NO_APP_FILE" : sdk === "static" || sdk === undefined ? "RUNNING" : "PAUSED";
  return c.json({
    stage,
    hardware: { current: stage === "RUNNING" ? "cpu-basic" : null, requested: "cpu-basic" },
    storage: null,
    gcTimeout: null,
    devMode: false,
    domains: [],
    ...(sdk !== undefined ? { sdk } : {}),
  });
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.post("/api/validate-yaml", (c) => validateYaml(c));
  // Telemetry pings are accepted and dropped: Hubkit collects nothing.
  app.on(["GET", "HEAD", "POST"], "/api/telemetry/*", (c) => c.json({}));
  app.get("/api/spaces/:ns/:name/runtime", (c) => spaceRuntime(ctx, c));
}
