// Refs, commit history, branches and tags (hub-api.md §2.5, §2.6, §4.3).
import type { Hono } from "hono";
import type { HubEnv, Principal } from "../auth/principal.js";
import { pullRequestRefs } from "../community/pull-requests.js";
import { convertRefs } from "../dataset-viewer/convert-ref.js";
import type { HubContext } from "../hub-context.js";
import { emitHubEvent } from "../webhooks/events.js";
import { ApiError, RevisionNotFoundError } from "./api-error.js";
import { emptyRootCommit, overwriteBranch } from "./empty-branch.js";
import { readableRepo } from "./repo-access.js";
import { apiRepoUrl, baseUrl, decodedSegment, revisionAndPath } from "./repo-url.js";
import { jsonObjectBody, truthy } from "./request-body.js";
import { writableBySignedIn } from "./write-access.js";

const DEFAULT_COMMITS_PAGE = 50;
const MAX_COMMITS_PAGE = 1000;
const MAX_REF_BODY = 64 * 1024;

/** The commit author for a write by `principal` (the admin token writes as "admin"). */
const authorOf = (principal: Principal) => (principal.kind === "user" ? principal.name : "admin");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const repoOf = (c: Parameters<typeof apiRepoUrl>[0]) => {
    const url = apiRepoUrl(c);
    if (url === undefined) throw new ApiError(404, "Not found");
    return url;
  };

  app.get("/api/:segment/:ns/:name/refs", async (c) => {
    const ref = await readableRepo(ctx, c, repoOf(c).ref);
    const refs = await ctx.storage.refs(ref);
    const includePrs = truthy(c.req.query("include_prs"));
    return c.json({
      branches: refs.branches,
      // The dataset viewer's Parquet conversion (dataset-viewer/convert-ref.ts), as the hub lists it.
      converts: await convertRefs(ctx, ref),
      tags: refs.tags,
      ...(includePrs ? { pullRequests: await pullRequestRefs(ctx, ref) } : {}),
    });
  });

  app.get("/api/:segment/:ns/:name/commits/*", async (c) => {
    const url = repoOf(c);
    const ref = await readableRepo(ctx, c, url.ref);
    const { revision } = revisionAndPath(url.rest);
    const commit = await ctx.storage.resolveRevision(ref, revision);
    if (commit === undefined) throw new RevisionNotFoundError(revision);
    const query = new URL(c.req.url).searchParams;
    const limitText = query.get("limit") ?? "";
    const limit = /^\d{1,6}$/.test(limitText)
      ? Math.max(1, Math.min(MAX_COMMITS_PAGE, Number(limitText)))
      : DEFAULT_COMMITS_PAGE;
    const pageText = query.get("p") ?? "0";
    const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0;
    const formatted = [...query.getAll("expand[]"), ...query.getAll("expand")].includes("formatted");
    const log = await ctx.storage.log(ref, commit, { offset: page * limit, limit });
    c.header("X-Total-Count", String(log.total));
    if ((page + 1) * limit < log.total) {
      const next = new URL(c.req.url);
      next.searchParams.set("p", String(page + 1));
      c.header("Link", `<${baseUrl(c)}${next.pathname}${next.search}>; rel="next"`);
    }
    return c.json(
      log.commits.map((entry) => ({
        id: entry.id,
        title: entry.title,
        message: entry.message,
        authors: entry.authors.map((user) => ({
          user,
          avatar: `${baseUrl(c)}/avatars/${encodeURIComponent(user)}.svg`,
        })),
        date: entry.date,
        ...(formatted ? { formatted: { title: escapeHtml(entry.title), message: escapeHtml(entry.message) } } : {}),
      })),
    );
  });

  app.post("/api/:segment/:ns/:name/branch/*", async (c) => {
    const url = repoOf(c);
    const ref = await writableBySignedIn(ctx, c, url.ref);
    const branch = url.rest.map(decodedSegment).join("/");
    const body = await jsonObjectBody(c, MAX_REF_BODY);
    if (body.emptyBranch !== undefined && typeof body.emptyBranch !== "boolean")
      throw new ApiError(400, '"emptyBranch" must be true or false');
    const start = typeof body.startingPoint === "string" && body.startingPoint !== "" ? body.startingPoint : "HEAD";
    // An empty branch starts at a parentless commit of the empty tree (api/empty-branch.ts), not at a revision.
    const commit =
      body.emptyBranch === true
        ? await emptyRootCommit(ctx, ref, authorOf(c.get("principal")))
        : await ctx.storage.resolveRevision(ref, start);
    if (commit === undefined) throw new RevisionNotFoundError(start);
    if (body.overwrite !== undefined && body.overwrite !== null && typeof body.overwrite !== "boolean")
      throw new ApiError(400, '"overwrite" must be true or false');
    // `overwrite` on an existing branch moves it (JS createBranch); without a start or `emptyBranch`, nothing to do.
    const existing =
      body.overwrite === true ? await ctx.storage.resolveRevision(ref, `refs/heads/${branch}`) : undefined;
    if (existing !== undefined) {
      const restart = body.emptyBranch === true || typeof body.startingPoint === "string";
      if (restart && existing !== commit) await overwriteBranch(ctx, ref, branch, existing, commit);
      if (!restart) return c.json({});
    } else await ctx.storage.createBranch(ref, branch, commit);
    emitHubEvent(ctx, c, {
      kind: "repo.content",
      repo: ref,
      updatedRefs: [{ ref: `refs/heads/${branch}`, newSha: commit }],
    });
    return c.json({});
  });

  app.delete("/api/:segment/:ns/:name/branch/*", async (c) => {
    const url = repoOf(c);
    const ref = await writableBySignedIn(ctx, c, url.ref);
    await ctx.storage.deleteBranch(ref, url.rest.map(decodedSegment).join("/"));
    emitHubEvent(ctx, c, {
      kind: "repo.content",
      repo: ref,
      updatedRefs: [{ ref: `refs/heads/${url.rest.map(decodedSegment).join("/")}` }],
    });
    return c.json({});
  });

  app.post("/api/:segment/:ns/:name/tag/*", async (c) => {
    const url = repoOf(c);
    const ref = await writableBySignedIn(ctx, c, url.ref);
    const { revision } = revisionAndPath(url.rest);
    const body = await jsonObjectBody(c, MAX_REF_BODY);
    if (typeof body.tag !== "string" || body.tag === "") throw new ApiError(400, 'Missing "tag" in the request body');
    const commit = await ctx.storage.resolveRevision(ref, revision);
    if (commit === undefined) throw new RevisionNotFoundError(revision);
    await ctx.storage.createTag(ref, body.tag, commit, typeof body.message === "string" ? body.message : undefined);
    emitHubEvent(ctx, c, {
      kind: "repo.content",
      repo: ref,
      updatedRefs: [{ ref: `refs/tags/${body.tag}`, newSha: commit }],
    });
    return c.json({});
  });

  app.delete("/api/:segment/:ns/:name/tag/*", async (c) => {
    const url = repoOf(c);
    const ref = await writableBySignedIn(ctx, c, url.ref);
    await ctx.storage.deleteTag(ref, url.rest.map(decodedSegment).join("/"));
    emitHubEvent(ctx, c, {
      kind: "repo.content",
      repo: ref,
      updatedRefs: [{ ref: `refs/tags/${url.rest.map(decodedSegment).join("/")}` }],
    });
    return c.json({});
  });
}
