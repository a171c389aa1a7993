// Old ids of moved repositories (hub-api.md §4.2: "old URLs then redirect"). `POST /api/repos/move` records
// old → new; readableRepo consults the table only when a lookup misses, and answers a 307 whose relative `Location`
// is the request's own path with the new id (API info, resolve, tree, git's info/refs…), which both clients and git
// follow. A redirect is only given to a caller who may read the target: for anyone else the old id answers as a
// missing repository, so a move into a private repository leaks nothing. Chains are collapsed at each move, so a
// lookup is one hop.
import type { Context } from "hono";
import { accessFacts, can } from "../auth/permissions.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { type RepoRef, type RepoType, urlPrefix } from "../repos/repo-ref.js";
import type { Db } from "../store/db.js";
import { ApiError, RepoNotFoundError } from "./api-error.js";

/** A 307 to the same request under the repository's new id (the hub's answer for a renamed repository). */
export class RepoMovedError extends ApiError {
  override readonly name = "RepoMovedError";
  constructor(
    readonly to: string,
    location: string,
  ) {
    super(307, `Repository moved to ${to}`, { headers: { Location: location } });
  }
}

export class RepoRedirects {
  constructor(private readonly db: Pick<Db, "query" | "transaction">) {}

  /** The id `ref` was moved to (as stored when moved), or undefined. */
  async target(ref: RepoRef): Promise<string | undefined> {
    const rows = await this.db.query<{ to_id: string }>(
      "SELECT to_id FROM hub_repo_redirects WHERE repo_type = $1 AND from_key = $2",
      [ref.type, ref.id.toLowerCase()],
    );
    return rows[0]?.to_id;
  }

  /** After a move: `from` points at `to`, so do the ids that pointed at `from`; `to` itself is no redirect now. */
  async moved(from: RepoRef, to: RepoRef): Promise<void> {
    const fromKey = from.id.toLowerCase();
    const toKey = to.id.toLowerCase();
    await this.db.transaction(async (tx) => {
      await tx.query("UPDATE hub_repo_redirects SET to_id = $3 WHERE repo_type = $1 AND lower(to_id) = $2", [
        from.type,
        fromKey,
        to.id,
      ]);
      await tx.query("DELETE FROM hub_repo_redirects WHERE repo_type = $1 AND from_key = $2", [to.type, toKey]);
      // A case-only rename keeps the same key: the lookup finds the repository itself, no redirect needed.
      if (fromKey !== toKey)
        await tx.query(
          `INSERT INTO hub_repo_redirects (repo_type, from_key, to_id) VALUES ($1, $2, $3)
           ON CONFLICT (repo_type, from_key) DO UPDATE SET to_id = EXCLUDED.to_id, created_at = now()`,
          [from.type, fromKey, to.id],
        );
    });
  }

  /** A repository created or deleted at `ref`: its id no longer redirects, and nothing redirects to it. */
  async forget(ref: RepoRef): Promise<void> {
    const key = ref.id.toLowerCase();
    await this.db.query(
      "DELETE FROM hub_repo_redirects WHERE repo_type = $1 AND (from_key = $2 OR lower(to_id) = $2)",
      [ref.type, key],
    );
  }
}

/**
 * The request's path and query with `from` replaced by `to`, when the path names the repository where the routes
 * put it (`/api/{type}s/{id}…`, or `/{prefix}{id}` for resolve and git); undefined otherwise (a body names it).
 */
export function movedLocation(url: URL, type: RepoType, from: string, to: string): string | undefined {
  for (const prefix of [`/api/${type}s/`, `/${urlPrefix(type)}`]) {
    const start = `${prefix}${from}`;
    if (!url.pathname.startsWith(start)) continue;
    const rest = url.pathname.slice(start.length);
    if (rest === "" || rest.startsWith("/") || /^\.git(\/|$)/.test(rest)) return `${prefix}${to}${rest}${url.search}`;
  }
  return undefined;
}

/**
 * What a lookup miss of `ref` answers: RepoMovedError when `ref` is the old id of a repository the caller may read
 * and the path can be rewritten, else the missing-repository error.
 */
export async function missingOrMoved(ctx: HubContext, c: Context<HubEnv>, ref: RepoRef): Promise<ApiError> {
  const principal = c.get("principal");
  const missing = new RepoNotFoundError(principal.kind === "anonymous");
  const to = await ctx.redirects?.target(ref);
  if (to === undefined) return missing;
  const registration = await ctx.index.lookup({ type: ref.type, id: to });
  if (registration === undefined) return missing;
  if (!can(principal, "read", accessFacts(registration))) return missing;
  const location = movedLocation(new URL(c.req.url), ref.type, ref.id, registration.id);
  return location === undefined ? missing : new RepoMovedError(registration.id, location);
}
