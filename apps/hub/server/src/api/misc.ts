// Small calls the official clients make along their flows (hub-api.md §8): README metadata validation before a
// commit (Python parses the answer as JSON before looking at the status), telemetry pings (any answer), and a
// space's runtime (Hubkit stores spaces but does not run their apps).

import { PIPELINE_TYPES_SET } from "@hubkit/tasks";
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { extractFrontMatter, parseCardYaml } from "../derive/card.js";
import { MAX_README_BYTES } from "../derive/metadata.js";
import type { HubContext } from "../hub-context.js";
import { parseRepoType } from "../repos/repo-ref.js";
import { ApiError } from "./api-error.js";
import { readJsonObject } from "./json-body.js";
import { readableRepo } from "./repo-access.js";

interface YamlReport {
  errors: Array<{ message: string }>;
  warnings: Array<{ message: string }>;
}

/** Validates a README's front matter as the hub does before accepting it: valid YAML, a mapping, sane fields. */
export function validateReadme(content: string, repoType: string): YamlReport {
  const report: YamlReport = { errors: [], warnings: [] };
  const block = extractFrontMatter(content);
  if (block === undefined) return report;
  const parsed = parseCardYaml(block.yaml);
  if (!parsed.ok) {
    report.errors.push(...parsed.errors.map((message) => ({ message })));
    return report;
  }
  const card = parsed.cardData ?? {};
  const pipeline = card.pipeline_tag;
  if (
    repoType === "model" &&
    pipeline !== undefined &&
    (typeof pipeline !== "string" || !PIPELINE_TYPES_SET.has(pipeline as never))
  )
    report.warnings.push({ message: `"pipeline_tag" is not a known task: ${JSON.stringify(pipeline).slice(0, 100)}` });
  for (const key of ["tags", "datasets", "language"] as const) {
    const value = card[key];
    if (value !== undefined && value !== null && typeof value !== "string" && !Array.isArray(value))
      report.errors.push({ message: `"${key}" must be a string or a list of strings` });
  }
  return report;
}

async function validateYaml(c: Context<HubEnv>): Promise<Response> {
  let body: Record<string, unknown>;
  try {
    body = await readJsonObject(c, MAX_README_BYTES * 2);
  } catch (error) {
    const message = error instanceof ApiError ? error.message : "Invalid request body";
    return c.json({ errors: [{ message }], warnings: [] }, 400);
  }
  const { content, repoType } = body;
  if (typeof content !== "string")
    return c.json({ errors: [{ message: '"content" must be the README text' }], warnings: [] }, 400);
  const type = parseRepoType(repoType);
  if (type === undefined)
    return c.json({ errors: [{ message: '"repoType" must be model, dataset or space' }], warnings: [] }, 400);
  const report = validateReadme(content, type);
  return c.json(report, report.errors.length > 0 ? 400 : 200);
}

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
