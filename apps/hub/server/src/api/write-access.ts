// Writes by anonymous callers: after the repository check (a missing or private repository still answers as
// missing), they get 401 so that clients and git ask for credentials, instead of the 403 a signed-in reader gets.
import type { Context } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { ApiError } from "./api-error.js";
import { readableRepo, writableRepo } from "./repo-access.js";

export async function writableBySignedIn(ctx: HubContext, c: Context<HubEnv>, ref: RepoRef): Promise<RepoRef> {
  if (c.get("principal").kind === "anonymous") {
    await readableRepo(ctx, c, ref);
    throw new ApiError(401, "You must be authenticated with a write token to change this repository");
  }
  return writableRepo(ctx, c, ref);
}
