// `GET /api/{type}s/{id}/auth-check` and `…/auth-check/write` (huggingface_hub `auth_check`): may this caller read
// (download) the repository, or write to it? The answers are the ones every other route gives, so the client maps
// them to the same exceptions: a missing or unreadable repository is RepoNotFound (401 anonymous, 404 signed in),
// a gated one the caller may not download is GatedRepo (401/403), a write the caller may not make is 401/403.
import type { Context, Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import { assertDownloadAllowed } from "../gating/gate.js";
import type { HubContext } from "../hub-context.js";
import { ApiError } from "./api-error.js";
import { readableRepo } from "./repo-access.js";
import { apiRepoUrl } from "./repo-url.js";
import { writableBySignedIn } from "./write-access.js";

async function authCheck(ctx: HubContext, c: Context<HubEnv>, write: boolean): Promise<Response> {
  const url = apiRepoUrl(c);
  if (url === undefined) throw new ApiError(404, "Not found");
  const ref = write ? await writableBySignedIn(ctx, c, url.ref) : await readableRepo(ctx, c, url.ref);
  // Reading a gated repository's files needs the gate's consent (a writer passes it by role).
  if (!write) await assertDownloadAllowed(ctx, c, ref);
  return c.json({ repoId: ref.id, repoType: ref.type, access: write ? "write" : "read" });
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/:segment/:ns/:name/auth-check", (c) => authCheck(ctx, c, false));
  app.get("/api/:segment/:ns/:name/auth-check/write", (c) => authCheck(ctx, c, true));
}
