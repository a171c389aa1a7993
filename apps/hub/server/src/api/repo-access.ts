// The gate every repository route passes: the repository must be registered and visible to the caller, else the
// answer is exactly the missing-repository one (no existence leak); writes also need write permission (403).
import type { Context } from "hono";
import { can } from "../auth/permissions.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { isValidRepoId } from "../repos/repo-ref.js";
import { ApiError, RepoNotFoundError } from "./api-error.js";
import { missingOrMoved } from "./repo-redirects.js";

/** The repository as stored (its canonical id) if the caller may read it; throws RepoNotFoundError otherwise. */
export async function readableRepo(ctx: HubContext, c: Context<HubEnv>, ref: RepoRef): Promise<RepoRef> {
  const principal = c.get("principal");
  const anonymous = principal.kind === "anonymous";
  if (!isValidRepoId(ref.id)) throw new RepoNotFoundError(anonymous);
  const registration = await ctx.index.lookup(ref);
  // A miss may be the old id of a moved repository: a 307 to the new one, for callers who may read it.
  if (registration === undefined) throw await missingOrMoved(ctx, c, ref);
  const owner = registration.id.split("/")[0] ?? "";
  if (!can(principal, "read", { owner, private: registration.private })) throw new RepoNotFoundError(anonymous);
  return { type: ref.type, id: registration.id };
}

/** Like readableRepo, and the caller must be allowed to write to it (403 otherwise). */
export async function writableRepo(ctx: HubContext, c: Context<HubEnv>, ref: RepoRef): Promise<RepoRef> {
  const repo = await readableRepo(ctx, c, ref);
  const principal = c.get("principal");
  const registration = await ctx.index.lookup(repo);
  const owner = repo.id.split("/")[0] ?? "";
  if (!can(principal, "write", { owner, private: registration?.private ?? true }))
    throw new ApiError(403, `You don't have the rights to write to ${repo.id}`);
  return repo;
}
