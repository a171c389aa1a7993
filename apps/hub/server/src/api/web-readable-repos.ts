// A site-only route: `GET /api/web/readable-repos?repo=model/owner/name&repo=dataset/…` → `{ readable: [...] }`,
// the asked repositories this hub has and the caller may read, for the task pages' example links (one request per
// page instead of one listing per example). Each is decided by the one access decision (repo-access.ts
// readableRepo), so a private repository the caller cannot read is absent exactly like a missing one, and a moved
// one's old id is absent too (its link would be a redirect, not the page the example names).
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { parseRepoType } from "../repos/repo-ref.js";
import { ApiError } from "./api-error.js";
import { readableRepo } from "./repo-access.js";

/** A task page asks about a few dozen examples; more is no page's question. */
export const MAX_ASKED_REPOS = 50;

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/web/readable-repos", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const asked = c.req.queries("repo") ?? [];
    if (asked.length > MAX_ASKED_REPOS) throw new ApiError(400, `At most ${MAX_ASKED_REPOS} repositories per request`);
    const answers = await Promise.all(
      [...new Set(asked)].map(async (key) => ((await isReadable(ctx, c, key)) ? key : undefined)),
    );
    return c.json({ readable: answers.filter((key) => key !== undefined) });
  });
}

/** `key` is `{type}/{owner}/{name}`; anything malformed, missing, moved or unreadable is false. */
async function isReadable(ctx: HubContext, c: Parameters<typeof readableRepo>[1], key: string): Promise<boolean> {
  const slash = key.indexOf("/");
  const type = slash > 0 ? parseRepoType(key.slice(0, slash)) : undefined;
  if (type === undefined) return false;
  const id = key.slice(slash + 1);
  try {
    return (await readableRepo(ctx, c, { type, id })).id === id;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}
