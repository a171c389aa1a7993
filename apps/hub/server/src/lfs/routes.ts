// The LFS routes of a hub: the batch API and the signed transfer endpoints it hands out, sharing one URL signer.
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { registerBatch } from "./batch.js";
import { UrlSigner } from "./signing.js";
import { registerTransfers } from "./transfer.js";

export function register(app: Hono<HubEnv>, ctx: HubContext): void {
  const signer = UrlSigner.open(ctx.config.secret, ctx.config.dataRoot);
  registerBatch(app, ctx, signer);
  registerTransfers(app, ctx, signer);
}
