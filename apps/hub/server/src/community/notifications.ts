// `GET /api/web/notifications` (README.md §4), the site header's count: open discussions and pull requests on
// repositories the caller may write to (their own namespace, organizations where they hold `write` or `admin`) or
// in which they opened or commented. Every candidate passes the one read rule again (auth/permissions.ts `can`), so
// a repository that became private, or an organization the user left, drops out at once. Bounded: the newest
// MAX_CANDIDATES candidates are checked; `count` is exact up to that bound and says so with `capped`.
import type { Hono } from "hono";
import { accessFacts, can } from "../auth/permissions.js";
import type { HubEnv, Principal } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { REPO_TYPES, type RepoType } from "../repos/repo-ref.js";

const MAX_CANDIDATES = 200;
const MAX_ITEMS = 20;

/** Namespaces whose repositories this user may write to (their own, organizations with write or admin). */
function writableNamespaces(principal: Extract<Principal, { kind: "user" }>): string[] {
  const orgs = principal.orgs.filter((org) => org.role !== "read").map((org) => org.name.toLowerCase());
  return [principal.name.toLowerCase(), ...orgs];
}

const isRepoType = (value: string): value is RepoType => (REPO_TYPES as readonly string[]).includes(value);

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/web/notifications", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const principal = c.get("principal");
    // A visitor (or the operator's token) has nothing to be told: 200 with nothing, never a failed request.
    if (principal.kind !== "user" || ctx.discussions === undefined) return c.json({ count: 0, items: [] });
    const rows = await ctx.discussions.notificationCandidates(
      writableNamespaces(principal),
      principal.name,
      MAX_CANDIDATES,
    );
    const items = [];
    let count = 0;
    for (const row of rows) {
      if (!isRepoType(row.repoType)) continue;
      const registration = await ctx.index.lookup({ type: row.repoType, id: row.repoKey });
      if (registration === undefined || !can(principal, "read", accessFacts(registration))) continue;
      count++;
      if (items.length < MAX_ITEMS)
        items.push({
          repo: { name: registration.id, type: row.repoType },
          num: row.num,
          title: row.title,
          isPullRequest: row.isPullRequest,
          status: row.status,
          updatedAt: row.updatedAt,
        });
    }
    return c.json({ count, items, ...(rows.length >= MAX_CANDIDATES ? { capped: true } : {}) });
  });
}
