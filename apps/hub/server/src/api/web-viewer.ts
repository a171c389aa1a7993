// A site-only route: `GET /api/web/viewer` → `{ user: { name, orgs } | null }`, always 200. The pages ask who is
// looking (to show a like button or a settings link) without the 401 that whoami-v2 gives a visitor, which
// browsers log as an error on every page.
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get("/api/web/viewer", async (c) => {
    c.header("Cache-Control", "private, no-store");
    const principal = c.get("principal");
    if (principal.kind !== "user") return c.json({ user: null });
    const orgs = await ctx.accounts.organizationsOf(principal.name);
    return c.json({ user: { name: principal.name, orgs: orgs.map((org) => ({ name: org.name })) } });
  });
}
