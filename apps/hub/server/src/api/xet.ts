// Xet discovery (xet.md §1.2): `GET /api/{type}s/{repo}/xet-{read|write}-token/{rev}` hands out a CAS token scoped
// to this repository and the caller's rights on it — read through the same gate as every read (a private
// repository answers as missing), write through the same gate as a commit (401 anonymous, 403 without rights) —
// in both forms the clients read: JSON (hf_xet, JS) and `X-Xet-*` headers (Python's download path). The CAS itself
// (xet/cas-routes.ts) lives under `/xet/{instance}` of this origin.
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { commitTarget } from "../community/pull-requests.js";
import { assertDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import { userKeyOf } from "../lfs/transfer-grant.js";
import { casUrl, registerCas } from "../xet/cas-routes.js";
import { collectXetGarbage, DEFAULT_GC_GRACE_DAYS } from "../xet/gc.js";
import { issueXetToken, type XetScope } from "../xet/tokens.js";
import { ApiError, RevisionNotFoundError } from "./api-error.js";
import { readableRepo } from "./repo-access.js";
import { apiRepoUrl, revisionAndPath } from "./repo-url.js";
import { truthy } from "./request-body.js";

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const xet = ctx.xet;
  if (xet === undefined) return;
  const tokenRoute = (scope: XetScope) => async (c: Context<HubEnv>) => {
    const url = apiRepoUrl(c);
    if (url === undefined) return c.notFound();
    const { revision } = revisionAndPath(url.rest);
    // `None` + create_pr: an upload for a pull request the commit will open.
    const forPullRequest = scope === "write" && revision === "None" && truthy(c.req.query("create_pr"));
    // Uploads for a pull request (a new one, or onto refs/pr/N) are open to its possible authors, any reader with
    // a write token (community/pull-requests.ts); other writes need write access.
    const ref =
      scope === "write"
        ? (await commitTarget(ctx, c, url.ref, forPullRequest ? "main" : revision, forPullRequest)).ref
        : await readableRepo(ctx, c, url.ref);
    // A read token reaches every file's reconstruction: gated like the files themselves (gating/gate.ts).
    if (scope === "read") await assertDownloadAllowed(ctx, c, ref);
    if (!forPullRequest && (await ctx.storage.resolveRevision(ref, revision)) === undefined)
      throw new RevisionNotFoundError(revision);
    const { token, expires } = issueXetToken(xet.signer, ref, scope, userKeyOf(c.get("principal")));
    const cas = casUrl(c, xet);
    return c.json({ accessToken: token, exp: expires, casUrl: cas }, 200, {
      "X-Xet-Cas-Url": cas,
      "X-Xet-Access-Token": token,
      "X-Xet-Token-Expiration": String(expires),
      "Cache-Control": "no-store",
    });
  };
  app.get("/api/:segment/:ns/:name/xet-write-token/*", tokenRoute("write"));
  app.get("/api/:segment/:ns/:name/xet-read-token/*", tokenRoute("read"));
  app.get("/api/:segment/:ns/:name/xet-:other-token/*", () => {
    throw new ApiError(404, "Unknown Xet token kind");
  });
  // Garbage collection (xet/gc.ts), for the operator: `npm run hub -- xet gc [--grace-days N]`.
  app.post("/api/admin/xet/gc", async (c) => {
    const principal = c.get("principal");
    if (principal.kind !== "admin") throw new ApiError(403, "Only the administrator may collect Xet garbage");
    const grace = c.req.query("grace_days");
    if (grace !== undefined && !/^\d{1,5}$/.test(grace)) throw new ApiError(400, "grace_days must be a whole number");
    return c.json(await collectXetGarbage(xet, grace === undefined ? DEFAULT_GC_GRACE_DAYS : Number(grace)));
  });
  // What the CAS received and served since start (operators; the benchmark counts xorb bytes with it).
  app.get("/api/admin/xet/stats", (c) => {
    if (c.get("principal").kind !== "admin") throw new ApiError(403, "Only the administrator may read Xet statistics");
    return c.json(xet.counters);
  });
  registerCas(app, ctx, xet);
}
