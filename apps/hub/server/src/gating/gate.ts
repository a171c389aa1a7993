// The one rule for the files of a gated repository (gating/README.md): whoever could read the repository were it
// private (its owner, every member of its organization whatever the role, the admin) and the users whose access
// request is accepted may download; anonymous callers get 401 and everyone else 403, both `X-Error-Code:
// GatedRepo` with the hub's messages (hub-api.md §3.6). Every place bytes leave the hub calls
// assertDownloadAllowed after the repository gate (api/repo-access.ts) — the code paths are listed in the README.
import type { Context } from "hono";
import { ApiError } from "../api/api-error.js";
import { requestBaseUrl } from "../api/base-url.js";
import { can } from "../auth/permissions.js";
import { ANONYMOUS, type HubEnv, type Principal } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { type RepoRef, urlPrefix } from "../repos/repo-ref.js";
import type { Gated, GateStore } from "./gate-store.js";

/**
 * Files of a gated repository anyone may read: the card at the root (shown on the repository's page). Not
 * `.gitattributes`: the hub gates it like any file (huggingface_hub raises GatedRepoError for it).
 */
const ALWAYS_VISIBLE = new Set(["README.md"]);

export type DownloadDecision = "allowed" | "anonymous" | "pending" | "refused";

/** Is `principal` one of those who pass any gate of this repository (owner, members, admin)? */
export function passesGateByRole(principal: Principal, ref: RepoRef): boolean {
  return can(principal, "read", { owner: ref.id.split("/")[0] ?? "", private: true });
}

/** The decision alone (no throw), for the site's status route and for callers without a request context. */
export async function downloadDecision(
  gates: GateStore | undefined,
  principal: Principal,
  ref: RepoRef,
  mode?: Gated,
): Promise<DownloadDecision> {
  if (gates === undefined) return "allowed";
  const gated = mode ?? (await gates.mode(ref));
  if (gated === false || passesGateByRole(principal, ref)) return "allowed";
  if (principal.kind !== "user") return "anonymous";
  const request = await gates.request(ref, principal.name);
  if (request?.status === "accepted") return "allowed";
  return request?.status === "pending" ? "pending" : "refused";
}

/** The GatedRepo error for a refused caller (also used by git, which shows the message as `remote:` lines). */
export function gatedError(c: Context<HubEnv>, ref: RepoRef, decision: Exclude<DownloadDecision, "allowed">): ApiError {
  const what = `${ref.type} ${ref.id}`;
  if (decision === "anonymous")
    return new ApiError(
      401,
      `Access to ${what} is restricted. You must have access to it and be authenticated to access it. Please log in.`,
      { code: "GatedRepo" },
    );
  if (decision === "pending")
    return new ApiError(403, `Your request to access ${what} is awaiting a review from the repo authors.`, {
      code: "GatedRepo",
    });
  return new ApiError(
    403,
    `Access to ${what} is restricted and you are not in the authorized list. Visit ${requestBaseUrl(c)}/${urlPrefix(ref.type)}${ref.id} to ask for access.`,
    { code: "GatedRepo" },
  );
}

/**
 * Throws the GatedRepo error unless the caller may download from `ref` (a repository the caller may already read,
 * by its stored id). `path`, when given, is the file asked for: the card files stay visible to all.
 */
export async function assertDownloadAllowed(
  ctx: HubContext,
  c: Context<HubEnv>,
  ref: RepoRef,
  path?: string,
): Promise<void> {
  if (path !== undefined && ALWAYS_VISIBLE.has(path)) return;
  const decision = await downloadDecision(ctx.gates, c.get("principal"), ref);
  if (decision !== "allowed") throw gatedError(c, ref, decision);
}

/**
 * The gate again at the moment a signed LFS download URL is used (lfs/transfer.ts), for the user the batch API
 * signed it for (`userKey`: a lower-case name, `~admin`, or "" for anonymous): a revocation applies to URLs handed
 * out before it.
 */
export async function assertSignedDownloadAllowed(
  ctx: HubContext,
  c: Context<HubEnv>,
  ref: RepoRef,
  userKey: string,
): Promise<void> {
  if (ctx.gates === undefined) return;
  const mode = await ctx.gates.mode(ref);
  if (mode === false) return;
  const principal: Principal =
    userKey === "~admin"
      ? { kind: "admin" }
      : userKey === ""
        ? ANONYMOUS
        : ((await ctx.accounts.userPrincipal(userKey, "read")) ?? ANONYMOUS);
  const decision = await downloadDecision(ctx.gates, principal, ref, mode);
  if (decision !== "allowed") throw gatedError(c, ref, decision);
}
