// Xet is not implemented (hub-api.md §3.7, §4.7) and never advertised. Python clients from 1.20 on still ask for
// a Xet write token for every LFS-mode file; they get a clear error naming the switch that makes them use LFS.
import type { Hono } from "hono";
import type { HubEnv } from "../auth/principal.js";
import type { HubContext } from "../hub-context.js";
import { ApiError } from "./api-error.js";

export const XET_UNSUPPORTED =
  "This Hubkit server does not support Xet storage. Set HF_HUB_DISABLE_XET=1 in the environment and retry: large files are then uploaded through Git LFS.";

export function register(app: Hono<HubEnv>, _ctx: HubContext): void {
  for (const token of ["xet-write-token", "xet-read-token"])
    app.get(`/api/:segment/:ns/:name/${token}/*`, () => {
      throw new ApiError(400, XET_UNSUPPORTED);
    });
}
