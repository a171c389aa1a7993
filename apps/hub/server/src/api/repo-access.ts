// The gate every repository route passes: the repository must be registered and visible to the caller, else the
// answer is exactly the missing-repository one (no existence leak); writes also need write permission (403).
import type { Context } from "hono";
import { accessFacts, can } from "../auth/permissions.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { RepoRegistration } from "../repos/repo-index.js";
import type { RepoRef } from "../repos/repo-ref.js";
import { isValidRepoId } from "../repos/repo-ref.js";
import { ApiError, RepoNotFoundError } from "./api-error.js";
import { missingOrMoved } from "./repo-redirects.js";

/** The repository as stored (its canonical id) if the caller may read it; throws RepoNotFoundError otherwise. */
export async function readableRepo(ctx: HubContext, c: Context<HubEnv>, ref: RepoRef): Promise<RepoRef> {
  const registration = await readableRegistration(ctx, c, ref);
  return { type: ref.type, id: registration.id };
}

/**
 * Like readableRepo, and the caller must be allowed to write to it (403 otherwise); with `manage`, to move, delete
 * or change its settings (an organization's admins only).
 */
export async function writableRepo(
  ctx: HubContext,
  c: Context<HubEnv>,
  ref: RepoRef,
  action: "write" | "manage" = "write",
): Promise<RepoRef> {
  const registration = await readableRegistration(ctx, c, ref);
  if (!can(c.get("principal"), action, accessFacts(registration)))
    throw new ApiError(
      403,
      action === "manage"
        ? `You don't have the rights to manage ${registration.id}: moving, deleting and settings need the organization's admin role`
        : `You don't have the rights to write to ${registration.id}`,
    );
  return { type: ref.type, id: registration.id };
}

/** The registration behind `ref` if the caller may read it (one index lookup, shared by both gates). */
async function readableRegistration(ctx: HubContext, c: Context<HubEnv>, ref: RepoRef): Promise<RepoRegistration> {
  const principal = c.get("principal");
  const anonymous = principal.kind === "anonymous";
  if (!isValidRepoId(ref.id)) throw new RepoNotFoundError(anonymous);
  const registration = await ctx.index.lookup(ref);
  // A miss may be the old id of a moved repository: a 307 to the new one, for callers who may read it.
  if (registration === undefined) throw await missingOrMoved(ctx, c, ref);
  if (!can(principal, "read", accessFacts(registration))) throw new RepoNotFoundError(anonymous);
  return registration;
}
