// `/api/settings/webhooks` (huggingface_hub's webhook methods, README.md): list, create, get, update, enable,
// disable, delete, and the delivery log of one webhook. Every route is the signed-in user's own: a write token or a
// browser session (webhooks hold secrets and send the owner's repositories' events out). Someone else's webhook
// answers exactly like a missing one.
import type { Context, Hono } from "hono";
import { ApiError } from "../api/api-error.js";
import { jsonObjectBody } from "../api/request-body.js";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import type { DeliveryLogEntry } from "./delivery-store.js";
import { KEPT_DELIVERIES, MAX_WEBHOOKS_PER_USER } from "./limits.js";
import type { WebhookService } from "./service.js";
import { createFields, updatedFields } from "./validate.js";
import type { Webhook } from "./webhook-store.js";

const MAX_BODY_BYTES = 16 * 1024;
const WEBHOOK_ID = /^[0-9a-f]{24}$/;
const BASE = "/api/settings/webhooks";

export function webhookJson(webhook: Webhook) {
  return {
    id: webhook.id,
    url: webhook.url,
    watched: webhook.watched,
    domains: webhook.domains,
    secret: webhook.secret,
    disabled: webhook.disabled,
    createdAt: webhook.createdAt,
    updatedAt: webhook.updatedAt,
  };
}

/** The signed-in user the route acts for (401 anonymous, 403 a read token or the admin token). */
function owner(c: Context<HubEnv>): string {
  const principal = c.get("principal");
  if (principal.kind === "anonymous") throw new ApiError(401, "You must be signed in to manage webhooks");
  if (principal.kind !== "user")
    throw new ApiError(403, "Webhooks belong to a user: use a user's write token, not the admin token");
  if (principal.role !== "write") throw new ApiError(403, "Managing webhooks needs a write token");
  return principal.name;
}

function service(ctx: HubContext): WebhookService {
  if (ctx.webhooks === undefined) throw new ApiError(501, "Webhooks are not supported by this hub");
  return ctx.webhooks;
}

function webhookId(c: Context<HubEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!WEBHOOK_ID.test(id)) throw new ApiError(404, "Webhook not found");
  return id;
}

function found(webhook: Webhook | undefined): Webhook {
  if (webhook === undefined) throw new ApiError(404, "Webhook not found");
  return webhook;
}

function limitParam(c: Context<HubEnv>): number {
  const text = c.req.query("limit") ?? "50";
  if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > KEPT_DELIVERIES)
    throw new ApiError(400, `"limit" must be a number from 1 to ${KEPT_DELIVERIES}`);
  return Number(text);
}

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  app.get(BASE, async (c) => {
    const user = owner(c);
    return c.json((await service(ctx).webhooks.list(user)).map(webhookJson));
  });

  app.post(BASE, async (c) => {
    const user = owner(c);
    const hooks = service(ctx).webhooks;
    const fields = createFields(await jsonObjectBody(c, MAX_BODY_BYTES));
    if ((await hooks.count(user)) >= MAX_WEBHOOKS_PER_USER)
      throw new ApiError(422, `A user can have at most ${MAX_WEBHOOKS_PER_USER} webhooks`);
    return c.json({ webhook: webhookJson(await hooks.create(user, fields)) });
  });

  app.get(`${BASE}/:id`, async (c) => {
    const user = owner(c);
    return c.json({ webhook: webhookJson(found(await service(ctx).webhooks.get(user, webhookId(c)))) });
  });

  const update = async (c: Context<HubEnv>) => {
    const user = owner(c);
    const hooks = service(ctx).webhooks;
    const id = webhookId(c);
    const current = found(await hooks.get(user, id));
    const fields = updatedFields(current, await jsonObjectBody(c, MAX_BODY_BYTES));
    return c.json({ webhook: webhookJson(found(await hooks.update(user, id, fields))) });
  };
  app.post(`${BASE}/:id`, update);
  app.put(`${BASE}/:id`, update);

  for (const [verb, disabled] of [
    ["enable", false],
    ["disable", true],
  ] as const)
    app.post(`${BASE}/:id/${verb}`, async (c) => {
      const user = owner(c);
      const webhooks = service(ctx);
      const webhook = found(await webhooks.webhooks.setDisabled(user, webhookId(c), disabled));
      if (!disabled) webhooks.wake(); // its deliveries that waited while it was disabled
      return c.json({ webhook: webhookJson(webhook) });
    });

  app.delete(`${BASE}/:id`, async (c) => {
    const user = owner(c);
    if (!(await service(ctx).webhooks.delete(user, webhookId(c)))) throw new ApiError(404, "Webhook not found");
    return c.json({});
  });

  app.get(`${BASE}/:id/deliveries`, async (c) => {
    const user = owner(c);
    const webhooks = service(ctx);
    const webhook = found(await webhooks.webhooks.get(user, webhookId(c)));
    const deliveries: DeliveryLogEntry[] = await webhooks.deliveries.log(webhook.id, limitParam(c));
    return c.json({ deliveries });
  });
}
